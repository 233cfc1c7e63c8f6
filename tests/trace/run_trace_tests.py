#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Acceptance tests of `lineup trace` and `lineup trace-cc`, on any machine
(no PMU): real programs compiled at test time with gcc and clang through
trace-cc, run under lineup trace, and the verdicts, drafts and exit status
checked. Fixtures are in fixtures/; the bench group builds lineup's own
bench/false_sharing.

    run_trace_tests.py --lineup PATH --top DIR --group NAME [-v]

Exit status: 0 pass, 1 a case failed, 77 every case was skipped.
"""

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
FX = os.path.join(HERE, 'fixtures')
SEED = ['-DCONFIG_FAIR_GROUP_SCHED', '-DCONFIG_SMP', '-DCONFIG_RT_GROUP_SCHED']


class Failed(Exception):
    pass


class Skipped(Exception):
    pass


def run(cmd, cwd, env=None, check=True, timeout=240):
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=timeout)
    if check and p.returncode != 0:
        raise Failed('%s exited %d:\n%s%s' % (' '.join(cmd), p.returncode,
                                             p.stdout, p.stderr))
    return p


def expect(out, pattern, what):
    if not re.search(pattern, out, re.M):
        raise Failed('%s: no line matches %r in:\n%s' % (what, pattern, out))


def reject(out, pattern, what):
    m = re.search(pattern, out, re.M)
    if m:
        raise Failed('%s: %r should not appear, but does: %s\n%s'
                     % (what, pattern, m.group(0), out))


class Ctx:
    def __init__(self, lineup, top, d):
        self.lineup, self.top, self.dir = lineup, top, d

    def cc(self, compiler, out, *args):
        run([self.lineup, 'trace-cc', compiler, '-O2'] + list(args) +
            ['-o', out], self.dir)
        return './' + out

    def trace(self, *args, status=None):
        p = run([self.lineup, 'trace'] + list(args), self.dir, check=False)
        if status is not None and p.returncode != status:
            raise Failed('lineup trace %s: exit %d, expected %d\n%s%s'
                         % (' '.join(args), p.returncode, status, p.stdout,
                            p.stderr))
        return p

    def read(self, name):
        with open(os.path.join(self.dir, name)) as f:
            return f.read()


COMPILERS = [c for c in ('gcc', 'clang') if shutil.which(c)]
CASES = []


def case(group, name):
    def wrap(fn):
        CASES.append((group, name, fn))
        return fn
    return wrap


def fixture(x, cc, name, *extra):
    src = os.path.join(FX, name)
    return x.cc(cc if not name.endswith('.cc') else
                {'gcc': 'g++', 'clang': 'clang++'}[cc],
                '%s-%s' % (os.path.splitext(name)[0], cc), src, *extra)


# --- bench/false_sharing: the acceptance case -------------------------------

def bench_build(x, cc):
    fs = os.path.join(x.top, 'bench', 'false_sharing')
    srcs = [os.path.join(fs, f) for f in
            ('false_sharing.c', 'layout_before.c', 'layout_reorder.c',
             'layout_isolate.c', 'layout_split.c')]
    return x.cc(cc, 'fsb-' + cc, '-D_GNU_SOURCE',
                '-I' + os.path.join(x.top, 'include'),
                *SEED, '-DCONFIG_SCHED_AUTOGROUP', *srcs, '-lm')


@case('bench', 'before-drafts-load_avg-rt_se-rt_rq')
def _(x):
    for cc in COMPILERS:
        prog = bench_build(x, cc)
        p = x.trace('--struct', 'task_group_before', '--rules-out',
                    'before.ini', '--', prog, '--runs', '1', '--duration',
                    '0.3', status=1)
        expect(p.stdout, r"^\S*task_group_before\.c:19:\d+: error: "
               r"'load_avg' \(stored by T\d+ in fs_write_before\) shares "
               r"line 4 \(bytes 256-319\) with 'rt_se', 'rt_rq' \(accessed "
               r"by T\d+ in fs_read_before.*\) in struct task_group_before: "
               r"false sharing \[LU201\]$", cc)
        ini = x.read('before.ini')
        expect(ini, r'^\[struct task_group_before\]$', cc)
        expect(ini, r'^write = load_avg$', cc)
        expect(ini, r'^read = rt_se rt_rq$', cc)
        expect(ini, r'^# Drafted by lineup trace from the trace of ', cc)
        expect(ini, r"^# The percentages are each member's own stores and "
               r"loads as shares of its$", cc)


@case('bench', 'fixed-layouts-clean-and-their-draft-fails-before')
def _(x):
    prog = bench_build(x, COMPILERS[0])
    p = x.trace('--struct', 'task_group_reorder', '--struct',
                'task_group_isolate', '--struct', 'task_group_split',
                '--rules-out', 'fixed.ini', '--', prog, '--runs', '1',
                '--duration', '0.3', status=0)
    if p.stdout.count('  no false sharing: ') != 3:
        raise Failed('three fixed layouts, three clean verdicts:\n' +
                     p.stdout)
    reject(p.stdout, r'error:', 'fixed layouts')
    ini = x.read('fixed.ini')
    # the reorder's draft, under the example's own tag, checks the bug
    sec = ini.split('[struct task_group_reorder]')[1].split('\n\n')[0]
    expect(sec, r'^write = load_avg$', 'reorder draft')
    expect(sec, r'^read = parent rt_se rt_rq$', 'reorder draft')
    with open(os.path.join(x.dir, 'guard.ini'), 'w') as f:
        f.write('[struct task_group]' + sec)
    run(['gcc', '-c', '-g', *SEED, '-o', 'before.o',
         os.path.join(x.top, 'examples', 'task_group',
                      'task_group_before.c')], x.dir)
    c = run([x.lineup, 'check', '--rules', 'guard.ini', 'before.o'], x.dir,
            check=False)
    if c.returncode != 1:
        raise Failed('check of the broken layout with the fixed draft: '
                     'exit %d\n%s%s' % (c.returncode, c.stdout, c.stderr))
    expect(c.stdout, r"error: 'load_avg' \(write\) shares cache line 4 "
           r"with 'rt_se', 'rt_rq' \(read\) in struct task_group", 'check')


@case('bench', 'parent-shares-the-line-without-rt-group-sched')
def _(x):
    for cc in COMPILERS:
        prog = fixture(x, cc, 'tick.c', '-DCONFIG_FAIR_GROUP_SCHED',
                       '-DCONFIG_SMP')
        p = x.trace('--rules-out', 'tick.ini', '--', prog, status=1)
        expect(p.stdout, r"error: 'load_avg' \(stored by T1 in writer\) "
               r"shares line 4 \(bytes 256-319\) with 'parent' \(accessed "
               r"by T2,T3 in reader\) in struct task_group: false sharing \[LU201\]$",
               cc)
        ini = x.read('tick.ini')
        expect(ini, r'^write = load_avg$', cc)
        expect(ini, r'^read = parent$', cc)
        prog = fixture(x, cc, 'tick.c', *SEED)
        p = x.trace('--rules-out', 'tick-rt.ini', '--', prog, status=1)
        ini = x.read('tick-rt.ini')
        expect(ini, r'^read = rt_se rt_rq$', cc)
        reject(ini, r'parent', cc + ' with CONFIG_RT_GROUP_SCHED')


# --- patterns: what is and is not false sharing ----------------------------

@case('patterns', 'true-sharing-is-not-false-sharing')
def _(x):
    for cc in COMPILERS:
        p = x.trace('--', fixture(x, cc, 'true_sharing.c'), status=0)
        expect(p.stdout, r'^  seq \(offset 0, size 8, line 0\): stored by '
               r'T1,T2, loaded by T1,T2$', cc)
        expect(p.stdout, r'^  no false sharing: ', cc)


@case('patterns', 'phases-that-never-overlap')
def _(x):
    for cc in COMPILERS:
        p = x.trace('--', fixture(x, cc, 'phases.c'), status=0)
        expect(p.stdout, r'^  produced .*: stored by T1', cc)
        expect(p.stdout, r'^  config .*: loaded by T2$', cc)
        reject(p.stdout, r'error:', cc)


@case('patterns', 'atomics-of-every-width')
def _(x):
    for cc in COMPILERS:
        p = x.trace('--', fixture(x, cc, 'atomics.c', '-mcx16'), status=1)
        expect(p.stdout, r'^atomics: every width agrees$', cc)
        for m in ('c8', 'c16', 'c32', 'c64', 'c128'):
            expect(p.stdout, r'^  %s \(offset \d+, size \d+, line 0\): '
                   r'stored by (T0,)?T1,' % m, cc + ' ' + m)
        expect(p.stdout, r"error: 'c8', 'c16', 'c32', 'c64', 'c128' "
               r"\(stored by T1 in writer(, main)?\) shares line 0 \(bytes "
               r"0-63\) with 'name'", cc)
        expect(p.stdout, r'atomic read-modify-write +writer\+0x', cc)


@case('patterns', 'array-elements-shared-between-threads')
def _(x):
    for cc in COMPILERS:
        p = x.trace('--', fixture(x, cc, 'array.c'), status=1)
        expect(p.stdout, r"^error: 'counters\[0\]\.hits' \(stored by T1\) "
               r"shares the line at 0x[0-9a-f]+ with 'counters\[1\]\.hits' "
               r"\(stored by T2\), another object: false sharing between "
               r"objects \[LU201\]$", cc)
        if p.stdout.count('false sharing between objects') != 1:
            raise Failed('one pair, said once:\n' + p.stdout)
        reject(p.stdout, r'in struct counter: false sharing', cc)


@case('patterns', 'heap-objects-of-two-types-with-one-size')
def _(x):
    for cc in COMPILERS:
        p = x.trace('--', fixture(x, cc, 'heap2.c'), status=1)
        expect(p.stdout, r'^struct job \(48 bytes, align 8\): 1 object '
               r'\(heap, allocated at ', cc)
        expect(p.stdout, r"error: 'done' \(stored by T1 in worker\) shares "
               r"line 0 \(bytes 0-63\) with 'name'", cc)
        reject(p.stdout, r'^struct stats', cc)


@case('patterns', 'cxx-class-with-std-atomic-members')
def _(x):
    for cc in COMPILERS:
        p = x.trace('--', fixture(x, cc, 'atomic_class.cc'), status=1)
        expect(p.stdout, r'^class Meter \(24 bytes, align 8\): 1 object '
               r'\(heap, allocated at main\+0x[0-9a-f]+, '
               r'atomic_class\.cc:\d+\)$', cc)
        # a heap object of 24 bytes: where malloc puts it in a line, and
        # which thread stores first, vary from run to run; 'hits' shares
        # a line with 'done' at every start
        expect(p.stdout, r"error: 'hits' \(stored by T\d+ in .*\) shares "
               r"(line \d+|a line) \(bytes \d+-\d+\) with .*'done'", cc)


@case('patterns', 'a-program-that-forks')
def _(x):
    for cc in COMPILERS:
        p = x.trace('--', fixture(x, cc, 'forks.c'), status=1)
        expect(p.stdout, r'^lineup trace: \./forks-%s \(forked process '
               r'\d+\) exited 0; 3 threads' % cc, cc)
        expect(p.stdout, r"error: 'ticks' \(stored by T1 in tick\) shares "
               r"(a line|line 0) \(bytes [\d-]+\) with 'who'", cc)


@case('patterns', 'seventy-two-threads')
def _(x):
    p = x.trace('--', fixture(x, COMPILERS[0], 'many.c'), status=1)
    expect(p.stdout, r'; 73 threads, ', 'many')
    expect(p.stdout, r'^  label \(offset 8, size 8, line 0\): loaded by '
           r'T2-T72$', 'many')
    expect(p.stdout, r"error: 'count' \(stored by T1 in store\) shares "
           r"(a line|line 0) \(bytes [\d-]+\) with 'label' \(accessed by "
           r"T2-T72 in load\)", 'many')


@case('patterns', 'lineup-trace-object-names-a-pool-object')
def _(x):
    for cc in COMPILERS:
        prog = fixture(x, cc, 'pool.c', '-I' + os.path.join(x.top, 'include'))
        p = x.trace('--', prog, status=1)
        expect(p.stdout, r'^struct conn \(16 bytes, align 8\): 1 object '
               r'\(LINEUP_TRACE_OBJECT\)$', cc)
        # one line for the conflict, naming every start it shows at
        expect(p.stdout, r"error: 'rx_bytes' \(stored by T1 in receive\) "
               r"shares a line \(bytes 0-15\) with 'peer' \(accessed by "
               r"T2 in log_peer\) in struct conn: false sharing when it "
               r"starts 0, 8, 16, 24, 32, 40 or 48 bytes into a line \(as it "
               r"did here, at 16\) \[LU201\]$", cc)
        if p.stdout.count('[LU201]') != 1:
            raise Failed('%s: one conflict, one line:\n%s' % (cc, p.stdout))
    # without trace-cc the macro is a statement that does nothing
    run(['gcc', '-O2', '-Wall', '-Wextra', '-Werror', '-I' +
         os.path.join(x.top, 'include'), '-o', 'pool-plain',
         os.path.join(FX, 'pool.c')], x.dir)
    run(['./pool-plain'], x.dir)


@case('patterns', 'sampled-and-json')
def _(x):
    prog = fixture(x, COMPILERS[0], 'tick.c', *SEED)
    p = x.trace('--sample', '16', '--', prog, status=1)
    expect(p.stdout, r'accesses recorded \((in bursts of every access, '
           r'[\d.]+% of their threads\' CPU time, elsewhere )?1 in 16 on '
           r'average', 'sampled')
    expect(p.stdout, r"error: 'load_avg' .* with 'rt_se', 'rt_rq'", 'sampled')
    p = x.trace('--format', 'json', '--', prog, status=1)
    import json
    doc = json.loads(p.stdout)
    s = [s for s in doc['structs'] if s['name'] == 'task_group'][0]
    fs = s['false_sharing'][0]
    if fs['stored'] != ['load_avg'] or fs['with'] != ['rt_se', 'rt_rq']:
        raise Failed('json verdict: %r' % fs)


@case('patterns', 'sampling-cannot-lock-onto-a-loop')
def _(x):
    # fixed steps of N miss the add in every round when a round makes 2
    # accesses and N is even; random intervals see each access 1 in N
    import json
    for cc in COMPILERS:
        prog = fixture(x, cc, 'period.c')
        # every shape with the first compiler; the other, the failing one
        shapes = [(k, n) for k in (1, 2, 3) for n in (2, 8, 64)] \
            if cc == COMPILERS[0] else [(2, 8)]
        for k, n in shapes:
            what = '%s, %d accesses a round, --sample %d' % (cc, k, n)
            p = x.trace('--sample', str(n), '--format', 'json', '--',
                        prog, str(k), status=1)
            doc = json.loads(p.stdout)
            if doc['sample'] != n or 'random' not in doc['sampling']:
                raise Failed('%s: sampling %r' % (what, doc['sampling']))
            st = [s for s in doc['structs'] if s['name'] == 'stage'][0]
            fs = [v for v in st['false_sharing']
                  if v['stored'] == ['produced'] and
                  v['with'] == ['config']]
            if not fs:
                raise Failed('%s: no verdict\n%s' % (what, p.stdout))
            # 100000 adds, estimated from the recorded ones times N
            m = [m for m in st['members'] if m['name'] == 'produced'][0]
            est = sum(u['count'] for u in m['sites'])
            if not 70000 <= est <= 130000:
                raise Failed('%s: %d adds estimated, 100000 made'
                             % (what, est))
        p = x.trace('--sample', '8', '--', prog, '2', status=1)
        expect(p.stdout, r'accesses recorded \((in bursts .*, elsewhere )?1 '
               r'in 8 on average, at random intervals per thread: about \d+ '
               r'made\)', cc)


def untraced(x, compiler, src, *args):
    """The output of SRC built by COMPILER without trace-cc and run with
    ARGS: what a program built through the fast copies must print. x86-64
    only, where trace-cc makes them."""
    if platform.machine() != 'x86_64':
        raise Skipped('x86-64 only: the fast copies are its rewrite')
    run([compiler, '-O2', '-pthread', '-o', 'untraced', src], x.dir)
    return run(['./untraced'] + list(args), x.dir).stdout


@case('patterns', 'sampled-in-bursts')
def _(x):
    # x86-64 trace-cc builds: --sample runs each function's fast copy
    # between bursts; the program computes what it computes untraced,
    # the verdict stands, and the counts scale back to what was made
    import json
    src = os.path.join(FX, 'bursts.c')
    plain = sorted(untraced(x, 'gcc', src).splitlines())
    for cc in COMPILERS:
        prog = x.cc(cc, 'bursts-' + cc, src, '-pthread')
        syms = run(['nm', prog], x.dir).stdout
        if not re.search(r' t (reader|writer)\.lineup_fast$', syms, re.M):
            raise Failed('%s: no fast copy:\n%s' % (cc, syms))
        p = x.trace('--sample', '2', '--format', 'json', '-o', 'b.json',
                    '--', prog, status=1)
        if sorted(p.stdout.splitlines()) != plain:
            raise Failed('%s: the traced program computed %r, untraced %r'
                         % (cc, p.stdout, plain))
        doc = json.loads(x.read('b.json'))
        what = '%s: %r of %r ns in bursts' % (cc, doc['burst_ns'],
                                               doc['burst_cpu_ns'])
        if not (0 < doc['burst_ns'] < doc['burst_cpu_ns']) or \
                not doc['sampling'].startswith('bursts'):
            raise Failed(what + ': no gap ran the fast copies')
        # sigwait on every signal is handed the program's, not a tick
        sw = x.cc(cc, 'sigwait-' + cc, os.path.join(FX, 'sigwait.c'),
                  '-pthread')
        p = x.trace('--sample', '2', '-o', 'sw.txt', '--', sw, status=0)
        if p.stdout != 'got SIGUSR1\n':
            raise Failed('%s: sigwait: %r' % (cc, p.stdout))
        st = [s for s in doc['structs'] if s['name'] == 'stats'][0]
        if not [v for v in st['false_sharing']
                if v['stored'] == ['hits'] and v['with'] == ['limit']]:
            raise Failed('%s: no verdict\n%s' % (what, json.dumps(st)))
        # the reader's loop makes no call: only the timer's move of its
        # instruction pointer records it after the first window
        m = [m for m in st['members'] if m['name'] == 'limit'][0]
        est = sum(u['count'] for u in m['sites'])
        if not 28000000 <= est <= 56000000:
            raise Failed('%s: %d loads of limit estimated, 40000000 made'
                         % (what, est))
        # the writer calls a function every 64 rounds: its stores scale
        # by the calls made in bursts, not by the (slower) time there
        m = [m for m in st['members'] if m['name'] == 'hits'][0]
        est = sum(u['count'] for u in m['sites'])
        if not 36000000 <= est <= 44000000:
            raise Failed('%s: %d stores of hits estimated, 40000000 made'
                         % (what, est))
    # threads that block every signal never get a tick: they stay in the
    # burst they start in, and are recorded whole, never left unseen in
    # the fast copies
    prog = './bursts-' + COMPILERS[0]
    p = x.trace('--sample', '2', '--format', 'json', '-o', 'b.json', '--',
                prog, '20000000', 'blocked', status=1)
    doc = json.loads(x.read('b.json'))
    st = [s for s in doc['structs'] if s['name'] == 'stats'][0]
    counts = {m['name']: sum(u['count'] for u in m['sites'])
              for m in st['members']}
    if counts != {'hits': 20000000, 'limit': 20000000} or \
            doc['burst_ns'] != doc['burst_cpu_ns']:
        raise Failed('signals blocked: %r, %r of %r ns in bursts'
                     % (counts, doc['burst_ns'], doc['burst_cpu_ns']))


@case('patterns', 'exceptions-through-fast-copies')
def _(x):
    # a function that catches has its exception table copied with it
    # (gcc's within the function, clang's after it): a throw from either
    # copy is caught, and the program computes what it does untraced
    import json
    src = os.path.join(FX, 'throws.cc')
    plain = untraced(x, 'g++', src, '6000000')
    for cc in ('g++', 'clang++'):
        prog = x.cc(cc, 'throws-' + cc.strip('+'), src, '-pthread')
        syms = run(['nm', '-C', prog], x.dir).stdout
        if cc == 'clang++' and not re.search(
                r' t run\(long\) \[clone \.lineup_fast\]$', syms, re.M):
            raise Failed('%s: the catching function was not copied' % cc)
        p = x.trace('--sample', '2', '--format', 'json', '-o', 't.json',
                    '--', prog, '6000000', status=0)
        if p.stdout != plain:
            raise Failed('%s: traced %r, untraced %r' % (cc, p.stdout, plain))
        doc = json.loads(x.read('t.json'))
        if not 0 < doc['burst_ns'] < doc['burst_cpu_ns']:
            raise Failed('%s: %r of %r ns in bursts: no gap' %
                         (cc, doc['burst_ns'], doc['burst_cpu_ns']))


@case('patterns', 'struct-names-as-show-matches-them-before-the-run')
def _(x):
    for cc in COMPILERS:
        prog = fixture(x, cc, 'queue.cc')
        for name in ('Queue<int>', 'rigtorp::mpmc::Queue<int>'):
            p = x.trace('--struct', name, '--', prog, status=1)
            expect(p.stdout, r'^struct rigtorp::mpmc::Queue<int> \(32 bytes, '
                   r'align 8\): 1 object \(global gq\)$', cc + ' ' + name)
            # one line for the conflict, every start it shows at named
            expect(p.stdout, r"error: 'head' \(stored by T\d+ in produce\(\)\) "
                   r"shares (a line|line 0) \(bytes [\d-]+\) with 'tail' .* "
                   r"in struct rigtorp::mpmc::Queue<int>: false sharing when "
                   r"it starts 0, 8, 16, 24, 32, 40 or 48 bytes into a line"
                   r"( \(as it did here, at \d+\))? \[LU201\]$",
                   cc + ' ' + name)
            if p.stdout.count('[LU201]') != 1:
                raise Failed('%s: one conflict, one line:\n%s'
                             % (cc, p.stdout))
            reject(p.stdout, r'Queue<long', cc + ' ' + name)
        # a name the program does not have: exit 2 before it runs
        p = x.trace('--struct', 'Queu', '--', prog, 'ran', status=2)
        if os.path.exists(os.path.join(x.dir, 'ran')) or p.stdout:
            raise Failed('%s: the program ran for a struct it lacks\n%s'
                         % (cc, p.stdout))
        expect(p.stderr, r'^lineup trace: failed to find struct Queu in '
               r'\S+queue-%s$' % cc, cc)
        p = x.trace('--struct', 'statz', '--', fixture(x, cc, 'heap2.c'),
                    status=2)
        expect(p.stderr, r"^lineup trace: failed to find struct statz in "
               r"\S+heap2-%s \(did you mean 'stats'\?\)$" % cc, cc)


@case('patterns', 'heap-objects-typed-through-the-pointer-they-go-into')
def _(x):
    for cc in COMPILERS:
        prog = fixture(x, cc, 'gptr.c')
        # sampled: the store of the pointer is recorded whatever N says
        for args in ((), ('--sample', '64')):
            what = '%s %s' % (cc, ' '.join(args))
            p = x.trace(*args, '--', prog, status=1)
            expect(p.stdout, r'^struct stats \(16 bytes, align 8\): 1 '
                   r'object \(heap, allocated at main\+0x[0-9a-f]+, '
                   r'gptr\.c:\d+\)$', what)
            expect(p.stdout, r"error: 'hits' \(stored by T1 in writer\) "
                   r"shares (a line|line 0) \(bytes [\d-]+\) with 'limit'",
                   what)
            expect(p.stdout, r'^struct conn \(16 bytes, align 8\): 1 '
                   r'object \(heap, allocated at main', what)
            expect(p.stdout, r"error: 'rx' \(stored by T1 in writer\) "
                   r"shares (a line|line 0) \(bytes [\d-]+\) with 'peer'",
                   what)
        # nothing types a shared buffer: inconclusive, never a clean pass
        p = x.trace('--', prog, 'raw', status=2)
        expect(p.stdout, r'^warning: the heap object of 16 bytes allocated '
               r'at main\+0x[0-9a-f]+, gptr\.c:\d+ was stored by T1 while '
               r'T2 accessed it, and no struct type fits it: no verdict on '
               r'it, the run is inconclusive', cc)
        expect(p.stderr, r'^lineup trace: inconclusive: 1 heap object ', cc)
        # libc's own allocations (stdio's buffer here) are not counted
        expect(p.stdout, r'^note: 1 other allocation of the program ', cc)


@case('patterns', 'interrupted-a-partial-report')
def _(x):
    import signal
    import time
    prog = fixture(x, COMPILERS[0], 'forever.c')
    # ^C at a terminal signals the whole foreground process group
    p = subprocess.Popen([x.lineup, 'trace', '--', prog, 'running'],
                         cwd=x.dir, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    # once both threads run (however busy the machine is)
    for _ in range(1200):
        if os.path.exists(os.path.join(x.dir, 'running')):
            break
        time.sleep(0.05)
    time.sleep(0.1)
    os.killpg(p.pid, signal.SIGINT)
    out, err = p.communicate(timeout=120)
    if p.returncode != 1:
        raise Failed('exit %d, expected 1\n%s%s' % (p.returncode, out, err))
    expect(out, r'^lineup trace: \./forever-\w+ interrupted by signal 2 '
           r'after \d+\.\d s: partial report; 3 threads', 'header')
    expect(out, r"error: 'a' \(stored by T1 in writer\) shares (a line|"
           r"line 0) \(bytes [\d-]+\) with 'b'", 'verdict')
    reject(err, r'trace-cc', 'stderr')


@case('patterns', 'what-the-run-did-not-see-is-said')
def _(x):
    for cc in COMPILERS:
        prog = fixture(x, cc, 'asm_ring.c', '-I' + os.path.join(x.top,
                                                                'include'))
        # the inline-asm store is invisible: inconclusive, never clean
        p = x.trace('--', prog, status=2)
        expect(p.stdout, r"^  warning: 'p_tail' is in write group 'producer' "
               r"but no thread but T0 stored it: inline assembly", cc)
        expect(p.stderr, r'^lineup trace: inconclusive: 1 member a group '
               r'calls hot was never accessed', cc)
    # phases that never overlap: said, with what to do
    p = x.trace('--', fixture(x, COMPILERS[0], 'phases.c'), status=0)
    expect(p.stdout, r"^  note: T1 stored 'produced' and T2 accessed "
           r"'config', but never at the same time", 'phases')


@case('patterns', 'inline-asm-sites-named')
def _(x):
    import json
    src = os.path.join(FX, 'asm_xadd.c')
    with open(src) as f:
        line = [i for i, t in enumerate(f, 1) if '__asm__' in t and 'xaddl' in t][0]
    for cc in COMPILERS:
        prog = fixture(x, cc, 'asm_xadd.c', '-I' + os.path.join(x.top,
                                                                'include'))
        # the unseen member's likely cause, by function and line
        p = x.trace('--', prog, status=2)
        expect(p.stdout, r"^  warning: 'produced' is in write group 'hits'",
               cc)
        expect(p.stdout, r"^  note: likely cause: inline assembly, which "
               r"the instrumentation cannot see, in the code that touched "
               r"struct stats: produce\+0x[0-9a-f]+ \(asm_xadd\.c:%d\)$"
               % line, cc)
        p = x.trace('--format', 'json', '--', prog, status=2)
        sites = json.loads(p.stdout)['structs'][0]['inline_asm']
        if [(w['function'], w['file'], w['line']) for w in sites] != \
                [('produce', 'asm_xadd.c', line)]:
            raise Failed('%s: inline_asm %r' % (cc, sites))
    # no inline assembly, no such note
    p = x.trace('--', fixture(x, COMPILERS[0], 'phases.c'), status=0)
    reject(p.stdout, r'inline assembly, which', 'phases')


@case('patterns', 'report-on-its-own-file')
def _(x):
    import json
    prog = fixture(x, COMPILERS[0], 'atomics.c', '-mcx16')
    p = x.trace('-o', 'r.json', '--format', 'json', '--', prog, status=1)
    if p.stdout != 'atomics: every width agrees\n':
        raise Failed('stdout is the program\'s alone: %r' % p.stdout)
    with open(os.path.join(x.dir, 'r.json')) as f:
        doc = json.load(f, object_pairs_hook=list)
    if doc[0] != ('lineup', 1):
        raise Failed('starts with %r, not "lineup": 1' % (doc[0],))
    doc = json.loads(x.read('r.json'))
    if not [s for s in doc['structs'] if s['name'] == 'widths']:
        raise Failed('show\'s names: %r' % [s['name'] for s in doc['structs']])
    # a FIFO is refused before the program runs
    os.mkfifo(os.path.join(x.dir, 'fifo'))
    p = x.trace('-o', 'fifo', '--', prog, status=2)
    expect(p.stderr, r'^lineup trace: failed to write fifo: not a regular '
           r'file \(a FIFO\)$', 'fifo')
    if p.stdout:
        raise Failed('the program ran: %r' % p.stdout)


# --- the saved trace as a report for lineup c2c ---------------------------

@case('c2c', 'saved-trace-to-c2c-rules-check-suggest')
def _(x):
    prog = fixture(x, COMPILERS[0], 'tick.c', *SEED)
    env = dict(os.environ, LINEUP_TRACE_FILE=os.path.join(x.dir, 'saved'))
    run([prog], x.dir, env=env)
    saved = [f for f in os.listdir(x.dir) if f.startswith('saved.')]
    if len(saved) != 1:
        raise Failed('one process, one trace file: %r' % saved)
    c = run([x.lineup, 'c2c', '--struct', 'task_group', '--rules-out',
             'from-trace.ini', prog, saved[0]], x.dir, check=False)
    if c.returncode != 1:
        raise Failed('c2c on the trace: exit %d\n%s%s'
                     % (c.returncode, c.stdout, c.stderr))
    expect(c.stdout, r'^struct task_group \(\d+ bytes, align 64\) in \S+; '
           r'lineup trace from saved\.\d+$', 'c2c header')
    expect(c.stdout, r"error: 'load_avg' \(stored by writer\) shares line 4 "
           r"\(bytes 256-319\) with 'rt_se', 'rt_rq' \(loaded by reader\) "
           r"in struct task_group: false sharing \[LU201\]$", 'c2c verdict')
    ini = x.read('from-trace.ini')
    expect(ini, r'^write = load_avg$', 'c2c draft')
    expect(ini, r'^read = rt_se rt_rq parent$', 'c2c draft')
    run(['gcc', '-c', '-g', *SEED, '-o', 'before.o',
         os.path.join(x.top, 'examples', 'task_group',
                      'task_group_before.c')], x.dir)
    k = run([x.lineup, 'check', '--rules', 'from-trace.ini', 'before.o'],
            x.dir, check=False)
    if k.returncode != 1:
        raise Failed('check with the draft: exit %d\n%s%s'
                     % (k.returncode, k.stdout, k.stderr))
    s = run([x.lineup, 'suggest', '--struct', 'task_group', '--rules',
             'from-trace.ini', 'before.o'], x.dir, check=False)
    if s.returncode != 0:
        raise Failed('suggest with the draft: exit %d\n%s%s'
                     % (s.returncode, s.stdout, s.stderr))
    expect(s.stdout, r'reorder', 'suggest')


# --- trace-cc in build systems, and what is refused -----------------------

@case('cc', 'meson-and-cmake-take-trace-cc')
def _(x):
    # tick.c includes the example by its path from tests/trace/fixtures
    proj = os.path.join(x.dir, 'tests', 'trace', 'fixtures')
    os.makedirs(proj)
    shutil.copytree(os.path.join(x.top, 'examples'),
                    os.path.join(x.dir, 'examples'))
    for f in ('tick.c', 'common.h'):
        shutil.copy(os.path.join(FX, f), proj)
    with open(os.path.join(proj, 'meson.build'), 'w') as f:
        f.write("project('t', 'c')\nexecutable('tick', 'tick.c', "
                "c_args : ['-DCONFIG_FAIR_GROUP_SCHED', '-DCONFIG_SMP'], "
                "dependencies : dependency('threads'))\n")
    with open(os.path.join(proj, 'CMakeLists.txt'), 'w') as f:
        f.write('cmake_minimum_required(VERSION 3.16)\nproject(t C)\n'
                'find_package(Threads REQUIRED)\n'
                'add_executable(tick tick.c)\n'
                'target_compile_definitions(tick PRIVATE '
                'CONFIG_FAIR_GROUP_SCHED CONFIG_SMP)\n'
                'target_link_libraries(tick Threads::Threads)\n')
    env = dict(os.environ, CC='%s trace-cc gcc' % x.lineup)
    if shutil.which('meson') and shutil.which('ninja'):
        run(['meson', 'setup', 'bm'], proj, env=env)
        run(['ninja', '-C', 'bm'], proj, env=env)
        p = x.trace('--', os.path.join(proj, 'bm', 'tick'), status=1)
        expect(p.stdout, r"with 'parent'", 'meson build')
    if shutil.which('cmake'):
        run(['cmake', '-S', '.', '-B', 'bc'], proj, env=env)
        run(['cmake', '--build', 'bc'], proj, env=env)
        p = x.trace('--', os.path.join(proj, 'bc', 'tick'), status=1)
        expect(p.stdout, r"with 'parent'", 'cmake build')


def objdump_calls(path):
    """The functions PATH's code calls, by name (an object's relocations,
    an executable's call targets)."""
    d = run(['objdump', '-dr', path], os.path.dirname(path) or '.').stdout
    return set(re.findall(r'R_X86_64_PLT32\s+(\w+)', d)) | set(
        re.findall(r'call\s+[0-9a-f]+ <(\w+)(?:@plt)?>', d))


