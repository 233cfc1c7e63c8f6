#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Layout patterns of real concurrent C code, as a user of lineup meets them.

Each pattern is a fixture of our own, NAME.c, written after a layout idea
found in real projects (DPDK's ring, Concurrency Kit, userspace-rcu,
jemalloc, the kernel), its rules files NAME.ini and NAME-*.ini, and
NAME.expect: the commands a user types and what lineup prints, exactly.
The fixture is compiled at test time with gcc and with clang, in a scratch
copy of these files, so paths in the output are the ones a user sees.

NAME.expect, line by line (blank lines are ignored):

    # text            a comment
    needs: PROG ...   programs the pattern needs (else it is skipped)
    % CMD             a shell step that must succeed: {cc} is the compiler
    xfail: REASON     the next run shows a known bug: it must not match
    $ lineup ARGS     run lineup; what it must print follows
    TEXT              a line of stdout: stdout must be exactly these lines
    2> TEXT           a line of stderr: stderr must be exactly these lines
    ~ TEXT            stdout has a line containing TEXT, in this order
                      (runs of blanks compare equal; for `lineup show`)
    ? N               the exit status; ends the run
    [gcc] LINE        LINE holds only under gcc ([clang]: only clang);
                      on a % or $ line, the whole step or run

A run with `~` lines checks those instead of the whole of stdout. {dir}
in expected text is the scratch directory. Clang records no column for a
declaration, so under clang `file.c:12:9: ` is expected as `file.c:12: `.

Two patterns are checks of the seed's bug on real kernels, whose layouts
depend on the kernel: lineup's findings for struct task_group are compared
with what pahole's offsets imply (examples/task_group_kernel/).

    run_pattern_tests.py --lineup PATH [--top DIR] [-v] PATTERN...
    run_pattern_tests.py --list

