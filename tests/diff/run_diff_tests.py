#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Acceptance tests of `lineup diff OLD NEW`.

Each case compiles its fixtures at test time (the compile commands sit in
the case, next to what it expects), runs lineup from the source tree's top
(so paths print relative, as a user sees them) and checks the exit status
and the exact lines a user reads. The kernel case compares a Debian 6.1
vmlinux's DWARF (bench/data/vmlinux, from bench/fetch-vmlinux) with the
running kernel's BTF; it is skipped when either is absent.

    run_diff_tests.py --lineup PATH --top DIR CASE
    run_diff_tests.py --list

Exit status: 0 pass, 1 fail, 77 skipped.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
FX = 'tests/diff/fixtures'
EX = 'examples/task_group'
VMLINUX = 'bench/data/vmlinux'
BTF = '/sys/kernel/btf/vmlinux'
KERNEL_RULES = 'examples/task_group_kernel/task_group.ini'

# task_group as the kernel has it with CONFIG_RT_GROUP_SCHED and
# CONFIG_SCHED_AUTOGROUP: 704 bytes before and after the reorder, 768
# after the isolation.
TG_FLAGS = ('-DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP -DCONFIG_RT_GROUP_SCHED '
            '-DCONFIG_SCHED_AUTOGROUP')


class Failed(Exception):
    pass


class Skipped(Exception):
    pass


class Ctx:
    def __init__(self, lineup, top, tmp):
        self.lineup, self.top, self.tmp = lineup, top, tmp

    def compile(self, name, src, flags='', cc='gcc'):
        """Compiles SRC (relative to the top) into the scratch dir."""
        obj = os.path.join(self.tmp, name + '.o')
        cmd = '%s -c -g -Iinclude -I%s %s %s -o %s' % (
            cc, EX, flags, src, obj)
        r = subprocess.run(shlex.split(cmd), cwd=self.top,
                           capture_output=True, text=True)
        if r.returncode:
            raise Failed('%s failed:\n%s' % (cmd, r.stderr))
        return obj

    def task_group(self, which):
        return self.compile(which, '%s/task_group_%s.c' % (EX, which),
                            TG_FLAGS)

    def run(self, args, want_exit):
        r = subprocess.run([self.lineup, 'diff'] + args, cwd=self.top,
                           capture_output=True, text=True, timeout=300)
        log = '$ lineup diff %s\n%s%s(exit %d)\n' % (
            ' '.join(args), r.stdout, r.stderr, r.returncode)
        print(log)
        if r.returncode != want_exit:
            raise Failed('exit %d, want %d' % (r.returncode, want_exit))
        # a sanitizer's report exits 1 too: stderr tells it apart
        if want_exit != 2 and r.stderr:
            raise Failed('stderr: %s' % r.stderr[:2000])
        return r.stdout, r.stderr


def expect_lines(out, lines):
    """The output's first lines are exactly LINES."""
    got = out.splitlines()[:len(lines)]
    if got != lines:
        raise Failed('first lines:\n  %s\nwant:\n  %s' %
                     ('\n  '.join(got), '\n  '.join(lines)))


def expect_in(out, fragments):
    for f in fragments:
        if isinstance(f, re.Pattern):
            if not f.search(out):
                raise Failed('no match for /%s/' % f.pattern)
        elif f not in out:
            raise Failed('missing: %r' % f)


def reject(out, fragments):
    for f in fragments:
        if f in out:
            raise Failed('unexpected: %r' % f)


def one_line_error(err, fragment):
    if err.count('\n') != 1 or fragment not in err:
        raise Failed('want one line naming %r on stderr, got %r' %
                     (fragment, err))


CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


REORDER = 'examples/task_group/task_group_reorder.c'


