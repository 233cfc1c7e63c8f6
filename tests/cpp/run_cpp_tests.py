#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""lineup on C++ (issue 19), under one compiler (--cxx g++ or clang++).

classes.h holds the C++ shapes that broke a command before; classes.cpp
makes an object of each, truth.cpp prints what the compiler itself says
(sizeof, alignof, each member's offset and size from its address). Checks:

- `show` reads the whole object (a virtual base anywhere stopped it,
  exit 2) and says where a virtual base is; `check` of the markers in the
  same object runs;
- every type's size and alignment and every listed member's offset and
  size in `show --format json` are the compiler's: a pointer to member
  function is 16 bytes; the [[no_unique_address]] member takes no room
  and leaves no hole in `show`;
- and those pahole 1.24 lays out sanely (no virtual base, pointer to
  member or [[no_unique_address]]) agree with pahole too;
- `class` is printed as class (text and JSON);
- names are qualified as the compiler spells them (n1::Meter,
  Outer<int>::Block, Ring<char, 4>), found qualified or, when unambiguous,
  unqualified, by --struct and in rules sections; an ambiguous name is an
  error listing the candidates; JSON and SARIF name the qualified type;
- a member type is spelled as C++ does (std::atomic<long...>, no "struct");
- `diff` of the object with itself reports no change (two bases each
  with a member 'v').

Exit: 0 pass, 1 fail, 77 skip (no such compiler).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
FLAGS = ['-std=c++20', '-Wall', '-Wextra', '-Wpedantic', '-Werror', '-g']
failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL: ' + msg)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def truth(cxx, src, inc, tmp):
    exe = os.path.join(tmp, 'truth')
    subprocess.run([cxx] + FLAGS + ['-I', inc, '-I', src,
                                    os.path.join(src, 'truth.cpp'),
                                    '-o', exe], check=True)
    types, members = {}, {}
    for line in run([exe], check=True).stdout.splitlines():
        f = line.split(' ')
        if f[0] == 'T':
            types[' '.join(f[1:-2])] = (int(f[-2]), int(f[-1]))
        else:
            # the label may hold spaces ("Ring<char, 4>"): fields from the end
            label = ' '.join(f[1:-3])
            members.setdefault(label, []).append(
                (f[-3], int(f[-2]), int(f[-1])))
    return types, members


def by_name(structs):
    return {s['name']: s for s in structs}


def compare_truth(js, types, members):
    for name, (size, align) in types.items():
        s = js.get(name)
        if not s:
            fail('%s: not in show --format json (names: %s)'
                 % (name, sorted(js)))
            continue
        if (s['size'], s['align']) != (size, align):
            fail('%s: lineup says size %d align %d, the compiler %d %d'
                 % (name, s['size'], s['align'], size, align))
        seen = {}
        for mname, off, msize in members.get(name, []):
            k = seen.get(mname, 0)
            seen[mname] = k + 1
            hits = [m for m in s['members'] if m['name'] == mname]
            if len(hits) <= k:
                fail('%s: member %s (#%d) missing' % (name, mname, k + 1))
                continue
            m = hits[k]
            if (m['offset'], m['size']) != (off, msize):
                fail('%s.%s: lineup says offset %d size %d, the compiler '
                     '%d %d' % (name, mname, m['offset'], m['size'], off,
                                msize))


PAHOLE_MEMBER = re.compile(
    r'^\t(?!\t)(?!/\*)(.*?)\s+(\w+)(\[[^\]]*\])*( __attribute__.*)?;'
    r'\s+/\*\s+(0x[0-9a-f]+|\d+)\s+(0x[0-9a-f]+|\d+)\s+\*/')


def compare_pahole(obj, js):
    if not shutil.which('pahole'):
        print('pahole not found: pahole comparison skipped')
        return
    # pahole -C splits its argument on commas: a name with one is read
    # from everything pahole prints
    whole = run(['pahole', '--hex', obj]).stdout
    blocks, name, body = {}, None, []
    for line in whole.splitlines():
        m = re.match(r'(?:struct|class) (.+?)(?: : .*)? \{$', line)
        if m and name is None:
            name, body = m.group(1), []
        elif name is not None and line.startswith('}'):
            blocks.setdefault(name, '\n'.join(body))
            name = None
        elif name is not None:
            body.append(line)
    for lineup_name, pahole_name in [('lu_t::Cls', 'Cls'),
                                     ('lu_t::Both', 'Both'),
                                     ('Outer<int>', 'Outer<int>'),
                                     ('Outer<int>::Block', 'Outer<int>'),
                                     ('Ring<char, 4>', 'Ring<char, 4>')]:
        text = (blocks.get(pahole_name, '') if ',' in pahole_name else
                run(['pahole', '--hex', '-C', pahole_name, obj]).stdout)
        if lineup_name.endswith('::Block'):
            # pahole prints the nested class inside its outer one
            m = re.search(r'\tstruct Block \{\n(.*?)\n\t\}', text, re.S)
            if not m:
                fail('pahole printed no nested Block: %r' % text[:200])
                continue
            text = '\n'.join(l[1:] for l in m.group(1).splitlines())
        # the outer one's summary comes last
        sizes = re.findall(r'^\t/\* size: (\d+)', text, re.M)
        size = int(sizes[-1]) if sizes else None
        s = js[lineup_name]
        if size is not None and size != s['size']:
            fail('%s: pahole says size %d, lineup %d'
                 % (lineup_name, size, s['size']))
        direct = [(m['name'], m['offset'], m['size']) for m in s['members']
                  if m['block'] is None and m['depth'] == 0]
        pa = [(m.group(2), int(m.group(5), 0), int(m.group(6), 0))
              for m in map(PAHOLE_MEMBER.match, text.splitlines()) if m]
        if not pa or [p for p in pa if p not in direct]:
            fail('%s: pahole lists %s, lineup %s' % (lineup_name, pa, direct))


def unqualified(name):
    """NAME without its scopes, as pahole prints it ("pp::Owner": Owner);
    template arguments keep theirs."""
    depth, cut = 0, 0
    for i, c in enumerate(name):
        depth += c == '<'
        depth -= c == '>'
        if not depth and name.startswith('::', i):
            cut = i + 2
    return name[cut:]


def struct_blocks(text):
    """Name -> (its closing line, [(member, offset, size)]) of every
    top-level struct or class in pahole's or show's text."""
    out, name, body = {}, None, []
    for line in text.splitlines():
        m = re.match(r'(?:struct|class) (.+?)(?: : .*)? \{', line)
        if m and name is None:
            name, body = unqualified(m.group(1)), []
        elif name is not None and line.startswith('}'):
            out.setdefault(name, (line, [
                (m.group(2), int(m.group(5), 0), int(m.group(6), 0))
                for m in map(PAHOLE_MEMBER.match, body) if m]))
            name = None
        elif name is not None:
            body.append(line)
    return out


def compare_pahole_private(lineup, cxx, include, srcdir, tmp):
    """Classes local to functions, as pahole --show_private_classes lists
    them, and the closing line of each struct (a class holding a
    std::atomic<long>: gcc states its alignment, pahole prints it)."""
    if not shutil.which('pahole'):
        print('pahole not found: pahole comparison skipped')
        return
    obj = os.path.join(tmp, 'pahole_parity.o')
    subprocess.run([cxx] + FLAGS + ['-I', include, '-c',
                                    os.path.join(srcdir, 'pahole_parity.cpp'),
                                    '-o', obj], check=True)
    pa = struct_blocks(run(['pahole', '--show_private_classes',
                            obj]).stdout)
    lu = struct_blocks(run([lineup, 'show', obj]).stdout)
    for name in ('Local', 'InBlock', 'InMethod', 'Holder'):
        if name not in pa:
            fail('pahole_parity: pahole lists no %s: %s' % (name, sorted(pa)))
    # the library's templates aside: pahole prints their static
    # constants as members ("_S_alignment = 8")
    for name, (close, members) in sorted(pa.items()):
        if '<' in name:
            continue
        if name not in lu:
            fail('pahole_parity: show lists no %s (pahole does; show: %s)'
                 % (name, sorted(lu)))
        elif lu[name] != (close, members):
            fail('pahole_parity: %s: pahole %r, show %r'
                 % (name, (close, members), lu[name]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--cxx', required=True)
    ap.add_argument('--include', required=True)
    ap.add_argument('--srcdir', required=True)
    a = ap.parse_args()
    if not shutil.which(a.cxx):
        print('%s not found' % a.cxx)
        return SKIP
    lineup = a.lineup
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, 'classes.o')
        subprocess.run([a.cxx] + FLAGS + ['-I', a.include, '-I', a.srcdir,
                                          '-c', os.path.join(a.srcdir,
                                                             'classes.cpp'),
                                          '-o', obj], check=True)
        types, members = truth(a.cxx, a.srcdir, a.include, tmp)

        # the whole object, a virtual base in it
        r = run([lineup, 'show', obj])
        if r.returncode != 0:
            fail('show %s: exit %d: %s' % (a.cxx, r.returncode, r.stderr))
        text = r.stdout
        if not re.search(r'struct lu_t::D \{[^\n]*\n\t/\* virtual base '
                         r'lu_t::A: placed by the most derived object',
                         text):
            fail('show: no virtual base line for lu_t::D')
        if not re.search(r'^class lu_t::Cls \{', text, re.M):
            fail('show: lu_t::Cls not printed as class')
        nua = re.search(r'struct lu_t::NUA \{.*?\n\};', text, re.S)
        if not nua or 'hole' in nua.group(0):
            fail('show: lu_t::NUA has a phantom hole: %s'
                 % (nua.group(0) if nua else text))

        r = run([lineup, 'show', '--format', 'json', obj])
        if r.returncode != 0:
            fail('show --format json: exit %d: %s' % (r.returncode, r.stderr))
            return 1
        js = by_name(json.loads(r.stdout)['structs'])
        compare_truth(js, types, members)
        compare_pahole(obj, js)
        compare_pahole_private(lineup, a.cxx, a.include, a.srcdir, tmp)
        if js.get('lu_t::Cls', {}).get('kind') != 'class':
            fail('json: lu_t::Cls kind is not class')
        if js.get('lu_t::D', {}).get('virtual_bases') != ['lu_t::A']:
            fail('json: lu_t::D virtual_bases %r'
                 % js.get('lu_t::D', {}).get('virtual_bases'))
        nua_e = [m for m in js['lu_t::NUA']['members'] if m['name'] == 'e']
        if not nua_e or nua_e[0]['size'] != 0:
            fail('json: NUA.e should take no room: %r' % nua_e)
        head = [m for m in js['Ring<char, 4>']['members']
                if m['name'] == 'head']
        if not head or not head[0]['type'].startswith('std::atomic<long'):
            fail('json: Ring head type %r' % head)

        # markers-only check of an object with a virtual base
        r = run([lineup, 'check', obj])
        if r.returncode != 1 or 'struct lu_t::Marked' not in r.stdout:
            fail('check (markers): exit %d, %s %s'
                 % (r.returncode, r.stdout, r.stderr))

        # names
        for asked, found in [('n1::Meter', 'n1::Meter'),
                             ('n2::Meter', 'n2::Meter'),
                             ('Outer<int>::Block', 'Outer<int>::Block'),
                             ('Block', 'Outer<int>::Block'),
                             ('Cls', 'lu_t::Cls'),
                             ('Ring<char, 4>', 'Ring<char, 4>'),
                             ('Inner::Leaf', 'lu_t::Inner::Leaf')]:
            r = run([lineup, 'show', '--format', 'json', '--struct', asked,
                     obj])
            names = ([s['name'] for s in json.loads(r.stdout)['structs']]
                     if r.returncode == 0 else r.stderr)
            if names != [found]:
                fail('show --struct %s: %r' % (asked, names))
        # a template named as the user writes it, not as this compiler
        # spells it: integer words, literal suffixes, defaulted arguments
        for asked in ['Chan<unsigned long, 8>', 'Chan<long unsigned int,8UL>',
                      'Chan<unsigned long, 8, lu_t::Plain>', 'Chan']:
            r = run([lineup, 'show', '--format', 'json', '--struct', asked,
                     obj])
            names = ([s['name'] for s in json.loads(r.stdout)['structs']]
                     if r.returncode == 0 else r.stderr)
            if len(names) != 1 or not names[0].startswith('Chan<'):
                fail('show --struct %s: %r' % (asked, names))
        r = run([lineup, 'show', '--struct', 'Chan<unsigned long, 9>', obj])
        if r.returncode != 2:
            fail('show --struct Chan<unsigned long, 9>: exit %d'
                 % r.returncode)
        chan_rules = os.path.join(tmp, 'chan.ini')
        with open(chan_rules, 'w') as f:
            f.write('[struct Chan<unsigned long, 8>]\nwrite = head\n'
                    'read = slots\n')
        r = run([lineup, 'check', '--rules', chan_rules, obj])
        if r.returncode != 1 or 'in struct Chan<' not in r.stdout:
            fail('check [struct Chan<unsigned long, 8>]: exit %d: %s %s'
                 % (r.returncode, r.stdout, r.stderr))
        r = run([lineup, 'show', '--struct', 'Meter', obj])
        if (r.returncode != 2 or "'n1::Meter', 'n2::Meter'" not in r.stderr
                or r.stdout):
            fail('show --struct Meter: exit %d, %r'
                 % (r.returncode, r.stderr))

        rules = os.path.join(tmp, 'rules.ini')
        with open(rules, 'w') as f:
            f.write('[struct n1::Meter]\nwrite = a\nread = hits\n\n'
                    '[class Cls]\nwrite = p\n\n'
                    '[struct Ring<char, 4>]\nwrite = head\nread = buf\n\n'
                    '[struct Outer<int>::Block]\nwrite = idx\nread = pad\n')
        r = run([lineup, 'check', '--rules', rules, obj])
        for name in ['n1::Meter', 'Ring<char, 4>', 'Outer<int>::Block']:
            if 'in struct %s' % name not in r.stdout:
                fail('check --rules: no conflict named in struct %s: %s %s'
                     % (name, r.stdout, r.stderr))
        if r.returncode != 1 or 'n2::Meter' in r.stdout:
            fail('check --rules: exit %d: %s' % (r.returncode, r.stdout))
        r = run([lineup, 'check', '--format', 'json', '--rules', rules, obj])
        js = json.loads(r.stdout)
        structs = {f.get('struct') for f in js.get('findings', [])}
        if not {'n1::Meter', 'Ring<char, 4>'} <= structs:
            fail('check json: findings name %r' % structs)
        r = run([lineup, 'check', '--format', 'sarif', '--rules', rules,
                 obj])
        if 'struct Ring<char, 4>' not in r.stdout:
            fail('check sarif: Ring<char, 4> not named')
        with open(rules, 'w') as f:
            f.write('[struct Meter]\nwrite = a\n')
        r = run([lineup, 'check', '--rules', rules, obj])
        if (r.returncode != 2 or 'ambiguous' not in r.stderr
                or "'n1::Meter', 'n2::Meter'" not in r.stderr):
            fail('check [struct Meter]: exit %d, %r'
                 % (r.returncode, r.stderr))

        # asserts: C++ that compiles pasted after the class, in its
        # namespace; private members named from the friend it asks for
        r = run([lineup, 'asserts', '--struct', 'Padded<char, 4>', obj])
        if r.returncode != 0:
            fail('asserts Padded: exit %d: %s' % (r.returncode, r.stderr))
        out = r.stdout
        for want in ['using lineup_asserts_type_Padded_char_4_ = '
                     'q::Padded<char, 4>;',
                     "'cons' is private or protected",
                     'friend struct lineup_asserts_Padded_char_4_;',
                     'LINEUP_ASSERT_WRITE_APART('
                     'lineup_asserts_type_Padded_char_4_, prod, cons);']:
            if want not in out:
                fail('asserts Padded: no %r in:\n%s' % (want, out))
        paste = os.path.join(tmp, 'paste.cpp')
        with open(paste, 'w') as f:
            f.write('#include "classes.h"\nnamespace q {\n%s}\n' % out)
        for bad in [[], ['-DLU_BAD']]:
            r = run([a.cxx] + FLAGS + ['-I', a.include, '-I', a.srcdir,
                                       '-fsyntax-only', paste] + bad)
            if not bad and r.returncode != 0:
                fail('asserts Padded pasted: %s' % r.stderr[-2000:])
            if bad and (r.returncode == 0 or 'write group `prod` may share '
                        'a cache line with group `cons`' not in r.stderr):
                fail('asserts Padded pasted, -DLU_BAD: exit %d %s'
                     % (r.returncode, r.stderr[-2000:]))
        r = run([lineup, 'asserts', '--struct', 'Anon', obj])
        with open(paste, 'w') as f:
            f.write('#include "classes.h"\n%s' % r.stdout)
        c = run([a.cxx] + FLAGS + ['-I', a.include, '-I', a.srcdir,
                                   '-fsyntax-only', paste])
        if (r.returncode != 0 or 'anonymous namespace' not in r.stdout
                or c.returncode != 0):
            fail('asserts Anon: exit %d:\n%s\npasted: %s'
                 % (r.returncode, r.stdout, c.stderr[-2000:]))
        r = run([lineup, 'asserts', '--struct', 'n1::Meter', obj])
        if r.returncode != 2 or 'n1::Meter' not in r.stderr:
            fail('asserts n1::Meter (no groups): exit %d %s'
                 % (r.returncode, r.stderr))

        # suggest: a diff that keeps what is no data member's; the
        # current order of a line-aligned member is a candidate
        sobj = os.path.join(tmp, 'suggest.o')
        ssrc = os.path.join(a.srcdir, 'suggest_classes.cpp')
        subprocess.run([a.cxx] + FLAGS + ['-c', ssrc, '-o', sobj],
                       check=True)
        with open(rules, 'w') as f:
            f.write('[class sq::Queue]\nwrite.p = head_\nwrite.c = tail_\n'
                    'read = first_ cap_\n\n'
                    '[struct Aligned]\nwrite = stores\nread = hits\n')
        r = run([lineup, 'suggest', '--rules', rules, '--struct',
                 'sq::Queue', sobj])
        # the isolation's diff keeps the methods, specifiers and nested
        # type where they are, and only adds lines (issue 31: no diff)
        if r.returncode != 0 or re.search(r'\n-(?!-- )', r.stdout) or (
                '+\tLINEUP_ISOLATE_BEGIN(p);' not in r.stdout or
                'no diff:' in r.stdout):
            fail('suggest sq::Queue: exit %d:\n%s%s'
                 % (r.returncode, r.stdout, r.stderr))
        if 'class sq::Queue {' not in r.stdout:
            fail('suggest sq::Queue: not spelled as a class:\n' + r.stdout)
        r = run([lineup, 'check', '--rules', rules, sobj])
        held = 'Aligned' not in r.stdout
        r = run([lineup, 'suggest', '--rules', rules, '--struct', 'Aligned',
                 sobj])
        # the write group's marker is aligned, as `stores` is: a plain
        # one made the padding before it the group's, and no order held
        # (issue 31)
        if not held or 'no order keeps' in r.stdout or (
                'reorder: 128 bytes (+0)' not in r.stdout or
                'LINEUP_BEGIN_ALIGNED(write, write);' not in r.stdout):
            fail('suggest Aligned (check holds: %s):\n%s%s'
                 % (held, r.stdout, r.stderr))

        # diff of the object with itself
        r = run([lineup, 'diff', obj, obj])
        if r.returncode != 0 or 'no layout changes' not in r.stdout:
            fail('diff self: exit %d: %s' % (r.returncode, r.stdout))
    if failures:
        return 1
    print('ok: %s' % a.cxx)
    return 0


if __name__ == '__main__':
    sys.exit(main())
