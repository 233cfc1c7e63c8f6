#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""lineup.h and `lineup check` give the same verdicts.

Every case of tests/header/cases is compiled as check_header.py compiles it
(same flags, FLAGS and VARIANT directives), once clean to an object (-c -g)
and, when it has EXPECT lines, once with -DFAIL to see which assertions
fire (the object keeps every type: -fno-eliminate-unused-debug-types).
Each assertion the tool can also be asked is then put to `lineup check` on
the clean object, through a rules file:

    GROUPS_APART(t, g1, g2)   both groups made write (a rules group of a
    WRITE_APART(t, w, g...)   marker group's name is that group): a
                              conflict between them
    APART(t, a, b)            write.A = a, write.B = b: a conflict
    SAME_LINE(t, a, b)        cold.S = a b, max_lines.S = 1
    GROUP_LINES(t, g, n)      max_lines.g = n
    GROUP_BYTES(t, g, n)      max_bytes.g = n and max_bytes.g = n - 1
    SIZE(t, n), SIZE_MAX      max_size = n (and n - 1)

An assertion outside `#ifdef FAIL` compiled, so it holds: the tool must
not fire. One inside fired when the compiler printed its message: the tool
must fire exactly then. Assertions the tool cannot be asked (OFFSET, LINE,
IN_GROUP, a member against itself, array elements, sizes written as
expressions, names the object lacks) are counted and left out. Every
object is also checked as it is, without rules: the tool must not fail
(an object without markers must say that nothing was checked).

    check_tool_agrees.py --lineup PATH --cc CC --std STD --include DIR
                         --cases DIR [-v]

Exit status: 0 pass, 1 fail, 77 skip (the compiler is not installed).
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_header  # noqa: E402  (the same compile commands)

SKIP = 77


def strip_comments(text):
    """Comments become spaces, newlines kept, so lines still count."""
    def blank(m):
        return re.sub(r'[^\n]', ' ', m.group(0))
    return re.sub(r'/\*.*?\*/|//[^\n]*', blank, text, flags=re.S)


def split_args(text, start):
    """The arguments of the call whose '(' is at START, and its end."""
    depth, args, cur = 0, [], ''
    for i in range(start, len(text)):
        c = text[i]
        if c == '(':
            depth += 1
            if depth == 1:
                continue
        elif c == ')':
            depth -= 1
            if depth == 0:
                args.append(cur.strip())
                return [' '.join(a.split()) for a in args], i
        elif c == ',' and depth == 1:
            args.append(cur.strip())
            cur = ''
            continue
        cur += c
    return None, len(text)


def assertions(path):
    """(macro, args, where) for every assertion in PATH; where is
    'always' (compiled in every build), 'fail' (only with -DFAIL) or
    'other' (under a condition this script does not evaluate)."""
    with open(path, encoding='utf-8') as f:
        text = strip_comments(f.read())
    # the conditional context of every line
    context, stack = [], []
    for line in text.split('\n'):
        d = re.match(r'\s*#\s*(\w+)(.*)', line)
        if d and d.group(1) in ('if', 'ifdef', 'ifndef'):
            fail = d.group(1) == 'ifdef' and d.group(2).split() == ['FAIL']
            stack.append('fail' if fail else 'other')
        elif d and d.group(1) in ('else', 'elif') and stack:
            stack[-1] = 'other'
        elif d and d.group(1) == 'endif' and stack:
            stack.pop()
        context.append('always' if not stack else
                       'fail' if all(s == 'fail' for s in stack) else 'other')
    out = []
    for m in re.finditer(r'\bLINEUP_ASSERT_(\w+)\s*\(', text):
        args, _ = split_args(text, m.end() - 1)
        if args is None:
            continue
        line = text.count('\n', 0, m.start())
        out.append((m.group(1), args, context[line]))
    return out


def literal(s):
    return int(s, 0) if re.fullmatch(r'(0x[0-9a-fA-F]+|\d+)[uUlL]*',
                                     s) else None


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, check=False)
    return p.returncode, p.stdout, p.stderr