@case
def reorder_hot_first(c):
    """before -> reorder: the hot members first, then the fixed conflict.
    The groups come from reorder's markers; before has none, and gets
    them for the members it has (a member keeps its kind across builds)."""
    out, _ = c.run([c.task_group('before'), c.task_group('reorder')], 0)
    expect_lines(out, [
        REORDER + ":23:16: note: struct task_group: 'load_avg' (write "
        "group 'load') stays at 256, still line 4",
        REORDER + ":36:21: note: struct task_group: 'parent' (read group "
        "'wakeup') moved 416 -> 328, line 6 -> line 5",
        REORDER + ":38:27: note: struct task_group: 'rt_se' (read group "
        "'wakeup') moved 264 -> 336, line 4 -> line 5",
        REORDER + ":39:17: note: struct task_group: 'rt_rq' (read group "
        "'wakeup') moved 272 -> 344, line 4 -> line 5",
        "examples/task_group/task_group_before.c:19:16: note: fixed: "
        "'load_avg' (write group 'load') shares cache line 4 with 'rt_se', "
        "'rt_rq' (read group 'wakeup') in struct task_group",
    ])
    expect_in(out, [
        REORDER + ":28:18: note: struct task_group: 'rcu' (cold group "
        "'lists') moved 384 -> 264, line 6 -> line 4\n",
        "lineup diff: 1 of 7 structs changed, 0 rules newly broken, "
        "1 fixed\n"])
    # markers are how groups are written, not members that were added
    reject(out, ['lineup__begin', 'added'])


@case
def reorder_fail_on_moves(c):
    """--fail-on moves: a member on another line fails the run."""
    out, _ = c.run(['--fail-on', 'moves', c.task_group('before'),
                    c.task_group('reorder')], 1)
    expect_in(out, ["error: struct task_group: 'rt_se' (read group "
                    "'wakeup') moved 264 -> 336, line 4 -> line 5"])
    # a member that stays on its line is no reason to fail
    expect_in(out, ["note: struct task_group: 'load_avg'"])


@case
def regression_newly_broken(c):
    """reorder -> before: the rule is newly broken, exit 1, with the
    notes check prints for it."""
    out, _ = c.run([c.task_group('reorder'), c.task_group('before')], 1)
    before = 'examples/task_group/task_group_before.c'
    expect_in(out, [
        before + ":19:16: error: new: 'load_avg' (write group 'load') "
        "shares cache line 4 with 'rt_se', 'rt_rq' (read group 'wakeup') "
        "in struct task_group [LU001]\n" +
        before + ":23:27: note: 'rt_se' is at offset 264, line 4 "
        "(bytes 256-319)\n",
        'lineup diff: 1 of 7 structs changed, 1 rule newly broken, '
        '0 fixed\n'])


@case
def isolate_size(c):
    """before -> isolate: 704 -> 768 bytes; --fail-on size makes it fatal."""
    old, new = c.task_group('before'), c.task_group('isolate')
    line = ('examples/task_group/task_group_isolate.c:11: %s: struct '
            'task_group: size 704 -> 768 bytes (+64), 11 -> 12 cache lines')
    out, _ = c.run([old, new], 0)
    expect_lines(out, [line % 'note'])
    expect_in(out, ["'load_avg' (write group 'load') stays at 256",
                    "note: fixed: 'load_avg' (write group 'load') shares "
                    "cache line 4 with 'rt_se', 'rt_rq' (read group 'rt')"])
    out, _ = c.run(['--fail-on', 'size', old, new], 1)
    expect_lines(out, [line % 'error' + ' [LU101]'])
    c.run(['--fail-on', 'moves,size', '--struct', 'list_head', old, new], 0)


@case
def identical(c):
    """The same build twice: nothing to say, exit 0."""
    obj = c.task_group('before')
    out, _ = c.run(['--fail-on', 'size,moves', obj, obj], 0)
    if out != 'lineup diff: no layout changes (7 structs compared)\n':
        raise Failed('want only the no-changes line')
    # a name given twice (or a tag and its typedef) is one struct
    out, _ = c.run(['--struct', 'task_group', '--struct', 'struct task_group',
                    obj, obj], 0)
    if out != 'lineup diff: no layout changes (1 struct compared)\n':
        raise Failed('want only the no-changes line')