def member_counts(x, prog):
    """{member: accesses} of struct pair in a JSON trace of PROG (whether
    its threads overlapped, and so the verdict, is the scheduler's)."""
    import json
    p = x.trace('--format', 'json', '-o', 'counts.json', '--', prog)
    if p.returncode not in (0, 1):
        raise Failed('lineup trace %s: exit %d\n%s' % (prog, p.returncode,
                                                        p.stderr))
    doc = json.loads(x.read('counts.json'))
    st = [s for s in doc['structs'] if s['name'] == 'pair'][0]
    return {m['name']: sum(u['count'] for u in m['sites'])
            for m in st['members']}


@case('cc', 'inline-counts-are-the-calls-counts')
def _(x):
    # x86-64: the accesses count inline, with the same numbers as the
    # call per access (LINEUP_TRACE_INLINE=0)
    if platform.machine() != 'x86_64' or not shutil.which('objdump'):
        raise Skipped('x86-64 with objdump only')
    src = os.path.join(FX, 'counted.c')
    for cc in COMPILERS:
        inline = x.cc(cc, 'counted-inline-' + cc, src, '-pthread')
        env = dict(os.environ, LINEUP_TRACE_INLINE='0')
        run([x.lineup, 'trace-cc', cc, '-O2', src, '-pthread', '-o',
             'counted-calls-' + cc], x.dir, env=env)
        calls = './counted-calls-' + cc
        fi = objdump_calls(os.path.join(x.dir, inline))
        fc = objdump_calls(os.path.join(x.dir, calls))
        if '__lineup_trace_site' not in fi or '__tsan_write8' in fi:
            raise Failed('%s: not counted inline: %s' % (cc, sorted(fi)))
        if '__tsan_write8' not in fc or '__lineup_trace_site' in fc:
            raise Failed('%s: LINEUP_TRACE_INLINE=0 counted inline' % cc)
        ci = member_counts(x, inline)
        cc_ = member_counts(x, calls)
        want = {'stored': 300000, 'first': 200000, 'second': 200000}
        for name, n in want.items():
            if ci.get(name) != n or cc_.get(name) != n:
                raise Failed('%s: %s counted %s inline, %s by calls, '
                             'made %d' % (cc, name, ci.get(name),
                                          cc_.get(name), n))


