# Sourced by packaging/build.sh and packaging/check.sh: installs the tools package.json pins into
# packaging/mcpb/node_modules, as package-lock.json fixes them (`npm ci`, again only when the lockfile
# changed), and sets `mcpb` (@anthropic-ai/mcpb: validates a bundle's manifest, unpacks a bundle as hosts do)
# and `ajv` (ajv-cli, with ajv-formats: validates server.json against server.schema.json). Needs node and npm.
mcpb_dir=packaging/mcpb
mcpb=$mcpb_dir/node_modules/.bin/mcpb
ajv=$mcpb_dir/node_modules/.bin/ajv
if [ ! -x "$mcpb" ] || [ ! -x "$ajv" ] ||
    ! cmp -s "$mcpb_dir/package-lock.json" "$mcpb_dir/node_modules/.petstore-package-lock.json"; then
    echo "== npm ci in $mcpb_dir (mcpb, ajv-cli)"
    if ! (cd "$mcpb_dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error); then
        echo "error: npm ci could not install the tools $mcpb_dir/package-lock.json pins" >&2
        exit 1
    fi
    cp "$mcpb_dir/package-lock.json" "$mcpb_dir/node_modules/.petstore-package-lock.json"
fi
