#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The habits pahole and compiler users bring to lineup.

  -C NAME[,NAME...]   the same output as --struct NAME --struct NAME
  show --hex          pahole --hex's offsets and sizes, line for line
  --holes, --prefix   the structs pahole -H N and pahole -y PREFIX list
  --min-size, --min-lines  the structs whose JSON size and lines admit
  no FILE             show and check read /sys/kernel/btf/vmlinux (or say
                      it is not readable)
  help CMD            what CMD --help prints; unknown commands get a
                      did-you-mean
  usage errors        one line saying what is missing, exit 2
  --stamp FILE        check writes FILE on exit 0 only, and removes it
  colour              NO_COLOR set and empty keeps colour on a terminal,
                      set to anything turns it off, and so does TERM=dumb

usage: run_habits_tests.py LINEUP SOURCE_ROOT
"""
import json
import os
import pty
import re
import shutil
import subprocess
import sys
import tempfile

VMLINUX = '/sys/kernel/btf/vmlinux'
BITS = """\
struct flags {
	unsigned a : 3;
	unsigned b : 5;
	char c;
	long l;
	unsigned d : 1;
} f;
struct net_dev { char name[16]; long rx; int mtu; long tx; } nd;
struct net_queue { int q; long bytes; } nq;
struct small { char c; } sm;
struct two_holes { char a; long b; char c; long d; } th;
struct big { char buf[300]; } bg;
"""
failed = []


def run(argv, cwd=None, env=None):
    p = subprocess.run(argv, cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def expect(cond, what):
    print(('ok: ' if cond else 'FAIL: ') + what)
    if not cond:
        failed.append(what)


def names(text):
    return re.findall(r'^(?:struct|union) (\w+) \{', text, re.M)


def layout_lines(text):
    """Member lines without lineup's own additions (the L<n> columns)."""
    out = []
    for line in text.splitlines():
        line = re.sub(r' L\d+(-\d+)?$', '', line)
        if re.search(r'/\*\s+\w+(:\s*\w+)?\s+\w+ \*/$', line):
            out.append(line)
    return out


def test_struct_lists(lineup, obj):
    a = run([lineup, 'show', '-C', 'net_dev,flags', obj])
    b = run([lineup, 'show', '--struct', 'net_dev', '--struct', 'flags', obj])
    expect(a[0] == 0 and a == b and names(a[1]) == ['flags', 'net_dev'],
           '-C net_dev,flags is --struct net_dev --struct flags')
    a = run([lineup, 'show', '--struct', 'struct flags,small', obj])
    expect(names(a[1]) == ['flags', 'small'], '--struct takes a list too')
    rc, out, err = run([lineup, 'show', '-C', 'flags,nope', obj])
    expect(rc == 2 and 'nope' in err and err.count('\n') == 1,
           f'-C with an unknown name is an error naming it: {err!r}')


def test_hex(lineup, obj):
    if not shutil.which('pahole'):
        print('pahole not installed: --hex not compared')
        return
    for name in ('flags', 'net_dev'):
        mine = layout_lines(run([lineup, 'show', '--hex', '-C', name,
                                 obj])[1])
        theirs = layout_lines(run(['pahole', '--hex', '-C', name, obj])[1])
        expect(len(mine) >= 4 and mine == theirs,
               f'show --hex -C {name} is pahole --hex, line for line:\n'
               f'{mine}\n{theirs}')
    dec = layout_lines(run([lineup, 'show', '-C', 'net_dev', obj])[1])
    expect(any('/*    16     8 */' in x for x in dec),
           'without --hex, offsets stay decimal')


