#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`lineup show` of anon.c, exactly, without pahole: the golden side of the
oracle. anon.c is compiled with gcc for x86-64 and shown (anon.expect), and
pahole's text of the same object (anon.pahole, `pahole --hex` 1.24 plus
`-C an_value_t`, kept so this runs where pahole does not) goes through the
pahole reader (anon-pahole.expect). Anonymous structs and unions print
nested, each with its holes, and the summary counts them as pahole does.

Usage: golden.py --lineup BIN --srcdir DIR [--update]
Exit: 0 same, 1 different (a diff), 77 skipped (no gcc for x86-64).
"""

import argparse
import difflib
import os
import platform
import subprocess
import sys
import tempfile

SKIP = 77
STRUCTS = ['an_ring', 'an_skb', 'an_page', 'an_union_tail', 'an_modes',
           'an_aligned', 'an_odd', 'an_value_t']


def show(lineup, path, stdin=None):
    cmd = [lineup, 'show', '--color', 'never', '--line-size', '64']
    for s in STRUCTS:
        cmd += ['--struct', s]
    p = subprocess.run(cmd + [path], input=stdin, capture_output=True,
                       text=True)
    if p.returncode:
        sys.exit('FAIL: %s: exit %d\n%s' % (' '.join(cmd), p.returncode,
                                            p.stderr))
    return p.stdout


def same(got, expect_path, update, what):
    if update:
        with open(expect_path, 'w') as f:
            f.write(got)
        return True
    with open(expect_path) as f:
        want = f.read()
    if got == want:
        print('ok: %s' % what)
        return True
    sys.stdout.writelines(difflib.unified_diff(
        want.splitlines(True), got.splitlines(True),
        os.path.basename(expect_path), what))
    print('FAIL: %s differs from %s' % (what, os.path.basename(expect_path)))
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--srcdir', default=os.path.dirname(__file__))
    ap.add_argument('--update', action='store_true',
                    help='write the expectations from this lineup')
    a = ap.parse_args()
    src = os.path.abspath(os.path.join(a.srcdir, 'anon.c'))
    ok = True
    with open(os.path.join(a.srcdir, 'anon.pahole')) as f:
        ok &= same(show(a.lineup, '-', f.read()),
                   os.path.join(a.srcdir, 'anon-pahole.expect'), a.update,
                   'pahole --hex anon.o | lineup show -')
    if platform.machine() != 'x86_64':
        print('SKIP: anon.expect is gcc on x86-64')
        return SKIP if ok else 1
    with tempfile.TemporaryDirectory(prefix='lineup-golden-') as tmp:
        obj = os.path.join(tmp, 'anon.o')
        try:
            p = subprocess.run(['gcc', '-g', '-c', src, '-o', obj],
                               capture_output=True, text=True)
        except OSError:
            p = None
        if not p or p.returncode:
            print('SKIP: gcc cannot compile anon.c')
            return SKIP if ok else 1
        got = show(a.lineup, obj).replace(os.path.dirname(src), '{srcdir}')
        ok &= same(got, os.path.join(a.srcdir, 'anon.expect'), a.update,
                   'lineup show anon.o (gcc -g)')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
