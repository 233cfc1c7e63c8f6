#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compile-pass / compile-fail checks for include/lineup.h.

Each case is one source built twice (CCAN style): without -DFAIL it must
compile cleanly under strict warnings; with -DFAIL it must fail, and the
compiler's output must contain every fragment the source lists as
    /* EXPECT: fragment */
so a failure for the wrong reason (a typo, a syntax error) does not pass.
Other directives in a case:
    /* FLAGS: -Dfoo */      extra compiler flags for both builds
    /* VARIANT: -Dbar */    build once per VARIANT line, with its flags
    /* EXPECT(-Dbar): x */  expected only in that variant's failing build
    /* REJECT: fragment */  must not appear in the failing build's output
    /* LANG: c */           only for C (or c++) compilers

Modes:
    check_header.py --cc CC --std STD --include DIR [--cases DIR]
                    [--pass FILE]... [--fail FILE]...
        --fail FILE must fail as it is (no -DFAIL), with its EXPECT lines.
    check_header.py --arch --include DIR FILE
        per-target compilers: FILE asserts LINEUP_CACHELINE_SIZE ==
        EXPECT_LINE and LINEUP_DESTRUCTIVE_SIZE == EXPECT_DESTRUCTIVE.
    check_header.py --pahole --cc CC [--std STD] --include DIR FILE
        compile with -g -c (as C++ if CC ends in ++), run pahole on the
        PAHOLE-STRUCT of FILE and check each "/* PAHOLE: type name offset */"
        member line; every member named lineup__* must be a marker: size 0,
        dimensions [0] in C and [1][0] in C++.

Exit status: 0 pass, 1 fail, 77 skip (compiler or tool not installed).
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
WARN = ['-Wall', '-Wextra', '-Wpedantic', '-Werror', '-Wundef', '-Wshadow',
        '-Wconversion', '-Wsign-conversion', '-Wcast-qual']
WARN_C = ['-Wstrict-prototypes', '-Wmissing-prototypes']
WARN_CXX = ['-Wold-style-cast', '-Wzero-as-null-pointer-constant']

# (compiler, line size, destructive size) that lineup.h must pick. Apple
# arm64 is emulated by defining __APPLE__ for a Linux aarch64 compiler: the
# table only looks at the macros.
ARCHES = [
    ('x86_64-linux-gnu-gcc', 64, 128),
    ('i686-linux-gnu-gcc', 64, 128),
    ('clang -m32', 64, 128),
    ('aarch64-linux-gnu-gcc', 64, 64),
    ('aarch64-linux-gnu-gcc -D__APPLE__', 128, 128),
    ('powerpc64le-linux-gnu-gcc', 128, 128),
    ('s390x-linux-gnu-gcc', 256, 256),
    # No cross gcc for these; clang parses them with the host's (32-bit
    # compatible) headers, which is enough for -fsyntax-only.
    ('clang --target=arm-linux-gnueabihf', 64, 64),
    ('clang --target=powerpc-linux-gnu', 32, 32),
    ('clang --target=mips-linux-gnu', 32, 32),
]


def directives(path, name):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    return [m.strip() for m in
            re.findall(r'/\*\s*' + name + r':\s*(.*?)\s*\*/', text)]


def is_cxx(cc):
    return cc[0].endswith('++')


def have(cc):
    return shutil.which(cc[0]) is not None


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, check=False)
    return p.returncode, p.stdout


def base_cmd(cc, std, include):
    cmd = list(cc) + ['-fsyntax-only', '-std=' + std, '-I', include] + WARN
    if is_cxx(cc):
        cmd += ['-x', 'c++'] + WARN_CXX
    else:
        cmd += WARN_C
    return cmd


def expectations(path, variant):
    """EXPECT lines for every variant, plus EXPECT(flags) for this one."""
    with open(path, encoding='utf-8') as f:
        text = f.read()
    out = []
    for m in re.finditer(r'/\*\s*EXPECT(?:\(([^)]*)\))?:\s*(.*?)\s*\*/', text):
        if m.group(1) is None or m.group(1).strip() == variant:
            out.append(m.group(2).strip())
    return out


def check_case(cc, std, include, path, always_fail=False):
    """Return a list of problems (empty if the case passed)."""
    lang = directives(path, 'LANG')
    if lang and lang[0] != ('c++' if is_cxx(cc) else 'c'):
        return []
    flags = []
    for f in directives(path, 'FLAGS'):
        flags += shlex.split(f)
    problems = []
    for variant in directives(path, 'VARIANT') or ['']:
        problems += check_variant(cc, std, include, path, always_fail,
                                  flags + shlex.split(variant), variant)
    return problems