def test_filters(lineup, obj):
    every = names(run([lineup, 'show', obj])[1])
    if shutil.which('pahole'):
        for n in ('1', '2'):
            mine = names(run([lineup, 'show', '--holes', n, obj])[1])
            theirs = names(run(['pahole', '-H', n, obj])[1])
            expect(mine == theirs and mine,
                   f'--holes {n}: {mine}, pahole -H {n}: {theirs}')
        mine = names(run([lineup, 'show', '--prefix', 'net_', obj])[1])
        theirs = names(run(['pahole', '-y', 'net_', obj])[1])
        expect(mine == theirs == ['net_dev', 'net_queue'],
               f'--prefix net_: {mine}, pahole -y net_: {theirs}')
    doc = json.loads(run([lineup, 'show', '--format', 'json', obj])[1])
    sizes = {s['name']: (s['size'], s['cachelines']) for s in doc['structs']}
    big = [n for n in every if sizes[n][0] >= 24]
    got = names(run([lineup, 'show', '--min-size', '24', obj])[1])
    expect(got == big and len(big) < len(every),
           f'--min-size 24: {got}, sizes say {big}')
    two = [n for n in every if sizes[n][1] >= 2]
    got = names(run([lineup, 'show', '--min-lines', '2', obj])[1])
    expect(got == two == ['big'], f'--min-lines 2: {got}, JSON says {two}')
    got = json.loads(run([lineup, 'show', '--format', 'json', '--prefix',
                          'net_', '--min-size', '24', obj])[1])
    expect([s['name'] for s in got['structs']] == ['net_dev'],
           'filters combine, in JSON too')
    rc, _, err = run([lineup, 'show', '--holes', 'x', obj])
    expect(rc == 2 and "bad --holes 'x'" in err, f'bad --holes: {err!r}')
    rc, _, err = run([lineup, 'check', '--holes', '1', obj])
    expect(rc == 2 and 'check does not take --holes' in err,
           f'filters are show\'s: {err!r}')


def test_vmlinux(lineup):
    if os.access(VMLINUX, os.R_OK):
        a = run([lineup, 'show', '-C', 'task_struct'])
        b = run([lineup, 'show', '-C', 'task_struct', VMLINUX])
        expect(a[0] == 0 and a == b,
               'show without FILE reads /sys/kernel/btf/vmlinux')
        a = run([lineup, 'check', '--format', 'json'])
        b = run([lineup, 'check', '--format', 'json', VMLINUX])
        expect(a[0] in (0, 1) and a == b,
               'check without FILE reads /sys/kernel/btf/vmlinux')
    else:
        rc, _, err = run([lineup, 'show'])
        expect(rc == 2 and 'no FILE given (and /sys/kernel/btf/vmlinux is '
               'not readable)' in err, f'show without FILE: {err!r}')
    rc, _, err = run([lineup, 'check', '--from-pahole'])
    expect(rc == 2 and err.startswith('lineup check: no FILE given; usage: '),
           f'check --from-pahole without FILE: {err!r}')


def test_help(lineup):
    for c in ('show', 'check', 'matrix', 'c2c', 'suggest', 'diff', 'asserts',
              'rules'):
        expect(run([lineup, 'help', c]) == run([lineup, c, '--help']) and
               run([lineup, 'help', c])[0] == 0, f'help {c} is {c} --help')
    rc, out, err = run([lineup, 'shwo', 'x.o'])
    expect(rc == 2 and err.startswith("lineup: unknown command 'shwo' (did "
                                      "you mean 'show'?)\n"),
           f'did-you-mean: {err!r}')
    rc, out, err = run([lineup, 'help', 'chekc'])
    expect(rc == 2 and "(did you mean 'check'?)" in err,
           f'help with a typo: {err!r}')
    rc, out, err = run([lineup, 'frobnicate'])
    expect(rc == 2 and "unknown command 'frobnicate'\n" in err,
           f'no near command, no guess: {err!r}')
    rc, out, err = run([lineup])
    expect(rc == 2 and err.startswith('lineup: no command given\n'),
           f'no command: {err!r}')
    def struct_help(cmd):
        text = run([lineup, cmd, '--help'])[1]
        return re.search(r'^  -s, -C, --struct NAME +(.*)$', text, re.M)[1]
    for cmd in ('c2c', 'suggest'):
        expect('repeatable' not in struct_help(cmd),
               f'{cmd} --help does not call --struct repeatable')
    for cmd in ('show', 'diff', 'asserts'):
        expect('repeatable' in struct_help(cmd),
               f'{cmd} --help calls --struct repeatable')


def test_usage(lineup, obj):
    cases = [
        (['show', obj, obj], 'lineup show: one FILE, not 2; usage: '),
        (['c2c', obj, obj], 'lineup c2c: no --struct NAME given; usage: '),
        (['c2c', '-C', 'a,b', obj, obj],
         'lineup c2c: one --struct NAME, not 2; usage: '),
        (['c2c', '-C', 'a', obj], 'lineup c2c: no REPORT given; usage: '),
        (['suggest', obj], 'lineup suggest: no --struct NAME given; usage: '),
        (['suggest', '-C', 'a'], 'lineup suggest: no FILE given; usage: '),
        (['asserts', obj], 'lineup asserts: no --struct NAME given; usage: '),
        (['diff', obj], 'lineup diff: no NEW given; usage: '),
        (['diff'], 'lineup diff: no OLD and NEW given; usage: '),
        (['matrix'], 'lineup matrix: no --rules FILE.ini given; usage: '),
        (['matrix', '--rules', 'x.ini', obj],
         f"lineup matrix: takes no FILE ('{obj}')"),
        (['rules'], 'lineup rules: no --from-net-cachelines FILE.rst given; '
                    'usage: lineup rules --from-net-cachelines FILE.rst'),
    ]
    for argv, want in cases:
        rc, out, err = run([lineup] + argv)
        expect(rc == 2 and err.startswith(want) and err.count('\n') == 1 and
               not out, f'lineup {" ".join(argv)}: {err!r}')


