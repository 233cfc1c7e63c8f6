#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes lineup's bash, zsh and fish completions from its own --help.

The commands come from `lineup --help`, each command's options (and the
formats it writes) from `lineup CMD --help`, so the completions cannot
offer an option a command does not take, or miss one it gained. What an
option's argument completes to follows its placeholder: NAME struct names
(read from the first file on the line with `lineup show`, when that file
is small enough to be cheap), FILE.* file names, WHEN/STYLE/WHAT their
words, a number nothing. A command whose usage ends in `-- PROGRAM [ARGS]`
(trace) completes, after `--`, the program's name and then the
program's own words, never lineup's options.

    gen_completions.py LINEUP bash|zsh|fish OUTPUT
"""
import re
import subprocess
import sys

OPTION = re.compile(r'^  (?:(-\w), )?(?:(-\w), )?(--[\w-]+)(?: (\S+))?'
                    r'(?: +(.*))?$')
WORDS = {'WHEN': ['auto', 'always', 'never'],
         'STYLE': ['lineup', 'kernel'],
         'WHAT': ['size', 'moves', 'size,moves']}
# a struct list for --struct, read only from files below this size
CHEAP = 64 << 20


def helps(lineup):
    def run(*args):
        return subprocess.run([lineup, *args], capture_output=True,
                              text=True, check=True).stdout

    commands = {}
    top = run('--help')
    for line in top.split('commands:\n', 1)[1].splitlines():
        m = re.match(r'^  lineup (\w[\w-]*)', line)
        if m:
            commands[m.group(1)] = parse_command(run(m.group(1), '--help'))
    return commands


def parse_command(text):
    lines = text.splitlines()
    # the first sentence of the paragraph after the usage line
    para = ' '.join(lines[2:lines.index('', 2)] if '' in lines[2:]
                    else lines[2:])
    about = re.split(r'[.:](?: |$)', para, maxsplit=1)[0]
    options, last = [], None
    for line in lines:
        m = OPTION.match(line)
        if m:
            shorts = [s for s in m.group(1, 2) if s]
            last = {'shorts': shorts, 'long': m.group(3),
                    'arg': m.group(4), 'help': m.group(5) or ''}
            options.append(last)
        elif last and line.startswith(' ' * 27) and not last['help']:
            last['help'] = line.strip()
    # `trace [OPTIONS] -- PROGRAM [ARGS]`: what follows -- is a program's
    return {'about': about, 'options': options,
            'program': '-- PROGRAM' in lines[0]}


def arg_kind(arg):
    """struct, file, number, or a list of words."""
    if arg is None:
        return None
    if arg.startswith('NAME'):
        return 'struct'
    if arg.startswith('FILE'):
        return 'file'
    if '|' in arg:
        return arg.split('|')
    return WORDS.get(arg, 'number')


def short_help(text):
    """The help's first clause, without what each shell's syntax means."""
    text = re.split(r'[;(]', text)[0].strip()
    return re.sub(r"[\[\]:'\"`$\\]", '', text)


def bash(commands):
    out = ['# bash completion for lineup: generated from lineup --help by',
           '# completions/gen_completions.py',
           '_lineup_structs()',
           '{',
           '\t# the struct names of the first file on the line, when cheap',
           '\tlocal w size',
           '\tfor w in "${COMP_WORDS[@]:2}"; do',
           '\t\t[[ $w != -* && -f $w ]] || continue',
           '\t\tsize=$(stat -c %s -- "$w" 2>/dev/null) || return',
           f'\t\t(( size < {CHEAP} )) || return',
           '\t\t"${COMP_WORDS[0]}" show -- "$w" 2>/dev/null |',
           "\t\t\tsed -n 's/^\\(struct\\|union\\) \\([A-Za-z_][A-Za-z_0-9]*\\)"
           " {.*/\\2/p'",
           '\t\treturn',
           '\tdone',
           '}',
           '',
           '_lineup()',
           '{',
           '\tlocal cur=${COMP_WORDS[COMP_CWORD]} '
           'prev=${COMP_WORDS[COMP_CWORD-1]}',
           '\tCOMPREPLY=()',
           '\tif (( COMP_CWORD == 1 )); then',
           '\t\tCOMPREPLY=($(compgen -W "%s help --help --version" -- '
           '"$cur"))' % ' '.join(commands),
           '\t\treturn',
           '\tfi',
           '\tlocal opts=',
           '\tcase ${COMP_WORDS[1]} in',
           '\thelp)',
           '\t\t(( COMP_CWORD == 2 )) &&',
           '\t\t\tCOMPREPLY=($(compgen -W "%s" -- "$cur"))'
           % ' '.join(commands),
           '\t\treturn ;;']
    for name, c in commands.items():
        out.append(f'\t{name})')
        if c['program']:
            out += ['\t\tlocal i',
                    '\t\tfor (( i = 2; i < COMP_CWORD; i++ )); do',
                    '\t\t\t[[ ${COMP_WORDS[i]} == -- ]] || continue',
                    '\t\t\t# the program, then its own words',
                    '\t\t\tif (( i + 1 == COMP_CWORD )); then',
                    '\t\t\t\tCOMPREPLY=($(compgen -c -- "$cur"))',
                    '\t\t\telif declare -F _command_offset >/dev/null; '
                    'then',
                    '\t\t\t\t_command_offset $(( i + 1 ))',
                    '\t\t\telse',
                    '\t\t\t\tCOMPREPLY=($(compgen -f -- "$cur"))',
                    '\t\t\tfi',
                    '\t\t\treturn',
                    '\t\tdone']
        cases = {}
        for o in c['options']:
            kind = arg_kind(o['arg'])
            if kind is None:
                continue
            if kind == 'struct':
                action = 'COMPREPLY=($(compgen -W "$(_lineup_structs)" ' \
                         '-- "$cur")); return'
            elif kind == 'file':
                action = 'COMPREPLY=($(compgen -f -- "$cur")); return'
            elif kind == 'number':
                action = 'return'
            else:
                action = 'COMPREPLY=($(compgen -W "%s" -- "$cur")); ' \
                         'return' % ' '.join(kind)
            cases.setdefault(action, []).extend(o['shorts'] + [o['long']])
        if cases:
            out.append('\t\tcase $prev in')
            for action, spellings in cases.items():
                out.append(f"\t\t{'|'.join(spellings)}) {action} ;;")
            out.append('\t\tesac')
        words = [s for o in c['options'] for s in o['shorts'] + [o['long']]]
        out.append(f'\t\topts="{" ".join(words)}" ;;')
    out += ['\t*) return ;;',
            '\tesac',
            '\tif [[ $cur == -* ]]; then',
            '\t\tCOMPREPLY=($(compgen -W "$opts" -- "$cur"))',
            '\telse',
            '\t\tCOMPREPLY=($(compgen -f -- "$cur"))',
            '\tfi',
            '}',
            'complete -o filenames -F _lineup lineup',
            '']
    return '\n'.join(out)


def zsh(commands):
    out = ['#compdef lineup',
           '# zsh completion for lineup: generated from lineup --help by',
           '# completions/gen_completions.py',
           '',
           '_lineup_structs() {',
           '\t# the struct names of the first file on the line, when cheap',
           '\tlocal w',
           '\tlocal -a names',
           '\tfor w in ${words[2,-1]}; do',
           '\t\t[[ $w != -* && -f $w ]] || continue',
           f'\t\t[[ -n $w(#qL-{CHEAP}) ]] || return 1',
           '\t\tnames=(${(f)"$(lineup show -- $w 2>/dev/null |',
           "\t\t\tsed -n 's/^\\(struct\\|union\\) \\([A-Za-z_][A-Za-z_0-9]*\\)"
           " {.*/\\2/p')\"})",
           "\t\t_describe -t structs 'struct' names",
           '\t\treturn',
           '\tdone',
           '\treturn 1',
           '}',
           '',
           '_lineup() {',
           '\tlocal -a cmds',
           '\tcmds=(']
    for name, c in commands.items():
        out.append(f"\t\t'{name}:{short_help(c['about'])}'")
    out += ["\t\t'help:the help of a command'",
            '\t)',
            '\tif (( CURRENT == 2 )); then',
            "\t\t_describe -t commands 'lineup command' cmds",
            "\t\t_arguments '--version[print the version]' "
            "'--help[list the commands]'",
            '\t\treturn',
            '\tfi',
            '\tlocal cmd=$words[2]',
            '\tshift words',
            '\t(( CURRENT-- ))',
            '\tcase $cmd in',
            "\thelp) (( CURRENT == 2 )) && _describe -t commands "
            "'lineup command' cmds ;;"]
    for name, c in commands.items():
        specs = []
        for o in c['options']:
            kind = arg_kind(o['arg'])
            what = short_help(o['help'])
            if kind is None:
                action = ''
            elif kind == 'struct':
                action = ':struct:_lineup_structs'
            elif kind == 'file':
                action = ':file:_files'
            elif kind == 'number':
                action = f":{o['arg'].lower()}: "
            else:
                action = f":{o['arg'].lower()}:({' '.join(kind)})"
            names = o['shorts'] + [o['long']]
            repeat = '*' if 'repeatable' in o['help'] else ''
            if len(names) == 1:
                specs.append(f"'{repeat}{names[0]}[{what}]{action}'")
            else:
                excl = repeat or f"({' '.join(names)})"
                specs.append(f"'{excl}'{{{','.join(names)}}}"
                             f"'[{what}]{action}'")
        if c['program']:
            # after --, the program and its words, as `exec` completes
            specs.append("'(-)--[the program to run]'")
            specs.append("'*::program:_normal'")
        else:
            specs.append("'*:file:_files'")
        out.append(f'\t{name})')
        out.append('\t\t_arguments -s \\')
        out.append(' \\\n'.join('\t\t\t' + s for s in specs) + ' ;;')
    out += ['\tesac',
            '}',
            '',
            '_lineup "$@"',
            '']
    return '\n'.join(out)


def fish(commands):
    out = ['# fish completion for lineup: generated from lineup --help by',
           '# completions/gen_completions.py',
           'function __lineup_structs',
           '\t# the struct names of the first file on the line, when cheap',
           '\tfor w in (commandline -opc)[3..-1]',
           "\t\tif string match -q -- '-*' $w; or not test -f $w",
           '\t\t\tcontinue',
           '\t\tend',
           f'\t\ttest (stat -c %s -- $w) -lt {CHEAP}; or return',
           '\t\tlineup show -- $w 2>/dev/null | string replace -rf '
           "'^(?:struct|union) ([A-Za-z_][A-Za-z_0-9]*) \\{.*' '$1'",
           '\t\treturn',
           '\tend',
           'end',
           '',
           'function __lineup_program',
           "\t# after trace's --: the program, then its own words",
           '\tset -l words (commandline -opc)',
           '\tset -l i (contains -i -- -- $words)',
           '\tif test $i -eq (count $words)',
           '\t\t__fish_complete_command',
           '\telse',
           '\t\t__fish_complete_subcommand --commandline '
           '$words[(math $i + 1)..-1] (commandline -ct)',
           '\tend',
           'end',
           '',
           'complete -c lineup -f',
           "complete -c lineup -n __fish_use_subcommand -l version "
           "-d 'print the version'",
           "complete -c lineup -n __fish_use_subcommand -a help "
           "-d 'the help of a command'",
           "complete -c lineup -n '__fish_seen_subcommand_from help' "
           "-a '%s'" % ' '.join(commands)]
    for name, c in commands.items():
        cond = f"-n '__fish_seen_subcommand_from {name}'"
        if c['program']:
            # after --, the program and its own words, never lineup's
            after = "contains -- -- (commandline -opc)"
            cond = (f"-n '__fish_seen_subcommand_from {name}; "
                    f"and not {after}'")
            out.append(f"complete -c lineup -n '__fish_seen_subcommand_from "
                       f"{name}; and {after}' -x -a '(__lineup_program)'")
        out.append(f"complete -c lineup -n __fish_use_subcommand -a {name} "
                   f"-d '{short_help(c['about'])}'")
        out.append(f"complete -c lineup {cond} -F")
        for o in c['options']:
            kind = arg_kind(o['arg'])
            flags = ''.join(f" -s {s[1:]}" for s in o['shorts']) + \
                f" -l {o['long'][2:]}"
            if kind == 'struct':
                flags += " -x -a '(__lineup_structs)'"
            elif kind == 'file':
                flags += ' -r -F'
            elif kind == 'number':
                flags += ' -x'
            elif kind:
                flags += f" -x -a '{' '.join(kind)}'"
            out.append(f"complete -c lineup {cond}{flags} "
                       f"-d '{short_help(o['help'])}'")
    out.append('')
    return '\n'.join(out)


def main():
    lineup, shell, output = sys.argv[1:4]
    text = {'bash': bash, 'zsh': zsh, 'fish': fish}[shell](helps(lineup))
    with open(output, 'w') as f:
        f.write(text)


if __name__ == '__main__':
    main()
