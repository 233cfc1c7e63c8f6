#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every diff suggest prints applies (issue 20).

Over every fixture in fixtures/ (each [struct] of its rules file) and the
sources below that broke it, in a copy of the tree: suggest's JSON, then
for each proposal's diff `patch --dry-run -p1` (the header's a/ b/ paths),
`patch -p1`, a compile of the patched source, and `lineup check --rules`,
which must pass when the proposal says it has no findings. A source that
cannot be diffed safely must get no diff, and the text says why in one
line starting "no diff: ".

    diff_apply.py LINEUP TOP [-v]

Exit status: 0 pass, 1 a case failed.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, 'fixtures')
DEFINES = {'srcdiff': ['CONFIG_STATS', 'CONFIG_STATS_HIST']}
TINY_RULES = '[struct tiny]\nwrite = w\nread = r\n'
TINY = 'struct tiny {\n\tlong w;\n\tlong r;\n};'

# name: (source as compiled, source afterwards or None, rules, diff wanted,
# the "no diff:" reason's words when none). All but end-of-file broke on
# main at 0b69f98.
CASES = {
    # the struct last, its "};" without a newline: the hunk's context (the
    # braces' lines, since issue 20) must say so, as diff(1) does
    'end-of-file': ('struct tiny t;\n' + TINY, None, TINY_RULES, True, None),
    # a member on the closing brace's line: the diff re-added it, and the
    # patched struct had it twice
    'brace-line': ('struct tiny t;\nstruct tiny {\n\tlong w;\n\tlong r; };',
                   None, TINY_RULES, False, 'closing brace'),
    # built, then another struct inserted above: the decl_lines point at
    # it, and the diff (which applied) replaced its lines
    'stale': (TINY + '\nstruct tiny t;\n',
              'struct other {\n\tint x;\n\tint y;\n\tint z;\n};\n' + TINY +
              '\nstruct tiny t;\nstruct other o;\n', TINY_RULES, False,
              'source changed since it was compiled'),
    # DW_AT_decl_file names a configuration file (#line): it was quoted
    # into the diff, and patch would edit it
    'foreign-file': ('#line 3 "settings.conf"\n' + TINY + '\nstruct tiny t;\n',
                     None, TINY_RULES, False, 'does not declare struct tiny'),
    # markers and order as the rules want: reorder changes no line, and
    # its hunk of context only was a malformed patch
    'unchanged': ('#include <lineup.h>\nstruct tiny {\n'
                  '\tLINEUP_BEGIN(write, hot);\n\tlong w;\n'
                  '\tLINEUP_END(write, hot);\n\tchar pad[64];\n'
                  '\tLINEUP_BEGIN(read, rd);\n\tlong r;\n'
                  '\tLINEUP_END(read, rd);\n};\nstruct tiny t;\n', None,
                  '[struct tiny]\nalign = 64\n', True,
                  'keeps every line of the source'),
}
SETTINGS = 'name = x\nmode = 1\nsection {\n\tlong w;\n\tlong r;\n}\nend\n'


class Failed(Exception):
    pass


def run(args, cwd, check=None, data=None):
    p = subprocess.run(args, cwd=cwd, input=data, capture_output=True,
                       text=True, timeout=300)
    if check is not None and p.returncode not in check:
        raise Failed('%s: exit %d\n%s%s' % (' '.join(args), p.returncode,
                                            p.stdout, p.stderr))
    return p


def compile_(tree, src, obj, defs, patched=False):
    # a diff that adds markers adds no #include <lineup.h>: the patched
    # source gets it as a user's build would (the header is guarded)
    run(['gcc', '-c', '-g', '-Iinclude'] + ['-D' + d for d in defs] +
        (['-include', 'lineup.h'] if patched else []) +
        [src, '-o', obj], tree, check=(0,))


def structs_of(ini_text):
    return re.findall(r'^\[struct ([^\]]+)\]', ini_text, re.M)


