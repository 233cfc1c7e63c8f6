#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`lineup check --kernel-asserts FILE.c`: the kernel's own group bounds.

demo.h is a struct with the kernel's marker members; demo_check.c states
its bounds as tcp_struct_check() does (CACHELINE_ASSERT_GROUP_SIZE and
_MEMBER). demo_user.c, an object that uses the struct, is built for x86-64
(gcc) and i386 (i686-linux-gnu-gcc), and 32-bit ARM where its cross
compiler is: demo_sock_write_txrx is 24 bytes on x86-64, 16 on i386, 20 on
ARM, and its bound is 12 + 4. The compiler is the
oracle: demo_check.c, whose macros are _Static_asserts, builds for i386
and fails for x86-64 on that very bound.

Groups of cases, one meson test each:
  arch    both objects in one check: the error on x86-64, the note at the
          bound on i386, the bound lineup cannot evaluate named once on
          stderr with its file:line, the #ifdef'd assert left as a note;
          exit 1 with x86-64, 0 with i386 alone; gcc agrees on both
  json    the same as JSON: type, id, value, limit, the call
  member  a member outside the group its assert names (LU009), a group
          the struct lacks (a warning), --strict
  errors  bad input: one line on stderr, exit 2
  matrix  `lineup matrix --kernel-asserts` over x86-64, i386 and ARM and
          an option: each bound's bytes and conditions, the compiler as
          the oracle

usage: run_kernel_asserts.py --lineup LINEUP --group G
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = ('demo.h', 'demo_user.c', 'demo_check.c', 'demo_member.c')
I686 = 'i686-linux-gnu-gcc'
ARM = 'arm-linux-gnueabihf-gcc'


class Ctx:
    def __init__(self, lineup, tmp):
        self.lineup = lineup
        self.tmp = tmp
        self.failures = 0

    def run(self, args):
        p = subprocess.run([self.lineup] + args, capture_output=True,
                           text=True, timeout=60, cwd=self.tmp)
        return p.returncode, p.stdout, p.stderr

    def expect(self, what, got, want):
        if got != want:
            self.failures += 1
            print(f"FAIL {what}:\n--- want\n{want}\n--- got\n{got}")

    def has(self, what, text, line):
        if line not in text.splitlines():
            self.failures += 1
            print(f"FAIL {what}: no line\n  {line}\nin\n{text}")


def cc(ctx, compiler, src, out, extra=()):
    p = subprocess.run([compiler, '-g', '-c', src, '-o', out, *extra],
                       cwd=ctx.tmp, capture_output=True, text=True)
    return p.returncode, p.stderr


def build(ctx):
    for name in FIXTURES:
        shutil.copy(os.path.join(HERE, name), ctx.tmp)
    for compiler, out in (('gcc', 'x86.o'), (I686, 'i686.o')):
        rc, err = cc(ctx, compiler, 'demo_user.c', out)
        if rc:
            raise SystemExit(f'{compiler} failed on demo_user.c:\n{err}')


SIZE_LINE = 'demo_check.c:21:2: '
TXRX = "group 'demo_sock_write_txrx' of struct demo_sock is "