@case('cc', 'inline-compiles-as-the-build-asked')
def _(x):
    # -c with -MD: the object and its dependency file where the compile
    # would have put them, naming the object; a link of that object by
    # trace-cc; -c -fPIC (perhaps for a shared object) keeps its calls,
    # an executable built with -fPIC does not; nothing is left in the
    # temporary directory
    if platform.machine() != 'x86_64' or not shutil.which('objdump'):
        raise Skipped('x86-64 with objdump only')
    src = os.path.join(FX, 'counted.c')
    tmp = os.path.join(x.dir, 'tmp')
    os.makedirs(tmp)
    os.makedirs(os.path.join(x.dir, 'obj'))
    env = dict(os.environ, TMPDIR=tmp)
    for cc in COMPILERS:
        obj = 'obj/counted-%s.o' % cc
        run([x.lineup, 'trace-cc', cc, '-O2', '-c', '-MD', '-o', obj, src],
            x.dir, env=env)
        deps = x.read('obj/counted-%s.d' % cc)
        expect(deps, r'^obj/counted-%s\.o: .*counted\.c' % cc, 'deps')
        if '__lineup_trace_site' not in objdump_calls(
                os.path.join(x.dir, obj)):
            raise Failed('%s -c: not counted inline' % cc)
        run([x.lineup, 'trace-cc', cc, obj, '-pthread', '-o',
             'linked-' + cc], x.dir, env=env)
        counts = member_counts(x, './linked-' + cc)
        if counts.get('stored') != 300000:
            raise Failed('%s: linked object counted %r' % (cc, counts))
        pic = 'obj/pic-%s.o' % cc
        run([x.lineup, 'trace-cc', cc, '-O2', '-fPIC', '-c', '-o', pic,
             src], x.dir, env=env)
        fp = objdump_calls(os.path.join(x.dir, pic))
        if '__lineup_trace_site' in fp or '__tsan_write8' not in fp:
            raise Failed('%s -fPIC: %s' % (cc, sorted(fp)))
        # -fPIC compiled and linked into an executable (concurrencykit's
        # regressions build so): the executable reaches its records
        run([x.lineup, 'trace-cc', cc, '-O2', '-fPIC', src, '-pthread',
             '-o', 'pic-exe-' + cc], x.dir, env=env)
        if '__lineup_trace_site' not in objdump_calls(
                os.path.join(x.dir, 'pic-exe-' + cc)):
            raise Failed('%s -fPIC executable: not counted inline' % cc)
        if member_counts(x, './pic-exe-' + cc).get('stored') != 300000:
            raise Failed('%s -fPIC executable: counts' % cc)
    if os.listdir(tmp):
        raise Failed('left in TMPDIR: %r' % os.listdir(tmp))