def prove(lineup, tree, src, ini, defs, name, want_diff, why, verbose):
    """suggest on SRC's object in TREE, every diff applied and checked;
    returns how many diffs were proven. WANT_DIFF: some proposal that
    was found has one; False: none has; None: either."""
    obj = os.path.join(tree, 'in.o')
    args = [lineup, 'suggest', '--struct', name, '--rules', ini, obj]
    doc = json.loads(run(args[:2] + ['--format', 'json'] + args[2:], tree,
                         check=(0, 1)).stdout)
    diffs = [(p['kind'], p['diff'], p['findings'])
             for p in doc['proposals'] if p['found'] and p['diff']]
    if want_diff is False and diffs:
        raise Failed('%s: a diff of a source it cannot diff safely:\n%s' %
                     (name, diffs[0][1]))
    if want_diff and not diffs and any(p['found'] for p in doc['proposals']):
        raise Failed('%s: no diff' % name)
    for kind, diff, findings in diffs:
        pd = tempfile.mkdtemp(dir=os.path.dirname(tree), prefix='patched')
        shutil.copytree(tree, pd, dirs_exist_ok=True)
        for extra in (['--dry-run'], []):
            p = run(['patch', '-s', '-p1'] + extra, pd, data=diff)
            if p.returncode:
                raise Failed('%s %s: patch %s failed: %s%s\n%s' % (
                    name, kind, ' '.join(extra), p.stdout, p.stderr, diff))
        compile_(pd, os.path.relpath(src, tree), 'patched.o', defs, True)
        # only this struct: another in the fixture may fail on purpose
        p = run([lineup, 'check', '--struct', name, '--rules', ini,
                 'patched.o'], pd)
        if p.returncode != (0 if findings == 0 else p.returncode) or \
                p.returncode not in (0, 1):
            raise Failed('%s %s: check on the patched source: exit %d\n%s' %
                         (name, kind, p.returncode, p.stdout))
        if verbose:
            print('  %s %s: applied, built, checked' % (name, kind))
        shutil.rmtree(pd)
    if want_diff is False or why:
        text = run(args, tree, check=(0, 1)).stdout
        notes = [line for line in text.splitlines()
                 if line.startswith('no diff: ')]
        if not notes or any(why not in n for n in notes):
            raise Failed('%s: no "no diff: ...%s" line:\n%s' %
                         (name, why, text))
    return len(diffs)


def fixture_case(lineup, top, tmp, base, verbose):
    tree = os.path.join(tmp, base, 'tree')
    fdir = os.path.join(tree, 'tests', 'suggest', 'fixtures')
    shutil.copytree(os.path.join(top, 'include'),
                    os.path.join(tree, 'include'))
    os.makedirs(fdir)
    for ext in ('.c', '.ini'):
        shutil.copy(os.path.join(FIXTURES, base + ext), fdir)
    src = os.path.join(fdir, base + '.c')
    ini = os.path.join(fdir, base + '.ini')
    defs = DEFINES.get(base, [])
    # relative, as a build names it: the diff's paths are the tree's
    compile_(tree, os.path.relpath(src, tree), 'in.o', defs)
    return sum(prove(lineup, tree, src, ini, defs, name, None, None, verbose)
               for name in structs_of(open(ini).read()))


def crafted_case(lineup, top, tmp, name, verbose):
    before, after, rules, want_diff, why = CASES[name]
    tree = os.path.join(tmp, name, 'tree')
    shutil.copytree(os.path.join(top, 'include'),
                    os.path.join(tree, 'include'))
    src = os.path.join(tree, 's.c')
    open(src, 'w').write(before)
    open(os.path.join(tree, 'settings.conf'), 'w').write(SETTINGS)
    ini = os.path.join(tree, 'r.ini')
    open(ini, 'w').write(rules)
    compile_(tree, 's.c', 'in.o', [])
    if after is not None:
        open(src, 'w').write(after)
    n = prove(lineup, tree, src, ini, [], 'tiny', want_diff, why, verbose)
    if open(os.path.join(tree, 'settings.conf')).read() != SETTINGS:
        raise Failed('%s: settings.conf changed' % name)
    return n


def main(argv):
    verbose = '-v' in argv
    argv = [a for a in argv if a != '-v']
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    lineup, top = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    failed = proven = 0
    with tempfile.TemporaryDirectory(prefix='lineup-diff-apply-') as tmp:
        jobs = [(fixture_case, f[:-4]) for f in sorted(os.listdir(FIXTURES))
                if f.endswith('.ini')]
        jobs += [(crafted_case, name) for name in CASES]
        for fn, name in jobs:
            try:
                n = fn(lineup, top, tmp, name, verbose)
                proven += n
                print('ok %s (%d diff%s applied)' % (name, n,
                                                     '' if n == 1 else 's'))
            except Failed as e:
                failed += 1
                print('FAIL %s: %s' % (name, e))
    print('%d diffs applied, built and checked; %d case%s failed' %
          (proven, failed, '' if failed == 1 else 's'))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