def group_arch(ctx):
    rc, out, err = ctx.run(['check', '--kernel-asserts', 'demo_check.c',
                            'x86.o', 'i686.o'])
    ctx.expect('exit with x86-64 over its bound', rc, 1)
    for what, line in (
            ('x86-64 over', SIZE_LINE + 'error: ' + TXRX + '24 bytes in '
             'x86.o (x86-64), 8 more than its kernel bound 16 (12 + 4) '
             '[LU008]'),
            ('where it opens', "demo.h:41: note: group "
             "'demo_sock_write_txrx' opens here (bytes 64-87 of struct "
             "demo_sock)"),
            ('i386 at its bound', SIZE_LINE + 'note: ' + TXRX + '16 bytes '
             'in i686.o (i386): at its kernel bound 16 (12 + 4), one more '
             'byte breaks it'),
            ('within its bound', "demo_check.c:15:2: note: group "
             "'demo_sock_read_tx' of struct demo_sock is 12 bytes in x86.o "
             "(x86-64), within its kernel bound 16 by 4"),
            ('under #ifdef', "demo_check.c:28:2: note: member 'stats' is "
             "not in struct demo_sock in i686.o (i386): the kernel's "
             "assert that group 'demo_sock_write_rx' holds it is not "
             "checked"),
            ('one byte', "demo_check.c:31:2: note: group "
             "'demo_sock_read_rx' of struct demo_sock is 1 byte in x86.o "
             "(x86-64): at its kernel bound 1, one more byte breaks it"),
            ('its #ifdef', "demo_check.c:27: note: the assert is under "
             "'#ifdef DEMO_STATS': it may not apply to this input's "
             "configuration")):
        ctx.has(what, out, line)
    # said once, whatever the number of inputs, never guessed
    ctx.expect('the bound lineup cannot evaluate', err,
               "lineup: demo_check.c:25:2: warning: "
               "CACHELINE_ASSERT_GROUP_SIZE not checked: the bound "
               "'sizeof(long) + 8' is not plain integer arithmetic\n")
    ctx.expect('summary', out.splitlines()[-1],
               'lineup: 2 structs checked, 1 error, 0 warnings')
    rc, out, _ = ctx.run(['check', '--kernel-asserts', 'demo_check.c',
                          'i686.o'])
    ctx.expect('exit at the bound only', rc, 0)
    # the oracle: the same assertions as C, compiled for each machine
    rc, err = cc(ctx, I686, 'demo_check.c', 'check32.o')
    ctx.expect(f'{I686} builds demo_check.c: {err}', rc, 0)
    rc, err = cc(ctx, 'gcc', 'demo_check.c', 'check64.o')
    ctx.expect('gcc refuses demo_check.c on x86-64', rc != 0, True)
    ctx.expect('on the write_txrx bound',
               '"demo_sock_write_txrx fits 12 + 4"' in err, True)
    # with DEMO_STATS the member exists, outside its group: under the
    # #ifdef, a warning (the input may be built without it)
    rc, e = cc(ctx, 'gcc', 'demo_user.c', 'stats.o', ['-DDEMO_STATS'])
    ctx.expect(f'gcc -DDEMO_STATS: {e}', rc, 0)
    rc, out, _ = ctx.run(['check', '--kernel-asserts', 'demo_check.c',
                          'stats.o'])
    ctx.has('an #ifdef\'d member outside', out, "demo_check.c:28:2: "
            "warning: member 'stats' (bytes 112-119) of struct demo_sock "
            "in stats.o (x86-64) is outside group 'demo_sock_write_rx' "
            "(bytes 88-103), which the kernel asserts holds it [LU009]")
    arm(ctx)


def arm(ctx):
    """32-bit ARM aligns a u64 to 8 as x86-64 does, with 4-byte pointers:
    20 bytes, over the bound that i386 meets. Only where the cross
    compiler is (gcc-arm-linux-gnueabihf, which tests/kernel needs)."""
    if not shutil.which(ARM):
        print(f'{ARM} is not installed: the 32-bit ARM case is skipped')
        return
    rc, err = cc(ctx, ARM, 'demo_user.c', 'arm.o')
    ctx.expect(f'{ARM}: {err}', rc, 0)
    rc, out, _ = ctx.run(['check', '-q', '--kernel-asserts', 'demo_check.c',
                          'arm.o'])
    ctx.expect('arm over its bound', out.splitlines()[0], SIZE_LINE +
               'error: ' + TXRX + '20 bytes in arm.o (arm), 4 more than '
               'its kernel bound 16 (12 + 4) [LU008]')
    rc, err = cc(ctx, ARM, 'demo_check.c', 'check_arm.o')
    ctx.expect(f'{ARM} refuses demo_check.c', rc != 0, True)


