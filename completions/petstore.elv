
use builtin;
use str;

set edit:completion:arg-completer[petstore] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'petstore'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'petstore'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand pets 'List, add and look up the store''s animals'
            cand ui 'Browse and add the store''s animals on a full screen'
            cand api 'Send any request to the API and print the answer''s body'
            cand auth 'Log in and out, and show which key each environment uses'
            cand env 'List, add, remove and choose the environments petstore talks to'
            cand config 'Show where petstore keeps its configuration'
            cand alias 'Name command lines, and run them by that name'
            cand journal 'List, reconcile and resend the writes petstore made'
            cand doctor 'Check that petstore can work here, one line per check'
            cand completions 'Print the shell completion script for SHELL'
            cand completion 'Print the shell completion script for SHELL'
            cand version 'Print the version, the commit it was built from, and the API version it speaks'
            cand schema 'Print the JSON Schema of a command''s `--json` output'
            cand mcp 'Serve the store to an AI assistant over MCP (stdio)'
            cand agent 'Set petstore up for AI assistants: register `petstore mcp` with their clients'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;pets'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List the store''s animals'
            cand find 'Find animals by id, name or category'
            cand add 'Add an animal to the store, or many from a file'
            cand get 'Show one animal by its id (deprecated)'
            cand watch 'Print what arrives and changes in the store, looking again and again'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;pets;list'= {
            cand --status 'Only animals with this status'
            cand --limit 'At most this many animals, from 1 to 100 [default: 20]'
            cand --category 'Only animals in this category, among those the API returned'
            cand --name-contains 'Only animals whose name contains this text (in any case), among those the API returned'
            cand --sort 'Sort by this field [default: id, as the API returns them]'
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --all 'Every animal the API can reach, each once, by id; exit 6 when a status had more than the API shows'
            cand --offline 'Answer from the last look kept, not the server (a note gives its age)'
            cand --reverse 'Sort in descending order'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;pets;find'= {
            cand --id 'The animal with this id'
            cand --name 'Animals with this name, in any case (`rex` finds Rex)'
            cand --name-contains 'Animals whose name contains this text, in any case'
            cand --category 'Animals in this category'
            cand --status 'Animals with this status (searches that status''s list alone)'
            cand --sort 'Sort by this field [default: id, as the API returns them]'
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --exact 'Names exactly as written, case included'
            cand --offline 'Search the last look kept, not the server (a note gives its age)'
            cand --reverse 'Sort in descending order'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;pets;add'= {
            cand --name 'The animal''s name'
            cand --category-id 'The id of the category it belongs to (an integer)'
            cand --status 'Its availability; none is sent when omitted'
            cand --file 'Add every record of this file instead; `-` reads stdin'
            cand --format 'json, ndjson or csv (by default, from its extension)'
            cand --concurrency 'Requests in flight at once, 1 to 256 (by default, found as the batch goes)'
            cand --failed 'Write the records not created to this file, for a re-run'
            cand --unknown 'Write the records of unknown outcome to this file'
            cand --if-absent 'Add it only if it does not exist yet: safe to repeat (`=send`: also when unsure)'
            cand --undecided 'Write the records left undecided to this file'
            cand --progress 'How to show the progress on stderr'
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --skip-invalid 'Send the valid records, and set the invalid ones aside'
            cand -y 'Answer yes to the question before a write'
            cand --yes 'Answer yes to the question before a write'
            cand --dry-run 'Print each request that would be sent; send nothing'
            cand --curl 'As `--dry-run`, as curl commands'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;pets;get'= {
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;pets;watch'= {
            cand --interval 'Time between looks: seconds, or 90s, 5m, 1h [default: 10s]'
            cand --state 'Compare with, and keep, the animals seen in this file'
            cand --count 'End after N looks'
            cand --for 'End after this long: seconds, or 90s, 5m, 1h'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --once 'Look once, compare with `--state`, save it, and end'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;pets;help'= {
            cand list 'List the store''s animals'
            cand find 'Find animals by id, name or category'
            cand add 'Add an animal to the store, or many from a file'
            cand get 'Show one animal by its id (deprecated)'
            cand watch 'Print what arrives and changes in the store, looking again and again'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;pets;help;list'= {
        }
        &'petstore;pets;help;find'= {
        }
        &'petstore;pets;help;add'= {
        }
        &'petstore;pets;help;get'= {
        }
        &'petstore;pets;help;watch'= {
        }
        &'petstore;pets;help;help'= {
        }
        &'petstore;ui'= {
            cand --interval 'Time between looks: seconds, or 90s, 5m, 1h [default: 10s]'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;api'= {
            cand -X 'The HTTP method, as with curl and gh (`-X POST`) [default: GET]'
            cand --method 'The HTTP method, as with curl and gh (`-X POST`) [default: GET]'
            cand -f 'Add a string parameter (to the query for GET and HEAD, else to the JSON body)'
            cand --raw-field 'Add a string parameter (to the query for GET and HEAD, else to the JSON body)'
            cand -F 'Add a typed parameter: `true`, `false`, `null` and numbers as JSON, `@FILE` a file''s text'
            cand --field 'Add a typed parameter: `true`, `false`, `null` and numbers as JSON, `@FILE` a file''s text'
            cand --input 'Send this file as the body, as it is; `-` reads stdin'
            cand -H 'Add a request header (not `Authorization`: the key comes from the environment)'
            cand --header 'Add a request header (not `Authorization`: the key comes from the environment)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand -i 'Print the answer''s status and headers on stderr'
            cand --include 'Print the answer''s status and headers on stderr'
            cand -y 'Answer yes to the question before a write'
            cand --yes 'Answer yes to the question before a write'
            cand --dry-run 'Print each request that would be sent; send nothing'
            cand --curl 'As `--dry-run`, as curl commands'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;auth'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand login 'Log in to an environment: check an API key and store it in the OS keyring'
            cand logout 'Remove an environment''s stored API key'
            cand status 'Show each environment''s key: where it comes from and whether the API accepts it'
            cand token 'Print the API key petstore would use, for scripts that need it'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;auth;login'= {
            cand --storage 'Where to keep the key [default: keyring; on Linux, kernel where no Secret Service can be reached]'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --no-verify 'Store the key without checking it against the API'
            cand --insecure-storage 'The same as `--storage file`'
            cand --with-token 'Read the key from stdin, never asking (as `gh auth login --with-token`); an empty one is refused'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;auth;logout'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;auth;status'= {
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --all 'Every environment, not only the selected one'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;auth;token'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;auth;help'= {
            cand login 'Log in to an environment: check an API key and store it in the OS keyring'
            cand logout 'Remove an environment''s stored API key'
            cand status 'Show each environment''s key: where it comes from and whether the API accepts it'
            cand token 'Print the API key petstore would use, for scripts that need it'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;auth;help;login'= {
        }
        &'petstore;auth;help;logout'= {
        }
        &'petstore;auth;help;status'= {
        }
        &'petstore;auth;help;token'= {
        }
        &'petstore;auth;help;help'= {
        }
        &'petstore;env'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List the environments, and which one is in use'
            cand current 'Show the environment commands would use now'
            cand use 'Make an environment the default'
            cand add 'Add an environment: a name for a base URL'
            cand set 'Change an environment''s base URL, confirmation rule or defaults'
            cand remove 'Remove an environment you added, and its stored key'
            cand confirm-writes 'Turn the question before each write to an environment on or off'
            cand run 'Run one command with petstore pinned to an environment'
            cand shell 'Start a shell with petstore pinned to an environment'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;env;list'= {
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;env;current'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;env;use'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;env;add'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --confirm-writes 'Ask before each write to it at a terminal, as for production (`petstore env confirm-writes` changes it)'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;env;set'= {
            cand --confirm-writes 'Whether writes to it are asked about first at a terminal'
            cand --key-command 'Take the key from this command''s first line of output'
            cand --default 'Set a default: `limit`, `status`, `output` or `columns` (repeatable)'
            cand --unset-default 'Remove a default (repeatable)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --no-key-command 'Take the key from a stored login again, not a command'
            cand --unset-cacert 'Remove its own CA file (the global option sets one: see --help)'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;env;remove'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;env;confirm-writes'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;env;run'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;env;shell'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;env;help'= {
            cand list 'List the environments, and which one is in use'
            cand current 'Show the environment commands would use now'
            cand use 'Make an environment the default'
            cand add 'Add an environment: a name for a base URL'
            cand set 'Change an environment''s base URL, confirmation rule or defaults'
            cand remove 'Remove an environment you added, and its stored key'
            cand confirm-writes 'Turn the question before each write to an environment on or off'
            cand run 'Run one command with petstore pinned to an environment'
            cand shell 'Start a shell with petstore pinned to an environment'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;env;help;list'= {
        }
        &'petstore;env;help;current'= {
        }
        &'petstore;env;help;use'= {
        }
        &'petstore;env;help;add'= {
        }
        &'petstore;env;help;set'= {
        }
        &'petstore;env;help;remove'= {
        }
        &'petstore;env;help;confirm-writes'= {
        }
        &'petstore;env;help;run'= {
        }
        &'petstore;env;help;shell'= {
        }
        &'petstore;env;help;help'= {
        }
        &'petstore;config'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand path 'Print the config file''s path'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;config;path'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;config;help'= {
            cand path 'Print the config file''s path'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;config;help;path'= {
        }
        &'petstore;config;help;help'= {
        }
        &'petstore;alias'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List the aliases and what each runs'
            cand set 'Name a command line, to run it by that name'
            cand remove 'Remove an alias'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;alias;list'= {
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;alias;set'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;alias;remove'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;alias;help'= {
            cand list 'List the aliases and what each runs'
            cand set 'Name a command line, to run it by that name'
            cand remove 'Remove an alias'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;alias;help;list'= {
        }
        &'petstore;alias;help;set'= {
        }
        &'petstore;alias;help;remove'= {
        }
        &'petstore;alias;help;help'= {
        }
        &'petstore;journal'= {
            cand --via 'Only the writes made through this face of petstore'
            cand --since 'Only the writes since this long ago (`90m`, `12h`, `7d`) or this time (RFC 3339)'
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --unknown 'Only the writes of unknown outcome'
            cand --not-sent 'Only the writes that never went out (and those reconcile found not created): what `journal send` sends'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand reconcile 'Settle the writes of unknown outcome by looking each animal up; send nothing'
            cand send 'Send the writes that never went out, once each'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;journal;reconcile'= {
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;journal;send'= {
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand -y 'Answer yes to the question before a write'
            cand --yes 'Answer yes to the question before a write'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;journal;help'= {
            cand reconcile 'Settle the writes of unknown outcome by looking each animal up; send nothing'
            cand send 'Send the writes that never went out, once each'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;journal;help;reconcile'= {
        }
        &'petstore;journal;help;send'= {
        }
        &'petstore;journal;help;help'= {
        }
        &'petstore;doctor'= {
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;completions'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;completion'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;version'= {
            cand --columns 'Print these columns, in this order (JSON field names)'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --header 'Print a header row, even in tsv'
            cand --no-header 'Print no header row, even in a table or csv'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;schema'= {
            cand --for 'The command, as typed after `petstore` (`pets list`), or `error`'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --list 'List the names `--for` takes, one per line (a JSON array with `--json`)'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;mcp'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --allow-writes 'Offer the `add_pet` and `add_pets` tools; without it the server is read-only'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;agent'= {
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand setup 'Register `petstore mcp` with AI assistant clients, and check that it starts'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;agent;setup'= {
            cand --client 'The client to set up (repeat it, or separate with commas); without it, every client installed here'
            cand --scope 'The user''s config (every project) or the current directory''s project files'
            cand --env 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]'
            cand --base-url 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]'
            cand --timeout 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]'
            cand --cacert 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]'
            cand -o 'How to print records [default: table on a terminal, tsv when piped]'
            cand --output 'How to print records [default: table on a terminal, tsv when piped]'
            cand --jq 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record'
            cand --color 'When to use colour'
            cand --allow-writes 'Let the assistant add animals: the entry starts `petstore mcp --allow-writes`'
            cand --status 'Report each client''s entry (and skill, with `--skill`) without changing anything'
            cand --remove 'Take out the `petstore` entries (and skills, with `--skill`) that `agent setup` wrote'
            cand --skill 'Also install the agent guide as a skill where the client reads skills (Claude Code, Codex, Gemini)'
            cand --print-skill 'Print the agent guide as a skill (`SKILL.md`, with its front matter) and do nothing else'
            cand -y 'Change the files without asking first (a question is asked only at a terminal; elsewhere, a change needs `--yes`)'
            cand --yes 'Change the files without asking first (a question is asked only at a terminal; elsewhere, a change needs `--yes`)'
            cand --json 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)'
            cand -q 'Print no warnings or notes on stderr (errors still print)'
            cand --quiet 'Print no warnings or notes on stderr (errors still print)'
            cand --no-input 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]'
            cand --no-pager 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]'
            cand -v 'Show each request and answer on stderr (the key is masked)'
            cand --verbose 'Show each request and answer on stderr (the key is masked)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'petstore;agent;help'= {
            cand setup 'Register `petstore mcp` with AI assistant clients, and check that it starts'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;agent;help;setup'= {
        }
        &'petstore;agent;help;help'= {
        }
        &'petstore;help'= {
            cand pets 'List, add and look up the store''s animals'
            cand ui 'Browse and add the store''s animals on a full screen'
            cand api 'Send any request to the API and print the answer''s body'
            cand auth 'Log in and out, and show which key each environment uses'
            cand env 'List, add, remove and choose the environments petstore talks to'
            cand config 'Show where petstore keeps its configuration'
            cand alias 'Name command lines, and run them by that name'
            cand journal 'List, reconcile and resend the writes petstore made'
            cand doctor 'Check that petstore can work here, one line per check'
            cand completions 'Print the shell completion script for SHELL'
            cand version 'Print the version, the commit it was built from, and the API version it speaks'
            cand schema 'Print the JSON Schema of a command''s `--json` output'
            cand mcp 'Serve the store to an AI assistant over MCP (stdio)'
            cand agent 'Set petstore up for AI assistants: register `petstore mcp` with their clients'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'petstore;help;pets'= {
            cand list 'List the store''s animals'
            cand find 'Find animals by id, name or category'
            cand add 'Add an animal to the store, or many from a file'
            cand get 'Show one animal by its id (deprecated)'
            cand watch 'Print what arrives and changes in the store, looking again and again'
        }
        &'petstore;help;pets;list'= {
        }
        &'petstore;help;pets;find'= {
        }
        &'petstore;help;pets;add'= {
        }
        &'petstore;help;pets;get'= {
        }
        &'petstore;help;pets;watch'= {
        }
        &'petstore;help;ui'= {
        }
        &'petstore;help;api'= {
        }
        &'petstore;help;auth'= {
            cand login 'Log in to an environment: check an API key and store it in the OS keyring'
            cand logout 'Remove an environment''s stored API key'
            cand status 'Show each environment''s key: where it comes from and whether the API accepts it'
            cand token 'Print the API key petstore would use, for scripts that need it'
        }
        &'petstore;help;auth;login'= {
        }
        &'petstore;help;auth;logout'= {
        }
        &'petstore;help;auth;status'= {
        }
        &'petstore;help;auth;token'= {
        }
        &'petstore;help;env'= {
            cand list 'List the environments, and which one is in use'
            cand current 'Show the environment commands would use now'
            cand use 'Make an environment the default'
            cand add 'Add an environment: a name for a base URL'
            cand set 'Change an environment''s base URL, confirmation rule or defaults'
            cand remove 'Remove an environment you added, and its stored key'
            cand confirm-writes 'Turn the question before each write to an environment on or off'
            cand run 'Run one command with petstore pinned to an environment'
            cand shell 'Start a shell with petstore pinned to an environment'
        }
        &'petstore;help;env;list'= {
        }
        &'petstore;help;env;current'= {
        }
        &'petstore;help;env;use'= {
        }
        &'petstore;help;env;add'= {
        }
        &'petstore;help;env;set'= {
        }
        &'petstore;help;env;remove'= {
        }
        &'petstore;help;env;confirm-writes'= {
        }
        &'petstore;help;env;run'= {
        }
        &'petstore;help;env;shell'= {
        }
        &'petstore;help;config'= {
            cand path 'Print the config file''s path'
        }
        &'petstore;help;config;path'= {
        }
        &'petstore;help;alias'= {
            cand list 'List the aliases and what each runs'
            cand set 'Name a command line, to run it by that name'
            cand remove 'Remove an alias'
        }
        &'petstore;help;alias;list'= {
        }
        &'petstore;help;alias;set'= {
        }
        &'petstore;help;alias;remove'= {
        }
        &'petstore;help;journal'= {
            cand reconcile 'Settle the writes of unknown outcome by looking each animal up; send nothing'
            cand send 'Send the writes that never went out, once each'
        }
        &'petstore;help;journal;reconcile'= {
        }
        &'petstore;help;journal;send'= {
        }
        &'petstore;help;doctor'= {
        }
        &'petstore;help;completions'= {
        }
        &'petstore;help;version'= {
        }
        &'petstore;help;schema'= {
        }
        &'petstore;help;mcp'= {
        }
        &'petstore;help;agent'= {
            cand setup 'Register `petstore mcp` with AI assistant clients, and check that it starts'
        }
        &'petstore;help;agent;setup'= {
        }
        &'petstore;help;help'= {
        }
    ]
    $completions[$command]
}
