#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""suggest's diff of a C++ class (issue 31): fixtures/cxx/conn.cpp, data
members in three access sections with methods, a nested type, default
member initializers and comments between them, and a template. With g++
and clang++: every proposal found has a diff and was compiled by suggest;
each diff applies with `patch -p1`, the patched source builds with the
same compiler, `lineup check --rules` passes on it, no line of the
source is lost, and every member, method and nested type of the class
keeps its access (DW_AT_accessibility, before and after).

    class_diff.py LINEUP TOP

Exit status: 0 pass, 1 a case failed.
"""

import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from diff_apply import Failed, run  # noqa: E402  (the same runner)

CXX_DIR = os.path.join(HERE, 'fixtures', 'cxx')
SRC = 'tests/suggest/fixtures/cxx/conn.cpp'
# each class and its DW_AT_name (gcc's and clang's spelling)
CLASSES = {'lanes::Conn': ('Conn',),
           'lanes::Port<long int>': ('Port<long int>', 'Port<long>')}


def access_of(obj, cwd, names):
    """(tag, name) -> accessibility of every child of the class named one
    of NAMES, those the compiler declares (DW_AT_artificial) aside."""
    out = run(['readelf', '--debug-dump=info', obj], cwd, check=(0,)).stdout
    entry = re.compile(r'^\s*<(\d+)><[0-9a-f]+>: Abbrev Number: \d+ '
                       r'\((DW_TAG_\w+)\)')
    attr = re.compile(r'^\s*<[0-9a-f]+>\s+(DW_AT_\w+)\s*:\s*(.*)$')
    entries = []
    for line in out.splitlines():
        m = entry.match(line)
        if m:
            entries.append([int(m.group(1)), m.group(2), {}])
            continue
        m = attr.match(line)
        if m and entries:
            entries[-1][2][m.group(1)] = m.group(2).split(': ')[-1].strip()
    found = None
    for i, (depth, tag, at) in enumerate(entries):
        if (tag in ('DW_TAG_class_type', 'DW_TAG_structure_type') and
                at.get('DW_AT_name') in names and
                'DW_AT_declaration' not in at):
            found = {}
            for d2, t2, a2 in entries[i + 1:]:
                if d2 <= depth:
                    break
                if d2 == depth + 1 and 'DW_AT_name' in a2 and \
                        'DW_AT_artificial' not in a2:
                    found[(t2, a2['DW_AT_name'])] = a2.get(
                        'DW_AT_accessibility', 'default')
            break
    if not found:
        raise Failed('%s: no class %s in the debug information' %
                     (obj, names[0]))
    return found


def one_compiler(lineup, top, tmp, cxx):
    tree = os.path.join(tmp, cxx, 'tree')
    shutil.copytree(os.path.join(top, 'include'),
                    os.path.join(tree, 'include'))
    os.makedirs(os.path.join(tree, os.path.dirname(SRC)))
    for f in ('conn.cpp', 'conn.ini'):
        shutil.copy(os.path.join(CXX_DIR, f),
                    os.path.join(tree, os.path.dirname(SRC)))
    ini = SRC[:-4] + '.ini'
    run([cxx, '-c', '-g', '-Iinclude', SRC, '-o', 'in.o'], tree, check=(0,))
    original = open(os.path.join(tree, SRC)).read()
    applied = 0
    env = dict(os.environ, CXX=cxx)
    for name, dwarf_name in CLASSES.items():
        before = access_of('in.o', tree, dwarf_name)
        args = [lineup, 'suggest', '--struct', name, '--rules', ini, 'in.o']
        text = run(args, tree, check=(0, 1)).stdout
        if not any(text.startswith('class lanes::%s (' % n)
                   for n in dwarf_name):
            raise Failed('%s: the header does not say class:\n%s' %
                         (name, text))
        doc = json.loads(subprocess.run(
            args[:2] + ['--format', 'json'] + args[2:], cwd=tree, env=env,
            capture_output=True, text=True, timeout=300).stdout)
        found = [p for p in doc['proposals'] if p['found']]
        if not any(p['kind'] == 'reorder' for p in found):
            raise Failed('%s: no reorder:\n%s' % (name, text))
        for p in found:
            what = '%s %s (%s)' % (name, p['kind'], cxx)
            if not p['diff']:
                raise Failed('%s: no diff:\n%s' % (what, text))
            if p['compiled'] != {'size': p['size'], 'findings': 0}:
                raise Failed('%s: not compiled by suggest: %s' %
                             (what, p['not_compiled']))
            pd = tempfile.mkdtemp(dir=os.path.dirname(tree),
                                  prefix='patched')
            shutil.copytree(tree, pd, dirs_exist_ok=True)
            for extra in (['--dry-run'], []):
                run(['patch', '-s', '-p1'] + extra, pd, check=(0,),
                    data=p['diff'])
            patched = open(os.path.join(pd, SRC)).read()
            lost = collections.Counter(original.splitlines()) - \
                collections.Counter(patched.splitlines())
            if lost:
                raise Failed('%s: lines lost: %s\n%s' %
                             (what, list(lost), p['diff']))
            run([cxx, '-c', '-g', '-Iinclude', '-include', 'lineup.h', SRC,
                 '-o', 'patched.o'], pd, check=(0,))
            r = run([lineup, 'check', '--struct', name, '--rules', ini,
                     'patched.o'], pd)
            if r.returncode != 0:
                raise Failed('%s: check on the patched class: exit %d\n%s'
                             '\n%s' % (what, r.returncode, r.stdout,
                                       p['diff']))
            after = access_of('patched.o', pd, dwarf_name)
            # the markers are new members: the rest keep their access
            after = {k: v for k, v in after.items()
                     if not k[1].startswith('lineup__')}
            if after != before:
                raise Failed('%s: access changed: %s\n%s' % (
                    what, sorted(set(after.items()) ^ set(before.items())),
                    p['diff']))
            shutil.rmtree(pd)
            applied += 1
    return applied


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    lineup, top = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    failed = 0
    with tempfile.TemporaryDirectory(prefix='lineup-class-diff-') as tmp:
        for cxx in ('g++', 'clang++'):
            try:
                n = one_compiler(lineup, top, tmp, cxx)
                print('ok %s (%d diffs applied, built, checked)' % (cxx, n))
            except Failed as e:
                failed += 1
                print('FAIL %s: %s' % (cxx, e))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