@case
def member_added(c):
    """A member inserted: it is listed, the members after it are one run
    (gcc and clang)."""
    for cc in ('gcc', 'clang'):
        old = c.compile('conn-' + cc, FX + '/conn.c', cc=cc)
        new = c.compile('conn-added-' + cc, FX + '/conn.c', '-DADDED', cc)
        out, _ = c.run([old, new], 0)
        expect_in(out, [
            re.compile(r"(?m)^tests/diff/fixtures/conn\.c:\d+(:\d+)?: note: "
                       r"struct conn: size 88 -> 96 bytes \(\+8\), "
                       r"2 -> 2 cache lines$"),
            re.compile(r"(?m)^tests/diff/fixtures/conn\.c:10(:\d+)?: note: "
                       r"struct conn: 'flags' added at 8, line 0 "
                       r"\(8 bytes\)$"),
            re.compile(r"(?m)^tests/diff/fixtures/conn\.c:12(:\d+)?: note: "
                       r"struct conn: 7 members after 'flags' shifted by "
                       r"\+8 \('rx_bytes' to 'name'\), 1 of them to "
                       r"another line$"),
            'lineup diff: 1 of 1 struct changed, 0 rules newly broken, '
            '0 fixed\n'])
        reject(out, ["'rx_bytes' moved", "'name' moved"])
        # the other way: removed, and the run shifts back
        out, _ = c.run([new, old], 0)
        expect_in(out, ["struct conn: 'flags' removed (was at 8, line 0)",
                        "7 members after 'id' shifted by -8 ('rx_bytes' to "
                        "'name'), 1 of them to another line"])
        # every member that changed line counts for --fail-on moves
        c.run(['--fail-on', 'moves', old, new], 1)


@case
def archives(c):
    """Two builds of a static library (as doc/ci.md diffs a change's base
    and head): the struct that changed, among those that did not."""
    objs = {}
    for tag, flags in (('base', ''), ('head', '-DADDED')):
        conn = c.compile('conn-' + tag, FX + '/conn.c', flags)
        ring = c.compile('ring-' + tag, FX + '/ring.c')
        lib = os.path.join(c.tmp, 'lib%s.a' % tag)
        r = subprocess.run(['ar', 'rcs', lib, conn, ring],
                           capture_output=True, text=True)
        if r.returncode:
            raise Failed('ar: %s' % r.stderr)
        objs[tag] = lib
    out, _ = c.run([objs['base'], objs['head']], 0)
    expect_in(out, [
        re.compile(r"(?m)^tests/diff/fixtures/conn\.c:10:\d+: note: struct "
                   r"conn: 'flags' added at 8, line 0 \(8 bytes\)$"),
        'lineup diff: 1 of 2 structs changed, 0 rules newly broken, '
        '0 fixed\n'])
    reject(out, ['struct ring'])


@case
def rules_broken_and_fixed(c):
    """--rules: a rule newly broken exits 1; fixed, exit 0."""
    ok = c.compile('ring', FX + '/ring.c')
    bad = c.compile('ring-shrunk', FX + '/ring.c', '-DSHRUNK')
    rules = FX + '/ring.ini'
    out, _ = c.run(['--rules', rules, ok, bad], 1)
    expect_in(out, [
        re.compile(r"(?m)^tests/diff/fixtures/ring\.c:14:\d+: note: struct "
                   r"ring: 'mask' \(read\) moved 64 -> 32, line 1 -> "
                   r"line 0$"),
        re.compile(r"(?m)^tests/diff/fixtures/ring\.c:8:\d+: error: new: "
                   r"'head' \(write\) shares cache line 0 with 'mask', "
                   r"'slots' \(read\) in struct ring \[LU001\]$"),
        re.compile(r"(?m)^tests/diff/fixtures/ring\.c:10:\d+: note: struct "
                   r"ring: 'pad' is 56 -> 24 bytes at 8, still line 0$"),
        'lineup diff: 1 of 1 struct changed, 1 rule newly broken, 0 fixed'])
    out, _ = c.run(['--rules', rules, bad, ok], 0)
    expect_in(out, [
        re.compile(r"(?m)^tests/diff/fixtures/ring\.c:8:\d+: note: fixed: "
                   r"'head' \(write\) shares cache line 0 with 'mask', "
                   r"'slots' \(read\) in struct ring$"),
        'lineup diff: 1 of 1 struct changed, 0 rules newly broken, 1 fixed'])
    # a rule broken on both sides is not news: exit 0, but it is said
    out, _ = c.run(['--rules', rules, bad, bad], 0)
    if out != ('lineup diff: no layout changes (1 struct compared); 1 rule '
               'broken in both\n'):
        raise Failed('want the no-changes line with the rule kept')