def check_variant(cc, std, include, path, always_fail, flags, variant):
    expect = expectations(path, variant)
    cmd = base_cmd(cc, std, include) + flags
    name = os.path.basename(path) + (' [%s]' % variant if variant else '')
    problems = []
    if not always_fail:
        rc, out = run(cmd + [path])
        if rc != 0 or out.strip():
            problems.append('%s: clean build failed:\n  $ %s\n%s' %
                            (name, ' '.join(cmd + [path]), out))
        if not expect:
            return problems
        cmd = cmd + ['-DFAIL']
    elif not expect:
        return ['%s: --fail file has no EXPECT lines' % name]
    rc, out = run(cmd + [path])
    where = '\n  $ %s\n' % ' '.join(cmd + [path])
    if rc == 0:
        problems.append('%s: failing build compiled:%s' % (name, where))
    elif 'internal compiler error' in out:
        problems.append('%s: compiler crashed:%s%s' % (name, where, out))
    else:
        missing = [e for e in expect if e not in out]
        extra = [r for r in directives(path, 'REJECT') if r in out]
        if missing or extra:
            problems.append('%s: error lacks %s, has %s:%s%s' %
                            (name, missing, extra, where, out))
    return problems


def usable(cc, std, include):
    """A compiler that is installed but cannot build for the target (no
    32-bit libc headers, say) is skipped, not failed."""
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, 'probe.c')
        with open(src, 'w', encoding='utf-8') as f:
            f.write('#include <stdlib.h>\n#include <stdint.h>\n'
                    'typedef int lineup_probe;\n')
        rc, _ = run(list(cc) + ['-fsyntax-only', '-std=' + std] +
                    (['-x', 'c++'] if is_cxx(cc) else []) + [src])
        return rc == 0


def mode_cases(args):
    cc = shlex.split(args.cc)
    if not have(cc) or not usable(cc, args.std, args.include):
        print('SKIP: %s -std=%s not usable here' % (args.cc, args.std))
        return SKIP
    jobs = []
    if args.cases:
        for n in sorted(os.listdir(args.cases)):
            if n.endswith('.c'):
                jobs.append((os.path.join(args.cases, n), False))
    jobs += [(p, False) for p in args.pass_]
    jobs += [(p, True) for p in args.fail]
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        results = list(ex.map(
            lambda j: (j[0], check_case(cc, args.std, args.include, *j)),
            jobs))
    bad = 0
    for path, problems in results:
        if problems:
            bad += 1
            for p in problems:
                print('FAIL ' + p)
        else:
            print('ok   ' + os.path.basename(path))
    print('%d/%d cases passed with %s -std=%s' %
          (len(results) - bad, len(results), args.cc, args.std))
    return 1 if bad else 0


# Debian's cross compilers only Recommend their target C library; without
# it they silently take the host's <stdint.h> (uintptr_t 32 bits on
# aarch64), so its absence is named instead of failing on the symptoms.
CROSS_LIBC = {
    'i686-linux-gnu': 'libc6-dev-i386-cross',
    'aarch64-linux-gnu': 'libc6-dev-arm64-cross',
    'powerpc64le-linux-gnu': 'libc6-dev-ppc64el-cross',
    's390x-linux-gnu': 'libc6-dev-s390x-cross',
}


def missing_target_libc(cc):
    """The package a cross gcc lacks its target headers from, or None."""
    triplet = cc[0][:-len('-gcc')] if cc[0].endswith('-gcc') else ''
    package = CROSS_LIBC.get(triplet)
    if package and not os.path.exists('/usr/%s/include/stdint.h' % triplet):
        return package
    return None


def mode_arch(args):
    ran = 0
    bad = 0
    for spec, line, destructive in ARCHES:
        cc = shlex.split(spec)
        if not have(cc) or not usable(cc, 'c11', args.include):
            print('skip %s: not usable here' % spec)
            continue
        package = missing_target_libc(cc)
        if package:
            bad += 1
            print('FAIL %s: its target C library headers are missing '
                  '(/usr/%s/include/stdint.h); install %s (scripts/'
                  'packages.txt lists it)' % (spec, cc[0][:-4], package))
            continue
        ran += 1
        cmd = cc + ['-fsyntax-only', '-std=c11', '-I', args.include,
                    '-DEXPECT_LINE=%d' % line,
                    '-DEXPECT_DESTRUCTIVE=%d' % destructive] + \
            WARN + WARN_C + [args.file]
        rc, out = run(cmd)
        if rc != 0:
            bad += 1
            print('FAIL %s: expected line %d, destructive %d\n  $ %s\n%s' %
                  (spec, line, destructive, ' '.join(cmd), out))
        else:
            print('ok   %s: line %d, destructive %d' %
                  (spec, line, destructive))
    if not ran:
        return SKIP
    return 1 if bad else 0