def group_json(ctx):
    rc, out, _ = ctx.run(['check', '--format', 'json', '--kernel-asserts',
                          'demo_check.c', 'x86.o', 'i686.o'])
    ctx.expect('json exit', rc, 1)
    doc = json.loads(out)
    got = [(f['input'], f['severity'], f['id'], f['group']['name'],
            f.get('value'), f.get('limit'), f['kernel_assert']['bound'],
            f['kernel_assert']['line'])
           for f in doc['findings'] if f['type'] == 'kernel_size']
    ctx.expect('kernel_size findings', got, [
        # call by call, each with every input: the architectures side
        # by side
        ('x86.o', 'note', 'LU008', 'demo_sock_read_tx', 12, 16, '16', 15),
        ('i686.o', 'note', 'LU008', 'demo_sock_read_tx', 8, 16, '16', 15),
        ('x86.o', 'error', 'LU008', 'demo_sock_write_txrx', 24, 16,
         '12 + 4', 21),
        ('i686.o', 'note', 'LU008', 'demo_sock_write_txrx', 16, 16,
         '12 + 4', 21),
        ('x86.o', 'note', 'LU008', 'demo_sock_read_rx', 1, 1, '1', 31),
        ('i686.o', 'note', 'LU008', 'demo_sock_read_rx', 1, 1, '1', 31),
    ])
    under = [f['kernel_assert']['under'] for f in doc['findings']
             if f['type'] == 'kernel_member']
    ctx.expect('the #ifdef in JSON', under,
               [{'text': '#ifdef DEMO_STATS', 'line': 27}] * 2)
    rc, out, _ = ctx.run(['check', '--format', 'sarif', '--kernel-asserts',
                          'demo_check.c', 'x86.o'])
    run = json.loads(out)['runs'][0]
    res = [(r['ruleId'], r['level'],
            r['locations'][0]['physicalLocation']['region']['startLine'])
           for r in run['results'] if r['ruleId'] == 'LU008']
    ctx.expect('sarif', res, [('LU008', 'note', 15), ('LU008', 'error', 21),
                              ('LU008', 'note', 31)])


def group_member(ctx):
    rc, out, _ = ctx.run(['check', '-q', '--kernel-asserts', 'demo_member.c',
                          'x86.o', 'i686.o'])
    ctx.expect('member exit', rc, 1)
    ctx.expect('member', out,
               "demo_member.c:7:2: error: member 'rcv_nxt' (bytes 88-91) "
               "of struct demo_sock in x86.o (x86-64) is outside group "
               "'demo_sock_write_txrx' (bytes 64-87), which the kernel "
               "asserts holds it [LU009]\n"
               "demo_member.c:7:2: error: member 'rcv_nxt' (bytes 80-83) "
               "of struct demo_sock in i686.o (i386) is outside group "
               "'demo_sock_write_txrx' (bytes 64-79), which the kernel "
               "asserts holds it [LU009]\n"
               "lineup: 2 structs checked, 2 errors, 2 warnings\n")
    rc, out, _ = ctx.run(['check', '--kernel-asserts', 'demo_member.c',
                          'x86.o'])
    ctx.has('a group the struct lacks', out, "demo_member.c:9:2: warning: "
            "group 'demo_sock_cold' is not in struct demo_sock in x86.o "
            "(x86-64): the kernel's CACHELINE_ASSERT_GROUP_SIZE is not "
            "checked [LU008]")
    ctx.has('the member\'s place', out,
            "demo.h:47:15: note: 'rcv_nxt' is declared here")
    rc, out, _ = ctx.run(['check', '-q', '--strict', '--kernel-asserts',
                          'demo_check.c', 'i686.o'])
    ctx.expect('--strict: an absent member is an error', rc, 1)
    # two files: each call of both, against each input
    rc, out, _ = ctx.run(['check', '-q', '--kernel-asserts', 'demo_member.c',
                          '--kernel-asserts', 'demo_check.c', 'x86.o'])
    ctx.expect('two files', out.splitlines()[-1],
               'lineup: 1 struct checked, 2 errors, 1 warning')