@case
def line_sizes(c):
    """Each side counts lines with its own line size; --line-size for
    both."""
    ok = c.compile('ring', FX + '/ring.c')
    bad = c.compile('ring-shrunk', FX + '/ring.c', '-DSHRUNK')
    out, _ = c.run(['--line-size', '128', '--rules', FX + '/ring.ini',
                    ok, bad], 0)
    expect_in(out, ["'mask' (read) moved 64 -> 32, still line 0"])
    reject(out, ['new:'])


@case
def padded_tagless(c):
    """A tagless typedef'd queue with C11 _Atomic, a `char pad[LINE -
    sizeof]` array, an anonymous union, bit-fields and a flexible array
    (fixtures/padq.c): named by its typedef, hot members by their own
    names inside the anonymous union, bit-fields at byte:bit, one byte
    and one bit said so; -m32 resizes the pad, not the hot lines."""
    v1 = c.compile('padq', FX + '/padq.c')
    v2 = c.compile('padq-v2', FX + '/padq.c', '-DV2')
    out, _ = c.run(['--rules', FX + '/padq.ini', v1, v2], 0)
    src = FX + '/padq.c'
    expect_lines(out, [
        src + ":25:16: note: padq_t: 'kind' (read group 'geo') moved "
        "72:1 -> 72:0, still line 1",
        src + ":26:16: note: padq_t: 'closing' (read group 'geo') moved "
        "72:0 -> 72:3, still line 1",
        src + ":27:16: note: padq_t: 'draining' added at 72:4, line 1 "
        "(1 bit)",
        src + ":28:16: note: padq_t: 'owner' added at 73, line 1 "
        "(1 byte)",
        "lineup diff: 1 of 1 struct changed, 0 rules newly broken, 0 fixed"])
    try:
        m32 = c.compile('padq-m32', FX + '/padq.c', '-m32')
    except Failed:
        return          # no 32-bit libc headers: the first half stands
    out, _ = c.run(['--rules', FX + '/padq.ini', v1, m32], 0)
    expect_in(out, [
        "padq_t: 'head' (write group 'prod') is 8 -> 4 bytes at 0, "
        "still line 0",
        "padq_t: 'head_pad' moved 8 -> 4, still line 0, 56 -> 60 bytes",
        "padq_t: 'tail' (write group 'cons') is 8 -> 4 bytes at 128, "
        "still line 2"])
    reject(out, ["'lo'", "'hi'", 'new:'])


def which(prog):
    for d in os.environ.get('PATH', '').split(os.pathsep):
        if os.access(os.path.join(d, prog), os.X_OK):
            return True
    return False


@case
def dwarf_against_btf(c):
    """A typedef'd tagless struct, an anonymous union and bit-fields:
    DWARF (gcc) against raw BTF (pahole -J, the .BTF section dumped)."""
    for prog in ('pahole', 'objcopy'):
        if not which(prog):
            raise Skipped('%s is not installed' % prog)
    old = c.compile('slot', FX + '/slot.c')
    wide = c.compile('slot-wide', FX + '/slot.c', '-DWIDE')
    btf = os.path.join(c.tmp, 'slot-wide.btf')
    for cmd in (['pahole', '-J', wide],
                ['objcopy', '--dump-section', '.BTF=' + btf, wide]):
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            raise Failed('%s: %s' % (' '.join(cmd), r.stderr))
    out, _ = c.run([old, btf], 0)
    expect_lines(out, [
        'tests/diff/fixtures/slot.c:8: note: slot_t: size 24 -> 32 bytes '
        '(+8), 1 -> 1 cache lines',
        # BTF has no positions: OLD's struct is where 'wide' goes
        "tests/diff/fixtures/slot.c:8: note: slot_t: 'wide' added at 8, "
        "line 0 (8 bytes)",
        "tests/diff/fixtures/slot.c:14:9: note: slot_t: 5 members after "
        "'wide' shifted by +8 ('ptr' to 'count'), none to another line",
        'lineup diff: 1 of 1 struct changed, 0 rules newly broken, 0 fixed'])
    # a bit-field added before others: they move within their unit
    flag = c.compile('slot-flag', FX + '/slot.c', '-DFLAG')
    out, _ = c.run([old, flag], 0)
    expect_lines(out, [
        "tests/diff/fixtures/slot.c:18:15: note: slot_t: 'flag' added at "
        "16:0, line 0 (2 bits)",
        "tests/diff/fixtures/slot.c:20:15: note: slot_t: 'ready' moved "
        "16:0 -> 16:2, still line 0",
        "tests/diff/fixtures/slot.c:21:15: note: slot_t: 'mode' moved "
        "16:1 -> 16:3, still line 0"])