def test_stamp(lineup, obj, tmp):
    stamp = os.path.join(tmp, 'ok.stamp')
    rules = os.path.join(tmp, 'r.ini')
    with open(rules, 'w') as f:
        f.write('[struct two_holes]\nwrite = a\nread = d\n')
    holds = os.path.join(tmp, 'holds.ini')
    with open(holds, 'w') as f:
        f.write('[struct two_holes]\ncold = a d\n')
    rc = run([lineup, 'check', '--stamp', stamp, '--rules', holds, obj])[0]
    expect(rc == 0 and os.path.exists(stamp), 'check --stamp: written on 0')
    rc = run([lineup, 'check', '--stamp', stamp, '--rules', rules, obj])[0]
    expect(rc == 1 and not os.path.exists(stamp),
           'check --stamp: removed on a broken rule')
    open(stamp, 'w').close()
    rc = run([lineup, 'check', '--stamp', stamp, '/nonexistent.o'])[0]
    expect(rc == 2 and not os.path.exists(stamp),
           'check --stamp: removed on an input error')
    rc, _, err = run([lineup, 'show', '--stamp', stamp, obj])
    expect(rc == 2 and 'show does not take --stamp' in err,
           f'show does not take --stamp: {err!r}')


def on_tty(argv, env):
    """What argv writes to a terminal."""
    master, slave = pty.openpty()
    p = subprocess.Popen(argv, stdout=slave, stderr=subprocess.DEVNULL,
                         env=env)
    os.close(slave)
    out = b''
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    p.wait()
    os.close(master)
    return out


def test_color(lineup, tmp):
    src = os.path.join(tmp, 'conf.c')
    with open(src, 'w') as f:
        f.write('#include <lineup.h>\nstruct conf {\n'
                '\tLINEUP_BEGIN(write, w); long hits; LINEUP_END(write, w);\n'
                '\tLINEUP_BEGIN(read, r); long max; LINEUP_END(read, r);\n'
                '} c;\n')
    obj = os.path.join(tmp, 'conf.o')
    inc = os.path.join(ROOT, 'include')
    subprocess.run(['cc', '-std=gnu11', '-c', '-g', '-I' + inc, '-o', obj,
                    src], check=True)
    base = {k: v for k, v in os.environ.items()
            if k not in ('NO_COLOR', 'TERM')}
    base['TERM'] = 'xterm'
    esc = b'\x1b['
    for what, env, argv, want in [
            ('a terminal', {}, [], True),
            ('NO_COLOR set but empty', {'NO_COLOR': ''}, [], True),
            ('NO_COLOR=1', {'NO_COLOR': '1'}, [], False),
            ('TERM=dumb', {'TERM': 'dumb'}, [], False),
            ('TERM=dumb, --color always', {'TERM': 'dumb'},
             ['--color', 'always'], True)]:
        for cmd in (['show', *argv, obj], ['check', *argv, obj]):
            out = on_tty([lineup, *cmd], dict(base, **env))
            verb = 'colours' if want else 'does not colour'
            expect((esc in out) == want,
                   f'{what}: lineup {cmd[0]} {verb} ({out[:60]!r})')


def main():
    global ROOT
    lineup, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory(prefix='lineup-habits.') as tmp:
        src = os.path.join(tmp, 'bits.c')
        with open(src, 'w') as f:
            f.write(BITS)
        obj = os.path.join(tmp, 'bits.o')
        subprocess.run(['cc', '-c', '-g', '-o', obj, src], check=True)
        test_struct_lists(lineup, obj)
        test_hex(lineup, obj)
        test_filters(lineup, obj)
        test_vmlinux(lineup)
        test_help(lineup)
        test_usage(lineup, obj)
        test_stamp(lineup, obj, tmp)
        test_color(lineup, tmp)
    print(f'habits: {len(failed)} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
