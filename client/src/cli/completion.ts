// `steuerbote completion bash|zsh|fish`: the shell's completion script, written from the command's own
// lists of commands, options and forms, so it never falls behind them.
import { UsageError } from './usage-error.ts';

export interface Vocabulary {
  /** Each command and what it does, in one line. */
  commands: Readonly<Record<string, string>>;
  /** Each option, `--long`, with its one-letter form and whether it takes a value. */
  options: readonly { name: string; short?: string; takesValue: boolean }[];
  /** The words after a command's name: forms after submit, actions after certificates, … */
  firstWords: Readonly<Record<string, readonly string[]>>;
  /** The values an option takes, when they are few and known (`--kind`, `--status`). */
  values: Readonly<Record<string, readonly string[]>>;
  /** Options whose value is a file or folder. */
  paths: readonly string[];
}

export const shells = ['bash', 'zsh', 'fish'] as const;

const words = (list: readonly string[]) => list.join(' ');
const flagsOf = ({ options }: Vocabulary) => options.flatMap(({ name, short }) => [`--${name}`, ...(short ? [`-${short}`] : [])]);
const pathFlags = (vocabulary: Vocabulary) =>
  vocabulary.options.filter(({ name }) => vocabulary.paths.includes(name)).flatMap(({ name, short }) => [`--${name}`, ...(short ? [`-${short}`] : [])]);

function bash(vocabulary: Vocabulary): string {
  const valueCases = Object.entries(vocabulary.values).map(
    ([option, list]) => `    --${option}) COMPREPLY=($(compgen -W "${words(list)}" -- "$cur")); return ;;`,
  );
  const firstCases = Object.entries(vocabulary.firstWords).map(
    ([command, list]) => `    ${command}) if [[ $COMP_CWORD -eq 2 ]]; then COMPREPLY=($(compgen -W "${words(list)}" -- "$cur")); fi ;;`,
  );
  return `# steuerbote completion for bash: add to ~/.bashrc
#   eval "$(steuerbote completion bash)"
_steuerbote() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()
  case "$prev" in
${valueCases.join('\n')}
    ${pathFlags(vocabulary).join('|')}) return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "${words(flagsOf(vocabulary))}" -- "$cur"))
    return
  fi
  if [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W "${words(Object.keys(vocabulary.commands))}" -- "$cur"))
    return
  fi
  case "\${COMP_WORDS[1]}" in
${firstCases.join('\n')}
  esac
}
# Where nothing is offered, file names are (the JSON bodies, a .pfx, a folder for --out).
complete -o default -F _steuerbote steuerbote
`;
}

const zshQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

function zsh(vocabulary: Vocabulary): string {
  const commands = Object.entries(vocabulary.commands).map(([name, what]) => `    ${zshQuoted(`${name}:${what.replaceAll(':', '\\:')}`)}`);
  const valueCases = Object.entries(vocabulary.values).map(([option, list]) => `    --${option}) compadd -- ${words(list)}; return ;;`);
  const firstCases = Object.entries(vocabulary.firstWords).map(
    ([command, list]) => `    ${command}) if (( CURRENT == 3 )); then compadd -- ${words(list)}; else _files; fi ;;`,
  );
  return `#compdef steuerbote
# steuerbote completion for zsh: add to ~/.zshrc (after compinit)
#   eval "$(steuerbote completion zsh)"
# or save it as _steuerbote in a folder of $fpath.
_steuerbote() {
  local -a commands
  commands=(
${commands.join('\n')}
  )
  case "$words[CURRENT-1]" in
${valueCases.join('\n')}
    ${pathFlags(vocabulary).join('|')}) _files; return ;;
  esac
  if [[ "$PREFIX" == -* ]]; then
    compadd -- ${words(flagsOf(vocabulary))}
    return
  fi
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "$words[2]" in
${firstCases.join('\n')}
    *) _files ;;
  esac
}
if [ "$funcstack[1]" = "_steuerbote" ]; then
  _steuerbote "$@"
else
  compdef _steuerbote steuerbote
fi
`;
}

const fishQuoted = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

function fish(vocabulary: Vocabulary): string {
  const lines = [
    '# steuerbote completion for fish: save as ~/.config/fish/completions/steuerbote.fish',
    '#   steuerbote completion fish > ~/.config/fish/completions/steuerbote.fish',
    'complete -c steuerbote -f',
    ...Object.entries(vocabulary.commands).map(([name, what]) => `complete -c steuerbote -n __fish_use_subcommand -a ${name} -d ${fishQuoted(what)}`),
    ...Object.entries(vocabulary.firstWords).map(
      ([command, list]) =>
        `complete -c steuerbote -n '__fish_seen_subcommand_from ${command}; and test (count (commandline -opc)) -eq 2' -a ${fishQuoted(words(list))}`,
    ),
    "complete -c steuerbote -n '__fish_seen_subcommand_from submit validate certificates protocol; and test (count (commandline -opc)) -gt 2' -F",
    ...vocabulary.options.map(({ name, short, takesValue }) => {
      const values = vocabulary.values[name];
      const argument = vocabulary.paths.includes(name) ? ' -r -F' : values ? ` -x -a ${fishQuoted(words(values))}` : takesValue ? ' -x' : '';
      return `complete -c steuerbote -l ${name}${short ? ` -s ${short}` : ''}${argument}`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}

export function completion(shell: string | undefined, vocabulary: Vocabulary): string {
  if (shell === 'bash') return bash(vocabulary);
  if (shell === 'zsh') return zsh(vocabulary);
  if (shell === 'fish') return fish(vocabulary);
  throw new UsageError(`completion takes ${shells.join(', ')}${shell ? `, not ${JSON.stringify(shell)}` : ''}: e.g. eval "$(steuerbote completion bash)"`);
}