@case
def json_output(c):
    """--format json parses and says what the text says."""
    out, _ = c.run(['--format', 'json', c.task_group('before'),
                    c.task_group('isolate')], 0)
    d = json.loads(out)
    s = d['structs'][0]
    m = s['members'][0]
    want = [d['lineup'] == 1, d['old']['format'] == 'dwarf',
            d['new']['line_size'] == 64, s['name'] == 'task_group',
            s['old']['size'] == 704, s['new']['size'] == 768,
            s['size_changed'], m['name'] if 'name' in m else True,
            m['change'] == 'stayed', m['new']['name'] == 'load_avg',
            m['kind'] == 'write', m['group'] == 'load', m['hot'],
            len(s['fixed_findings']) == 1, not s['new_findings'],
            s['fixed_findings'][0]['type'] == 'conflict',
            d['summary']['changed'] == 1, d['summary']['exit'] == 0,
            d['only_old'] == [] and d['only_new'] == []]
    if not all(want):
        raise Failed('unexpected JSON: %s' % json.dumps(s)[:2000])
    shifted = [x for x in s['members'] if x['change'] == 'shifted']
    if not shifted or shifted[0]['count'] < 3 or \
            shifted[0]['delta'] != 56:
        raise Failed('no run: %r' % shifted)


def sarif_errors(out):
    try:
        import jsonschema
    except ImportError:
        raise Skipped('python3-jsonschema is not installed')
    with open(os.path.join(HERE, '..', 'check',
                           'sarif-schema-2.1.0.json')) as f:
        schema = json.load(f)
    d = json.loads(out)
    errs = list(jsonschema.Draft7Validator(schema).iter_errors(d))
    if errs:
        raise Failed('not SARIF 2.1.0: %s' % errs[0].message)
    return d


@case
def sarif_output(c):
    """--format sarif validates; check's rules for findings, with the
    baseline state; diff's rules after check's."""
    d = sarif_errors(c.run(['--format', 'sarif', c.task_group('reorder'),
                            c.task_group('before')], 1)[0])
    run = d['runs'][0]
    rules = run['tool']['driver']['rules']
    for r in run['results']:
        if rules[r['ruleIndex']]['id'] != r['ruleId']:
            raise Failed('ruleIndex %d is not %s' % (r['ruleIndex'],
                                                     r['ruleId']))
    new = [r for r in run['results'] if r.get('baselineState') == 'new']
    if len(new) != 1 or new[0]['ruleId'] != 'LU001' or \
            new[0]['level'] != 'error' or not new[0].get('relatedLocations'):
        raise Failed('the new conflict: %r' % new)
    moved = [r for r in run['results'] if r['ruleId'] == 'LU102']
    if not moved or 'struct task_group: ' not in moved[0]['message']['text']:
        raise Failed('no moves: %r' % moved[:1])
    loc = moved[0]['locations'][0]['physicalLocation']
    if not loc['artifactLocation']['uri'].endswith('task_group_before.c'):
        raise Failed('move location: %r' % loc)
    d = sarif_errors(c.run(['--format', 'sarif', c.task_group('before'),
                            c.task_group('reorder')], 0)[0])
    gone = [r for r in d['runs'][0]['results']
            if r.get('baselineState') == 'absent']
    if len(gone) != 1 or gone[0]['level'] != 'note':
        raise Failed('the fixed conflict: %r' % gone)
    # --struct names a struct one side lacks: a result of its own
    ring = c.compile('ring', FX + '/ring.c')
    d = sarif_errors(c.run(['--format', 'sarif', '--struct', 'ring',
                            ring, c.task_group('before')], 0)[0])
    res = d['runs'][0]['results']
    if len(res) != 1 or res[0]['ruleId'] != 'LU104' or \
            not res[0]['message']['text'].startswith('struct ring: removed'):
        raise Failed('the one-sided struct: %r' % res)


