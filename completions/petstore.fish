# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_petstore_global_optspecs
    string join \n env= base-url= timeout= cacert= json o/output= jq= color= q/quiet no-input no-pager v/verbose h/help V/version
end

function __fish_petstore_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_petstore_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_petstore_using_subcommand
    set -l cmd (__fish_petstore_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c petstore -n "__fish_petstore_needs_command" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_needs_command" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_needs_command" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_needs_command" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_needs_command" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_needs_command" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_needs_command" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_needs_command" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_needs_command" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_needs_command" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_needs_command" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_needs_command" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_needs_command" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "pets" -d 'List, add and look up the store\'s animals'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "ui" -d 'Browse and add the store\'s animals on a full screen'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "api" -d 'Send any request to the API and print the answer\'s body'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "auth" -d 'Log in and out, and show which key each environment uses'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "env" -d 'List, add, remove and choose the environments petstore talks to'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "config" -d 'Show where petstore keeps its configuration'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "alias" -d 'Name command lines, and run them by that name'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "journal" -d 'List, reconcile and resend the writes petstore made'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "doctor" -d 'Check that petstore can work here, one line per check'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "completions" -d 'Print the shell completion script for SHELL'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "completion" -d 'Print the shell completion script for SHELL'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "version" -d 'Print the version, the commit it was built from, and the API version it speaks'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "schema" -d 'Print the JSON Schema of a command\'s `--json` output'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "mcp" -d 'Serve the store to an AI assistant over MCP (stdio)'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "agent" -d 'Set petstore up for AI assistants: register `petstore mcp` with their clients'
complete -c petstore -n "__fish_petstore_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -f -a "list" -d 'List the store\'s animals'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -f -a "find" -d 'Find animals by id, name or category'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -f -a "add" -d 'Add an animal to the store, or many from a file'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -f -a "get" -d 'Show one animal by its id (deprecated)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -f -a "watch" -d 'Print what arrives and changes in the store, looking again and again'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and not __fish_seen_subcommand_from list find add get watch help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l status -d 'Only animals with this status' -r -f -a "available\t''
pending\t''
sold\t''"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l limit -d 'At most this many animals, from 1 to 100 [default: 20]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l category -d 'Only animals in this category, among those the API returned' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l name-contains -d 'Only animals whose name contains this text (in any case), among those the API returned' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l sort -d 'Sort by this field [default: id, as the API returns them]' -r -f -a "id\t''
name\t''
category\t''
status\t'available, pending, sold, then none'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l all -d 'Every animal the API can reach, each once, by id; exit 6 when a status had more than the API shows'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l offline -d 'Answer from the last look kept, not the server (a note gives its age)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l reverse -d 'Sort in descending order'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l id -d 'The animal with this id' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l name -d 'Animals with this name, in any case (`rex` finds Rex)' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l name-contains -d 'Animals whose name contains this text, in any case' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l category -d 'Animals in this category' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l status -d 'Animals with this status (searches that status\'s list alone)' -r -f -a "available\t''
pending\t''
sold\t''"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l sort -d 'Sort by this field [default: id, as the API returns them]' -r -f -a "id\t''
name\t''
category\t''
status\t'available, pending, sold, then none'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l exact -d 'Names exactly as written, case included'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l offline -d 'Search the last look kept, not the server (a note gives its age)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l reverse -d 'Sort in descending order'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from find" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l name -d 'The animal\'s name' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l category-id -d 'The id of the category it belongs to (an integer)' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l status -d 'Its availability; none is sent when omitted' -r -f -a "available\t''
pending\t''
sold\t''"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l file -d 'Add every record of this file instead; `-` reads stdin' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l format -d 'json, ndjson or csv (by default, from its extension)' -r -f -a "json\t'A JSON array of NewPet objects (`.json`)'
ndjson\t'One NewPet JSON object per line; blank lines are skipped (`.ndjson`, `.jsonl`)'
csv\t'Comma-separated with a header row: `name`, `categoryId` and optionally `status`, in any order (`.csv`)'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l concurrency -d 'Requests in flight at once, 1 to 256 (by default, found as the batch goes)' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l failed -d 'Write the records not created to this file, for a re-run' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l unknown -d 'Write the records of unknown outcome to this file' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l if-absent -d 'Add it only if it does not exist yet: safe to repeat (`=send`: also when unsure)' -r -f -a "hold\t'Send nothing: exit 7 (a batch: the `--undecided` file)'
send\t'Send it anyway'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l undecided -d 'Write the records left undecided to this file' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l progress -d 'How to show the progress on stderr' -r -f -a "auto\t'A bar that redraws in place, when stderr is a terminal and without `--quiet`'
plain\t'A line at most once a second and one at the end, with no cursor movement (screen readers, CI logs)'
none\t'Nothing'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l skip-invalid -d 'Send the valid records, and set the invalid ones aside'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -s y -l yes -d 'Answer yes to the question before a write'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l dry-run -d 'Print each request that would be sent; send nothing'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l curl -d 'As `--dry-run`, as curl commands'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l interval -d 'Time between looks: seconds, or 90s, 5m, 1h [default: 10s]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l state -d 'Compare with, and keep, the animals seen in this file' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l count -d 'End after N looks' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l for -d 'End after this long: seconds, or 90s, 5m, 1h' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l once -d 'Look once, compare with `--state`, save it, and end'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from watch" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the store\'s animals'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from help" -f -a "find" -d 'Find animals by id, name or category'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add an animal to the store, or many from a file'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one animal by its id (deprecated)'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from help" -f -a "watch" -d 'Print what arrives and changes in the store, looking again and again'
complete -c petstore -n "__fish_petstore_using_subcommand pets; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand ui" -l interval -d 'Time between looks: seconds, or 90s, 5m, 1h [default: 10s]' -r
complete -c petstore -n "__fish_petstore_using_subcommand ui" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand ui" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand ui" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand ui" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand ui" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand ui" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand ui" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand ui" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand ui" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand ui" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand ui" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand ui" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand ui" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand ui" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand api" -s X -l method -d 'The HTTP method, as with curl and gh (`-X POST`) [default: GET]' -r
complete -c petstore -n "__fish_petstore_using_subcommand api" -s f -l raw-field -d 'Add a string parameter (to the query for GET and HEAD, else to the JSON body)' -r
complete -c petstore -n "__fish_petstore_using_subcommand api" -s F -l field -d 'Add a typed parameter: `true`, `false`, `null` and numbers as JSON, `@FILE` a file\'s text' -r
complete -c petstore -n "__fish_petstore_using_subcommand api" -l input -d 'Send this file as the body, as it is; `-` reads stdin' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand api" -s H -l header -d 'Add a request header (not `Authorization`: the key comes from the environment)' -r
complete -c petstore -n "__fish_petstore_using_subcommand api" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand api" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand api" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand api" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand api" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand api" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand api" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand api" -s i -l include -d 'Print the answer\'s status and headers on stderr'
complete -c petstore -n "__fish_petstore_using_subcommand api" -s y -l yes -d 'Answer yes to the question before a write'
complete -c petstore -n "__fish_petstore_using_subcommand api" -l dry-run -d 'Print each request that would be sent; send nothing'
complete -c petstore -n "__fish_petstore_using_subcommand api" -l curl -d 'As `--dry-run`, as curl commands'
complete -c petstore -n "__fish_petstore_using_subcommand api" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand api" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand api" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand api" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand api" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand api" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand api" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -f -a "login" -d 'Log in to an environment: check an API key and store it in the OS keyring'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -f -a "logout" -d 'Remove an environment\'s stored API key'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -f -a "status" -d 'Show each environment\'s key: where it comes from and whether the API accepts it'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -f -a "token" -d 'Print the API key petstore would use, for scripts that need it'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and not __fish_seen_subcommand_from login logout status token help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l storage -d 'Where to keep the key [default: keyring; on Linux, kernel where no Secret Service can be reached]' -r -f -a "keyring\t'The OS keyring, cached in the kernel\'s keyring on Linux'
kernel\t'Linux\'s kernel keyring (persistent keyring): no file; it survives logging out, not a reboot'
file\t'A plain-text file, mode 0600, in the config directory'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l no-verify -d 'Store the key without checking it against the API'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l insecure-storage -d 'The same as `--storage file`'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l with-token -d 'Read the key from stdin, never asking (as `gh auth login --with-token`); an empty one is refused'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from login" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from logout" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l all -d 'Every environment, not only the selected one'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from token" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "login" -d 'Log in to an environment: check an API key and store it in the OS keyring'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "logout" -d 'Remove an environment\'s stored API key'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show each environment\'s key: where it comes from and whether the API accepts it'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "token" -d 'Print the API key petstore would use, for scripts that need it'
complete -c petstore -n "__fish_petstore_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -f -a "list" -d 'List the environments, and which one is in use'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -f -a "current" -d 'Show the environment commands would use now'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -f -a "use" -d 'Make an environment the default'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -f -a "add" -d 'Add an environment: a name for a base URL'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -f -a "set" -d 'Change an environment\'s base URL, confirmation rule or defaults'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -f -a "remove" -d 'Remove an environment you added, and its stored key'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -f -a "confirm-writes" -d 'Turn the question before each write to an environment on or off'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -f -a "run" -d 'Run one command with petstore pinned to an environment'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -f -a "shell" -d 'Start a shell with petstore pinned to an environment'
complete -c petstore -n "__fish_petstore_using_subcommand env; and not __fish_seen_subcommand_from list current use add set remove confirm-writes run shell help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from current" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from use" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -l confirm-writes -d 'Ask before each write to it at a terminal, as for production (`petstore env confirm-writes` changes it)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l confirm-writes -d 'Whether writes to it are asked about first at a terminal' -r -f -a "on\t'Ask before each write at a terminal'
off\t'Send writes without asking'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l key-command -d 'Take the key from this command\'s first line of output' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l default -d 'Set a default: `limit`, `status`, `output` or `columns` (repeatable)' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l unset-default -d 'Remove a default (repeatable)' -r -f -a "limit\t'`--limit` of `pets list`'
status\t'`--status` of `pets list`'
output\t'`--output` of every command that prints records'
columns\t'`--columns` of every command that prints animals'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l no-key-command -d 'Take the key from a stored login again, not a command'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l unset-cacert -d 'Remove its own CA file (the global option sets one: see --help)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from set" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from confirm-writes" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from run" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from shell" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the environments, and which one is in use'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "current" -d 'Show the environment commands would use now'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "use" -d 'Make an environment the default'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add an environment: a name for a base URL'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "set" -d 'Change an environment\'s base URL, confirmation rule or defaults'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Remove an environment you added, and its stored key'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "confirm-writes" -d 'Turn the question before each write to an environment on or off'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "run" -d 'Run one command with petstore pinned to an environment'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "shell" -d 'Start a shell with petstore pinned to an environment'
complete -c petstore -n "__fish_petstore_using_subcommand env; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -f -a "path" -d 'Print the config file\'s path'
complete -c petstore -n "__fish_petstore_using_subcommand config; and not __fish_seen_subcommand_from path help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from path" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "path" -d 'Print the config file\'s path'
complete -c petstore -n "__fish_petstore_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -f -a "list" -d 'List the aliases and what each runs'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -f -a "set" -d 'Name a command line, to run it by that name'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -f -a "remove" -d 'Remove an alias'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and not __fish_seen_subcommand_from list set remove help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from set" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the aliases and what each runs'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from help" -f -a "set" -d 'Name a command line, to run it by that name'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Remove an alias'
complete -c petstore -n "__fish_petstore_using_subcommand alias; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l via -d 'Only the writes made through this face of petstore' -r -f -a "cli\t''
mcp\t''"
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l since -d 'Only the writes since this long ago (`90m`, `12h`, `7d`) or this time (RFC 3339)' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l unknown -d 'Only the writes of unknown outcome'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l not-sent -d 'Only the writes that never went out (and those reconcile found not created): what `journal send` sends'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -f -a "reconcile" -d 'Settle the writes of unknown outcome by looking each animal up; send nothing'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -f -a "send" -d 'Send the writes that never went out, once each'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and not __fish_seen_subcommand_from reconcile send help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from reconcile" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -s y -l yes -d 'Answer yes to the question before a write'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from send" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from help" -f -a "reconcile" -d 'Settle the writes of unknown outcome by looking each animal up; send nothing'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from help" -f -a "send" -d 'Send the writes that never went out, once each'
complete -c petstore -n "__fish_petstore_using_subcommand journal; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand doctor" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand completions" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand completions" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand completions" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand completions" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand completions" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand completions" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand completions" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand completions" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand completions" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand completions" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand completions" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand completions" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand completions" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand completion" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand completion" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand completion" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand completion" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand completion" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand completion" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand completion" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand completion" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand completion" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand completion" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand completion" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand completion" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand completion" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand completion" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand version" -l columns -d 'Print these columns, in this order (JSON field names)' -r
complete -c petstore -n "__fish_petstore_using_subcommand version" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand version" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand version" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand version" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand version" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand version" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand version" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand version" -l header -d 'Print a header row, even in tsv'
complete -c petstore -n "__fish_petstore_using_subcommand version" -l no-header -d 'Print no header row, even in a table or csv'
complete -c petstore -n "__fish_petstore_using_subcommand version" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand version" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand version" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand version" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand version" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand version" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand version" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l for -d 'The command, as typed after `petstore` (`pets list`), or `error`' -r -f -a "pets list\t''
pets find\t''
pets get\t''
pets add\t''
auth status\t''
auth token\t''
env list\t''
env current\t''
config path\t''
alias list\t''
doctor\t''
version\t''
help\t''
agent setup\t''
error\t''"
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand schema" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l list -d 'List the names `--for` takes, one per line (a JSON array with `--json`)'
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand schema" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand schema" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand schema" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand schema" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand schema" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -l allow-writes -d 'Offer the `add_pet` and `add_pets` tools; without it the server is read-only'
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand mcp" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -f -a "setup" -d 'Register `petstore mcp` with AI assistant clients, and check that it starts'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and not __fish_seen_subcommand_from setup help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l client -d 'The client to set up (repeat it, or separate with commas); without it, every client installed here' -r -f -a "claude-code\t'Claude Code: `~/.claude.json` (`$CLAUDE_CONFIG_DIR/.claude.json`), a project\'s `.mcp.json`'
claude-desktop\t'Claude Desktop: `claude_desktop_config.json` in its config directory; no project files'
cursor\t'Cursor: `~/.cursor/mcp.json`, a project\'s `.cursor/mcp.json`'
vscode\t'VS Code: the user profile\'s `mcp.json`, a project\'s `.vscode/mcp.json`'
codex\t'Codex: `~/.codex/config.toml` (`$CODEX_HOME/config.toml`), a project\'s `.codex/config.toml`'
gemini\t'Gemini CLI: `~/.gemini/settings.json`, a project\'s `.gemini/settings.json`'
all\t'Every client above; with no `--client`, those installed here'"
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l scope -d 'The user\'s config (every project) or the current directory\'s project files' -r -f -a "user\t'The user\'s own config, for every project'
project\t'The project in the current directory, in files that can be committed with it'"
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l env -d 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]' -r
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l base-url -d 'The API\'s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]' -r
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l timeout -d 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]' -r
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l cacert -d 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]' -r -F
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -s o -l output -d 'How to print records [default: table on a terminal, tsv when piped]' -r -f -a "table\t'A table with a header, for people'
tsv\t'Tab-separated values, one record per line, no header unless `--header`'
csv\t'Comma-separated values (RFC 4180) under a header row, for spreadsheets; see `pets add --help`'
json\t'One JSON document: the API\'s own, with its field names'
ndjson\t'One JSON object per line; `--jq` runs on each'"
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l jq -d 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record' -r
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l color -d 'When to use colour' -r -f -a "auto\t'On terminals, unless `NO_COLOR` is set or `TERM` is `dumb`'
always\t'Always, even when piped and despite `NO_COLOR`'
never\t'Never'"
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l allow-writes -d 'Let the assistant add animals: the entry starts `petstore mcp --allow-writes`'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l status -d 'Report each client\'s entry (and skill, with `--skill`) without changing anything'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l remove -d 'Take out the `petstore` entries (and skills, with `--skill`) that `agent setup` wrote'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l skill -d 'Also install the agent guide as a skill where the client reads skills (Claude Code, Codex, Gemini)'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l print-skill -d 'Print the agent guide as a skill (`SKILL.md`, with its front matter) and do nothing else'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -s y -l yes -d 'Change the files without asking first (a question is asked only at a terminal; elsewhere, a change needs `--yes`)'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l json -d 'Print JSON: the API\'s own documents and field names, nothing else on stdout (`--output json`)'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -s q -l quiet -d 'Print no warnings or notes on stderr (errors still print)'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l no-input -d 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -l no-pager -d 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -s v -l verbose -d 'Show each request and answer on stderr (the key is masked)'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from setup" -s V -l version -d 'Print version'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from help" -f -a "setup" -d 'Register `petstore mcp` with AI assistant clients, and check that it starts'
complete -c petstore -n "__fish_petstore_using_subcommand agent; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "pets" -d 'List, add and look up the store\'s animals'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "ui" -d 'Browse and add the store\'s animals on a full screen'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "api" -d 'Send any request to the API and print the answer\'s body'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "auth" -d 'Log in and out, and show which key each environment uses'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "env" -d 'List, add, remove and choose the environments petstore talks to'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "config" -d 'Show where petstore keeps its configuration'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "alias" -d 'Name command lines, and run them by that name'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "journal" -d 'List, reconcile and resend the writes petstore made'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "doctor" -d 'Check that petstore can work here, one line per check'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "completions" -d 'Print the shell completion script for SHELL'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "version" -d 'Print the version, the commit it was built from, and the API version it speaks'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "schema" -d 'Print the JSON Schema of a command\'s `--json` output'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "mcp" -d 'Serve the store to an AI assistant over MCP (stdio)'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "agent" -d 'Set petstore up for AI assistants: register `petstore mcp` with their clients'
complete -c petstore -n "__fish_petstore_using_subcommand help; and not __fish_seen_subcommand_from pets ui api auth env config alias journal doctor completions version schema mcp agent help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from pets" -f -a "list" -d 'List the store\'s animals'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from pets" -f -a "find" -d 'Find animals by id, name or category'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from pets" -f -a "add" -d 'Add an animal to the store, or many from a file'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from pets" -f -a "get" -d 'Show one animal by its id (deprecated)'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from pets" -f -a "watch" -d 'Print what arrives and changes in the store, looking again and again'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "login" -d 'Log in to an environment: check an API key and store it in the OS keyring'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "logout" -d 'Remove an environment\'s stored API key'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "status" -d 'Show each environment\'s key: where it comes from and whether the API accepts it'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "token" -d 'Print the API key petstore would use, for scripts that need it'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "list" -d 'List the environments, and which one is in use'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "current" -d 'Show the environment commands would use now'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "use" -d 'Make an environment the default'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "add" -d 'Add an environment: a name for a base URL'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "set" -d 'Change an environment\'s base URL, confirmation rule or defaults'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "remove" -d 'Remove an environment you added, and its stored key'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "confirm-writes" -d 'Turn the question before each write to an environment on or off'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "run" -d 'Run one command with petstore pinned to an environment'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from env" -f -a "shell" -d 'Start a shell with petstore pinned to an environment'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "path" -d 'Print the config file\'s path'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from alias" -f -a "list" -d 'List the aliases and what each runs'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from alias" -f -a "set" -d 'Name a command line, to run it by that name'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from alias" -f -a "remove" -d 'Remove an alias'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from journal" -f -a "reconcile" -d 'Settle the writes of unknown outcome by looking each animal up; send nothing'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from journal" -f -a "send" -d 'Send the writes that never went out, once each'
complete -c petstore -n "__fish_petstore_using_subcommand help; and __fish_seen_subcommand_from agent" -f -a "setup" -d 'Register `petstore mcp` with AI assistant clients, and check that it starts'