MEMBER = re.compile(r'^\s*(?P<type>\S.*?)\s+\**(?P<name>\w+)'
                    r'(?P<dims>(\[\d*\])*)'
                    r'(\s+__attribute__\(\(__aligned__\(\d+\)\)\))?;'
                    r'\s*/\*\s*(?P<off>\d+)\s+(?P<size>\d+)\s*\*/')


def struct_members(out):
    """Member lines of the struct pahole printed, anonymous members
    included. pahole may also print an anonymous struct's own layout, before
    or after the member that holds it (offsets from 0, and no offset after
    its closing brace); its lines are left out."""
    stack = [[]]
    for line in out.splitlines():
        if re.match(r'^\s*(struct|union)\b[^;]*\{\s*$', line):
            stack.append([])
        elif re.match(r'^\s*\}', line) and len(stack) > 1:
            block = stack.pop()
            if len(stack) == 1 or re.search(r'/\*\s*\d+\s+\d+\s*\*/', line):
                stack[-1] += block
        else:
            m = MEMBER.match(line)
            if m:
                stack[-1].append(m)
    return [m for block in stack for m in block]


def mode_pahole(args):
    cc = shlex.split(args.cc)
    if not have(cc) or shutil.which('pahole') is None:
        print('SKIP: needs %s and pahole' % args.cc)
        return SKIP
    struct = directives(args.file, 'PAHOLE-STRUCT')[0]
    with tempfile.TemporaryDirectory() as d:
        obj = os.path.join(d, 'case.o')
        cmd = cc + ['-g', '-c', '-std=' + args.std, '-I', args.include,
                    '-o', obj] + (['-x', 'c++'] if is_cxx(cc) else []) + \
            [args.file]
        rc, out = run(cmd)
        if rc != 0:
            print('FAIL compile:\n  $ %s\n%s' % (' '.join(cmd), out))
            return 1
        rc, out = run(['pahole', '-C', struct, obj])
    print(out)
    # Markers are T name[0] in C, T name[1][0] in C++ (lineup.h,
    # LINEUP__MARKER); pahole prints the last one in a struct as [] or [1][].
    dims = ['[1][0]', '[1][]'] if is_cxx(cc) else ['[0]', '[]']
    seen = {}
    bad = 0
    for m in struct_members(out):
        if m.group('name') not in seen:
            seen[m.group('name')] = (' '.join(m.group('type').split()),
                                     int(m.group('off')))
        if m.group('name').startswith('lineup__') and \
                (m.group('size') != '0' or m.group('dims') not in dims):
            bad += 1
            print('FAIL marker %s%s has size %s; want %s, size 0' %
                  (m.group('name'), m.group('dims'), m.group('size'),
                   ' or '.join(dims)))
    for want in directives(args.file, 'PAHOLE'):
        typ, name, off = want.split()
        got = seen.get(name)
        if got is None or got[1] != int(off) or (typ != '-' and
                                                  got[0] != typ):
            bad += 1
            print('FAIL want %s %s at %s, pahole shows %s' %
                  (typ, name, off, got))
        else:
            print('ok   %s %s at %s' % (typ, name, off))
    size = directives(args.file, 'PAHOLE-SIZE')
    if size and ('/* size: %s,' % size[0]) not in out:
        bad += 1
        print('FAIL want size %s' % size[0])
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--cc', default='gcc')
    ap.add_argument('--std', default='c11')
    ap.add_argument('--include', required=True)
    ap.add_argument('--cases')
    ap.add_argument('--pass', dest='pass_', action='append', default=[])
    ap.add_argument('--fail', action='append', default=[])
    ap.add_argument('--arch', action='store_true')
    ap.add_argument('--pahole', action='store_true')
    ap.add_argument('file', nargs='?')
    args = ap.parse_args()
    if args.arch:
        return mode_arch(args)
    if args.pahole:
        return mode_pahole(args)
    return mode_cases(args)


if __name__ == '__main__':
    sys.exit(main())