class Case:
    """One case file in one variant: its object and its -DFAIL output."""

    def __init__(self, args, path, variant, flags, scratch):
        self.args, self.path, self.variant = args, path, variant
        self.flags = flags
        self.dir = scratch
        self.obj = os.path.join(scratch, 'case.o')
        self.shown = {}
        self.n_rules = 0

    def name(self):
        base = os.path.basename(self.path)
        return base + (' [%s]' % self.variant if self.variant else '')

    def compile(self):
        cc = shlex.split(self.args.cc)
        base = [a for a in check_header.base_cmd(cc, self.args.std,
                                                 self.args.include)
                if a != '-fsyntax-only'] + self.flags
        # a case declares types and asserts on them, defines no object:
        # keep the types in the debug info anyway
        obj = ['-c', '-g', '-fno-eliminate-unused-debug-types', '-o',
               self.obj, self.path]
        rc, out, err = run(base + obj)
        if rc:
            return 'clean build failed:\n  $ %s\n%s%s' % (
                ' '.join(base + obj), out, err)
        self.fail_out = ''
        if check_header.expectations(self.path, self.variant):
            cmd = base + ['-fsyntax-only', '-DFAIL', self.path]
            rc, out, err = run(cmd)
            if rc == 0:
                return 'the -DFAIL build compiled:\n  $ ' + ' '.join(cmd)
            self.fail_out = out + err
        return None

    def lineup(self, *argv):
        return run([self.args.lineup] + list(argv))

    def struct(self, type_name):
        """show's JSON of struct TYPE_NAME ("struct fx"), or None."""
        m = re.fullmatch(r'(struct|union) (\w+)', type_name)
        if not m:
            return None
        name = m.group(2)
        if name not in self.shown:
            rc, out, _ = self.lineup('show', '--format', 'json', '--struct',
                                     name, self.obj)
            self.shown[name] = json.loads(out)['structs'][0] if rc == 0 \
                else None
        return self.shown[name]

    def check(self, type_name, keys):
        """lineup check's findings for the struct with a rules file of
        KEYS for it; none, and self.error set, if lineup failed."""
        self.n_rules += 1
        rules = os.path.join(self.dir, 'r%d.ini' % self.n_rules)
        with open(rules, 'w', encoding='utf-8') as f:
            f.write('[%s]\n%s' % (type_name, ''.join(k + '\n' for k in keys)))
        rc, out, err = self.lineup('check', '--format', 'json', '--rules',
                                   rules, self.obj)
        if rc not in (0, 1):
            self.error = 'lineup check exited %d: %s' % (rc, err.strip())
            return []
        # the other structs of the case have groups of the same names
        name = type_name.split()[-1]
        return [f for f in json.loads(out)['findings']
                if f['struct'] == name]


def has_member(st, name):
    head = name.split('.')[0]
    return '[' not in name and any(m['name'] == head for m in st['members'])


def group_of(st, name):
    for g in st['groups']:
        if g['name'] == name:
            return g
    return None


def conflict(findings, a, b):
    return any(f['type'] == 'conflict' and
               {f['group']['name'], f['other_group']['name']} == {a, b}
               for f in findings)


def limit_fired(findings, kind, group=None):
    return any(f['type'] == kind and f['severity'] == 'error' and
               (group is None or f['group']['name'] == group)
               for f in findings)


def queries(case, macro, args):
    """(header message, tool verdict function) pairs for one assertion,
    or a reason it cannot be put to the tool."""
    if len(args) < 2:
        return 'no type'
    t = args[0]
    st = case.struct(t)
    if st is None:
        return 'type %s not in the object' % t
    out = []

    def groups_apart(g1, g2, msg):
        if g1 == g2 or not group_of(st, g1) or not group_of(st, g2):
            return 'group not in the object'
        keys = ['write.%s = %s' % (g, group_of(st, g)['members'][0])
                for g in (g1, g2) if group_of(st, g)['members']]
        out.append((msg, lambda: conflict(case.check(t, keys), g1, g2)))
        return None

    if macro == 'GROUPS_APART' and len(args) == 3:
        why = groups_apart(args[1], args[2],
                           '%s: groups `%s` and `%s` may share a cache line'
                           % (t, args[1], args[2]))
        return why or out
    if macro == 'WRITE_APART' and 3 <= len(args) <= 18:
        for g in args[2:]:
            why = groups_apart(args[1], g,
                               '%s: write group `%s` may share a cache line '
                               'with group `%s`' % (t, args[1], g))
            if why:
                return why
        return out
    if macro in ('APART', 'SAME_LINE') and len(args) == 3:
        a, b = args[1], args[2]
        if a == b or not has_member(st, a) or not has_member(st, b):
            return 'a member against itself, an element or an absent name'
        if macro == 'APART':
            keys = ['write.lineup_test_a = ' + a,
                    'write.lineup_test_b = ' + b]
            out.append(('%s: members `%s` and `%s` may share a cache line' %
                        (t, a, b),
                        lambda: conflict(case.check(t, keys), 'lineup_test_a',
                                         'lineup_test_b')))
        else:
            keys = ['cold.lineup_test_span = %s %s' % (a, b),
                    'max_lines.lineup_test_span = 1']
            out.append(('%s: members `%s` and `%s` are not always in one '
                        'cache line' % (t, a, b),
                        lambda: limit_fired(case.check(t, keys), 'max_lines')))
        return out
    if macro in ('GROUP_LINES', 'GROUP_BYTES') and len(args) == 3:
        g, n = args[1], literal(args[2])
        if not group_of(st, g) or not n:
            return 'group not in the object, or a limit of 0 or not a number'
        if macro == 'GROUP_LINES':
            out.append(('%s: group `%s` may touch more than %s cache line(s)'
                        % (t, g, args[2]),
                        lambda: limit_fired(case.check(
                            t, ['max_lines.%s = %d' % (g, n)]), 'max_lines',
                            g)))
            return out

        def not_exactly():
            over = limit_fired(case.check(t, ['max_bytes.%s = %d' % (g, n)]),
                               'max_bytes', g)
            under = n > 1 and not limit_fired(
                case.check(t, ['max_bytes.%s = %d' % (g, n - 1)]),
                'max_bytes', g)
            return over or under
        out.append(('%s: group `%s` does not span %s bytes' % (t, g, args[2]),
                    not_exactly))
        return out
    if macro in ('SIZE', 'SIZE_MAX') and len(args) == 2:
        n = literal(args[1])
        if not n:
            return 'a size that is not a number'
        if macro == 'SIZE_MAX':
            out.append(('%s: size is over %s bytes' % (t, args[1]),
                        lambda: limit_fired(case.check(
                            t, ['max_size = %d' % n]), 'max_size')))
        else:
            out.append(('%s: size is not %s bytes' % (t, args[1]),
                        lambda: limit_fired(case.check(
                            t, ['max_size = %d' % n]), 'max_size') or
                        (n > 1 and not limit_fired(case.check(
                            t, ['max_size = %d' % (n - 1)]), 'max_size'))))
        return out
    return 'the tool has no such question'