@case('cc', 'refusals')
def _(x):
    plain = os.path.join(x.dir, 'plain')
    run(['gcc', '-O2', '-o', plain, os.path.join(FX, 'true_sharing.c')],
        x.dir)
    p = x.trace('--', plain, status=2)
    expect(p.stderr, r'^lineup trace: \S+plain wrote no trace \(it was not '
           r'built with the runtime', 'uninstrumented')
    p = x.trace('--', './no-such-program', status=2)
    expect(p.stderr, r'failed to run \./no-such-program: No such file',
           'missing program')
    p = x.trace('--sample', '0', '--', plain, status=2)
    expect(p.stderr, r"bad --sample '0'", 'sample 0')
    p = x.trace(status=2)
    expect(p.stderr, r'^usage: lineup trace ', 'no program')
    # a saved trace that is broken: one line naming it, exit 2
    prog = fixture(x, COMPILERS[0], 'tick.c', *SEED)
    for name, text, why in (
            ('bad.trace', 'lineup-trace 1\npid 1\nt zz\nend\n',
             'line 3: malformed record'),
            ('cut.trace', 'lineup-trace 1\npid 1\nt 0 1 0 0\n',
             r"truncated \(no 'end' line"),
            ('threads.trace', 'lineup-trace 1\nt 10000 1 0 0\nend\n',
             'line 2: malformed record')):
        with open(os.path.join(x.dir, name), 'w') as f:
            f.write(text)
        k = run([x.lineup, 'c2c', '--struct', 'task_group', prog, name],
                x.dir, check=False)
        if k.returncode != 2 or k.stderr.count('\n') != 1:
            raise Failed('%s: exit %d, want 2 and one line\n%s'
                         % (name, k.returncode, k.stderr))
        expect(k.stderr, r'^lineup: failed to read %s: %s' % (name, why),
               name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--top', required=True)
    ap.add_argument('--group', action='append')
    ap.add_argument('--only', help='run the cases whose name holds this')
    ap.add_argument('-v', action='store_true')
    a = ap.parse_args()
    if not COMPILERS:
        print('SKIP: no gcc or clang')
        return SKIP
    failed = 0
    for group, name, fn in CASES:
        if a.group and group not in a.group:
            continue
        if a.only and a.only not in name:
            continue
        with tempfile.TemporaryDirectory(prefix='lineup-trace-test.') as d:
            try:
                fn(Ctx(os.path.abspath(a.lineup), os.path.abspath(a.top), d))
                print('ok   %s/%s' % (group, name))
            except Skipped as e:
                print('skip %s/%s: %s' % (group, name, e))
            except (Failed, subprocess.TimeoutExpired) as e:
                failed += 1
                print('FAIL %s/%s: %s' % (group, name, e))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
