#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""One radix: decimal by default, --hex on every command that prints
offsets (show, check, matrix, diff, c2c, suggest).

Each command runs twice on the seed's task_group, compiled at test time:
as it is, and with --hex. The two outputs must be the same lines with the
same words, and every number that differs must be the same value, decimal
without --hex and 0x-prefixed hex with it (the bytes of a line, offsets,
sizes); line numbers and counts stay decimal in both. Without --hex no
number is hex but an address (perf's cacheline and code addresses). Each
command must have some number that --hex changes, and the offsets the
seed's story turns on must read as in the README (264, 0x108).

    run_radix_tests.py --lineup PATH [--top DIR] [-v]

Exit status: 0 pass, 1 a check failed.
"""

import os
import re
import sys

sys.dont_write_bytecode = True  # the source tree stays as it is
import seed  # noqa: E402
from seed import run  # noqa: E402

NUM = re.compile(r'(0x[0-9a-f]+|\d+)')
# hex that is an address, in either output: perf's, not an offset
ADDRESS = re.compile(r'cacheline 0x[0-9a-f]+|0x[0-9a-f]{9,}')


def compare(what, dec, hexed):
    """Problems in the pair of outputs; the count of numbers --hex
    changed."""
    problems, changed = [], 0
    a, b = dec.splitlines(), hexed.splitlines()
    if len(a) != len(b):
        return ['%s: %d lines, %d with --hex' % (what, len(a), len(b))], 0
    for x, y in zip(a, b):
        if ADDRESS.sub('', x) != x and ADDRESS.sub('', x) == \
                ADDRESS.sub('', y):
            continue
        for m in NUM.finditer(ADDRESS.sub('ADDR', x)):
            if m.group(0).startswith('0x'):
                problems.append('%s: hex without --hex: %s' % (what, x))
                break
        px, py = NUM.split(ADDRESS.sub('ADDR', x)), \
            NUM.split(ADDRESS.sub('ADDR', y))
        # columns pad to the widest number: spaces are not words
        words = lambda parts: [' '.join(w.split()) for w in parts[0::2]]
        if len(px) != len(py) or words(px) != words(py):
            problems.append('%s: --hex changed words:\n  %s\n  %s' % (
                what, x, y))
            continue
        for d, h in zip(px[1::2], py[1::2]):
            if d == h:
                continue
            if not h.startswith('0x') or d.startswith('0x') or \
                    int(h, 16) != int(d):
                problems.append('%s: %s is not %s in hex:\n  %s\n  %s' % (
                    what, h, d, x, y))
            changed += 1
    return problems, changed


def check(a, work, problems):
    # each command, the lines of its output that must read so in
    # decimal and in hex
    cases = [
        ('show', ['show', '--rules', 'tg/before.ini', '--struct',
                  'task_group', 'before.o'], '.',
         None, None),
        ('check', ['check', '--rules', 'tg/before.ini', 'before.o'], '.',
         "'rt_se' is at offset 264, line 4 (bytes 256-319)",
         "'rt_se' is at offset 0x108, line 4 (bytes 0x100-0x13f)"),
        ('matrix', ['matrix', '--rules', 'm.ini'], 'tg',
         'task_group is 576 to 704 bytes (704 when',
         'task_group is 0x240 to 0x2c0 bytes (0x2c0 when'),
        ('diff', ['diff', 'before.o', 'isolate.o'], '.',
         "'rt_se' (read group 'rt') moved 264 -> 320, line 4 -> line 5",
         "'rt_se' (read group 'rt') moved 0x108 -> 0x140, line 4 -> "
         "line 5"),
        ('c2c', ['c2c', '--struct', 'task_group', 'before.o',
                 'tg/perf-c2c-before.txt'], '.',
         '    256  load_avg (atomic_long_t, 8 bytes)',
         '  0x100  load_avg (atomic_long_t, 0x8 bytes)'),
        ('suggest', ['suggest', '--struct', 'task_group', '--rules',
                     'tg/plain.ini', 'before.o'], '.',
         ': 704 bytes, 11 lines of 64', ': 0x2c0 bytes, 11 lines of 64'),
    ]
    for what, argv, cwd, want_dec, want_hex in cases:
        d = os.path.join(work, cwd)
        rc, dec = run([a.lineup] + argv, d, None, a.v)
        rc_hex, hexed = run([a.lineup] + argv + ['--hex'], d, None, a.v)
        if rc not in (0, 1) or rc_hex != rc:
            problems.append('%s: exit %d, with --hex %d\n%s' % (
                what, rc, rc_hex, hexed))
            continue
        p, changed = compare(what, dec, hexed)
        problems += p
        if not changed:
            problems.append('%s: --hex changed no number' % what)
        if want_dec and want_dec not in dec:
            problems.append('%s: no %r in\n%s' % (what, want_dec, dec))
        if want_hex and want_hex not in hexed:
            problems.append('%s --hex: no %r in\n%s' % (what, want_hex,
                                                         hexed))


if __name__ == '__main__':
    sys.exit(seed.main('radix', __doc__, check))