@case
def one_sided_struct(c):
    """--struct names a struct one side lacks: added or removed, exit 0."""
    ring = c.compile('ring', FX + '/ring.c')
    conn = c.compile('conn', FX + '/conn.c')
    out, _ = c.run(['--struct', 'ring', '--struct', 'conn', ring, conn], 0)
    expect_in(out, [
        re.compile(r"(?m)^tests/diff/fixtures/ring\.c:7: note: struct ring: "
                   r"removed \(only in .*/ring\.o\)$"),
        re.compile(r"(?m)^tests/diff/fixtures/conn\.c:7: note: struct conn: "
                   r"added \(only in .*/conn\.o\)$"),
        'lineup diff: no layout changes (0 structs compared)'])
    # without --struct, only the structs both have are compared
    out, _ = c.run([ring, conn], 0)
    if not re.fullmatch(r'lineup diff: no layout changes \(0 structs '
                        r'compared\); 1 struct only in \S+ring\.o, 1 only '
                        r'in \S+conn\.o\n', out):
        raise Failed('want the one-sided counts only')


@case
def bad_inputs(c):
    """Usage and input errors: one line on stderr, exit 2, no output."""
    obj = c.task_group('before')
    junk = os.path.join(c.tmp, 'junk.bin')
    with open(junk, 'wb') as f:
        f.write(b'\x00\x01\x02 not an object\n')
    text = os.path.join(c.tmp, 'notes.txt')
    with open(text, 'w') as f:
        f.write('hello\n')
    runs = [
        (['/nonexistent/old.o', obj], '/nonexistent/old.o'),
        ([obj, '/nonexistent/new.o'], '/nonexistent/new.o'),
        ([junk, obj], junk),
        ([obj, text], text),
        (['--struct', 'task_grup', obj, obj],
         "struct task_grup is in neither %s nor %s (did you mean "
         "'task_group'?)" % (obj, obj)),
        ([obj], 'usage: lineup diff'),
        ([obj, obj, obj], 'usage: lineup diff'),
        (['--fail-on', 'lines', obj, obj], "bad --fail-on 'lines'"),
        (['--rules', '/nonexistent.ini', obj, obj], '/nonexistent.ini'),
        (['--format', 'xml', obj, obj], "unknown format 'xml'"),
        (['--strict', obj, obj], 'diff does not take --strict'),
    ]
    for args, fragment in runs:
        out, err = c.run(args, 2)
        one_line_error(err, fragment)
        if out:
            raise Failed('output on an error: %r' % out)
    # a full disk is an error too, in every format
    if os.path.exists('/dev/full'):
        for fmt in ('text', 'json', 'sarif'):
            with open('/dev/full', 'w') as full:
                r = subprocess.run([c.lineup, 'diff', '--format', fmt, obj,
                                    c.task_group('reorder')], cwd=c.top,
                                   stdout=full, stderr=subprocess.PIPE,
                                   text=True, timeout=60)
            if r.returncode != 2:
                raise Failed('%s to /dev/full: exit %d' % (fmt, r.returncode))
            one_line_error(r.stderr, 'No space left on device')


@case
def many_members(c):
    """20,000 members in one lineup write group, a member inserted before
    them in a build without markers: one line for the group's run, the
    group carried to the other side, and no quadratic step (a minute is
    far more than it takes)."""
    n = 20000
    body = ''.join('\tlong a%d;\n' % i for i in range(n))
    srcs = {
        'marked': '#include <lineup.h>\nstruct big {\n'
                  '\tLINEUP_BEGIN(write, w);\n' + body +
                  '\tLINEUP_END(write, w);\n\tLINEUP_BEGIN(read, r);\n'
                  '\tlong r0;\n\tLINEUP_END(read, r);\n};\n'
                  'struct big big;\n',
        'plain': 'struct big {\n\tlong x;\n' + body +
                 '\tlong r0;\n};\nstruct big big;\n',
    }
    objs = {}
    for name, text in srcs.items():
        src = os.path.join(c.tmp, 'big_%s.c' % name)
        with open(src, 'w') as f:
            f.write(text)
        objs[name] = c.compile('big_' + name, src)
    start = time.monotonic()
    out, _ = c.run([objs['marked'], objs['plain']], 0)
    took = time.monotonic() - start
    expect_in(out, [
        "struct big: 20000 members (write group 'w') after 'x' shifted by "
        "+8 ('a0' to 'a19999'), 2500 of them to another line\n",
        "struct big: 'r0' (read group 'r') moved 160000 -> 160008, still "
        "line 2500\n",
        'lineup diff: 1 of 1 struct changed, 0 rules newly broken, 0 fixed; '
        '1 rule broken in both\n'])
    if took > 60:
        raise Failed('took %.1f s' % took)


