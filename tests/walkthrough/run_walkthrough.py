#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs the README's walk-through and compares it with what the README shows.

Every ```console block of the Markdown file is a step: each `$ ` line is a
command (a line ending in a backslash continues on the next), the lines
after it up to the next `$ ` line are what it prints, stdout and stderr
together, as a terminal shows them. A line that is only "..." (indented or
not) stands for any number of lines the README leaves out. An HTML comment
`<!-- walkthrough: exit N -->` right before a block gives the exit status of
the block's last command; every other command must exit 0.

The commands run with bash, one after another, in one scratch directory
holding a copy of the source tree's examples/task_group/ and include/ (the
README says to run them from the top of the source tree), with `lineup` on
PATH being the binary under test. So the README cannot drift from the tool:
a changed output, exit status or file fails here.

    run_walkthrough.py --lineup PATH [--top DIR] [--readme FILE]
                       [--require WORD]... [--copy DIR]...
                       [--expect-failures N] [-v]

--copy DIR: another directory of the source tree the page's commands use
(tests/suggest/fixtures for doc/suggest.md), copied to the same place.

--require: a command that must appear among the steps (the walk-through
cannot vanish unnoticed). --expect-failures N: pass only when exactly N
commands fail, to prove on a drifted fixture that the runner notices.
Exit status: 0 pass, 1 a step failed, 2 bad usage or README.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MARK = re.compile(r'<!--\s*walkthrough:\s*exit\s+(\d+)\s*-->')
ELIDED = '...'


def steps_of(markdown):
    """The console blocks as lists of [command, expected lines, exit]."""
    blocks, exit_mark, block = [], None, None
    for text in markdown.splitlines():
        if block is None:
            m = MARK.search(text)
            if m:
                exit_mark = int(m.group(1))
            elif text.strip() == '```console':
                block = []
            elif text.strip():
                exit_mark = None
            continue
        if text.strip() != '```':
            block.append(text)
            continue
        blocks.append(parse_block(block, exit_mark or 0))
        block, exit_mark = None, None
    if block is not None:
        raise ValueError('a ```console block is not closed')
    return blocks


def parse_block(lines, last_exit):
    cmds = []
    i = 0
    while i < len(lines):
        if not lines[i].startswith('$ '):
            raise ValueError('output before any command: %r' % lines[i])
        cmd = lines[i][2:]
        while cmd.endswith('\\') and i + 1 < len(lines):
            i += 1
            cmd = cmd[:-1] + ' ' + lines[i].strip()
        i += 1
        out = []
        while i < len(lines) and not lines[i].startswith('$ '):
            out.append(lines[i].rstrip())
            i += 1
        cmds.append([cmd, out, 0])
    if not cmds:
        raise ValueError('an empty ```console block')
    cmds[-1][2] = last_exit
    return cmds


def matches(want, got):
    """Whether got's lines are want's, each "..." standing for any lines."""
    # memo[i][j]: want[i:] matches got[j:]
    memo = {}

    def m(i, j):
        if (i, j) in memo:
            return memo[i, j]
        if i == len(want):
            r = j == len(got)
        elif want[i].strip() == ELIDED:
            r = m(i + 1, j) or (j < len(got) and m(i, j + 1))
        else:
            r = j < len(got) and want[i] == got[j] and m(i + 1, j + 1)
        memo[i, j] = r
        return r

    sys.setrecursionlimit(max(1000, 4 * (len(want) + len(got)) + 100))
    return m(0, 0)


def first_difference(want, got):
    for n, (w, g) in enumerate(zip(want, got)):
        if w.strip() == ELIDED:
            return 'differs after line %d ("..." elides the rest)' % n
        if w != g:
            return 'line %d: README %r, got %r' % (n + 1, w, g)
    return 'README shows %d lines, got %d' % (len(want), len(got))


def setup(top, work, lineup, extra=()):
    for d in (os.path.join('examples', 'task_group'), 'include', *extra):
        shutil.copytree(os.path.join(top, d), os.path.join(work, d))
    bindir = os.path.join(work, '.bin')
    os.mkdir(bindir)
    os.symlink(os.path.abspath(lineup), os.path.join(bindir, 'lineup'))
    env = dict(os.environ, LC_ALL='C')
    env['PATH'] = bindir + os.pathsep + env.get('PATH', '')
    return env


def run(cmd, want, exit, work, env, verbose):
    p = subprocess.run(['bash', '-c', cmd], cwd=work, env=env,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=300)
    got = [line.rstrip() for line in
           p.stdout.decode('utf-8', 'replace').splitlines()]
    problems = []
    if p.returncode != exit:
        problems.append('exit %d, README says %d' % (p.returncode, exit))
    if not matches(want, got):
        problems.append(first_difference(want, got))
    if problems or verbose:
        print('--- %s\n$ %s\n%s' % ('FAIL' if problems else 'ok', cmd,
                                     '\n'.join(got)))
        for pr in problems:
            print('  ' + pr)
    return not problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--top', default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument('--readme')
    ap.add_argument('--require', action='append', default=[])
    ap.add_argument('--expect-failures', type=int, default=0)
    ap.add_argument('--copy', action='append', default=[],
                    help='another directory of the source tree the page '
                         'uses, copied to the same place')
    ap.add_argument('-v', action='store_true')
    a = ap.parse_args()
    top = os.path.abspath(a.top)
    readme = a.readme or os.path.join(top, 'README.md')
    try:
        with open(readme, encoding='utf-8') as f:
            blocks = steps_of(f.read())
    except (OSError, ValueError) as e:
        print('walkthrough: failed to read %s: %s' % (readme, e),
              file=sys.stderr)
        return 2
    cmds = [c for b in blocks for c in b]
    missing = [w for w in a.require
               if not any(c[0].startswith(w) for c in cmds)]
    if missing:
        print('walkthrough: %s has no step running %s' %
              (readme, ', '.join(missing)))
        return 1
    failed = 0
    with tempfile.TemporaryDirectory(prefix='lineup-walkthrough-') as work:
        env = setup(top, work, a.lineup, a.copy)
        for cmd, want, exit in cmds:
            failed += not run(cmd, want, exit, work, env, a.v)
    print('walkthrough: %d commands, %d failed' % (len(cmds), failed))
    if a.expect_failures:
        return 0 if failed == a.expect_failures else 1
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