def group_errors(ctx):
    def write(name, text):
        with open(os.path.join(ctx.tmp, name), 'w') as f:
            f.write(text)

    write('none.c', '/* CACHELINE_ASSERT_GROUP_SIZE(struct a, b, 1) */\n'
          '#define CACHELINE_ASSERT_GROUP_SIZE(T, G, S) x\n'
          'const char *s = "CACHELINE_ASSERT_GROUP_SIZE(struct a, b, 1)";\n')
    write('other.c', 'void f(void) {\n'
          '\tCACHELINE_ASSERT_GROUP_SIZE(struct nosuch, g, 8);\n}\n')
    write('open.c', 'void f(void) {\n'
          '\tCACHELINE_ASSERT_GROUP_SIZE(struct demo_sock, g, (8);\n}\n')
    cases = [
        ('a missing file', ['missing.c'],
         'lineup: failed to read kernel asserts from missing.c: No such '
         'file or directory\n'),
        ('no call: comments, #define and strings are none', ['none.c'],
         'lineup: failed to read kernel asserts from none.c: no '
         'CACHELINE_ASSERT_GROUP_SIZE or CACHELINE_ASSERT_GROUP_MEMBER '
         'call in it\n'),
        ('a struct no input has', ['other.c'],
         'lineup: other.c:2:2: error: struct nosuch is not in x86.o\n'),
        ('a directory', ['.'], None),
    ]
    for what, files, want in cases:
        args = ['check']
        for f in files:
            args += ['--kernel-asserts', f]
        rc, out, err = ctx.run(args + ['x86.o'])
        ctx.expect(what + ': exit', rc, 2)
        ctx.expect(what + ': stdout', out, '')
        if want is not None:
            ctx.expect(what, err, want)
        else:
            ctx.expect(what + ': one line', err.count('\n'), 1)
    rc, out, err = ctx.run(['check', '-q', '--kernel-asserts', 'open.c',
                            'x86.o'])
    ctx.expect('unbalanced: checked as not read', (rc, err), (0,
               'lineup: open.c:2:2: warning: CACHELINE_ASSERT_GROUP_SIZE '
               'not checked: its parentheses do not close\n'))


MATRIX_RULES = """\
[matrix]
compile = cc -c -g demo_user.c
arch = x86_64 i386 arm
options = DEMO_STATS
"""