def run_case(args, path, variant, flags):
    """Lines to print and the number of disagreements."""
    with tempfile.TemporaryDirectory() as scratch:
        case = Case(args, path, variant, flags, scratch)
        problem = case.compile()
        if problem:
            return ['FAIL %s: %s' % (case.name(), problem)], 1, 0, 0
        rc, _, err = case.lineup('check', case.obj)
        # a case without markers has nothing to check: since issue 18
        # that is exit 2 with one line saying so, not a silent pass
        nothing = rc == 2 and 'nothing checked in' in err
        if rc not in (0, 1) and not nothing:
            return ['FAIL %s: lineup check without rules exited %d: %s' %
                    (case.name(), rc, err.strip())], 1, 0, 0
        lines, bad, asked, skipped = [], 0, 0, 0
        for macro, a, where in assertions(path):
            what = 'LINEUP_ASSERT_%s(%s)' % (macro, ', '.join(a))
            if where == 'other':
                skipped += 1
                continue
            q = queries(case, macro, a)
            if isinstance(q, str):
                skipped += 1
                if args.verbose:
                    lines.append('skip %s: %s: %s' % (case.name(), what, q))
                continue
            for msg, tool in q:
                case.error = None
                header = where == 'fail' and msg in case.fail_out
                said = tool()
                asked += 1
                if case.error:
                    bad += 1
                    lines.append('FAIL %s: %s: %s' % (case.name(), what,
                                                      case.error))
                elif said != header:
                    bad += 1
                    lines.append('FAIL %s: %s: the header %s, lineup check %s'
                                 ' (%s)' % (case.name(), what,
                                            'fires' if header else 'holds',
                                            'fires' if said else 'holds',
                                            msg))
                elif args.verbose:
                    lines.append('ok   %s: %s: both %s' % (
                        case.name(), what, 'fire' if header else 'hold'))
        return lines, bad, asked, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--cc', default='gcc')
    ap.add_argument('--std', default='c11')
    ap.add_argument('--include', required=True)
    ap.add_argument('--cases', required=True)
    ap.add_argument('-v', '--verbose', action='store_true')
    args = ap.parse_args()
    cc = shlex.split(args.cc)
    if not check_header.have(cc) or \
            not check_header.usable(cc, args.std, args.include):
        print('SKIP: %s -std=%s not usable here' % (args.cc, args.std))
        return SKIP
    jobs = []
    for n in sorted(os.listdir(args.cases)):
        path = os.path.join(args.cases, n)
        if not n.endswith('.c'):
            continue
        lang = check_header.directives(path, 'LANG')
        if lang and lang[0] != ('c++' if check_header.is_cxx(cc) else 'c'):
            continue
        flags = []
        for f in check_header.directives(path, 'FLAGS'):
            flags += shlex.split(f)
        for variant in check_header.directives(path, 'VARIANT') or ['']:
            jobs.append((path, variant, flags + shlex.split(variant)))
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        results = list(ex.map(lambda j: run_case(args, *j), jobs))
    bad = asked = skipped = 0
    for lines, b, a, s in results:
        for line in lines:
            print(line)
        bad, asked, skipped = bad + b, asked + a, skipped + s
    print('%d verdicts compared over %d case builds (%d assertions the tool '
          'cannot be asked), %d disagree, with %s -std=%s' %
          (asked, len(jobs), skipped, bad, args.cc, args.std))
    # the comparison must have compared something
    return 1 if bad or asked < 20 else 0


if __name__ == '__main__':
    sys.exit(main())