def show_json(c, path):
    r = subprocess.run([c.lineup, 'show', '--format', 'json', '--struct',
                        'task_group', path], capture_output=True, text=True,
                       cwd=c.top, timeout=300)
    if r.returncode:
        raise Failed('lineup show %s: %s' % (path, r.stderr))
    s = json.loads(r.stdout)['structs'][0]
    return s, {m['name']: m for m in s['members']}


@case
def kernel_vmlinux_btf(c):
    """A Debian 6.1 vmlinux (DWARF) against the running kernel (BTF): the
    seed's struct, with the seed's rules. Expectations come from
    `lineup show` of each side, so any kernel pair works."""
    vmlinux = os.path.join(c.top, VMLINUX)
    if not os.path.exists(vmlinux):
        raise Skipped('%s is absent (bench/fetch-vmlinux gets it)' % VMLINUX)
    if not os.path.exists(BTF):
        raise Skipped('%s is absent' % BTF)
    old, om = show_json(c, vmlinux)
    new, nm = show_json(c, BTF)
    args = ['--rules', KERNEL_RULES, '--struct', 'task_group', vmlinux, BTF]
    r = subprocess.run([c.lineup, 'diff'] + args, cwd=c.top,
                       capture_output=True, text=True, timeout=300)
    print(r.stdout + r.stderr)
    if r.returncode not in (0, 1) or r.stderr:
        raise Failed('exit %d: %s' % (r.returncode, r.stderr))
    lines = r.stdout.splitlines()
    first = 0
    if old['size'] != new['size']:
        want = ('struct task_group: size %d -> %d bytes' %
                (old['size'], new['size']))
        if want not in lines[0]:
            raise Failed('first line: %r, want %r' % (lines[0], want))
        first = 1
    if "'load_avg' (write)" not in lines[first]:
        raise Failed('load_avg is not first: %r' % lines[first])
    a, b = om['parent']['offset'], nm['parent']['offset']
    if a != b:
        expect_in(r.stdout, ["'parent' (read) moved %d -> %d, "
                             "line %d -> line %d" % (a, b, a // 64,
                                                     b // 64)])
    for name in ('rt_se', 'rt_rq'):
        if name in nm and name not in om:
            expect_in(r.stdout, ["'%s' (read) added at %d" %
                                 (name, nm[name]['offset'])])
    # a conflict of NEW that OLD lacks is newly broken: exit 1
    if ('rt_se' in nm and nm['rt_se']['offset'] // 64 ==
            nm['load_avg']['offset'] // 64) and 'rt_se' not in om:
        expect_in(r.stdout, ["error: new: 'load_avg' (write) shares cache "
                             "line %d with 'rt_se', 'rt_rq' (read)" %
                             (nm['load_avg']['offset'] // 64)])
        if r.returncode != 1:
            raise Failed('a rule newly broken, exit %d' % r.returncode)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lineup')
    ap.add_argument('--top', default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument('--list', action='store_true')
    ap.add_argument('case', nargs='?')
    a = ap.parse_args()
    if a.list:
        print('\n'.join(CASES))
        return 0
    if a.case not in CASES or not a.lineup:
        ap.error('give --lineup and one of: ' + ' '.join(CASES))
    with tempfile.TemporaryDirectory(prefix='lineup-diff-') as tmp:
        c = Ctx(os.path.abspath(a.lineup), os.path.abspath(a.top), tmp)
        try:
            CASES[a.case](c)
        except Skipped as e:
            print('SKIP: %s' % e)
            return SKIP
        except Failed as e:
            print('FAIL: %s: %s' % (a.case, e))
            return 1
    print('PASS: %s' % a.case)
    return 0


if __name__ == '__main__':
    sys.exit(main())
