#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of `lineup asserts`: the assertions it prints hold on the layout
they froze and fail, naming what moved, on the layout that breaks it.

Modes (one meson test each):

  --roundtrip   every configuration of examples/task_group's [matrix]
                (64): compile the reorder fix, print its assertions, append
                them to a source (a wrapper .c that #includes it) and
                compile that:
                  rules (before.ini), lineup and kernel style: pass on
                    reorder and isolate, fail on before exactly where
                    CONFIG_FAIR_GROUP_SCHED && CONFIG_SMP, naming load_avg
                    and rt_se, rt_rq (CONFIG_RT_GROUP_SCHED) or parent;
                  lineup.h markers: pass on reorder, fail on
                    task_group_marked.c -DBAD naming groups load, wakeup;
                  kernel markers (task_group_kernel.c, linux_cache.h):
                    kernel style names the groups, lineup style the
                    members;
                  and before itself is refused (exit 1, one line, no
                  output) exactly where it is broken.
  --shapes      shapes.c: each struct's assertions, both styles, compile
                against the file they came from; the bit-field note, the
                tagless typedef, WRITE_APART's 16-group split, a group in
                an isolation; the struct
                whose rules claim an alignment the compiler cannot see is
                refused.
  --golden      the exact text for the all-options configuration, both
                styles (expect/*.expect; '#' lines there are comments).
  --errors      bad input: one line on stderr, nothing on stdout, exit 2.
  --dollar      dollar.c's `$` identifiers (GNU C): under gcc and clang,
                both styles' assertions compile (-std=gnu11) and hold on
                the layout they froze, and fail with -DBAD naming `w$1`.
  --kernel-btf  the running kernel's BTF (skipped without it): kernel style
                for tcp_sock, net_device and sock names the members, bytes
                and bit-fields `lineup show --format json` gives each
                kernel group.

Exit status: 0 pass, 1 fail, 77 skip (no compiler).
"""

import argparse
import concurrent.futures
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
OPTIONS = ['CONFIG_FAIR_GROUP_SCHED', 'CONFIG_SMP', 'CONFIG_RT_GROUP_SCHED',
           'CONFIG_SCHED_AUTOGROUP', 'CONFIG_CFS_BANDWIDTH',
           'CONFIG_UCLAMP_TASK_GROUP']
LINEUP_FLAGS = ['-std=c11', '-Wall', '-Wextra', '-Wpedantic', '-Werror']
# kernel code is GNU C: zero-length marker arrays, no -Wpedantic
KERNEL_FLAGS = ['-std=gnu11', '-Wall', '-Wextra', '-Werror']

APART_RE = re.compile(r'members `(\w+)` and `(\w+)` may share a cache line')
GROUPS_RE = re.compile(
    r'write group `(\w+)` may share a cache line with group `(\w+)`')
BUG_RE = re.compile(r'BUILD_BUG_ON failed: ([^"]*)"')
NAME_RE = re.compile(r'offsetof(?:end)?\(struct task_group, (\w+)\)')


class Ctx:
    def __init__(self, args, tmp):
        self.lineup = os.path.abspath(args.lineup)
        self.cc = args.cc
        self.include = os.path.abspath(args.include)
        self.examples = os.path.abspath(args.examples)
        self.here = os.path.dirname(os.path.abspath(__file__))
        self.tmp = tmp


def run(cmd, cwd=None):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, check=False, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def incs(ctx):
    return ['-I', ctx.include, '-I', ctx.examples, '-I', ctx.here]


def compile_obj(ctx, src, defs, out):
    rc, _, err = run([ctx.cc, '-c', '-g', '-std=gnu11'] + incs(ctx) + defs +
                     [src, '-o', out])
    if rc:
        raise RuntimeError('failed to compile %s %s:\n%s' %
                           (src, ' '.join(defs), err))


def asserts(ctx, obj, *extra):
    return run([ctx.lineup, 'asserts', '--struct', 'task_group'] +
               list(extra) + [obj])


def wrap(ctx, path, src, text, kernel, check_fn='task_group_struct_check'):
    """A .c file: SRC, then the assertions (the user's paste)."""
    with open(path, 'w', encoding='utf-8') as f:
        f.write('#include "%s"\n' % src)
        if kernel:
            f.write('#include "linux_cache.h"\n')
        else:
            f.write('#include <lineup.h>\n')
        f.write(text)
        if kernel:
            f.write('void lineup_test_check(void);\n'
                    'void lineup_test_check(void) { %s(); }\n' % check_fn)


def syntax(ctx, path, defs, gnu):
    flags = KERNEL_FLAGS if gnu else LINEUP_FLAGS
    rc, out, err = run([ctx.cc, '-fsyntax-only'] + flags + incs(ctx) +
                       defs + [path])
    return rc, out + err


def apart_pairs(out):
    return sorted(set(APART_RE.findall(out)))


def bug_names(out):
    """The members and markers each failed BUILD_BUG_ON names."""
    names = (tuple(NAME_RE.findall(c)) for c in BUG_RE.findall(out))
    # the macro's own source line, quoted in notes, names nothing
    return sorted(set(n for n in names if n))


def expected_members(cfg):
    if not (cfg['CONFIG_FAIR_GROUP_SCHED'] and cfg['CONFIG_SMP']):
        return []
    if cfg['CONFIG_RT_GROUP_SCHED']:
        return [('load_avg', 'rt_rq'), ('load_avg', 'rt_se')]
    return [('load_avg', 'parent')]


def group_message(out, broken, padded, padded_msg):
    if broken:
        got = GROUPS_RE.findall(out)
        return None if got == [('load', 'wakeup')] else \
            'names %s, expected load and wakeup' % got
    return None if padded_msg in out else 'lacks %r' % padded_msg


def one_config(ctx, bits):
    cfg = dict(zip(OPTIONS, bits))
    defs = ['-D' + o for o, on in cfg.items() if on]
    tag = ' '.join(o for o, on in cfg.items() if on) or '(none)'
    d = tempfile.mkdtemp(dir=ctx.tmp)
    problems = []

    def src(name):
        return os.path.join(ctx.examples, name)

    def expect(what, rc, out, want_fail, check):
        if (rc != 0) != want_fail:
            problems.append('%s: %s: %s\n%s' % (
                tag, what, 'compiled' if rc == 0 else 'failed', out))
        elif want_fail and check:
            msg = check(out)
            if msg:
                problems.append('%s: %s: %s\n%s' % (tag, what, msg, out))

    broken = bool(expected_members(cfg))
    # -DBAD in the marked fixtures also moves the wakeup group to just
    # after `int idle`: without CONFIG_SMP (no aligned load_avg) its begin
    # marker takes the 4 bytes of padding there, and the group may touch
    # two lines where it touched one: the frozen bound says so.
    # two lines where it touched one (with the RT pointers it touched two
    # already), and the kernel's byte bound sees the 4 bytes either way.
    padded = cfg['CONFIG_FAIR_GROUP_SCHED'] and not cfg['CONFIG_SMP']
    padded_lines = padded and not cfg['CONFIG_RT_GROUP_SCHED']
    reorder_o = os.path.join(d, 'reorder.o')
    compile_obj(ctx, src('task_group_reorder.c'), defs, reorder_o)
    rules = src('before.ini')

    # rules: member relations, both styles
    for style in ('lineup', 'kernel'):
        kernel = style == 'kernel'
        rc, text, err = asserts(ctx, reorder_o, '--rules', rules,
                                '--style', style)
        if rc:
            problems.append('%s: asserts --rules (%s): exit %d: %s' %
                            (tag, style, rc, err))
            continue
        for name, bad in (('task_group_reorder.c', False),
                          ('task_group_isolate.c', False),
                          ('task_group_before.c', True)):
            w = os.path.join(d, '%s-%s' % (style, name))
            wrap(ctx, w, src(name), text, kernel)
            rc, out = syntax(ctx, w, defs, kernel)
            want = expected_members(cfg) if bad else []

            def check(out, want=want, kernel=kernel):
                got = ([tuple(n for n in t) for t in bug_names(out)]
                       if kernel else apart_pairs(out))
                return None if got == want else \
                    'names %s, expected %s' % (got, want)
            expect('%s style, rules, on %s' % (style, name), rc, out,
                   bad and broken, check)

    # lineup.h markers: group relations
    rc, text, err = asserts(ctx, reorder_o)
    if rc:
        problems.append('%s: asserts (markers): exit %d: %s' % (tag, rc, err))
    else:
        marked = os.path.join(ctx.here, 'task_group_marked.c')
        for name, path, extra, bad in (
                ('task_group_reorder.c', src('task_group_reorder.c'), [],
                 False),
                ('task_group_marked.c', marked, [], False),
                ('task_group_marked.c -DBAD', marked, ['-DBAD'], True)):
            w = os.path.join(d, 'markers-%s.c' % len(extra))
            wrap(ctx, w, path, text, False)
            rc, out = syntax(ctx, w, defs + extra, False)
            expect('markers on ' + name, rc, out,
                   bad and (broken or padded_lines),
                   lambda o: group_message(o, broken, padded,
                                           'group `wakeup` may touch more '
                                           'than 1 cache line'))

    # kernel markers: kernel style by group, lineup style by member
    kfix = os.path.join(ctx.here, 'task_group_kernel.c')
    kernel_o = os.path.join(d, 'kernel.o')
    compile_obj(ctx, kfix, defs, kernel_o)
    for style in ('kernel', 'lineup'):
        kernel = style == 'kernel'
        rc, text, err = asserts(ctx, kernel_o, '--style', style)
        if rc:
            problems.append('%s: asserts (kernel markers, %s): exit %d: %s'
                            % (tag, style, rc, err))
            continue
        # -DBAD puts the whole wakeup group on load_avg's line
        want = [p for p in [('load_avg', 'parent'), ('load_avg', 'rt_rq'),
                            ('load_avg', 'rt_se')]
                if cfg['CONFIG_RT_GROUP_SCHED'] or p[1] == 'parent'] \
            if broken else []
        for extra, bad in (([], False), (['-DBAD'], True)):
            w = os.path.join(d, 'kmarkers-%s-%d.c' % (style, len(extra)))
            wrap(ctx, w, kfix, text, kernel)
            # the fixture is kernel code: GNU C whatever the style
            rc, out = syntax(ctx, w, defs + extra, True)

            def check(out, want=want):
                got = apart_pairs(out)
                return None if got == want else \
                    'names %s, expected %s' % (got, want)

            def kcheck(out):
                if broken:
                    got = bug_names(out)
                    want = [('__cacheline_group_end__tg_write_tick',
                             '__cacheline_group_begin__tg_read_wakeup')]
                    return None if got == want else \
                        'names %s, expected %s' % (got, want)
                return None if re.search(
                    r'CACHELINE_ASSERT_GROUP_SIZE\(struct task_group, '
                    r'tg_read_wakeup, \d+\)', out) else \
                    'does not name the size of tg_read_wakeup'
            expect('kernel markers, %s style%s' %
                   (style, ' -DBAD' if extra else ''), rc, out,
                   bad and (broken or (kernel and padded)),
                   kcheck if kernel else check)

    # the broken layout itself is refused where it is broken
    before_o = os.path.join(d, 'before.o')
    compile_obj(ctx, src('task_group_before.c'), defs, before_o)
    rc, text, err = asserts(ctx, before_o, '--rules', rules)
    if broken:
        lines = err.splitlines()
        if rc != 1 or text or len(lines) != 1 or \
                'refusing to freeze struct task_group' not in err or \
                "'load_avg' (write) shares cache line" not in err:
            problems.append('%s: before refused: exit %d, stdout %r, '
                            'stderr %r' % (tag, rc, text, err))
    elif rc != 0 or err:
        problems.append('%s: before not broken here, yet exit %d: %s' %
                        (tag, rc, err))
    shutil.rmtree(d)
    return problems


def mode_roundtrip(ctx):
    configs = list(itertools.product([False, True], repeat=len(OPTIONS)))
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        results = list(ex.map(lambda b: one_config(ctx, b), configs))
    problems = [p for r in results for p in r]
    for p in problems:
        print('FAIL ' + p)
    print('%d configurations, %d problems' % (len(configs), len(problems)))
    return 1 if problems else 0


SHAPES = ['unaligned', 'ring_t', 'flags', 'wide', 'queue', 'isolated']


def mode_shapes(ctx):
    problems = []
    shapes = os.path.join(ctx.here, 'shapes.c')
    rules = os.path.join(ctx.here, 'shapes.ini')
    obj = os.path.join(ctx.tmp, 'shapes.o')
    rc, _, err = run([ctx.cc, '-c', '-g'] + LINEUP_FLAGS + incs(ctx) +
                     [shapes, '-o', obj])
    if rc:
        print('FAIL failed to compile shapes.c:\n' + err)
        return 1
    outputs = {}
    for s, style in itertools.product(SHAPES, ('lineup', 'kernel')):
        rc, text, err = run([ctx.lineup, 'asserts', '--struct', s, '--style',
                             style, '--rules', rules, obj])
        if rc:
            problems.append('%s (%s): exit %d: %s' % (s, style, rc, err))
            continue
        outputs[(s, style)] = text
        kernel = style == 'kernel'
        fn = '%s_struct_check' % s
        w = os.path.join(ctx.tmp, '%s-%s.c' % (s, style))
        wrap(ctx, w, shapes, text, kernel, fn)
        rc, out = syntax(ctx, w, [], kernel)
        if rc:
            problems.append('%s (%s): its assertions fail on the layout '
                            'they froze:\n%s\n%s' % (s, style, text, out))
    lu = outputs.get(('wide', 'lineup'), '')
    if not re.search(r'WRITE_APART\(struct wide, w, r0, .*, r15\);\n'
                     r'(/\*.*\*/\n)?LINEUP_ASSERT_WRITE_APART\(struct wide, '
                     r'w, r16\);', lu):
        problems.append('wide: not split 16 + 1:\n' + lu)
    if 'LINEUP_ASSERT_WRITE_APART(ring_t, head, mask);' not in \
            outputs.get(('ring_t', 'lineup'), ''):
        problems.append('ring_t: typedef not spelled')
    # 'pad' ends after 'dirty' and before 'ops': apart from 'ops', it
    # keeps the bit-field apart too (run_padded_tests.py: when no member
    # can stand in)
    note = "/* 'dirty' is a bit-field, which offsetof cannot name: 'pad' " \
           "stands for it */"
    for style in ('lineup', 'kernel'):
        if note not in outputs.get(('flags', style), ''):
            problems.append('flags (%s): no bit-field note' % style)
    if 'LINEUP_ASSERT_APART(struct flags, pad, ops);' not in \
            outputs.get(('flags', 'lineup'), ''):
        problems.append('flags: bit-field not asserted through pad')
    if 'LINEUP_ASSERT_APART(struct queue, p.head, ring);' not in \
            outputs.get(('queue', 'lineup'), ''):
        problems.append('queue: dotted member not asserted')
    if '% 8 +' not in outputs.get(('unaligned', 'kernel'), ''):
        problems.append('unaligned: kernel style ignores the alignment')
    # the rules claim align = 64; the compiler sees 8
    rc, text, err = run([ctx.lineup, 'asserts', '--struct', 'claimed',
                         '--rules', rules, obj])
    if rc != 2 or text or len(err.splitlines()) != 1 or \
            'failed to freeze struct claimed' not in err or \
            'alignment (8)' not in err:
        problems.append('claimed: exit %d, stdout %r, stderr %r' %
                        (rc, text, err))
    for p in problems:
        print('FAIL ' + p)
    print('%d shapes, %d problems' % (len(SHAPES), len(problems)))
    return 1 if problems else 0


def mode_golden(ctx):
    problems = []
    defs = ['-D' + o for o in OPTIONS]
    cases = [
        ('reorder-lineup', os.path.join(ctx.examples,
                                        'task_group_reorder.c'), []),
        ('reorder-rules-lineup', os.path.join(ctx.examples,
                                              'task_group_reorder.c'),
         ['--rules', os.path.join(ctx.examples, 'before.ini')]),
        ('kernel-kernel', os.path.join(ctx.here, 'task_group_kernel.c'),
         ['--style', 'kernel']),
    ]
    for name, src, extra in cases:
        obj = os.path.join(ctx.tmp, name + '.o')
        compile_obj(ctx, src, defs, obj)
        rc, text, err = run([ctx.lineup, 'asserts', '--struct',
                             'task_group'] + extra + [name + '.o'],
                            cwd=ctx.tmp)
        with open(os.path.join(ctx.here, 'expect', name + '.expect'),
                  encoding='utf-8') as f:
            want = ''.join(l for l in f if not l.startswith('# '))
        if rc or text != want:
            problems.append('%s: exit %d, got:\n%s\nwant:\n%s%s' %
                            (name, rc, text, want, err))
    for p in problems:
        print('FAIL ' + p)
    print('%d golden cases, %d problems' % (len(cases), len(problems)))
    return 1 if problems else 0


def mode_dollar(ctx):
    problems = []
    src = os.path.join(ctx.here, 'dollar.c')
    ccs = [cc for cc in ('gcc', 'clang') if shutil.which(cc)]
    for cc, style in itertools.product(ccs, ('lineup', 'kernel')):
        obj = os.path.join(ctx.tmp, 'dollar-%s.o' % cc)
        rc, _, err = run([cc, '-c', '-g'] + KERNEL_FLAGS + incs(ctx) +
                         [src, '-o', obj])
        if rc:
            print('FAIL failed to compile dollar.c with %s:\n%s' % (cc, err))
            return 1
        rc, text, err = run([ctx.lineup, 'asserts', '--struct', 'dollar',
                             '--style', style, obj])
        if rc or 'w$1' not in text:
            problems.append('%s (%s): exit %d: %s%s' % (cc, style, rc, err,
                                                       text))
            continue
        kernel = style == 'kernel'
        w = os.path.join(ctx.tmp, 'dollar-%s-%s.c' % (cc, style))
        wrap(ctx, w, src, text, kernel, 'dollar_struct_check')
        for defs, fails in (([], False), (['-DBAD'], True)):
            rc, out, err = run([cc, '-fsyntax-only'] + KERNEL_FLAGS +
                               incs(ctx) + defs + [w])
            out += err
            if bool(rc) != fails or (fails and not re.search(
                    r'w\$1|lineup__end__w\$1', out)):
                problems.append('%s (%s)%s: exit %d:\n%s\n%s' % (
                    cc, style, ' -DBAD' if fails else '', rc, text, out))
    for p in problems:
        print('FAIL ' + p)
    print('%d compilers, %d problems' % (len(ccs), len(problems)))
    return 1 if problems else 0


def mode_errors(ctx):
    obj = os.path.join(ctx.tmp, 'reorder.o')
    compile_obj(ctx, os.path.join(ctx.examples, 'task_group_reorder.c'),
                ['-D' + o for o in OPTIONS], obj)
    bad_ini = os.path.join(ctx.tmp, 'bad.ini')
    with open(bad_ini, 'w', encoding='utf-8') as f:
        f.write('[struct task_group]\nwrite =\nbogus line\n')
    missing = os.path.join(ctx.tmp, 'missing.o')
    not_elf = os.path.join(ctx.examples, 'before.ini')
    cases = [
        # (what, arguments, fragment of the one stderr line)
        ('missing file', ['--struct', 'task_group', missing], missing),
        ('not an object', ['--struct', 'task_group', not_elf], not_elf),
        ('no --struct', [obj], 'usage: lineup asserts'),
        ('two files', ['--struct', 'task_group', obj, obj],
         'usage: lineup asserts'),
        ('unknown struct', ['--struct', 'task_grup', obj],
         "failed to find struct task_grup in %s (did you mean "
         "'task_group'?)" % obj),
        ('bad style', ['--style', 'bsd', '--struct', 'task_group', obj],
         "bad --style 'bsd'"),
        ('json', ['--format', 'json', '--struct', 'task_group', obj],
         'json'),
        ('pair', ['--pair', '--struct', 'task_group', obj], '--pair'),
        ('bad rules', ['--rules', bad_ini, '--struct', 'task_group', obj],
         bad_ini),
        ('missing rules', ['--rules', missing + '.ini', '--struct',
                           'task_group', obj], missing + '.ini'),
        # all or nothing: no struct is printed when one is not found
        ('one of two unknown', ['--struct', 'task_group', '--struct',
                                'nosuch', obj],
         'failed to find struct nosuch'),
        ('nothing to assert', ['--struct', 'list_head', obj],
         'failed to freeze struct list_head: nothing to assert'),
    ]
    problems = []
    for what, argv, frag in cases:
        rc, out, err = run([ctx.lineup, 'asserts'] + argv)
        lines = err.splitlines()
        if rc != 2 or out or len(lines) != 1 or frag not in err:
            problems.append('%s: exit %d, stdout %r, stderr %r (want one '
                            'line with %r)' % (what, rc, out, err, frag))
    for p in problems:
        print('FAIL ' + p)
    print('%d bad inputs, %d problems' % (len(cases), len(problems)))
    return 1 if problems else 0


BTF = '/sys/kernel/btf/vmlinux'
MEMBER_RE = re.compile(r'CACHELINE_ASSERT_GROUP_MEMBER\(struct (\w+), '
                       r'(\w+), (\w+)\);')
SIZE_RE = re.compile(r'CACHELINE_ASSERT_GROUP_SIZE\(struct (\w+), (\w+), '
                     r'(\d+)\);')
UNNAMED_RE = re.compile(r"not asserted: '(\w+)' is a bit-field")


def mode_kernel_btf(ctx):
    """The running kernel's own groups (tcp_sock, net_device, sock): kernel
    style names every member of every group as `lineup show` places it,
    bounds each group by its bytes, and notes each bit-field."""
    if not os.path.exists(BTF):
        print('SKIP: no %s' % BTF)
        return SKIP
    problems, seen = [], 0
    for name in ('tcp_sock', 'net_device', 'sock'):
        rc, out, _ = run([ctx.lineup, 'show', '--format', 'json', '--struct',
                          name, BTF])
        if rc:
            continue
        s = json.loads(out)['structs'][0]
        groups = {g['name']: g for g in s['groups']
                  if g['origin'] == 'kernel'}
        if not groups:
            continue
        seen += 1
        want_members = set()
        want_unnamed = set()
        for m in s['members']:
            if m['marker'] or m['group'] not in groups or m['depth']:
                continue
            if m['bit_size']:
                want_unnamed.add(m['name'])
            elif m['size']:
                want_members.add((name, m['group'], m['name']))
        want_sizes = set((name, g, str(x['end'] - x['begin']))
                         for g, x in groups.items() if x['end'] > x['begin'])
        rc, text, err = run([ctx.lineup, 'asserts', '--style', 'kernel',
                             '--struct', name, BTF])
        if rc:
            problems.append('%s: exit %d: %s' % (name, rc, err))
            continue
        for what, want, got in (
                ('members', want_members, set(MEMBER_RE.findall(text))),
                ('sizes', want_sizes, set(SIZE_RE.findall(text))),
                ('bit-fields', want_unnamed, set(UNNAMED_RE.findall(text)))):
            if want != got:
                problems.append('%s: %s differ from show: missing %s, extra '
                                '%s' % (name, what, sorted(want - got)[:5],
                                        sorted(got - want)[:5]))
    if not seen:
        print('SKIP: no struct with kernel groups in %s' % BTF)
        return SKIP
    for p in problems:
        print('FAIL ' + p)
    print('%d kernel structs, %d problems' % (seen, len(problems)))
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--cc', default='cc')
    ap.add_argument('--include', required=True)
    ap.add_argument('--examples', required=True)
    ap.add_argument('mode', choices=['roundtrip', 'shapes', 'golden',
                                     'errors', 'kernel-btf', 'dollar'])
    args = ap.parse_args()
    if not shutil.which(args.cc):
        print('SKIP: no %s' % args.cc)
        return SKIP
    with tempfile.TemporaryDirectory() as tmp:
        ctx = Ctx(args, tmp)
        return {'roundtrip': mode_roundtrip, 'shapes': mode_shapes,
                'golden': mode_golden, 'errors': mode_errors,
                'kernel-btf': mode_kernel_btf,
                'dollar': mode_dollar}[args.mode](ctx)


if __name__ == '__main__':
    sys.exit(main())