def group_matrix(ctx):
    """`lineup matrix --kernel-asserts`: every bound held in every
    configuration of a compile matrix over three architectures and
    DEMO_STATS, which only an #ifdef inside the kernel-marked struct reads
    (no rules section names it: the relevance finds it by its markers).
    Each bound's line gives the bytes and the conditions under which it
    is over the bound and at it; the compiler, building demo_check.c with
    the same flags, is the oracle for every configuration."""
    if not shutil.which(ARM):
        print(f'{ARM} is not installed: the matrix case is skipped')
        return
    with open(os.path.join(ctx.tmp, 'r.ini'), 'w') as f:
        f.write(MATRIX_RULES)
    rc, out, err = ctx.run(['matrix', '--rules', 'r.ini',
                            '--kernel-asserts', 'demo_check.c'])
    ctx.expect('matrix: exit 1 (x86-64 and arm over a bound)', rc, 1)
    ctx.has('matrix: DEMO_STATS swept though no rules section names '
            'demo_sock', out, 'lineup matrix: 2 options, 6 configurations '
            '(all), 6 distinct after preprocessing')
    for what, line in (
            ('the bound over x86-64 and arm, at it on i386',
             "lineup matrix: demo_check.c:21:2: " + TXRX + "16 to 24 "
             "bytes against its kernel bound 16 (12 + 4): over it when "
             "ARCH=x86_64 || ARCH=arm; at it (one more byte breaks the "
             "build) when ARCH=i386"),
            ('a bound within', "lineup matrix: demo_check.c:15:2: group "
             "'demo_sock_read_tx' of struct demo_sock is 8 to 12 bytes "
             "against its kernel bound 16: within it by 4 everywhere"),
            ('a bound met everywhere', "lineup matrix: demo_check.c:31:2: "
             "group 'demo_sock_read_rx' of struct demo_sock is 1 byte "
             "against its kernel bound 1: at it (one more byte breaks the "
             "build) in every configuration"),
            ('the error once per size, with its condition',
             SIZE_LINE + 'error: ' + TXRX + '20 bytes, 4 more than its '
             'kernel bound 16 (12 + 4) [ARCH=arm] [LU008]'),
            ('the #ifdef\'d member under its option',
             "demo_check.c:28:2: warning: member 'stats' (bytes 96-99) of "
             "struct demo_sock is outside group 'demo_sock_write_rx' "
             "(bytes 80-87), which the kernel asserts holds it "
             "[ARCH=i386 && DEMO_STATS=y] [LU009]"),
            ('the summary', 'lineup matrix: 4 of 6 configurations fail: '
             'ARCH=x86_64 || ARCH=arm')):
        ctx.has('matrix: ' + what, out, line)
    ctx.expect('matrix: the bound it cannot evaluate, once', err,
               "lineup: demo_check.c:25:2: warning: "
               "CACHELINE_ASSERT_GROUP_SIZE not checked: the bound "
               "'sizeof(long) + 8' is not plain integer arithmetic\n")
    # the oracle: demo_check.c's _Static_asserts where the matrix says
    # the size bound holds (i386), and refused where it says over
    for compiler, holds in (('gcc', False), (I686, True), (ARM, False)):
        rc, e = cc(ctx, compiler, 'demo_check.c', 'o.o')
        ctx.expect(f'matrix: {compiler} agrees on demo_check.c',
                   (rc == 0, holds or 'demo_sock_write_txrx fits' in e),
                   (holds, True))
    rc, out, _ = ctx.run(['matrix', '--rules', 'r.ini', '--format', 'json',
                          '--kernel-asserts', 'demo_check.c'])
    txrx = [b for b in json.loads(out)['kernel_bounds']
            if b['group'] == 'demo_sock_write_txrx']
    ctx.expect('matrix: JSON kernel_bounds', txrx, [{
        'file': 'demo_check.c', 'line': 21, 'struct': 'demo_sock',
        'group': 'demo_sock_write_txrx', 'bound': 16, 'expr': '12 + 4',
        'min': 16, 'max': 24, 'over': 'ARCH=x86_64 || ARCH=arm',
        'at': 'ARCH=i386', 'absent': None}])
    # a struct an assert names in no configuration: one line, exit 2
    with open(os.path.join(ctx.tmp, 'other.c'), 'w') as f:
        f.write('void f(void)\n{\n\tCACHELINE_ASSERT_GROUP_SIZE('
                'struct nosuch, g, 8);\n}\n')
    rc, out, err = ctx.run(['matrix', '--rules', 'r.ini',
                            '--kernel-asserts', 'other.c'])
    ctx.expect('matrix: an asserted struct in no configuration',
               (rc, out, err), (2, '', 'lineup: other.c:3:2: error: '
                                'struct nosuch is not in any '
                                'configuration\n'))


GROUPS = {'arch': group_arch, 'json': group_json, 'member': group_member,
          'errors': group_errors, 'matrix': group_matrix}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--group', required=True, choices=sorted(GROUPS))
    a = ap.parse_args()
    for tool in ('gcc', I686):
        if not shutil.which(tool):
            print(f'{tool} is not installed (scripts/packages.txt)')
            return SKIP
    with tempfile.TemporaryDirectory(prefix='lineup-kasserts.') as tmp:
        ctx = Ctx(os.path.abspath(a.lineup), tmp)
        build(ctx)
        GROUPS[a.group](ctx)
    print(f'{a.group}: {ctx.failures} failed')
    return 1 if ctx.failures else 0


if __name__ == '__main__':
    sys.exit(main())
