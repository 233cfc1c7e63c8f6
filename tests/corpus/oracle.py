#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""pahole as the oracle for lineup's readers.

Compiles every corpus source with one compiler, in several DWARF flavours and
container formats (object, -gz, archive, shared library, BTF), and checks that
`lineup show --format json` agrees with `pahole --hex` on every struct: size,
and for every member (anonymous structs and unions flattened) name, offset,
size, bit-field width and bit offset, and where group markers sit. pahole's
text is parsed here, independently of lineup's pahole reader; that reader is
checked too, by feeding it pahole's text and comparing with lineup's DWARF.

The text of `lineup show` is compared with pahole's too, struct by struct
(compare_text): the nesting (each member and each anonymous block at its
depth, a block's offset and size), the notes that place the holes ("XXX 7
bytes hole", "XXX 3 bits hole", "XXX last struct has 2 bytes of padding"),
and every summary line after the members ("size:, cachelines:, members:",
"sum members, holes, sum holes", "sum bitfield members, bit holes, sum bit
holes", "padding", "paddings", "bit_padding", "forced alignments", "last
cacheline"), from lineup's DWARF, BTF and pahole readers alike. --kernel
does all of this on every struct and union of the running kernel's BTF.

Conventions and pahole 1.24 (Debian 12) limits, each skipped with a reason:
- pahole prints no "size:" summary for top-level unions: a union's size is
  only checked to hold its members, and the pahole reader's (the members'
  extent rounded up to a guessed alignment) may exceed the true one by less
  than that alignment (union_size_guess). No summary lines are compared for
  top-level unions; their nesting and holes are.
- pahole 1.24 does not know DW_TAG_atomic_type: it prints "<ERROR...>" in
  place of _Atomic members, so lineup's _Atomic members are not compared,
  and neither is the show text of a struct where pahole printed <ERROR>
  (its sums leave the member out).
- pahole lists "typedef struct {...} name" only when asked by name (-C):
  the oracle asks for those lineup found. It cannot print a tagless union
  at all ("typedef union  name;"): those are not compared.
- A BTF may hold several structs of one name (the kernel's two struct
  elf_note_info); pahole prints one of them, which must match one of
  lineup's.
- From BTF pahole guesses a struct's alignment from the gaps in it alone
  (btf_loader.c, class__infer_alignment), and raises the guess to the line
  size where the offset allows; lineup makes the same guess but also from
  the types it embeds. Where they differ, the DWARF alignment of the same
  object decides (the corpus); in the kernel's BTF, lineup's stands where it
  is that of a struct it embeds (tcf_mirred embeds tc_action, 16-aligned;
  pahole says 64), or where pahole's guess does not divide the size
  (__kernel_timex: 208 bytes, pahole says 64).
- pahole infers __packed__ from offsets (neither DWARF nor BTF records it)
  and is wrong for a struct that embeds a packed one, or holds an i386 or
  s390x long double: packed is not compared. Alignments the corpus forces
  are checked against the source (EXPECTED_ALIGN) instead.
- Member type spellings are not compared ("volatile const" vs "const
  volatile", pahole's "int * pa" for int (*pa)[4]); layouts are the bar.
- Bit offsets follow pahole: bits from the start of the type-sized storage
  unit in memory order (from the LSB on little-endian targets, from the MSB
  on big-endian ones), on every DWARF version.
- pahole 1.24 prints the types clang defines inside a struct (anonymous
  struct and union types) a second time, as blocks without an offset/size
  comment and with relative offsets, some followed by the struct's typedef
  name; those are definitions, not members.
- pahole 1.24 does not know BTF kinds newer than it (decl/type tags, enum64:
  "Unknown kind" on stderr); the kernel check compares what it prints.
- Split DWARF (-gsplit-dwarf): pahole 1.24 does not follow an object's
  skeleton units to its .dwo ("please look for a .dwo file"), so lineup on
  the object is compared with pahole on the .dwo.

Usage: oracle.py --lineup BIN --srcdir DIR --compiler NAME
       oracle.py --lineup BIN --kernel [--btf FILE]
Exit: 0 agree, 1 a mismatch (printed as a diff), 77 skipped (no compiler,
no pahole, no kernel BTF).
"""

import argparse
import concurrent.futures
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

SKIP = 77

# name: (command, target triple for binutils or None, extra DWARF flavours)
COMPILERS = {
    'gcc': (['gcc'], None, ['-gdwarf-2', '-gdwarf-4', '-gdwarf-5']),
    'clang': (['clang'], None, ['-gdwarf-4', '-gdwarf-5']),
    'clang-m32': (['clang', '-m32'], None, ['-gdwarf-4']),
    'i686': (['i686-linux-gnu-gcc'], 'i686-linux-gnu',
             ['-gdwarf-2', '-gdwarf-5']),
    'aarch64': (['aarch64-linux-gnu-gcc'], 'aarch64-linux-gnu',
                ['-gdwarf-2', '-gdwarf-5']),
    'ppc64le': (['powerpc64le-linux-gnu-gcc'], 'powerpc64le-linux-gnu',
                ['-gdwarf-2', '-gdwarf-5']),
    's390x': (['s390x-linux-gnu-gcc'], 's390x-linux-gnu',
              ['-gdwarf-2', '-gdwarf-4', '-gdwarf-5']),
}

# Alignments the corpus sources force, the same on every target: checked
# on every input, DWARF and BTF.
EXPECTED_ALIGN = {
    'pk_all': 1, 'pk_aligned': 4, 'al_type': 64, 'al_member': 64,
    'al_user': 64, 'al_typedef': 32, 'al_isolated': 64, 'bg_task_group': 64,
    'an_ring': 64, 'an_aligned': 64,
}

MARKER_RE = re.compile(r'^(?:__cacheline_group_(begin|end)__|'
                       r'lineup__(begin|end)__)(\w+)$')
# LINEUP_ISOLATE_*'s markers bound a block, not a group: lineup lists
# neither them nor a group
ISOLATE_RE = re.compile(r'^lineup__isolate_(?:begin|end)__\w+$')


class Mismatch(Exception):
    pass


class Stats:
    """How much was compared, so a silent no-op cannot pass for success."""
    lock = threading.Lock()
    structs = members = texts = 0
    text_skipped = set()

    @classmethod
    def add(cls, members):
        with cls.lock:
            cls.structs += 1
            cls.members += members

    @classmethod
    def add_text(cls, n):
        with cls.lock:
            cls.texts += n

    @classmethod
    def skip_text(cls, name):
        with cls.lock:
            cls.text_skipped.add(name)


def run(cmd, stdin=None, check=True):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if check and p.returncode != 0:
        raise Mismatch('command failed (%d): %s\n%s' %
                       (p.returncode, ' '.join(cmd), p.stderr.strip()))
    return p.stdout


# ---- pahole's text, parsed independently of lineup -----------------------

PLACE_RE = re.compile(r'^(?P<off>\w+)(?::\s*(?P<bit>\w+))?\s+(?P<size>\w+)$')
ATTR_RE = re.compile(r'\s*__attribute__\(\((?:[^()]|\([^()]*\))*\)\)')
HEAD_RE = re.compile(r'^(typedef\s+)?(?:const\s+|volatile\s+)*'
                     r'(struct|union|class|enum)(?:\s+(\w+))?\s*\{$')


def num(s):
    return int(s, 16) if s.startswith('0x') else int(s)


def split_line(line):
    """(code, comment) of one line; comment None when there is none."""
    i = line.find('/*')
    if i < 0:
        return line.strip(), None
    return line[:i].strip(), line[i + 2:].rstrip().rstrip('/').rstrip('*')


FN_POINTER_RE = re.compile(r'\(\*+(\w+)')


def member_name(decl):
    """name and bit width of a member declaration (no ';'). By hand, from
    the end: a regular expression searched over the kernel's 130,000
    lines takes seconds."""
    if '__attribute__' in decl:
        decl = ATTR_RE.sub('', decl)
    decl = decl.strip()
    if '(*' in decl:
        m = FN_POINTER_RE.search(decl)
        if m:
            return m.group(1), 0
    bits = 0
    i = decl.rfind(':')
    if i >= 0 and decl[i + 1:].strip().isdigit():
        bits = int(decl[i + 1:])
        decl = decl[:i].rstrip()
    while decl.endswith(']') and '[' in decl:
        decl = decl[:decl.rfind('[')].rstrip()
    j = len(decl)
    while j and (decl[j - 1].isalnum() or decl[j - 1] == '_'):
        j -= 1
    if j == len(decl):
        raise Mismatch('oracle cannot parse pahole member %r' % decl)
    return decl[j:], bits


def parse_pahole(text):
    """Structs as dicts: name, kind, size (None: not printed), members,
    errors (pahole's own <ERROR> lines), typedef (named by a typedef)."""
    structs = []
    stack = []          # open blocks: dict(kind, members)
    cur = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith('<ERROR'):
            if cur is not None:
                cur['errors'] += 1
            continue
        if stack and stack[-1]['kind'] == 'enum' and not line.startswith('}'):
            continue
        code, comment = split_line(line)
        if code.endswith('{'):
            m = HEAD_RE.match(code)
            if not m:
                raise Mismatch('oracle cannot parse pahole line %r' % raw)
            if not stack:
                cur = dict(name=m.group(3), kind=m.group(2), size=None,
                           members=[], errors=0, typedef=bool(m.group(1)))
            stack.append(dict(kind=m.group(2), members=[]))
            continue
        if not stack:
            continue
        if code.startswith('}'):
            blk = stack.pop()
            decl = ATTR_RE.sub('', code[1:]).strip().rstrip(';').strip()
            if not stack:
                if cur['typedef']:
                    cur['name'] = decl
                m = re.search(r'__aligned__\((\d+)\)', code)
                cur['aligned'] = int(m.group(1)) if m else None
                cur['packed'] = '__packed__' in code
                cur['members'] = blk['members']
                structs.append(cur)
                cur = None
            elif decl and comment is not None:
                name, bits = member_name(decl)
                p = PLACE_RE.match(comment.strip())
                stack[-1]['members'].append(dict(
                    name=name, offset=num(p['off']), size=num(p['size']),
                    bit_size=bits, bit_offset=num(p['bit'] or '0')))
            elif comment is not None:
                stack[-1]['members'].extend(blk['members'])
            # else: pahole 1.24 prints the types clang defines inside a
            # struct (its anonymous ones) as blocks with no place comment,
            # some followed by the struct's typedef name: definitions,
            # not members.
            continue
        if not code and comment is not None:
            m = re.match(r'\s*size:\s*(\w+)', comment)
            if m and len(stack) == 1:
                cur['size'] = num(m.group(1))
            continue
        if comment is None:
            continue    # "unsigned int :0;"
        p = PLACE_RE.match(comment.strip())
        if not p:
            raise Mismatch('oracle cannot parse pahole place %r' % raw)
        name, bits = member_name(code.rstrip(';'))
        stack[-1]['members'].append(dict(
            name=name, offset=num(p['off']), size=num(p['size']),
            bit_size=bits, bit_offset=num(p['bit'] or '0')))
    return structs


# ---- the text views: nesting, holes and the summary -----------------------
#
# `lineup show` prints what pahole prints, and more (cache lines, groups): of
# each struct, the tokens below must be pahole's, in pahole's order. The
# nesting: every member and every anonymous block's closing line, with its
# depth (leading tabs), the block's offset and size; the notes that say
# where the holes are ("XXX 7 bytes hole", "XXX 3 bits hole", "XXX last
# struct has 2 bytes of padding"), at their depth; and the summary comment
# lines after the members ("size: ... members:", "sum members ... holes",
# "sum bitfield members ... bit holes", "padding", "paddings",
# "bit_padding", "forced alignments", "last cacheline").

TEXT_HEAD_RE = re.compile(r'^(typedef\s+)?(struct|union|class)\s*(\w*)\s*\{')
SUMMARY_RE = re.compile(r'^(size|sum members|sum bitfield members|padding|'
                        r'paddings|bit_padding|forced alignments|'
                        r'last cacheline):')
NOTE_RE = re.compile(r'^XXX ')
# Zero-size markers that lineup shows as group comments, not members.
SHOWN_AS_GROUPS_RE = re.compile(r'^(?:__cacheline_group_(?:begin|end)__|'
                                r'lineup__(?:begin|end|isolate_begin|'
                                r'isolate_end)__)\w+$')


@functools.lru_cache(maxsize=8)
def parse_text(text):
    """Structs as dicts: name, kind, tokens (nesting and notes, in order),
    summary (comment lines), errors (pahole's <ERROR> lines)."""
    structs = []
    cur = None
    stack = []      # open nested blocks: the token count when each opened
    for raw in text.splitlines():
        if cur is None:
            m = TEXT_HEAD_RE.match(raw)
            if m:
                cur = dict(name=m.group(3), kind=m.group(2), tokens=[],
                           summary=[], errors=0, typedef=bool(m.group(1)))
                stack = []
            continue
        depth = len(raw) - len(raw.lstrip('\t'))
        line = raw.strip()
        # what lineup adds: a guessed alignment's mark, and after the
        # place " L0", "<-- conflict"
        line = line.replace(' /* inferred */', '')
        i = line.find('/*')
        if i >= 0 and '*/' in line[i:]:
            line = line[:line.index('*/', i) + 2]
        if not line:
            continue
        if line.startswith('<ERROR'):
            cur['errors'] += 1
            continue
        code, comment = split_line(line)
        comment = comment.strip() if comment is not None else None
        if code.endswith('{'):
            stack.append(len(cur['tokens']))
            continue
        if code.startswith('}'):
            decl = ATTR_RE.sub('', code[1:]).strip().rstrip(';').strip()
            if not stack:
                if cur['typedef']:
                    cur['name'] = decl
                structs.append(cur)
                cur = None
                continue
            start = stack.pop()
            if comment is None:
                # pahole 1.24 prints the types clang defines inside a
                # struct as blocks without a place: definitions only
                del cur['tokens'][start:]
            elif decl:
                # a named member of an unnamed type, which pahole prints
                # inline and lineup on one line: one member
                del cur['tokens'][start:]
                cur['tokens'].append(('member', depth,
                                      member_name(decl.lstrip('* '))[0]))
            else:
                p = PLACE_RE.match(comment)
                cur['tokens'].append(('}', depth, num(p['off']),
                                      num(p['size'])))
            continue
        if not code:
            if comment is None:
                continue
            if NOTE_RE.match(comment):
                cur['tokens'].append(('note', depth, comment))
            elif SUMMARY_RE.match(comment) and depth == 1:
                cur['summary'].append(comment)
            continue
        if comment is None or not code.endswith(';'):
            continue    # "unsigned int :0;", pahole's "Force padding"
        name = member_name(code.rstrip(';'))[0]
        if not SHOWN_AS_GROUPS_RE.match(name):
            cur['tokens'].append(('member', depth, name))
    return structs


def text_key(s):
    return json.dumps([s['tokens'], s['summary']])


def diff_text(lu, ph):
    """The first differences between two parsed structs, as lines."""
    out = []
    for what in ('tokens', 'summary'):
        a, b = lu[what], ph[what]
        for i in range(max(len(a), len(b))):
            x = a[i] if i < len(a) else None
            y = b[i] if i < len(b) else None
            if x != y:
                out.append('%s #%d: lineup %s, pahole %s' % (what, i, x, y))
                break
    return out


def compare_text(lineup_text, pahole_text, what, atomics=()):
    """`lineup show` against pahole's text, struct by struct; a name with
    several definitions matches as a set. ATOMICS: names of structs with
    _Atomic members, which pahole 1.24 cannot print (see the top)."""
    errors = []
    ph, lu = {}, {}
    for s in parse_text(pahole_text):
        ph.setdefault(s['name'], {})[text_key(s)] = s
    for s in parse_text(lineup_text):
        lu.setdefault(s['name'], {})[text_key(s)] = s
    compared = 0
    for name in sorted(set(ph) & set(lu)):
        a, b = lu[name], ph[name]
        sample = next(iter(b.values()))
        if sample['errors']:
            # pahole printed <ERROR> for members it does not know (_Atomic
            # in 1.24): its sums leave them out, the holes it prints are
            # those of members it hides, and from its own BTF (where they
            # are void) it sees holes around them
            Stats.skip_text(name)
            continue
        if sample['kind'] == 'union':
            # pahole prints no summary for a top-level union (parse_text's
            # structs are shared: copies)
            a = {text_key(t): t for t in
                 (dict(s, summary=[]) for s in a.values())}
            b = {text_key(t): t for t in
                 (dict(s, summary=[]) for s in b.values())}
        compared += 1
        if set(a) == set(b):
            continue
        for k in set(a) - set(b):
            d = min((diff_text(a[k], t) for t in b.values()), key=len)
            errors += ['%s (show text): struct %s: %s' % (what, name, x)
                       for x in d]
    Stats.add_text(compared)
    return errors


# ---- lineup --------------------------------------------------------------

def lineup_text(lineup, path, names=(), stdin=None):
    cmd = [lineup, 'show', '--color', 'never', '--line-size', '64']
    for n in names:
        cmd += ['--struct', n]
    return run(cmd + [path], stdin=stdin)


def lineup_json(lineup, path, names=(), stdin=None):
    # pahole guesses BTF alignments with the host's 64-byte line whatever
    # the target; lineup takes the target's (128 on ppc64) unless told, so
    # both are given 64 and their guesses compare like for like.
    cmd = [lineup, 'show', '--format', 'json', '--line-size', '64']
    for n in names:
        cmd += ['--struct', n]
    out = run(cmd + [path], stdin=stdin)
    # pahole 1.24 cannot print a tagless union (see the top)
    return [s for s in json.loads(out)['structs']
            if not (s['tagless'] and s['kind'] == 'union')]


def pahole_tagless(path, lineup_structs, extra=('--hex',)):
    """pahole lists tagless structs ("typedef struct {...} name;") only
    when asked by name: those lineup found, asked."""
    tagless = sorted({s['name'] for s in lineup_structs
                      if s['tagless'] and s['kind'] == 'struct'})
    if not tagless:
        return ''
    return run(['pahole'] + list(extra) + ['-C', ','.join(tagless), path])


def pahole_text(path, lineup_structs, extra=('--hex',)):
    """pahole --hex on PATH, tagless structs included."""
    return (run(['pahole'] + list(extra) + [path]) +
            pahole_tagless(path, lineup_structs, extra))


# ---- comparison ----------------------------------------------------------

FIELDS = ('name', 'offset', 'size', 'bit_size', 'bit_offset')


def split_markers(members):
    """pahole's members without group markers, and the markers' places."""
    plain, marks = [], {}
    for m in members:
        g = MARKER_RE.match(m['name'])
        if g and m['size'] == 0 and not m['bit_size']:
            marks[(g.group(3), g.group(1) or g.group(2))] = m['offset']
        elif ISOLATE_RE.match(m['name']) and m['size'] == 0:
            continue
        else:
            plain.append(m)
    return plain, marks


def drop_atomic(members, other):
    """pahole 1.24 prints <ERROR> for _Atomic members (DW_TAG_atomic_type
    is unknown to it), and its BTF encoder gives them type void: such a
    member missing on the other side is skipped."""
    names = {m['name'] for m in other}
    return [m for m in members
            if m['name'] in names or not ('_Atomic' in m.get('type', '') or
                                          m.get('type') == 'void')]


def diff_struct(lu, ph, what, labels=('lineup', 'pahole'), truth=None):
    """Differences between lineup's struct LU and pahole's PH, as lines."""
    out = []
    name = lu['name']
    la, lb = labels
    if ph['size'] is not None and lu['size'] != ph['size']:
        out.append('size: %s %d, %s %d' % (la, lu['size'], lb, ph['size']))
    # pahole states an alignment when the source forced one (from BTF, when
    # a gap suggests one): lineup must have it too, unless lineup has the
    # true one (from DWARF) where pahole's BTF guess is wrong, or pahole's
    # guess is one the size cannot have (C makes it a multiple).
    want = ph.get('aligned')
    if want and lu['align'] != want and lu['size'] % want == 0 and \
            (truth or {}).get(name) != lu['align'] and \
            not any(m.get('type') == 'void' for m in lu['members']):
        out.append('align: %s %d, %s %d' % (la, lu['align'], lb, want))
    plain, marks = split_markers(ph['members'])
    lmem = drop_atomic(lu['members'], plain)
    plain = drop_atomic(plain, lmem)
    if ph['size'] is None:
        end = max((m['offset'] + m['size'] for m in plain), default=0)
        if lu['size'] < end:
            out.append('size: %s %d < %s member end %d' %
                       (la, lu['size'], lb, end))
    Stats.add(len(plain))
    for i in range(max(len(lmem), len(plain))):
        a = lmem[i] if i < len(lmem) else None
        b = plain[i] if i < len(plain) else None
        if a is None or b is None:
            out.append('member #%d: %s %s, %s %s' % (
                i, la, a and a['name'], lb, b and b['name']))
            continue
        bad = [f for f in FIELDS if a[f] != b[f]]
        if bad:
            out.append('member %s: %s' % (b['name'], ', '.join(
                '%s %s %s %s %s' % (f, la, a[f], lb, b[f]) for f in bad)))
    groups = {g['name']: g for g in lu['groups']}
    for (gname, edge), off in sorted(marks.items()):
        g = groups.get(gname)
        if g is None:
            out.append('group %s: pahole has its %s marker at %d, lineup '
                       'has no such group' % (gname, edge, off))
        elif g['begin' if edge == 'begin' else 'end'] != off:
            out.append('group %s: %s lineup %d, pahole %d' % (
                gname, edge, g['begin' if edge == 'begin' else 'end'], off))
    return ['%s: struct %s: %s' % (what, name, d) for d in out]


def match_sets(lineup, pahole, what, truth=None, one_of=False):
    """Pairs every lineup definition with a pahole one of the same name;
    several definitions of one name (two units) match in any order. ONE_OF:
    pahole printed one of several (BTF, see the top)."""
    errors = []
    ph = {}
    for s in pahole:
        lst = ph.setdefault(s['name'], [])
        if not any(json.dumps(s) == json.dumps(t) for t in lst):
            lst.append(s)
    lu = {}
    for s in lineup:
        lu.setdefault(s['name'], []).append(s)
    for name in sorted(set(ph) | set(lu)):
        a, b = lu.get(name, []), ph.get(name, [])
        if one_of and len(b) == 1 < len(a):
            ds = [diff_struct(s, b[0], what, truth=truth) for s in a]
            errors += [] if [] in ds else min(ds, key=len)
            continue
        if len(a) != len(b):
            errors.append('%s: struct %s: lineup has %d definitions, pahole '
                          '%d' % (what, name, len(a), len(b)))
            continue
        left = list(b)
        for s in a:
            diffs = None
            for t in left:
                d = diff_struct(s, t, what, truth=truth)
                if not d:
                    left.remove(t)
                    diffs = []
                    break
                if diffs is None or len(d) < len(diffs):
                    diffs = d
            errors += diffs or []
    return errors


def lineup_as_pahole(structs):
    """lineup's JSON in the shape parse_pahole gives, to compare two lineup
    readers with the same code (markers come back from the groups)."""
    out = []
    for s in structs:
        members = [dict((f, m[f]) for f in FIELDS) | {'type': m['type']}
                   for m in s['members']]
        out.append(dict(name=s['name'], kind=s['kind'], size=s['size'],
                        members=members, errors=0, typedef=False,
                        groups=s['groups']))
    return out


def union_size_guess(s, ref):
    """pahole prints no size for a top-level union: the pahole reader's is
    the members' extent rounded up to a guessed alignment (at most 8), so
    it may exceed the true one by less than that."""
    end = max((m['offset'] + m['size'] for m in ref['members']), default=0)
    if s['kind'] == 'union' and ref['size'] < s['size'] < ref['size'] + 8 \
            and end <= ref['size']:
        return dict(s, size=ref['size'])
    return s


def compare_readers(dwarf, text_structs, what, one_of=False):
    """lineup's pahole reader (TEXT_STRUCTS) against its DWARF reader.
    ONE_OF: pahole printed one of several definitions (BTF)."""
    errors = []
    mine = {s['name'] for s in dwarf}
    ref = lineup_as_pahole(dwarf)
    got = [s for s in text_structs if s['name'] in mine]
    for s in got:
        s.setdefault('groups', [])
    # Reuse diff_struct with the DWARF side as the reference; group
    # extents are compared directly.
    refs = {}
    for s in ref:
        refs.setdefault(s['name'], []).append(s)
    seen = {}
    for s in got:
        cands = refs.get(s['name'], [])
        i = seen.get(s['name'], 0)
        seen[s['name']] = i + 1
        best = None
        for c in cands:
            d = diff_struct(union_size_guess(s, c), c, what,
                            ('pahole reader', 'DWARF'))
            gd = [(g['name'], g['kind'], g['begin'], g['end'])
                  for g in s['groups']]
            gc = [(g['name'], g['kind'], g['begin'], g['end'])
                  for g in c['groups']]
            if gd != gc:
                d.append('%s: struct %s: groups: pahole reader %s, DWARF '
                         '%s' % (what, s['name'], gd, gc))
            if not d:
                best = []
                break
            if best is None or len(d) < len(best):
                best = d
        if best is None:
            best = ['%s: struct %s: not in lineup\'s DWARF result' %
                    (what, s['name'])]
        errors += best
    for name, lst in refs.items():
        if one_of and seen.get(name, 0) == 1 < len(lst):
            continue
        if seen.get(name, 0) != len(lst):
            errors.append('%s: struct %s: pahole reader found %d, DWARF %d'
                          % (what, name, seen.get(name, 0), len(lst)))
    return errors


# ---- one input, every check ----------------------------------------------

def check_expected_align(structs, what):
    return ['%s: struct %s: align: lineup %d, the source forces %d' % (
        what, s['name'], s['align'], EXPECTED_ALIGN[s['name']])
        for s in structs if EXPECTED_ALIGN.get(s['name'], s['align']) !=
        s['align']]


def check_dwarf_input(lineup, path, what, reader_names=()):
    """lineup (DWARF) vs pahole, and lineup's pahole reader vs its DWARF."""
    dwarf = lineup_json(lineup, path)
    text = pahole_text(path, dwarf)
    errors = match_sets(dwarf, parse_pahole(text), what)
    errors += check_expected_align(dwarf, what)
    errors += compare_text(lineup_text(lineup, path), text, what)
    if text.strip():
        via_text = lineup_json(lineup, '-', stdin=text)
        errors += compare_readers(dwarf, via_text, what + ' (pahole reader)')
        errors += check_expected_align(via_text, what + ' (pahole reader)')
        errors += compare_text(lineup_text(lineup, '-', stdin=text), text,
                               what + ' (pahole reader)')
    # pahole without --hex prints decimal; the reader takes both.
    if reader_names:
        dec = pahole_text(path, dwarf, [])
        errors += compare_readers(dwarf, lineup_json(lineup, '-', stdin=dec),
                                  what + ' (decimal pahole reader)')
    # The documented pipeline: pahole --hex -C NAME FILE | lineup show -
    for name in reader_names:
        one = run(['pahole', '--hex', '-C', name, path])
        if not one.strip():
            continue
        got = lineup_json(lineup, '-', stdin=one)
        ref = [s for s in dwarf if s['name'] == name][:1]
        errors += compare_readers(ref, got, '%s (-C %s | lineup)' %
                                  (what, name))
    return errors


def check_split_input(lineup, obj, what):
    """lineup on a -gsplit-dwarf object (it follows the skeleton units to
    the .dwo) vs pahole on the .dwo, and vs lineup on the .dwo alone."""
    dwo = obj[:-2] + '.dwo'
    if not os.path.exists(dwo):
        return ['%s: the compiler wrote no %s' % (what, dwo)]
    lu = lineup_json(lineup, obj)
    if not lu:
        return ['%s: lineup found no struct through the skeleton' % what]
    text = pahole_text(dwo, lu)
    errors = match_sets(lu, parse_pahole(text), what)
    errors += compare_text(lineup_text(lineup, obj), text, what)
    errors += check_expected_align(lu, what)
    errors += match_sets(lu, lineup_as_pahole(lineup_json(lineup, dwo)),
                         what + ' (lineup on the .dwo)')
    return errors


def check_btf(lineup, obj, tmp, binutils, what):
    """pahole -J encodes BTF; lineup's BTF reader must agree with pahole
    reading the same BTF, raw (detached) and as .BTF in a stripped ELF."""
    errors = []
    truth = {s['name']: s['align'] for s in lineup_json(lineup, obj)}
    raw = os.path.join(tmp, os.path.basename(obj) + '.btf')
    run(['pahole', '--btf_encode_detached=' + raw, obj])
    if not os.path.exists(raw):
        return ['%s: pahole wrote no BTF' % what]
    lu = lineup_json(lineup, raw)
    text = pahole_text(raw, lu, ['--hex', '-F', 'btf'])
    ph = parse_pahole(text)
    errors += match_sets(lu, ph, what + ' (raw BTF)', truth)
    errors += compare_text(lineup_text(lineup, raw), text, what + ' (raw BTF)')
    errors += check_expected_align(lu, what + ' (raw BTF)')

    elf = os.path.join(tmp, os.path.basename(obj) + '.btf.o')
    shutil.copy(obj, elf)
    run(['pahole', '-J', elf])
    objcopy = shutil.which(binutils + '-objcopy') if binutils else None
    objcopy = objcopy or 'objcopy'
    run([objcopy, '--strip-debug', elf])
    lu2 = lineup_json(lineup, elf)
    errors += match_sets(lu2, ph, what + ' (.BTF in stripped ELF)', truth)
    errors += compare_text(lineup_text(lineup, elf), text,
                           what + ' (.BTF in stripped ELF)')
    errors += check_expected_align(lu2, what + ' (.BTF in stripped ELF)')
    return errors


def compiler_works(cmd, tmp):
    src = os.path.join(tmp, 'probe.c')
    with open(src, 'w') as f:
        f.write('struct probe { int x; } probe_v;\n')
    try:
        p = subprocess.run(cmd + ['-g', '-c', src, '-o', src + '.o'],
                           capture_output=True)
    except OSError:
        return False
    return p.returncode == 0


def check_compiler(args, name):
    cmd, binutils, flavours = COMPILERS[name]
    srcdir = os.path.abspath(args.srcdir)
    incdir = os.path.join(srcdir, '..', '..', 'include')
    sources = sorted(f for f in os.listdir(srcdir) if f.endswith('.c'))
    with tempfile.TemporaryDirectory(prefix='lineup-corpus-') as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        if not compiler_works(cmd, tmp):
            print('SKIP: %s does not work here' % ' '.join(cmd))
            return SKIP

        def compile_all(tag, flags):
            d = os.path.join(tmp, tag)
            os.makedirs(d, exist_ok=True)
            jobs = []
            for s in sources:
                o = os.path.join(d, s[:-2] + '.o')
                jobs.append((o, pool.submit(run, cmd + flags + [
                    '-I', incdir, '-c', os.path.join(srcdir, s),
                    '-o', o])))
            for o, j in jobs:
                j.result()
            return [o for o, _ in jobs]

        checks = []    # (function, args)
        base = compile_all('g', ['-g'])
        for o in base:
            checks.append((check_dwarf_input,
                           (args.lineup, o, '%s -g %s' % (
                               name, os.path.basename(o)),
                            [s['name'] for s in
                             lineup_json(args.lineup, o)]
                            [::3 if args.sample else 1])))
        for fl in flavours:
            for o in compile_all(fl.lstrip('-'), [fl]):
                checks.append((check_dwarf_input, (args.lineup, o, '%s %s %s'
                               % (name, fl, os.path.basename(o)))))
        # split DWARF: DWARF 5 skeleton units, and DWARF 4 with GCC's
        # DW_AT_GNU_dwo_name extension
        for tag, flags in (('split5', ['-g', '-gsplit-dwarf', '-gdwarf-5']),
                           ('split4', ['-g', '-gsplit-dwarf', '-gdwarf-4'])):
            for o in compile_all(tag, flags):
                checks.append((check_split_input, (args.lineup, o, '%s %s %s'
                               % (name, ' '.join(flags[1:]),
                                  os.path.basename(o)))))
        if binutils is None and name != 'clang-m32':
            for o in compile_all('gz', ['-g', '-gz']):
                checks.append((check_dwarf_input, (args.lineup, o, '%s -gz %s'
                               % (name, os.path.basename(o)))))
        # An archive, with struct dup_conf defined differently in two units.
        ar = shutil.which(binutils + '-ar') if binutils else None
        lib = os.path.join(tmp, 'libcorpus.a')
        run([ar or 'ar', 'rcs', lib] + base)
        checks.append((check_dwarf_input, (args.lineup, lib,
                                           '%s archive' % name)))
        so = os.path.join(tmp, 'libcorpus.so')
        run(cmd + ['-g', '-shared', '-fPIC', '-nostdlib', '-I', incdir,
                   '-o', so] + [os.path.join(srcdir, s) for s in sources])
        checks.append((check_dwarf_input, (args.lineup, so,
                                           '%s shared library' % name)))
        for o in base:
            checks.append((check_btf, (args.lineup, o, tmp, binutils,
                                       '%s BTF %s' % (
                                           name, os.path.basename(o)))))
        futures = [pool.submit(fn, *a) for fn, a in checks]
        errors = []
        for f in futures:
            try:
                errors += f.result()
            except Mismatch as e:
                errors.append(str(e))
    return report(errors, '%s: %d inputs' % (name, len(checks)))


def embedded_aligns(structs):
    """{name: align} of the structs whose alignment lineup takes from a
    struct they embed (by value, arrays too), as lineup has that one: the
    truth where pahole's BTF guess, which looks at gaps only, differs."""
    aligns = {}
    for s in structs:
        aligns.setdefault(s['name'], s['align'])
    out = {}
    for s in structs:
        for m in s['members']:
            t = re.match(r'(?:struct|union) (\w+)(?:\[\d+\])*$', m['type'])
            if t and aligns.get(t.group(1)) == s['align']:
                out[s['name']] = s['align']
    return out


def check_kernel(args):
    """Every struct and union of the kernel's BTF: lineup's BTF reader, its
    pahole reader and its show text against pahole's."""
    btf = args.btf
    if not os.path.exists(btf):
        print('SKIP: no %s (kernel without CONFIG_DEBUG_INFO_BTF?)' % btf)
        return SKIP
    # lineup's BTF reader and pahole run side by side, then lineup's
    # pahole reader on pahole's text: a few seconds for some 10,000 structs
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        lu_f = pool.submit(lineup_json, args.lineup, btf)
        lu_text_f = pool.submit(lineup_text, args.lineup, btf)
        text = run(['pahole', '--hex', btf])
        lu = lu_f.result()
        text += pahole_tagless(btf, lu)
        via_f = pool.submit(lineup_json, args.lineup, '-', (), text)
        via_text_f = pool.submit(lineup_text, args.lineup, '-', (), text)
        ph = parse_pahole(text)
        if len(ph) < 100:
            print('SKIP: pahole prints only %d structs of %s' %
                  (len(ph), btf))
            return SKIP
        errors = match_sets(lu, ph, 'kernel BTF', embedded_aligns(lu), True)
        errors += compare_text(lu_text_f.result(), text, 'kernel BTF')
        errors += compare_readers(lu, via_f.result(),
                                  'kernel BTF (pahole reader)', True)
        errors += compare_text(via_text_f.result(), text,
                               'kernel BTF (pahole reader)')
    return report(errors, 'kernel BTF: %d structs' % len(ph))


def report(errors, summary):
    if errors:
        for e in errors:
            print(e)
        print('FAIL: %s, %d mismatches with pahole' % (summary, len(errors)))
        return 1
    if not Stats.members:
        print('FAIL: %s: nothing was compared' % summary)
        return 1
    if not Stats.texts:
        print('FAIL: %s: no show text was compared' % summary)
        return 1
    print('ok: %s agree with pahole (%d struct and %d member comparisons; '
          '%d show texts: nesting, holes, summary)'
          % (summary, Stats.structs, Stats.members, Stats.texts))
    if Stats.text_skipped:
        print('    show text not compared, pahole printed <ERROR> in: %s' %
              ' '.join(sorted(Stats.text_skipped)))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--srcdir', default=os.path.dirname(__file__))
    ap.add_argument('--compiler', choices=sorted(COMPILERS))
    ap.add_argument('--kernel', action='store_true')
    ap.add_argument('--btf', default='/sys/kernel/btf/vmlinux')
    ap.add_argument('-j', '--jobs', type=int, default=2)
    # a sanitized lineup starts in 50-100 ms: the one-struct pipeline
    # (pahole -C NAME | lineup show -) asks every third name there
    ap.add_argument('--sample', action='store_true')
    args = ap.parse_args()
    if not shutil.which('pahole'):
        print('SKIP: pahole is not installed')
        return SKIP
    try:
        if args.kernel:
            return check_kernel(args)
        if not args.compiler:
            ap.error('--compiler or --kernel')
        return check_compiler(args, args.compiler)
    except Mismatch as e:
        print('FAIL: %s' % e)
        return 1


if __name__ == '__main__':
    sys.exit(main())
