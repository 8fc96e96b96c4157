#!/usr/bin/env bash
# Runs one command against a real but throwaway Secret Service, so that CI can exercise the OS keyring backend
# without touching anybody's own keyring:
#
#   tests/keyring-session.sh cargo test -p petstore-core --lib credentials::keyring -- --include-ignored
#
# The command gets a private D-Bus session bus (dbus-run-session) and a gnome-keyring whose login keyring lives
# in a temporary XDG_DATA_HOME and is unlocked with a throwaway password. PETSTORE_TEST_SECRET_SERVICE=1 tells
# the tests that a real Secret Service is there. The command's exit code is passed through; the bus and the
# daemon end with the session, and the temporary directory is removed.
set -euo pipefail

# Set in the copy of this script that runs inside the private session.
inner_marker=PETSTORE_KEYRING_SESSION_INNER

if [[ -z "${!inner_marker:-}" ]]; then
    if [[ $# -eq 0 ]]; then
        echo "usage: $0 CMD [ARGS...]" >&2
        exit 2
    fi
    missing=()
    command -v dbus-run-session >/dev/null || missing+=("dbus-run-session (Debian/Ubuntu package dbus-daemon)")
    command -v gnome-keyring-daemon >/dev/null || missing+=("gnome-keyring-daemon (Debian/Ubuntu package gnome-keyring)")
    if [[ ${#missing[@]} -gt 0 ]]; then
        printf 'keyring-session.sh: not found: %s\n' "${missing[@]}" >&2
        echo "keyring-session.sh: install them with: apt-get install --no-install-recommends dbus-daemon gnome-keyring" >&2
        exit 127
    fi

    # A fresh directory every time: an old login.keyring made with another password would answer every call
    # with an unlock prompt that nobody can see. It is made out here, not in the session, because the inner
    # script ends by exec-ing the command and so cannot clean up after it.
    data_home=$(mktemp -d "${TMPDIR:-/tmp}/petstore-keyring.XXXXXX")
    # gnome-keyring's control socket lives in $XDG_RUNTIME_DIR/keyring: a private one keeps this session
    # from reaching the daemon of another (or of an earlier run that has not finished exiting).
    runtime_dir=$(mktemp -d "${TMPDIR:-/tmp}/petstore-keyring-run.XXXXXX")
    trap 'rm -rf -- "$data_home" "$runtime_dir"' EXIT
    rc=0
    env "$inner_marker=1" XDG_DATA_HOME="$data_home" XDG_RUNTIME_DIR="$runtime_dir" \
        dbus-run-session -- "$0" "$@" || rc=$?
    exit "$rc"
fi

unset "$inner_marker"
export PETSTORE_TEST_SECRET_SERVICE=1

# The daemons' chatter (e.g. "Failed to set fd limit") goes to a log that is shown only if starting fails.
log="$XDG_DATA_HOME/gnome-keyring.log"
# --unlock creates the login keyring if there is none, unlocks it and forks into the background; --start then
# makes that daemon own org.freedesktop.secrets right away. Without --start, a daemon that no client has used
# can outlive the session.
if ! printf %s ci-pass | gnome-keyring-daemon --unlock --components=secrets >>"$log" 2>&1 ||
    ! gnome-keyring-daemon --start --components=secrets >>"$log" 2>&1; then
    echo "keyring-session.sh: gnome-keyring-daemon did not start:" >&2
    cat "$log" >&2
    exit 1
fi

# Wait until the keyring really stores an item, so that the command never meets a keyring still being set up.
if command -v secret-tool >/dev/null; then
    for _ in $(seq 50); do
        if printf ready | secret-tool store --label=probe service petstore-session-probe username probe 2>/dev/null; then
            secret-tool clear service petstore-session-probe username probe 2>/dev/null || true
            break
        fi
        sleep 0.1
    done
fi

exec "$@"
