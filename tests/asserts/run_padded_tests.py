#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`lineup asserts` on hand-padded structs (tests/asserts/padded.c).

A struct reached through a typedef, and a tagless one, as lock-free rings
write them: the assertions printed for the typedef compile after the
definition and fail, naming the members, once -DBROKEN shrinks the pad;
every message spells the type as C does (`struct pring` for pring_t,
`pq_t` for the tagless one, never `struct pq_t`). Bit-fields, which
offsetof cannot name, are asserted through a member that stands for them
(pf_t), and the assertion fails once they move onto the writer's line.

    run_padded_tests.py --lineup PATH --include DIR [--cc CC]

Exit status: 0 pass, 1 fail, 77 no compiler.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, 'padded.c')
RULES = os.path.join(HERE, 'padded.ini')


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, check=False)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--include', required=True)
    ap.add_argument('--cc', default='cc')
    a = ap.parse_args()
    if not shutil.which(a.cc):
        print('SKIP: no %s' % a.cc)
        return SKIP
    problems = []

    def want(what, ok, detail):
        print('%s %s' % ('ok  ' if ok else 'FAIL', what))
        if not ok:
            problems.append(what)
            print('  ' + detail.replace('\n', '\n  '))

    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, 'padded.o')
        rc, _, err = run([a.cc, '-c', '-g', '-std=c11', SRC, '-o', obj])
        if rc:
            print('failed to compile %s:\n%s' % (SRC, err))
            return 1
        lineup = [a.lineup, 'asserts', '--rules', RULES, '--struct']

        # the typedef of a tagged struct: the assertions name the tag
        rc, text, err = run(lineup + ['pring_t', obj])
        want('pring_t: printed', rc == 0 and not err and
             'LINEUP_ASSERT_APART(struct pring, cons, prod_head);' in text,
             'exit %d\n%s%s' % (rc, text, err))
        wrapper = os.path.join(tmp, 'paste.c')
        with open(wrapper, 'w', encoding='utf-8') as f:
            f.write('#include "%s"\n#include <lineup.h>\n%s' % (SRC, text))
        cc = [a.cc, '-c', '-std=c11', '-Wall', '-Wextra', '-Wpedantic',
              '-Werror', '-I', a.include, wrapper, '-o', os.devnull]
        rc, _, err = run(cc)
        want('pring_t: compiles after the definition', rc == 0, err)
        rc, _, err = run(cc + ['-DBROKEN'])
        want('pring_t: fails once the pad shrinks', rc != 0 and
             'struct pring: members `cons` and `prod_head` may share a '
             'cache line' in err, err)

        # bit-fields: asserted through a member that stands for them
        rc, text, err = run(lineup + ['pf_t', obj])
        lines = text.splitlines()
        want('pf_t: bit-fields through stand-ins', rc == 0 and all(
            l in lines for l in [
                "/* 'closing' is a bit-field, which offsetof cannot name: "
                "'gen' stands for it */",
                'LINEUP_ASSERT_APART(pf_t, head, gen);',
                "/* 'kind' is a bit-field, which offsetof cannot name: "
                "'gen', asserted apart above, stands for it */",
                "/* not asserted: 'armed' is a bit-field, which offsetof "
                "cannot name */"]), 'exit %d\n%s%s' % (rc, text, err))
        with open(wrapper, 'w', encoding='utf-8') as f:
            f.write('#include "%s"\n#include <lineup.h>\n%s' % (SRC, text))
        rc, _, err = run(cc)
        want('pf_t: compiles after the definition', rc == 0, err)
        rc, _, err = run(cc + ['-DBROKEN'])
        want('pf_t: fails once the bit-fields reach the head line',
             rc != 0 and 'pf_t: members `head` and `gen` may share a cache '
             'line' in err, err)

        # refusals and errors spell the type as C does
        broken = os.path.join(tmp, 'broken.ini')
        with open(broken, 'w', encoding='utf-8') as f:
            f.write('[struct pring_t]\nwrite = prod_tail\nread = size\n')
        for what, argv, code, start in [
            ('tagless refused', lineup + ['pq_t', obj], 1,
             "lineup: refusing to freeze pq_t from %s: 'head' (write "
             "group 'prod') shares cache line 0 with 'lo', 'hi'" % obj),
            ('typedef refused', [a.lineup, 'asserts', '--rules', broken,
                                 '--struct', 'pring_t', obj], 1,
             "lineup: refusing to freeze struct pring from %s: "
             "'prod_tail'" % obj),
            ('tagless, nothing to assert',
             [a.lineup, 'asserts', '--struct', 'pq_t', obj], 2,
             'lineup: failed to freeze pq_t: nothing to assert'),
        ]:
            rc, out, err = run(argv)
            want(what, rc == code and not out and err.count('\n') == 1 and
                 err.startswith(start),
                 'exit %d, want %d\nstdout %r\nstderr %r\nwant %r' %
                 (rc, code, out, err, start))
    print('padded: %d problems' % len(problems))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