Exit status: 0 pass, 1 a run failed (or an xfail run passed), 77 skipped.
"""

import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
COMPILERS = ('gcc', 'clang')
KERNEL_BTF = '/sys/kernel/btf/vmlinux'


class Skip(Exception):
    pass


class Fail(Exception):
    pass


# ---- NAME.expect ----------------------------------------------------------

class Run:
    def __init__(self, args, line):
        self.args = args          # lineup's arguments, a shell string
        self.line = line          # where the run starts in NAME.expect
        self.stdout = []          # exact lines
        self.stderr = []
        self.contains = []        # `~` fragments
        self.exit = None
        self.xfail = None
        self.only = None          # a compiler, when [gcc] or [clang]


def parse_expect(path):
    """Steps in order: ('sh', cmd, where, compiler) and ('run', Run)."""
    steps, needs, run, xfail = [], [], None, None
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip('\n')
            if not line.strip() or line.startswith('#'):
                continue
            where = '%s:%d' % (os.path.basename(path), n)
            if run is None:
                only = None
                m = re.match(r'\[(\w+)\] ?(.*)$', line)
                if m and m.group(1) in COMPILERS:
                    only, line = m.group(1), m.group(2)
                if line.startswith('needs:'):
                    needs += line[6:].split()
                elif line.startswith('% '):
                    steps.append(('sh', line[2:], where, only))
                elif line.startswith('xfail:'):
                    xfail = line[6:].strip()
                elif line.startswith('$ lineup'):
                    run = Run(line[len('$ lineup'):].strip(), where)
                    run.xfail, xfail = xfail, None
                    run.only = only
                else:
                    raise Fail('%s: expected %%, $ lineup, needs: or '
                               'xfail: outside a run' % where)
                continue
            tag = ''
            m = re.match(r'(\[(\w+)\] ?)(.*)$', line)
            if m and m.group(2) in COMPILERS:
                tag, line = '[%s] ' % m.group(2), m.group(3)
            if line.startswith('? ') and not tag:
                if run.stdout and run.contains:
                    raise Fail('%s: the run at %s has both exact and ~ '
                               'lines' % (where, run.line))
                run.exit = int(line[2:])
                steps.append(('run', run))
                run = None
            elif line.startswith('2> '):
                run.stderr.append(tag + line[3:])
            elif line.startswith('~ '):
                run.contains.append(tag + line[2:])
            else:
                run.stdout.append(tag + line)
    if run is not None:
        raise Fail('%s: the run at %s has no "? N" line' % (path, run.line))
    return needs, steps


def for_compiler(lines, cc):
    """Keep LINES that hold under CC, their [gcc]/[clang] tags removed,
    positions without columns under clang."""
    out = []
    for line in lines:
        m = re.match(r'\[(\w+)\] ?(.*)$', line)
        if m and m.group(1) in COMPILERS:
            if m.group(1) != cc:
                continue
            line = m.group(2)
        if cc == 'clang':
            line = re.sub(r'^(\S+\.[ch]:\d+):\d+: ', r'\1: ', line)
        out.append(line)
    return out


def squeeze(s):
    return ' '.join(s.split())


def diff(expected, actual, what):
    return ''.join(difflib.unified_diff(
        [l + '\n' for l in expected], [l + '\n' for l in actual],
        'expected ' + what, 'lineup ' + what, n=2))


def compare(run, cc, rc, out, err):
    """None when lineup did what RUN says, else what differs."""
    problems = []
    out_lines = out.splitlines()
    err_lines = err.splitlines()
    if rc != run.exit:
        problems.append('exit status %d, expected %d' % (rc, run.exit))
    if run.contains:
        pos = 0
        for want in for_compiler(run.contains, cc):
            w = squeeze(want)
            while pos < len(out_lines) and w not in squeeze(out_lines[pos]):
                pos += 1
            if pos == len(out_lines):
                problems.append('no line containing %r (in order) in '
                                'stdout' % want)
                break
            pos += 1
    else:
        want = for_compiler(run.stdout, cc)
        if out_lines != want:
            problems.append(diff(want, out_lines, 'stdout'))
    want = for_compiler(run.stderr, cc)
    if err_lines != want:
        problems.append(diff(want, err_lines, 'stderr'))
    return '\n'.join(problems) or None


def run_expect(name, lineup, verbose):
    path = os.path.join(HERE, name + '.expect')
    needs, steps = parse_expect(path)
    missing = [p for p in needs if not shutil.which(p)]
    if missing:
        raise Skip('needs ' + ', '.join(missing))
    ccs = [cc for cc in COMPILERS if shutil.which(cc)]
    if not ccs:
        raise Skip('neither gcc nor clang is installed')
    failures = []
    for cc in ccs:
        with tempfile.TemporaryDirectory(prefix='lineup-pattern-') as d:
            d = os.path.realpath(d)
            for f in os.listdir(HERE):
                if f.startswith(name + '.') or f.startswith(name + '-'):
                    shutil.copy(os.path.join(HERE, f), d)
            for step in steps:
                only = step[3] if step[0] == 'sh' else step[1].only
                if only and only != cc:
                    continue
                if step[0] == 'sh':
                    cmd = step[1].replace('{cc}', cc)
                    p = subprocess.run(cmd, shell=True, cwd=d, text=True,
                                       capture_output=True, timeout=120)
                    if p.returncode:
                        raise Fail('%s [%s]: `%s` failed (exit %d):\n%s%s'
                                   % (step[2], cc, cmd, p.returncode,
                                      p.stdout, p.stderr))
                    continue
                run = step[1]
                argv = [lineup] + shlex.split(run.args)
                env = dict(os.environ, NO_COLOR='1')
                p = subprocess.run(argv, cwd=d, text=True, env=env,
                                   capture_output=True, timeout=120)
                out = p.stdout.replace(d, '{dir}')
                err = p.stderr.replace(d, '{dir}')
                problem = compare(run, cc, p.returncode, out, err)
                label = '%s [%s] $ lineup %s' % (run.line, cc, run.args)
                if verbose:
                    print('%s\n%s%s? %d' % (label, out, err, p.returncode))
                if run.xfail:
                    if problem is None:
                        failures.append('%s: XPASS: passes although marked '
                                        'xfail (%s); remove the mark'
                                        % (label, run.xfail))
                    else:
                        print('XFAIL %s: %s' % (label, run.xfail))
                elif problem:
                    failures.append('%s:\n%s' % (label, problem))
                else:
                    print('ok %s' % label)
    if failures:
        raise Fail('\n\n'.join(failures))


# ---- struct task_group on real kernels ------------------------------------

TG_RULES = os.path.join('examples', 'task_group_kernel', 'task_group.ini')


def rules_members(path):
    """{kind: [(member, ini line)]} of the [struct task_group] section."""
    kinds, section = {}, None
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = re.sub(r'(^|\s)[#;].*', '', raw).rstrip()
            m = re.match(r'\[(.*)\]$', line.strip())
            if m:
                section = m.group(1).strip()
                continue
            m = re.match(r'(write|read|cold)\s*=(.*)', line)
            if section == 'struct task_group' and m:
                kinds[m.group(1)] = [(w, n) for w in m.group(2).split()]
    return kinds


def pahole_layout(path):
    """Top-level members {name: (offset, size)}, the struct's alignment
    as pahole prints it, and the size, from `pahole -C task_group`."""
    p = subprocess.run(['pahole', '-C', 'task_group', path], text=True,
                       capture_output=True, timeout=300)
    members, align, size = {}, 0, None
    for line in p.stdout.splitlines():
        m = re.match(r'\t+[^\t/}].*?[ *](\w+)(\[\d*\])*( __attribute__'
                     r'\(\(__aligned__\(\d+\)\)\))?;\s+/\*\s+(\d+)\s+(\d+) \*/',
                     line)
        if m:
            members[m.group(1)] = (int(m.group(4)), int(m.group(5)))
        m = re.match(r'\t/\* size: (\d+),', line)
        if m:
            size = int(m.group(1))
        m = re.match(r'}\s*__attribute__\(\(__aligned__\((\d+)\)\)\)', line)
        if m:
            align = int(m.group(1))
    if size is None:
        return None
    return members, align, size


def task_group_expected(layout, kinds, rules_name, position, line_size=64):
    """The lines of `lineup check` about task_group, from pahole's layout
    (struct line-aligned), and the number of errors."""
    members, align, _ = layout
    if align < line_size:
        raise Skip('task_group is not line-aligned here (alignment %d): '
                   'the expected findings depend on the start; not '
                   'modelled' % align)
    lines = []
    # in the rules file's order: by line, then as listed
    named = sorted((n, i, name) for kind in kinds.values()
                   for i, (name, n) in enumerate(kind))
    for n, _, name in named:
        if name not in members:
            lines.append('%s:%d: note: member \'%s\' is not in struct '
                         'task_group (skipped: normal when a '
                         'configuration leaves it out)'
                         % (rules_name, n, name))
    errors = 0
    writers = [w for w, _ in kinds['write'] if w in members]
    readers = sorted((members[r][0], r) for r, _ in kinds['read']
                     if r in members)
    for w in writers:
        off, size = members[w]
        first, last = off // line_size, (off + size - 1) // line_size
        for line in range(first, last + 1):
            lo, hi = line * line_size, (line + 1) * line_size
            on = [r for o, r in readers
                  if o < hi and o + members[r][1] > lo]
            if not on:
                continue
            errors += 1
            names = ', '.join("'%s'" % r for r in on)
            lines.append("%s: error: '%s' (write) shares cache line %d "
                         "with %s (read) in struct task_group [LU001]"
                         % (position(w), w, line, names))
            for r in on:
                lines.append("%s: note: '%s' is at offset %d, line %d "
                             "(bytes %d-%d)" % (position(r), r, members[r][0],
                                                line, lo, hi - 1))
    return lines, errors


def run_task_group(lineup, top, path, verbose, dwarf):
    if not shutil.which('pahole'):
        raise Skip('pahole is not installed (it is the oracle)')
    layout = pahole_layout(path)
    if layout is None:
        raise Skip('pahole finds no struct task_group in %s' % path)
    kinds = rules_members(os.path.join(top, TG_RULES))
    p = subprocess.run([lineup, 'check', '--rules', TG_RULES, path],
                       cwd=top, text=True, capture_output=True, timeout=300,
                       env=dict(os.environ, NO_COLOR='1'))
    if verbose:
        print(p.stdout + p.stderr + '? %d' % p.returncode)
    out = p.stdout.splitlines()
    if dwarf:
        # the declarations' source positions come from the DWARF: take
        # them from lineup's own lines, check everything else
        pos = {}
        for line in out:
            m = re.match(r"(\S+:\d+:\d+): (?:error|note): '(\w+)'", line)
            if m:
                pos[m.group(2)] = m.group(1)
        position = (lambda name: pos.get(name, '?'))
    else:
        members = layout[0]
        position = (lambda name: 'struct task_group+%d' % members[name][0])
    want, errors = task_group_expected(layout, kinds, TG_RULES, position)
    # task_group's lines: those naming it and the notes under its errors
    # (other structs' kernel groups get footprint notes of their own)
    mine, kept = [], False
    for l in out:
        kept = not l.startswith('lineup: ') and (
            'task_group' in l or
            (kept and ': note: ' in l and 'kernel group' not in l))
        if kept:
            mine.append(l)
    problems = []
    if mine != want:
        problems.append(diff(want, mine, 'lines about task_group'))
    summary = [l for l in out if l.startswith('lineup: ')]
    want_summary = re.compile(r'lineup: \d+ structs? checked, %d errors?, '
                              r'0 warnings$' % errors)
    if len(summary) != 1 or not want_summary.match(summary[0]):
        problems.append('summary %r, expected %d errors' % (summary, errors))
    want_rc = 1 if errors else 0
    if p.returncode != want_rc:
        problems.append('exit status %d, expected %d' % (p.returncode,
                                                         want_rc))
    if p.stderr:
        problems.append('stderr: %r' % p.stderr)
    if problems:
        raise Fail('lineup check --rules %s %s:\n%s'
                   % (TG_RULES, path, '\n'.join(problems)))
    print('ok lineup check --rules %s %s: %d error(s), as pahole\'s '
          'offsets imply' % (TG_RULES, path, errors))
    for l in want:
        print('   ' + l)
    return 0


def task_group_btf(lineup, top, verbose):
    if not os.path.exists(KERNEL_BTF):
        raise Skip('no %s' % KERNEL_BTF)
    return run_task_group(lineup, top, KERNEL_BTF, verbose, dwarf=False)


def task_group_vmlinux(lineup, top, verbose):
    path = os.path.join(top, 'bench', 'data', 'vmlinux')
    if not os.path.exists(path):
        raise Skip('no %s (bench/fetch-vmlinux downloads one)' % path)
    return run_task_group(lineup, top, os.path.realpath(path), verbose,
                          dwarf=True)


SPECIAL = {
    'task_group_btf': task_group_btf,
    'task_group_vmlinux': task_group_vmlinux,
}


def patterns():
    names = sorted(f[:-len('.expect')] for f in os.listdir(HERE)
                   if f.endswith('.expect'))
    return names + sorted(SPECIAL)


def main():
    global TOP
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--lineup')
    ap.add_argument('--top', default=TOP)
    ap.add_argument('--list', action='store_true')
    ap.add_argument('-v', '--verbose', action='store_true')
    ap.add_argument('pattern', nargs='*')
    a = ap.parse_args()
    if a.list:
        print('\n'.join(patterns()))
        return 0
    if not a.lineup or not a.pattern:
        ap.error('--lineup and at least one pattern are required')
    lineup = os.path.realpath(a.lineup)
    TOP = os.path.realpath(a.top)
    skipped = failed = 0
    for name in a.pattern:
        try:
            if name in SPECIAL:
                SPECIAL[name](lineup, TOP, a.verbose)
            elif name in patterns():
                run_expect(name, lineup, a.verbose)
            else:
                raise Fail('no pattern %r (--list names them)' % name)
        except Skip as e:
            print('SKIP %s: %s' % (name, e))
            skipped += 1
        except Fail as e:
            print('FAIL %s:\n%s' % (name, e))
            failed += 1
    if failed:
        return 1
    return SKIP if skipped == len(a.pattern) else 0


if __name__ == '__main__':
    sys.exit(main())
