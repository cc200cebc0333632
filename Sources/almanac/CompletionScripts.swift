import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacText

/// The completion scripts for bash, zsh and fish (`almanac --generate-completion-script SHELL`, and
/// what `make install` puts in the shells' folders). Each only passes the words typed to
/// `almanac __complete` and shows its answer (see `Completion.lines`), so every shell completes the
/// same commands, options and values, and the values come from the database given by `--db` (else
/// `$ALMANAC_DB`) when it exists.
enum CompletionScripts {
    /// The shells there is a script for.
    static let shells = ["bash", "zsh", "fish"]

    /// The script for a shell, or a usage error naming the shells.
    static func script(for shell: String?) throws -> String {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default:
            throw AlmanacError(
                .usage, "cli.error.bad-shell", ["shell": shell ?? "", "shells": shells.joined(separator: ", ")])
        }
    }

    static let bash = #"""
        # bash completion for almanac: `make install` puts it where bash-completion finds it; or add
        # `source <(almanac --generate-completion-script bash)` to ~/.bashrc.
        # Takes off the quotes and backslashes of a word as the shell would, without running it.
        _almanac_dequote() {
            local in=$1 out= quote= c i
            for ((i = 0; i < ${#in}; i++)); do
                c=${in:i:1}
                if [[ $quote == "'" ]]; then
                    if [[ $c == "'" ]]; then quote=; else out+=$c; fi
                elif [[ $c == '\' ]] && [[ -z $quote || ${in:i+1:1} == [\"\\\$\`] ]]; then
                    i=$((i + 1))
                    out+=${in:i:1}
                elif [[ $c == '"' ]]; then
                    if [[ $quote ]]; then quote=; else quote='"'; fi
                elif [[ $c == "'" && -z $quote ]]; then
                    quote="'"
                else
                    out+=$c
                fi
            done
            REPLY=$out
        }
        _almanac() {
            # Join again what bash split at = and : (COMP_WORDBREAKS): --set key=value is one word.
            local line=${COMP_LINE:0:COMP_POINT} offset=0 i word rest trimmed spaced REPLY
            local -a words=()
            for ((i = 0; i <= COMP_CWORD; i++)); do
                word=${COMP_WORDS[i]}
                rest=${line:offset}
                trimmed=${rest#"${rest%%[![:space:]]*}"}
                spaced=$((${#rest} - ${#trimmed}))
                offset=$((offset + spaced + ${#word}))
                if ((i > 1 && spaced == 0)); then
                    words[${#words[@]} - 1]+=$word
                elif ((i > 0)); then
                    words+=("$word")
                fi
            done
            # The words before the current one as the command will get them: bash hands them over
            # quoted as typed (--db "my db.db", 'my db.db', my\ db.db).
            for ((i = 0; i < ${#words[@]} - 1; i++)); do
                _almanac_dequote "${words[i]}"
                words[i]=$REPLY
            done
            # Readline replaces only what follows the word's last = or :, so when the word ends in
            # one (bash's current word is then the separator itself), nothing of it is replaced.
            local cur=${COMP_WORDS[COMP_CWORD]}
            [[ -z ${cur//[=:]/} ]] && cur=
            local before=${words[${#words[@]} - 1]%"$cur"}
            local -a lines
            mapfile -t lines < <("${COMP_WORDS[0]}" __complete -- "${words[@]}" 2>/dev/null)
            COMPREPLY=()
            local candidate
            for candidate in "${lines[@]:1}"; do
                candidate=${candidate%%$'\t'*}
                [[ $candidate == "$before"* ]] || continue
                candidate=${candidate#"$before"}
                [[ $candidate == *= ]] && compopt -o nospace 2>/dev/null
                [[ $candidate == *[[:space:]\'\"\\\$\`\(\)\{\}\&\;\|\<\>\*\?\[\]\!\#\~]* ]] && printf -v candidate '%q' "$candidate"
                COMPREPLY+=("$candidate")
            done
            case ${lines[0]} in
                :files) compopt -o filenames 2>/dev/null; mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- "$cur") ;;
                :directories) compopt -o filenames 2>/dev/null; mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -d -- "$cur") ;;
            esac
        }
        complete -F _almanac almanac

        """#

    static let zsh = #"""
        #compdef almanac
        # zsh completion for almanac: `make install` puts it in site-functions; or add
        # `source <(almanac --generate-completion-script zsh)` to ~/.zshrc after compinit.
        compdef _almanac almanac

        _almanac() {
            local -a lines described plain assigned
            local line value
            lines=("${(@f)$(${words[1]} __complete -- "${(@Q)words[2,CURRENT]}" 2>/dev/null)}")
            for line in "${(@)lines[2,-1]}"; do
                [[ -z $line ]] && continue
                if [[ $line == *$'\t'* ]]; then
                    value=${line%%$'\t'*}
                    described+=("${value//:/\\:}:${line#*$'\t'}")
                elif [[ $line == *= ]]; then
                    assigned+=("$line")
                else
                    plain+=("$line")
                fi
            done
            (( ${#described} )) && _describe -t values almanac described
            (( ${#plain} )) && compadd -a plain
            (( ${#assigned} )) && compadd -S '' -a assigned
            case ${lines[1]} in
                :files) compset -P '*='; _files ;;
                :directories) compset -P '*='; _files -/ ;;
            esac
            return 0
        }

        if [[ $funcstack[1] == _almanac ]]; then
            _almanac "$@"
        fi

        """#

    static let fish = #"""
        # fish completion for almanac: `make install` puts it in vendor_completions.d; or run
        # `almanac --generate-completion-script fish | source`.
        function __almanac_complete
            set -l tokens (commandline -opc)
            set -l current (commandline -ct)
            set -l lines ($tokens[1] __complete -- $tokens[2..-1] $current 2>/dev/null)
            test (count $lines) -gt 0; or return
            for line in $lines[2..-1]
                echo $line
            end
            set -l before (string replace -r '^(--[^=]*=)?.*$' '$1' -- $current)
            set -l value (string replace -r '^--[^=]*=' '' -- $current)
            switch $lines[1]
                case :files
                    for path in (__fish_complete_path $value)
                        echo $before$path
                    end
                case :directories
                    for path in (__fish_complete_directories $value)
                        echo $before$path
                    end
            end
        end
        complete -c almanac -f -a '(__almanac_complete)'

        """#
}
