
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'petstore' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'petstore'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'petstore' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('pets', 'pets', [CompletionResultType]::ParameterValue, 'List, add and look up the store''s animals')
            [CompletionResult]::new('ui', 'ui', [CompletionResultType]::ParameterValue, 'Browse and add the store''s animals on a full screen')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Send any request to the API and print the answer''s body')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Log in and out, and show which key each environment uses')
            [CompletionResult]::new('env', 'env', [CompletionResultType]::ParameterValue, 'List, add, remove and choose the environments petstore talks to')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Show where petstore keeps its configuration')
            [CompletionResult]::new('alias', 'alias', [CompletionResultType]::ParameterValue, 'Name command lines, and run them by that name')
            [CompletionResult]::new('journal', 'journal', [CompletionResultType]::ParameterValue, 'List, reconcile and resend the writes petstore made')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check that petstore can work here, one line per check')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print the shell completion script for SHELL')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print the shell completion script for SHELL')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the version, the commit it was built from, and the API version it speaks')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Print the JSON Schema of a command''s `--json` output')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the store to an AI assistant over MCP (stdio)')
            [CompletionResult]::new('agent', 'agent', [CompletionResultType]::ParameterValue, 'Set petstore up for AI assistants: register `petstore mcp` with their clients')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;pets' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the store''s animals')
            [CompletionResult]::new('find', 'find', [CompletionResultType]::ParameterValue, 'Find animals by id, name or category')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an animal to the store, or many from a file')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one animal by its id (deprecated)')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Print what arrives and changes in the store, looking again and again')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;pets;list' {
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Only animals with this status')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many animals, from 1 to 100 [default: 20]')
            [CompletionResult]::new('--category', '--category', [CompletionResultType]::ParameterName, 'Only animals in this category, among those the API returned')
            [CompletionResult]::new('--name-contains', '--name-contains', [CompletionResultType]::ParameterName, 'Only animals whose name contains this text (in any case), among those the API returned')
            [CompletionResult]::new('--sort', '--sort', [CompletionResultType]::ParameterName, 'Sort by this field [default: id, as the API returns them]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every animal the API can reach, each once, by id; exit 6 when a status had more than the API shows')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Answer from the last look kept, not the server (a note gives its age)')
            [CompletionResult]::new('--reverse', '--reverse', [CompletionResultType]::ParameterName, 'Sort in descending order')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;pets;find' {
            [CompletionResult]::new('--id', '--id', [CompletionResultType]::ParameterName, 'The animal with this id')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Animals with this name, in any case (`rex` finds Rex)')
            [CompletionResult]::new('--name-contains', '--name-contains', [CompletionResultType]::ParameterName, 'Animals whose name contains this text, in any case')
            [CompletionResult]::new('--category', '--category', [CompletionResultType]::ParameterName, 'Animals in this category')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Animals with this status (searches that status''s list alone)')
            [CompletionResult]::new('--sort', '--sort', [CompletionResultType]::ParameterName, 'Sort by this field [default: id, as the API returns them]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--exact', '--exact', [CompletionResultType]::ParameterName, 'Names exactly as written, case included')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Search the last look kept, not the server (a note gives its age)')
            [CompletionResult]::new('--reverse', '--reverse', [CompletionResultType]::ParameterName, 'Sort in descending order')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;pets;add' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The animal''s name')
            [CompletionResult]::new('--category-id', '--category-id', [CompletionResultType]::ParameterName, 'The id of the category it belongs to (an integer)')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Its availability; none is sent when omitted')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Add every record of this file instead; `-` reads stdin')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'json, ndjson or csv (by default, from its extension)')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight at once, 1 to 256 (by default, found as the batch goes)')
            [CompletionResult]::new('--failed', '--failed', [CompletionResultType]::ParameterName, 'Write the records not created to this file, for a re-run')
            [CompletionResult]::new('--unknown', '--unknown', [CompletionResultType]::ParameterName, 'Write the records of unknown outcome to this file')
            [CompletionResult]::new('--if-absent', '--if-absent', [CompletionResultType]::ParameterName, 'Add it only if it does not exist yet: safe to repeat (`=send`: also when unsure)')
            [CompletionResult]::new('--undecided', '--undecided', [CompletionResultType]::ParameterName, 'Write the records left undecided to this file')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'How to show the progress on stderr')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--skip-invalid', '--skip-invalid', [CompletionResultType]::ParameterName, 'Send the valid records, and set the invalid ones aside')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to the question before a write')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to the question before a write')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print each request that would be sent; send nothing')
            [CompletionResult]::new('--curl', '--curl', [CompletionResultType]::ParameterName, 'As `--dry-run`, as curl commands')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;pets;get' {
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;pets;watch' {
            [CompletionResult]::new('--interval', '--interval', [CompletionResultType]::ParameterName, 'Time between looks: seconds, or 90s, 5m, 1h [default: 10s]')
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'Compare with, and keep, the animals seen in this file')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'End after N looks')
            [CompletionResult]::new('--for', '--for', [CompletionResultType]::ParameterName, 'End after this long: seconds, or 90s, 5m, 1h')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--once', '--once', [CompletionResultType]::ParameterName, 'Look once, compare with `--state`, save it, and end')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;pets;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the store''s animals')
            [CompletionResult]::new('find', 'find', [CompletionResultType]::ParameterValue, 'Find animals by id, name or category')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an animal to the store, or many from a file')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one animal by its id (deprecated)')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Print what arrives and changes in the store, looking again and again')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;pets;help;list' {
            break
        }
        'petstore;pets;help;find' {
            break
        }
        'petstore;pets;help;add' {
            break
        }
        'petstore;pets;help;get' {
            break
        }
        'petstore;pets;help;watch' {
            break
        }
        'petstore;pets;help;help' {
            break
        }
        'petstore;ui' {
            [CompletionResult]::new('--interval', '--interval', [CompletionResultType]::ParameterName, 'Time between looks: seconds, or 90s, 5m, 1h [default: 10s]')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;api' {
            [CompletionResult]::new('-X', '-X ', [CompletionResultType]::ParameterName, 'The HTTP method, as with curl and gh (`-X POST`) [default: GET]')
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'The HTTP method, as with curl and gh (`-X POST`) [default: GET]')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Add a string parameter (to the query for GET and HEAD, else to the JSON body)')
            [CompletionResult]::new('--raw-field', '--raw-field', [CompletionResultType]::ParameterName, 'Add a string parameter (to the query for GET and HEAD, else to the JSON body)')
            [CompletionResult]::new('-F', '-F ', [CompletionResultType]::ParameterName, 'Add a typed parameter: `true`, `false`, `null` and numbers as JSON, `@FILE` a file''s text')
            [CompletionResult]::new('--field', '--field', [CompletionResultType]::ParameterName, 'Add a typed parameter: `true`, `false`, `null` and numbers as JSON, `@FILE` a file''s text')
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'Send this file as the body, as it is; `-` reads stdin')
            [CompletionResult]::new('-H', '-H ', [CompletionResultType]::ParameterName, 'Add a request header (not `Authorization`: the key comes from the environment)')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Add a request header (not `Authorization`: the key comes from the environment)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Print the answer''s status and headers on stderr')
            [CompletionResult]::new('--include', '--include', [CompletionResultType]::ParameterName, 'Print the answer''s status and headers on stderr')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to the question before a write')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to the question before a write')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print each request that would be sent; send nothing')
            [CompletionResult]::new('--curl', '--curl', [CompletionResultType]::ParameterName, 'As `--dry-run`, as curl commands')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;auth' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Log in to an environment: check an API key and store it in the OS keyring')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove an environment''s stored API key')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show each environment''s key: where it comes from and whether the API accepts it')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the API key petstore would use, for scripts that need it')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;auth;login' {
            [CompletionResult]::new('--storage', '--storage', [CompletionResultType]::ParameterName, 'Where to keep the key [default: keyring; on Linux, kernel where no Secret Service can be reached]')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--no-verify', '--no-verify', [CompletionResultType]::ParameterName, 'Store the key without checking it against the API')
            [CompletionResult]::new('--insecure-storage', '--insecure-storage', [CompletionResultType]::ParameterName, 'The same as `--storage file`')
            [CompletionResult]::new('--with-token', '--with-token', [CompletionResultType]::ParameterName, 'Read the key from stdin, never asking (as `gh auth login --with-token`); an empty one is refused')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;auth;logout' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;auth;status' {
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every environment, not only the selected one')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;auth;token' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;auth;help' {
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Log in to an environment: check an API key and store it in the OS keyring')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove an environment''s stored API key')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show each environment''s key: where it comes from and whether the API accepts it')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the API key petstore would use, for scripts that need it')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;auth;help;login' {
            break
        }
        'petstore;auth;help;logout' {
            break
        }
        'petstore;auth;help;status' {
            break
        }
        'petstore;auth;help;token' {
            break
        }
        'petstore;auth;help;help' {
            break
        }
        'petstore;env' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the environments, and which one is in use')
            [CompletionResult]::new('current', 'current', [CompletionResultType]::ParameterValue, 'Show the environment commands would use now')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Make an environment the default')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an environment: a name for a base URL')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change an environment''s base URL, confirmation rule or defaults')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove an environment you added, and its stored key')
            [CompletionResult]::new('confirm-writes', 'confirm-writes', [CompletionResultType]::ParameterValue, 'Turn the question before each write to an environment on or off')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run one command with petstore pinned to an environment')
            [CompletionResult]::new('shell', 'shell', [CompletionResultType]::ParameterValue, 'Start a shell with petstore pinned to an environment')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;env;list' {
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;env;current' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;env;use' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;env;add' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--confirm-writes', '--confirm-writes', [CompletionResultType]::ParameterName, 'Ask before each write to it at a terminal, as for production (`petstore env confirm-writes` changes it)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;env;set' {
            [CompletionResult]::new('--confirm-writes', '--confirm-writes', [CompletionResultType]::ParameterName, 'Whether writes to it are asked about first at a terminal')
            [CompletionResult]::new('--key-command', '--key-command', [CompletionResultType]::ParameterName, 'Take the key from this command''s first line of output')
            [CompletionResult]::new('--default', '--default', [CompletionResultType]::ParameterName, 'Set a default: `limit`, `status`, `output` or `columns` (repeatable)')
            [CompletionResult]::new('--unset-default', '--unset-default', [CompletionResultType]::ParameterName, 'Remove a default (repeatable)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--no-key-command', '--no-key-command', [CompletionResultType]::ParameterName, 'Take the key from a stored login again, not a command')
            [CompletionResult]::new('--unset-cacert', '--unset-cacert', [CompletionResultType]::ParameterName, 'Remove its own CA file (the global option sets one: see --help)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;env;remove' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;env;confirm-writes' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;env;run' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;env;shell' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;env;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the environments, and which one is in use')
            [CompletionResult]::new('current', 'current', [CompletionResultType]::ParameterValue, 'Show the environment commands would use now')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Make an environment the default')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an environment: a name for a base URL')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change an environment''s base URL, confirmation rule or defaults')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove an environment you added, and its stored key')
            [CompletionResult]::new('confirm-writes', 'confirm-writes', [CompletionResultType]::ParameterValue, 'Turn the question before each write to an environment on or off')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run one command with petstore pinned to an environment')
            [CompletionResult]::new('shell', 'shell', [CompletionResultType]::ParameterValue, 'Start a shell with petstore pinned to an environment')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;env;help;list' {
            break
        }
        'petstore;env;help;current' {
            break
        }
        'petstore;env;help;use' {
            break
        }
        'petstore;env;help;add' {
            break
        }
        'petstore;env;help;set' {
            break
        }
        'petstore;env;help;remove' {
            break
        }
        'petstore;env;help;confirm-writes' {
            break
        }
        'petstore;env;help;run' {
            break
        }
        'petstore;env;help;shell' {
            break
        }
        'petstore;env;help;help' {
            break
        }
        'petstore;config' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the config file''s path')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;config;path' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;config;help' {
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the config file''s path')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;config;help;path' {
            break
        }
        'petstore;config;help;help' {
            break
        }
        'petstore;alias' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the aliases and what each runs')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Name a command line, to run it by that name')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove an alias')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;alias;list' {
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;alias;set' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;alias;remove' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;alias;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the aliases and what each runs')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Name a command line, to run it by that name')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove an alias')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;alias;help;list' {
            break
        }
        'petstore;alias;help;set' {
            break
        }
        'petstore;alias;help;remove' {
            break
        }
        'petstore;alias;help;help' {
            break
        }
        'petstore;journal' {
            [CompletionResult]::new('--via', '--via', [CompletionResultType]::ParameterName, 'Only the writes made through this face of petstore')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only the writes since this long ago (`90m`, `12h`, `7d`) or this time (RFC 3339)')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--unknown', '--unknown', [CompletionResultType]::ParameterName, 'Only the writes of unknown outcome')
            [CompletionResult]::new('--not-sent', '--not-sent', [CompletionResultType]::ParameterName, 'Only the writes that never went out (and those reconcile found not created): what `journal send` sends')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('reconcile', 'reconcile', [CompletionResultType]::ParameterValue, 'Settle the writes of unknown outcome by looking each animal up; send nothing')
            [CompletionResult]::new('send', 'send', [CompletionResultType]::ParameterValue, 'Send the writes that never went out, once each')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;journal;reconcile' {
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;journal;send' {
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to the question before a write')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to the question before a write')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;journal;help' {
            [CompletionResult]::new('reconcile', 'reconcile', [CompletionResultType]::ParameterValue, 'Settle the writes of unknown outcome by looking each animal up; send nothing')
            [CompletionResult]::new('send', 'send', [CompletionResultType]::ParameterValue, 'Send the writes that never went out, once each')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;journal;help;reconcile' {
            break
        }
        'petstore;journal;help;send' {
            break
        }
        'petstore;journal;help;help' {
            break
        }
        'petstore;doctor' {
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;completions' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;completion' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;version' {
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Print these columns, in this order (JSON field names)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Print a header row, even in tsv')
            [CompletionResult]::new('--no-header', '--no-header', [CompletionResultType]::ParameterName, 'Print no header row, even in a table or csv')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;schema' {
            [CompletionResult]::new('--for', '--for', [CompletionResultType]::ParameterName, 'The command, as typed after `petstore` (`pets list`), or `error`')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'List the names `--for` takes, one per line (a JSON array with `--json`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;mcp' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--allow-writes', '--allow-writes', [CompletionResultType]::ParameterName, 'Offer the `add_pet` and `add_pets` tools; without it the server is read-only')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;agent' {
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('setup', 'setup', [CompletionResultType]::ParameterValue, 'Register `petstore mcp` with AI assistant clients, and check that it starts')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;agent;setup' {
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'The client to set up (repeat it, or separate with commas); without it, every client installed here')
            [CompletionResult]::new('--scope', '--scope', [CompletionResultType]::ParameterName, 'The user''s config (every project) or the current directory''s project files')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'The environment to use: production, staging, sandbox, or one added with `petstore env add` [env: PETSTORE_ENV]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The API''s base URL, with its version path (e.g. `https://HOST/v1`); overrides `--env` [env: PETSTORE_BASE_URL]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on an attempt that takes longer than this: seconds, or a duration such as `5s`, `1500ms`, `2m` [default: 30] [env: PETSTORE_TIMEOUT]')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Trust the CA certificates in this PEM file too (for a private CA); TLS is always verified [env: PETSTORE_CACERT]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'How to print records [default: table on a terminal, tsv when piped]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output through a jq expression; strings print raw, like `jq -r`; with `--output ndjson`, once per record')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour')
            [CompletionResult]::new('--allow-writes', '--allow-writes', [CompletionResultType]::ParameterName, 'Let the assistant add animals: the entry starts `petstore mcp --allow-writes`')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Report each client''s entry (and skill, with `--skill`) without changing anything')
            [CompletionResult]::new('--remove', '--remove', [CompletionResultType]::ParameterName, 'Take out the `petstore` entries (and skills, with `--skill`) that `agent setup` wrote')
            [CompletionResult]::new('--skill', '--skill', [CompletionResultType]::ParameterName, 'Also install the agent guide as a skill where the client reads skills (Claude Code, Codex, Gemini)')
            [CompletionResult]::new('--print-skill', '--print-skill', [CompletionResultType]::ParameterName, 'Print the agent guide as a skill (`SKILL.md`, with its front matter) and do nothing else')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Change the files without asking first (a question is asked only at a terminal; elsewhere, a change needs `--yes`)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Change the files without asking first (a question is asked only at a terminal; elsewhere, a change needs `--yes`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON: the API''s own documents and field names, nothing else on stdout (`--output json`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no warnings or notes on stderr (errors still print)')
            [CompletionResult]::new('--no-input', '--no-input', [CompletionResultType]::ParameterName, 'Never ask for missing input at a terminal: a missing flag is then a usage error, as in a script [env: PETSTORE_NO_INPUT]')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Print long help straight to the terminal, not through a pager [env: PETSTORE_PAGER]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show each request and answer on stderr (the key is masked)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'petstore;agent;help' {
            [CompletionResult]::new('setup', 'setup', [CompletionResultType]::ParameterValue, 'Register `petstore mcp` with AI assistant clients, and check that it starts')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;agent;help;setup' {
            break
        }
        'petstore;agent;help;help' {
            break
        }
        'petstore;help' {
            [CompletionResult]::new('pets', 'pets', [CompletionResultType]::ParameterValue, 'List, add and look up the store''s animals')
            [CompletionResult]::new('ui', 'ui', [CompletionResultType]::ParameterValue, 'Browse and add the store''s animals on a full screen')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Send any request to the API and print the answer''s body')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Log in and out, and show which key each environment uses')
            [CompletionResult]::new('env', 'env', [CompletionResultType]::ParameterValue, 'List, add, remove and choose the environments petstore talks to')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Show where petstore keeps its configuration')
            [CompletionResult]::new('alias', 'alias', [CompletionResultType]::ParameterValue, 'Name command lines, and run them by that name')
            [CompletionResult]::new('journal', 'journal', [CompletionResultType]::ParameterValue, 'List, reconcile and resend the writes petstore made')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check that petstore can work here, one line per check')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print the shell completion script for SHELL')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the version, the commit it was built from, and the API version it speaks')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Print the JSON Schema of a command''s `--json` output')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the store to an AI assistant over MCP (stdio)')
            [CompletionResult]::new('agent', 'agent', [CompletionResultType]::ParameterValue, 'Set petstore up for AI assistants: register `petstore mcp` with their clients')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'petstore;help;pets' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the store''s animals')
            [CompletionResult]::new('find', 'find', [CompletionResultType]::ParameterValue, 'Find animals by id, name or category')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an animal to the store, or many from a file')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one animal by its id (deprecated)')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Print what arrives and changes in the store, looking again and again')
            break
        }
        'petstore;help;pets;list' {
            break
        }
        'petstore;help;pets;find' {
            break
        }
        'petstore;help;pets;add' {
            break
        }
        'petstore;help;pets;get' {
            break
        }
        'petstore;help;pets;watch' {
            break
        }
        'petstore;help;ui' {
            break
        }
        'petstore;help;api' {
            break
        }
        'petstore;help;auth' {
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Log in to an environment: check an API key and store it in the OS keyring')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove an environment''s stored API key')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show each environment''s key: where it comes from and whether the API accepts it')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the API key petstore would use, for scripts that need it')
            break
        }
        'petstore;help;auth;login' {
            break
        }
        'petstore;help;auth;logout' {
            break
        }
        'petstore;help;auth;status' {
            break
        }
        'petstore;help;auth;token' {
            break
        }
        'petstore;help;env' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the environments, and which one is in use')
            [CompletionResult]::new('current', 'current', [CompletionResultType]::ParameterValue, 'Show the environment commands would use now')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Make an environment the default')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an environment: a name for a base URL')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change an environment''s base URL, confirmation rule or defaults')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove an environment you added, and its stored key')
            [CompletionResult]::new('confirm-writes', 'confirm-writes', [CompletionResultType]::ParameterValue, 'Turn the question before each write to an environment on or off')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run one command with petstore pinned to an environment')
            [CompletionResult]::new('shell', 'shell', [CompletionResultType]::ParameterValue, 'Start a shell with petstore pinned to an environment')
            break
        }
        'petstore;help;env;list' {
            break
        }
        'petstore;help;env;current' {
            break
        }
        'petstore;help;env;use' {
            break
        }
        'petstore;help;env;add' {
            break
        }
        'petstore;help;env;set' {
            break
        }
        'petstore;help;env;remove' {
            break
        }
        'petstore;help;env;confirm-writes' {
            break
        }
        'petstore;help;env;run' {
            break
        }
        'petstore;help;env;shell' {
            break
        }
        'petstore;help;config' {
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the config file''s path')
            break
        }
        'petstore;help;config;path' {
            break
        }
        'petstore;help;alias' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the aliases and what each runs')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Name a command line, to run it by that name')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove an alias')
            break
        }
        'petstore;help;alias;list' {
            break
        }
        'petstore;help;alias;set' {
            break
        }
        'petstore;help;alias;remove' {
            break
        }
        'petstore;help;journal' {
            [CompletionResult]::new('reconcile', 'reconcile', [CompletionResultType]::ParameterValue, 'Settle the writes of unknown outcome by looking each animal up; send nothing')
            [CompletionResult]::new('send', 'send', [CompletionResultType]::ParameterValue, 'Send the writes that never went out, once each')
            break
        }
        'petstore;help;journal;reconcile' {
            break
        }
        'petstore;help;journal;send' {
            break
        }
        'petstore;help;doctor' {
            break
        }
        'petstore;help;completions' {
            break
        }
        'petstore;help;version' {
            break
        }
        'petstore;help;schema' {
            break
        }
        'petstore;help;mcp' {
            break
        }
        'petstore;help;agent' {
            [CompletionResult]::new('setup', 'setup', [CompletionResultType]::ParameterValue, 'Register `petstore mcp` with AI assistant clients, and check that it starts')
            break
        }
        'petstore;help;agent;setup' {
            break
        }
        'petstore;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
