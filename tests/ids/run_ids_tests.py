#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check ids: every text finding line of every command ends with one.

Compiles the seed's task_group (examples/task_group) and a placement
fixture at test time, then runs every command that reports findings
(check, matrix, diff, c2c, trace, suggest) on inputs that make it report
some, and checks that

  - every error and warning line (file:line[:col]: error: ...) ends with
    " [LUnnn]", an id that the SARIF rules name, and no note line does;
  - for check and diff, the ids of the text lines are, in order, the
    ruleIds of the SARIF results of the same level (the same findings);
  - doc/checks.md lists exactly the SARIF rules, each with its name,
    summary, full description and help word for word.

    run_ids_tests.py --lineup PATH [--top DIR] [-v]

Exit status: 0 pass, 1 a check failed.
"""

import json
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True  # the source tree stays as it is
import seed  # noqa: E402
from seed import Failed, NO_RT, run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# a compiler-style finding line: where, severity, text
LINE = re.compile(r'^(?:(?P<where>[^ ]+|struct [^ ]+\+\w+|'
                  r'union [^ ]+\+\w+): )?(?P<sev>error|warning|note): '
                  r'(?P<text>.*)$')
ID = re.compile(r' \[(LU\d{3})\]$')
# show --rules: check's findings as comments in the layout
COMMENT = re.compile(r'^\s*/\* ((?:error|warning|note): .*) \*/$')


def text_ids(out, rules, what):
    """The ids the finding lines end with, in order; a note has none."""
    ids, problems = [], []
    for line in out.splitlines():
        c = COMMENT.match(line)
        line = 'show: ' + c.group(1) if c else line
        m = LINE.match(line)
        if not m:
            continue
        i = ID.search(line)
        if m.group('sev') == 'note':
            if i:
                problems.append('%s: a note with an id: %s' % (what, line))
            continue
        if not i:
            problems.append('%s: no [LUnnn] at the end: %s' % (what, line))
        elif i.group(1) not in rules:
            problems.append('%s: %s is no SARIF rule: %s' % (what,
                            i.group(1), line))
        else:
            ids.append((m.group('sev'), i.group(1)))
    return ids, problems


def sarif_ids(text):
    run_ = json.loads(text)['runs'][0]
    rules = [r['id'] for r in run_['tool']['driver']['rules']]
    ids = [(r['level'], r['ruleId']) for r in run_['results']
           if r['level'] in ('error', 'warning')]
    for r in run_['results']:
        if rules[r['ruleIndex']] != r['ruleId']:
            raise Failed('ruleIndex %d is %s, not %s' % (
                r['ruleIndex'], rules[r['ruleIndex']], r['ruleId']))
    return run_['tool']['driver']['rules'], ids


def words(s):
    return ' '.join(s.replace('**Fix.**', '').split())


def check_doc(top, rules):
    """doc/checks.md: one table row and one section per rule, verbatim."""
    doc = open(os.path.join(top, 'doc', 'checks.md')).read()
    problems = []
    listed = re.findall(r'(?m)^\| \[`(LU\d{3})`\]', doc)
    if listed != [r['id'] for r in rules]:
        problems.append('doc/checks.md lists %s, SARIF has %s' % (
            listed, [r['id'] for r in rules]))
    for r in rules:
        row = re.search(r'(?m)^\| \[`%s`\]\([^)]*\) \| `([^`]*)` \| [^|]* '
                        r'\| (.*) \|$' % r['id'], doc)
        if not row or row.group(1) != r['name'] or \
                row.group(2) != r['shortDescription']['text']:
            problems.append('doc/checks.md: the row of %s is not "%s: %s"'
                            % (r['id'], r['name'],
                               r['shortDescription']['text']))
        sec = re.search(r'(?ms)^## %s %s\n(.*?)(?=^## |\Z)' % (
            r['id'], re.escape(r['name'])), doc)
        body = words(sec.group(1)) if sec else ''
        for key in ('fullDescription', 'help'):
            if not r.get(key) or words(r[key]['text']) not in body:
                problems.append('doc/checks.md: %s lacks its %s' % (
                    r['id'], key))
    return problems


def check(a, work, problems):
    ctx = lambda *argv: [a.lineup] + list(argv)
    go = lambda argv, want, v=False: run(argv, work, want, v)[1]
    fx = os.path.join(HERE, 'fixtures')
    for name, src, flags in (
            ('nort.o', 'tg/task_group_before.c', NO_RT),
            ('place.o', os.path.join(fx, 'limits.c'), [])):
        go([a.cc, '-c', '-g', '-Iinclude', '-Itg'] + flags +
           [src, '-o', name], 0)
    with open(os.path.join(work, 'limits.ini'), 'w') as f:
        # LU001 at some starts, LU002, LU003, LU004, and LU005 and
        # LU006 for the misspelt names
        f.write('[struct limits]\nwrite.hot = head w\nread = r\n'
                'max_size = 64\nmax_bytes.hot = 8\nmax_lines.hot = 1\n'
                'cold = tial\nmax_bytes.hto = 8\n')
    sarif = go(ctx('check', '--format', 'sarif', '--rules',
                   'limits.ini', 'place.o'), 1)
    rules, _ = sarif_ids(sarif)
    ids = {r['id'] for r in rules}
    problems += check_doc(a.top, rules)

    # the kernel's own bounds: LU008 for a group the struct lacks, LU009
    # a member outside its group (demo_check.c's bound lineup cannot
    # evaluate says so on stderr, which run() merges into stdout)
    ka = os.path.join(a.top, 'tests', 'kernel-asserts')
    go([a.cc, '-c', '-g', os.path.join(ka, 'demo_user.c'), '-o', 'demo.o'],
       0)
    seen = set()
    cases = [('check kernel asserts',
              ['check', '--kernel-asserts', os.path.join(ka, 'demo_member.c'),
               'demo.o'], 1)]
    if shutil.which('pahole') and shutil.which('objcopy'):
        # BTF records no alignment: a finding off a line start is a
        # warning
        shutil.copy(os.path.join(work, 'place.o'),
                    os.path.join(work, 'btf.o'))
        go(['pahole', '-J', 'btf.o'], 0)
        go(['objcopy', '--strip-debug', 'btf.o'], 0)
        cases.append(('check btf', ['check', '--rules', 'limits.ini',
                                    'btf.o'], 1))
    # check and diff: the text lines are the SARIF results
    for what, argv, want in cases + [
            ('check', ['check', '--rules', 'limits.ini', 'place.o'], 1),
            ('check seed', ['check', '--rules', 'tg/before.ini',
                            'before.o'], 1),
            ('diff', ['diff', '--fail-on', 'size,moves', 'before.o',
                      'isolate.o'], 1),
            ('diff size', ['diff', '--fail-on', 'size', 'before.o',
                           'nort.o'], 1),
            ('diff rules', ['diff', '--rules', 'tg/reorder.ini',
                            'isolate.o', 'before.o'], 1)]:
        out = go(ctx(*argv), want, a.v)
        got, p = text_ids(out, ids, what)
        problems += p
        seen |= {i for _, i in got}
        _, want_ids = sarif_ids(go(ctx(*(argv + ['--format', 'sarif'])),
                                   want))
        if got != want_ids:
            problems.append('%s: text ids %s, SARIF %s' % (what, got,
                                                          want_ids))
    # trace: a verdict on a member, and one between two objects
    traces = []
    tfx = os.path.join(a.top, 'tests', 'trace', 'fixtures')
    for prog, flags in (('tick', NO_RT), ('array', [])):
        go(ctx('trace-cc', a.cc, '-O2', '-I' + tfx) + flags +
           [os.path.join(tfx, prog + '.c'), '-o', prog, '-lpthread'], 0)
        traces.append(('trace ' + prog, ['trace', '--', './' + prog], 1))
    for what, argv, want in [
            ('matrix', ['matrix', '--rules', 'tg/m.ini'], 1),
            ('c2c', ['c2c', '--struct', 'task_group', 'before.o',
                     'tg/perf-c2c-before.txt'], 1),
            ('show', ['show', '--rules', 'limits.ini', 'place.o'], 0),
            ('suggest', ['suggest', '--struct', 'task_group', '--rules',
                         'tg/plain.ini', 'before.o'], 0)] + traces:
        out = go(ctx(*argv), want, a.v)
        got, p = text_ids(out, ids, what)
        problems += p
        seen |= {i for _, i in got}
        if want == 1 and not got:
            problems.append('%s: no finding line at all' % what)
    # every family of ids shows up in text at least once
    for need in ('LU001', 'LU002', 'LU003', 'LU004', 'LU005', 'LU006',
                 'LU008', 'LU009', 'LU101',
                 'LU102', 'LU201'):
        if need not in seen:
            problems.append('no text line ends with [%s]' % need)


if __name__ == '__main__':
    sys.exit(seed.main('ids', __doc__, check))
