#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Acceptance tests of `lineup check`.

Every case compiles its fixture at test time (gcc, and clang where the case
says so), writes its rules file, runs lineup and checks the exit status and
the output: fragments that must appear (`expect`) and fragments that must
not (`reject`); a fragment written R('...') is a regular expression. The
compile command of each case sits next to its expectations, so a failing
case can be reproduced by hand from this file alone.

Placeholders in commands: {cc} the compiler, {fx} tests/check/fixtures,
{ex} examples/task_group, {inc} include/, {obj} the compiled object,
{rules} the case's rules file, {dir} the case's scratch directory,
{schema} the SARIF 2.1.0 schema next to this file, {lineup} the binary.

A case marked xfail is a known bug, named in its reason: it must fail
(XFAIL, reported but not fatal); once it passes (XPASS) the run fails so
that the mark is removed and the case guards the fix.

    run_check_tests.py --lineup PATH [--top DIR] [--group NAME]... [-v]
    run_check_tests.py --list

Exit status: 0 pass, 1 a case failed (or an expected failure passed),
77 every selected case was skipped (a tool or input is missing).
"""

import argparse
import concurrent.futures
import dataclasses
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
from typing import Callable, Optional

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))   # --top overrides
VMLINUX = '/sys/kernel/btf/vmlinux'


class R(str):
    """An expected fragment that is a regular expression."""


@dataclasses.dataclass
class Case:
    name: str
    group: str
    run: str                       # lineup arguments
    exit: object                   # an exit status, or a tuple of them
    compile: Optional[str] = None  # None: no object to build
    ccs: tuple = ('gcc',)
    rules: Optional[str] = None    # text of {rules}
    rules_bytes: Optional[bytes] = None
    prep: Optional[str] = None     # shell step after compiling (pahole -J)
    stdin: Optional[str] = None    # shell command whose output is stdin
    expect: tuple = ()
    reject: tuple = ()
    check: Optional[Callable] = None   # check(stdout, ctx) -> error or None
    needs: tuple = ()              # programs the case needs, else skip
    needs_file: Optional[str] = None
    show: bool = False             # print lineup's output into the log
    xfail: Optional[str] = None    # a known bug: the case must fail


CASES = []


def case(**kw):
    CASES.append(Case(**kw))


# ---------------------------------------------------------------------------
# The seed: struct task_group (Linux v6.4 kernel/sched/sched.h), before and
# after the reorder fix, with and without CONFIG_RT_GROUP_SCHED.

TG_RULES = """\
# rules for struct task_group (examples/task_group/before.ini, no [matrix])
[struct task_group]
write = load_avg                  # stored by every CPU at each tick
read = parent rt_se rt_rq         # loaded at every wakeup
cold = rcu list siblings children
max_size = 768
"""
TG_RT = ('{cc} -c -g -I{ex} -DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP '
         '-DCONFIG_RT_GROUP_SCHED {ex}/task_group_before.c -o {obj}')
TG_NORT = ('{cc} -c -g -I{ex} -DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP '
           '{ex}/task_group_before.c -o {obj}')
TG_FIX_RT = ('{cc} -c -g -I{ex} -DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP '
             '-DCONFIG_RT_GROUP_SCHED {fx}/task_group_reorder.c -o {obj}')
TG_FIX_NORT = ('{cc} -c -g -I{ex} -DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP '
               '{fx}/task_group_reorder.c -o {obj}')

case(name='before, RT_GROUP_SCHED=y: load_avg shares line 4 with rt_se, rt_rq',
     group='task_group', ccs=('gcc', 'clang'),
     compile=TG_RT, rules=TG_RULES, run='check --rules {rules} {obj}', exit=1,
     expect=["error: 'load_avg' (write) shares cache line 4 with 'rt_se', "
             "'rt_rq' (read) in struct task_group [LU001]\n",
             "note: 'rt_se' is at offset 264, line 4 (bytes 256-319)",
             "note: 'rt_rq' is at offset 272, line 4 (bytes 256-319)",
             'lineup: 1 struct checked, 1 error, 0 warnings'],
     reject=["'parent'", 'when the struct starts', 'max_size'])
case(name='before: findings point at the declarations (gcc DWARF)',
     group='task_group', compile=TG_RT, rules=TG_RULES,
     run='check --rules {rules} {obj}', exit=1,
     expect=[R(r"(?m)^.*/examples/task_group/task_group_before\.c:19:\d+: "
               r"error: 'load_avg' \(write\)"),
             R(r"(?m)^.*/task_group_before\.c:23:\d+: note: 'rt_se'"),
             R(r"(?m)^.*/task_group_before\.c:24:\d+: note: 'rt_rq'")])
case(name='before, RT_GROUP_SCHED=n: load_avg shares line 4 with parent',
     group='task_group', ccs=('gcc', 'clang'),
     compile=TG_NORT, rules=TG_RULES, run='check --rules {rules} {obj}',
     exit=1,
     expect=["error: 'load_avg' (write) shares cache line 4 with 'parent' "
             "(read) in struct task_group",
             "note: 'parent' is at offset 296, line 4 (bytes 256-319)",
             # rt_se, rt_rq are configured out: a note each, not an error
             R(r"r\.ini:4: note: member 'rt_se' is not in struct task_group"),
             R(r"r\.ini:4: note: member 'rt_rq' is not in struct task_group"),
             'lineup: 1 struct checked, 1 error, 0 warnings'],
     reject=['warning:'])
case(name='reorder fix, RT_GROUP_SCHED=y: clean, still 704 bytes',
     group='task_group', ccs=('gcc', 'clang'),
     compile=TG_FIX_RT,
     rules=TG_RULES.replace('max_size = 768', 'max_size = 704'),
     run='check --rules {rules} {obj}', exit=0,
     expect=['lineup: 1 struct checked, 0 errors, 0 warnings'],
     reject=['error:', 'note:'])
case(name='reorder fix, RT_GROUP_SCHED=n: clean',
     group='task_group',
     compile=TG_FIX_NORT, rules=TG_RULES, run='check --rules {rules} {obj}',
     exit=0, expect=['lineup: 1 struct checked, 0 errors, 0 warnings'],
     reject=['error:'])
case(name='reorder fix is exactly 704 bytes: max_size = 703 fails',
     group='task_group',
     compile=TG_FIX_RT,
     rules=TG_RULES.replace('max_size = 768', 'max_size = 703'),
     run='check --rules {rules} {obj}', exit=1,
     expect=['error: struct task_group is 704 bytes, more than max_size 703',
             R(r"r\.ini:6: note: the limit is set here")],
     reject=['shares cache line'])

# ---------------------------------------------------------------------------
# Each kind of conflict. kinds.c places the members; the rules give kinds.

KINDS = '{cc} -c -g {fx}/kinds.c -o {obj}'

case(name='write/read on one line conflicts', group='kinds',
     ccs=('gcc', 'clang'), compile=KINDS,
     rules='[struct two]\nwrite = a\nread = b\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["error: 'a' (write) shares cache line 0 with 'b' (read) in "
             "struct two",
             "note: 'b' is at offset 8, line 0 (bytes 0-63)"])
case(name='write/write (two write groups) conflicts', group='kinds',
     compile=KINDS,
     rules='[struct two]\nwrite.x = a\nwrite.y = b\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["error: 'a' (write group 'x') shares cache line 0 with 'b' "
             "(write group 'y') in struct two"])
case(name='read/read does not conflict', group='kinds', compile=KINDS,
     rules='[struct two]\nread.x = a\nread.y = b\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['lineup: 1 struct checked, 0 errors, 0 warnings'],
     reject=['error:'])
case(name='cold never conflicts', group='kinds', compile=KINDS,
     rules='[struct two]\nwrite = a\ncold = b\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['0 errors'], reject=['error:'])
case(name='the same group never conflicts', group='kinds', compile=KINDS,
     rules='[struct two]\nwrite = a b\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['0 errors'], reject=['error:'])
case(name='a read member spanning two lines conflicts on its second line',
     group='kinds', compile=KINDS,
     rules='[struct straddle]\nwrite = w\nread = rbuf\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["'w' (write) shares cache line 1 with 'rbuf' (read)",
             "note: 'rbuf' is at offset 60, line 1 (bytes 64-127)"],
     reject=['cache line 0'])
case(name='a write member spanning two lines conflicts on its second line',
     group='kinds', compile=KINDS,
     rules='[struct straddle_w]\nwrite = wbuf\nread = r\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["'wbuf' (write) shares cache line 1 with 'r' (read)",
             "note: 'r' is at offset 72, line 1 (bytes 64-127)"],
     reject=['cache line 0'])
case(name='a write bit-field shares its storage unit with a cold bit-field',
     group='kinds', ccs=('gcc', 'clang'), compile=KINDS,
     rules='[struct bits]\nwrite = hot\ncold = cold\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["error: 'hot' (write) is a bit-field whose storage unit "
             "(bytes 0-3) also holds 'cold' (cold) in struct bits",
             "note: 'cold' is at offset 0, in the same storage unit"])
def exactly(text):
    """A check that stdout is TEXT ({fx} is the fixtures directory). clang
    records no columns, so for clang the expected line:column loses its
    column."""
    def check(out, ctx):
        want = text.format(**ctx)
        if 'clang' in ctx['cc']:
            want = re.sub(r'(?m)^(\S+?:\d+):\d+:', r'\1:', want)
        if out == want:
            return None
        return 'stdout is not exactly:\n' + want
    return check


# One conflict between two members that share a bit-field's storage unit
# is one finding: the unit's, naming the writing side first (of two write
# groups, the one declared first). A line finding between the same groups
# that names no one else says nothing more and is left out.
case(name='two write bit-fields in one storage unit: one finding',
     group='kinds', ccs=('gcc', 'clang'), compile=KINDS,
     rules='[struct bits]\nwrite.tx = hot\nwrite.rx = cold\n',
     run='check --rules {rules} {obj}', exit=1,
     check=exactly(
         "{fx}/kinds.c:29:15: error: 'hot' (write group 'tx') is a bit-field "
         "whose storage unit (bytes 0-3) also holds 'cold' (write group "
         "'rx') in struct bits [LU001]\n"
         "{fx}/kinds.c:30:15: note: 'cold' is at offset 0, in the same "
         "storage unit\n"
         "lineup: 1 struct checked, 1 error, 0 warnings\n"))
case(name='a write and a read bit-field in one storage unit: one finding',
     group='kinds', ccs=('gcc', 'clang'), compile=KINDS,
     rules='[struct bits]\nread = cold\nwrite = hot\n',
     run='check --rules {rules} {obj}', exit=1,
     check=exactly(
         "{fx}/kinds.c:29:15: error: 'hot' (write) is a bit-field whose "
         "storage unit (bytes 0-3) also holds 'cold' (read) in struct bits [LU001]\n"
         "{fx}/kinds.c:30:15: note: 'cold' is at offset 0, in the same "
         "storage unit\n"
         "lineup: 1 struct checked, 1 error, 0 warnings\n"))
case(name='a line conflict naming more than the unit sharers stays',
     group='kinds', ccs=('gcc', 'clang'), compile=KINDS,
     rules='[struct bits_line]\nwrite = hot\nread = mode flags\n',
     run='check --rules {rules} {obj}', exit=1,
     check=exactly(
         "{fx}/kinds.c:43:15: error: 'hot' (write) shares cache line 0 with "
         "'mode', 'flags' (read) in struct bits_line [LU001]\n"
         "{fx}/kinds.c:44:15: note: 'mode' is at offset 0, line 0 (bytes "
         "0-63)\n"
         "{fx}/kinds.c:45:7: note: 'flags' is at offset 8, line 0 (bytes "
         "0-63)\n"
         "{fx}/kinds.c:43:15: error: 'hot' (write) is a bit-field whose "
         "storage unit (bytes 0-3) also holds 'mode' (read) in struct "
         "bits_line [LU001]\n"
         "{fx}/kinds.c:44:15: note: 'mode' is at offset 0, in the same "
         "storage unit\n"
         "lineup: 1 struct checked, 2 errors, 0 warnings\n"))
case(name='a write bit-field alone in its unit: cold neighbour is fine',
     group='kinds', compile=KINDS,
     rules='[struct bits_apart]\nwrite = hot\ncold = next\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['0 errors'], reject=['storage unit'])
case(name='allow = write read: the conflict disappears', group='kinds',
     compile=KINDS,
     rules='[struct two]\nwrite = a\nread = b\nallow = write read\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['0 errors, 0 warnings'], reject=['error:'])
case(name='allow with named groups, either order', group='kinds',
     compile=KINDS,
     rules='[struct two]\nwrite.stats = a\nread.cfg = b\nallow = cfg stats\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['0 errors, 0 warnings'], reject=['error:'])
case(name='allow of two other groups leaves the conflict', group='kinds',
     compile='{cc} -c -g {fx}/placement.c -o {obj}',
     rules=('[struct every]\nwrite.stats = w\nwrite.more = w2\n'
            'read.cfg = r\nallow = stats more\n'),
     run='check --rules {rules} {obj}', exit=1,
     expect=["'w' (write group 'stats') shares cache line 0 with 'r' "
             "(read group 'cfg')",
             "'w2' (write group 'more') shares cache line 0 with 'r' "
             "(read group 'cfg')"],
     reject=["with 'w2'", "with 'w'"])
case(name='allow naming a misspelt group: an error, conflict stays',
     group='kinds', compile=KINDS,
     rules='[struct two]\nwrite.stats = a\nread.cfg = b\nallow = stats cfx\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=[R(r"r\.ini:4: error: group 'cfx' is not in struct two; "
               r"did you mean 'cfg'\?"),
             "(write group 'stats') shares cache line 0"])

# ---------------------------------------------------------------------------
# Placement: structs aligned below the line size are tried at every start.

PLACE = '{cc} -c -g {fx}/placement.c -o {obj}'
PAIR = '{cc} -c -g {fx}/pair.c -o {obj}'
WR = '[struct {s}]\nwrite = w\nread = r\n'

case(name='aligned to 8: conflict only at some starts, listed',
     group='placement', ccs=('gcc', 'clang'), compile=PLACE,
     rules=WR.format(s='place8'), run='check --rules {rules} {obj}', exit=1,
     expect=["error: 'w' (write) shares cache line 1 with 'r' (read) in "
             "struct place8 when the struct starts at offset 24, 32, 40, 48 "
             "or 56 of a line (its alignment is 8; if place8 objects are "
             "line-aligned, say `align = 64` in [struct place8] or --align "
             "64) [LU001]\n",
             # at start 24, line 1 holds struct bytes 40-103
             "note: 'r' is at offset 64, line 1 (bytes 40-103)"],
     reject=['wherever'])
case(name='aligned to 64: only start 0 counts, and it is clean',
     group='placement', compile=PLACE,
     rules=WR.format(s='place64'), run='check --rules {rules} {obj}', exit=0,
     expect=['0 errors'], reject=['error:', 'when the struct starts'])
case(name='packed (its alignment is 1): 64 starts tried, 11 conflict',
     group='placement', ccs=('gcc', 'clang'), compile=PLACE,
     rules=WR.format(s='place1'), run='check --rules {rules} {obj}', exit=1,
     expect=["in struct place1 when the struct starts at offset 0, 1, 2, 3, "
             "57, 58, 59, 60 and 3 more of a line (its alignment is 1)"])
case(name='a conflict at every start says "wherever the struct starts"',
     group='placement', compile=PLACE,
     rules='[struct every]\nwrite = w w2\nread = r\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["'w', 'w2' (write) share cache line 0 with 'r' (read) in "
             "struct every wherever the struct starts (its alignment is 8)"],
     reject=['when the struct starts'])
case(name='--pair: fields 64 bytes apart pass without it', group='placement',
     compile=PAIR, rules=WR.format(s='pair128'),
     run='check --rules {rules} {obj}', exit=0,
     expect=['0 errors'], reject=['error:'])
case(name='--pair: fields 64 bytes apart fail with it', group='placement',
     ccs=('gcc', 'clang'), compile=PAIR, rules=WR.format(s='pair128'),
     run='check --pair --rules {rules} {obj}', exit=1,
     expect=["error: 'w' (write) shares cache-line pair 0 (lines 0-1) with "
             "'r' (read) in struct pair128 [LU001]\n",
             "note: 'r' is at offset 64, pair 0 (bytes 0-127)"])
case(name='--pair on a 64-aligned struct: two starts per pair',
     group='placement', compile=PAIR, rules=WR.format(s='pair64'),
     run='check --pair --rules {rules} {obj}', exit=1,
     expect=["in struct pair64 when the struct starts at offset 0 of a line "
             "pair (its alignment is 64)"])
case(name='--line-size 128: the same fields share one line',
     group='placement', compile=PAIR, rules=WR.format(s='pair128'),
     run='check --line-size 128 --rules {rules} {obj}', exit=1,
     expect=["'w' (write) shares cache line 0 with 'r' (read) in struct "
             "pair128 [LU001]\n"])
case(name='--line-size 32: fields 40 bytes apart no longer share a line',
     group='placement', compile=PAIR, rules=WR.format(s='line32'),
     run='check --line-size 32 --rules {rules} {obj}', exit=0,
     expect=['0 errors'], reject=['error:'])
case(name='default line size (64) for the same struct: conflict',
     group='placement', compile=PAIR, rules=WR.format(s='line32'),
     run='check --rules {rules} {obj}', exit=1,
     expect=["'w' (write) shares cache line 0 with 'r' (read) in struct "
             "line32 [LU001]\n"])

# ---------------------------------------------------------------------------
# Limits: max_size, max_bytes.GROUP, max_lines.GROUP, each passing and failing.

case(name='max_size holds', group='limits', compile=PLACE,
     rules='[struct place8]\nmax_size = 72\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['lineup: 1 struct checked, 0 errors'], reject=['max_size'])
case(name='max_size broken', group='limits', compile=PLACE,
     rules='[struct place8]\nread = r\nmax_size = 64   # one line\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=[R(r"placement\.c:\d+(:\d+)?: error: struct place8 is 72 bytes, "
               r"more than max_size 64"),
             R(r"r\.ini:3: note: the limit is set here")])
case(name='max_bytes.GROUP holds', group='limits', compile=PLACE,
     rules='[struct place8]\nwrite.hot = head w\nmax_bytes.hot = 48\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['0 errors'], reject=['max_bytes'])
case(name='max_bytes.GROUP broken', group='limits', compile=PLACE,
     rules='[struct place8]\nwrite.hot = head w\nmax_bytes.hot = 47\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["error: group 'hot' of struct place8 is 48 bytes, more than "
             "max_bytes.hot = 47",
             R(r"r\.ini:3: note: the limit is set here")])
case(name='max_bytes of a plain kind group', group='limits', compile=PLACE,
     rules='[struct place8]\nwrite = w\nread = r\nmax_bytes.write = 4\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["group 'write' of struct place8 is 8 bytes, more than "
             "max_bytes.write = 4"])
case(name='max_lines.GROUP holds on a line-aligned struct', group='limits',
     compile=PLACE,
     rules='[struct place64]\nwrite.hot = head w\nmax_lines.hot = 1\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['0 errors'], reject=['max_lines'])
case(name='max_lines.GROUP broken where the struct may start mid-line',
     group='limits', compile=PLACE,
     rules='[struct place8]\nwrite.hot = head w\nmax_lines.hot = 1\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["error: group 'hot' of struct place8 can span 2 cache lines, "
             "more than max_lines.hot = 1"])
case(name='max_lines.GROUP = 2 holds at every start', group='limits',
     compile=PLACE,
     rules='[struct place8]\nwrite.hot = head w\nmax_lines.hot = 2\n',
     run='check --rules {rules} {obj}', exit=0, expect=['0 errors'])
case(name='a limit on an unknown group: note, or error when close (a typo)',
     group='limits', compile=PLACE,
     rules='[struct place8]\nwrite.hot = w\nmax_lines.hto = 1\n'
           'max_bytes.zzzzzz = 1\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=[R(r"r\.ini:3: error: group 'hto' is not in struct place8; "
               r"did you mean 'hot'\?"),
             R(r"r\.ini:4: note: group 'zzzzzz' is not in struct place8")])

# ---------------------------------------------------------------------------
# Markers in the code: the kernel's and lineup.h's. No rules file.

KMARK = '{cc} -c -g {fx}/kernel_markers.c -o {obj}'
LMARK = '{cc} -std=c11 -c -g -I{inc} {fx}/lineup_markers.c -o {obj}'
LMARK_FIXED = ('{cc} -std=c11 -c -g -DFIXED -I{inc} {fx}/lineup_markers.c '
               '-o {obj}')

case(name='kernel markers: an rx write group against a tx read group',
     group='markers', ccs=('gcc', 'clang'), compile=KMARK,
     run='check {obj}', exit=1,
     expect=["'rx_packets', 'rx_bytes' (write group 'knet_write_rx') share "
             "cache line 0 with 'tx_ops', 'tx_flags' (read group "
             "'knet_read_tx') in struct knet",
             # knet and kquiet carry markers; kplain is not checked
             'lineup: 2 structs checked, 1 error, 0 warnings'],
     # the rx path's own read group shares with its write group on purpose
     # (doc/kernel-groups.md)
     reject=["'knet_read_rx') in", 'in struct kquiet', 'kplain',
             'knet_misc'])
case(name='kernel markers: source positions from gcc DWARF', group='markers',
     compile=KMARK, run='check {obj}', exit=1,
     expect=[R(r"kernel_markers\.c:20:\d+: error: 'rx_packets'"),
             R(r"kernel_markers\.c:16:\d+: note: 'tx_ops' is at offset 0")])
case(name='clang DWARF 5 keeps source positions (decl_file 0)',
     group='markers', ccs=('clang',),
     # a relative source path, as in most builds: clang then declares every
     # member in file 0
     compile='cd {fx} && {cc} -c -g kernel_markers.c -o {obj}',
     run='check {obj}', exit=1,
     expect=[R(r"(?m)^.*/fixtures/kernel_markers\.c:20(:\d+)?: error: "
               r"'rx_packets'")],
     reject=['struct knet+16: error'])
case(name='two definitions of a struct in one program: both, with their units',
     group='names', ccs=('gcc', 'clang'),
     compile='{cc} -g {fx}/dup_one.c {fx}/dup_two.c -o {obj}',
     run='show --struct dup {obj}', exit=0,
     expect=[R(r"struct dup \{\t/\* \S*dup_one\.c:3 \*/\n"),
             R(r"struct dup \{\t/\* \S*dup_two\.c:3 \*/\t/\* definition 2 "
               r"of dup in \S*dup_two\.c \*/")])
case(name='two definitions that differ only in member types: both',
     group='names', ccs=('gcc', 'clang'),
     compile='{cc} -g {fx}/dup_types_one.c {fx}/dup_types_two.c -o {obj}',
     run='show {obj}', exit=0,
     expect=[R(r"struct %s \{\t/\* \S*dup_types_two\.c:\d+ \*/\t/\* "
               r"definition 2 of %s in \S*dup_types_two\.c \*/\n\t%s" %
               (name, name, first))
             for name, first in (('dt_size', r'char +a;'),
                                 ('dt_sign', r'unsigned int +a;'),
                                 ('dt_ptr', r'struct two \* +p;'))],
     # the same definition in both units is read once
     reject=['definition 2 of dt_same'])
# Units built with different -D: two definitions of struct odr_conn, one
# with a conflict; the finding names the units that hold that definition
# (DW_AT_name joined with DW_AT_comp_dir: compiled by relative names).
ODR = ('d=$(mktemp -d $PWD/odr.XXXXXX) && cp {fx}/odr.h {fx}/odr_a.c '
       '{fx}/odr_b.c {fx}/odr_c.c $d && cd $d && for u in d e f; do '
       'cp odr_a.c odr_$u.c; done && '
       '{cc} -g -c -I{inc} odr_a.c && {cc} -g -c -DODR_ROOMY -I{inc} odr_b.c '
       '&& for u in c d e f; do {cc} -g -c -I{inc} odr_$u.c || exit 1; done '
       '&& ar rc {obj} odr_a.o odr_b.o odr_c.o odr_d.o odr_e.o odr_f.o')
ODR_UNITS = r"/\S+/odr\.\w+/odr_"


def odr_json(out, ctx):
    """JSON and SARIF: the definition and its units, as the note says."""
    f = [x for x in json.loads(out)['findings'] if x['type'] == 'conflict']
    if len(f) != 1:
        return 'want one conflict: %r' % f
    d = f[0].get('definition')
    names = [os.path.basename(u) for u in (d or {}).get('units', [])]
    if not d or d['number'] != 1 or d['units_total'] != 5 or \
            names != ['odr_a.c', 'odr_c.c', 'odr_d.c', 'odr_e.c'] or \
            not all(os.path.isabs(u) for u in d['units']):
        return 'definition: %r' % d
    p = subprocess.run([ctx['lineup'], 'check', '--format', 'sarif',
                        ctx['obj']], capture_output=True, text=True)
    r = json.loads(p.stdout)['runs'][0]['results']
    if [x.get('properties', {}).get('definition') for x in r] != [d]:
        return 'SARIF results: %r' % r
    return check_sarif_valid(p.stdout)


case(name='ODR variants: a finding names the units that hold its definition',
     group='names', ccs=('gcc', 'clang'), compile=ODR,
     run='check {obj}', exit=1,
     expect=[R(r"(?m)^\S*odr\.h:9(:\d+)?: note: definition 1 of struct "
               r"odr_conn, in units %sa\.c, %sc\.c, %sd\.c, %se\.c and 1 "
               r"more$" % ((ODR_UNITS,) * 4)),
             'lineup: 2 structs checked, 1 error, 0 warnings'],
     reject=['definition 2 of struct odr_conn'])
case(name='ODR variants: the definition and its units in JSON and SARIF',
     group='names', compile=ODR, run='check --format json {obj}', exit=1,
     check=odr_json)
case(name='one definition: no note on units',
     group='names', compile=LMARK, run='check {obj}', exit=1,
     reject=['definition 1', 'in units', 'in unit '])
case(name='lineup.h markers: write group against read group',
     group='markers', ccs=('gcc', 'clang'), compile=LMARK,
     run='check {obj}', exit=1,
     expect=["'hits', 'misses' (write group 'stats') share cache line 0 "
             "with 'ops', 'flags' (read group 'config') in struct lu_stats "
             "when the struct starts at offset 0, 8, 16, 24, 32, 40 or 56 of "
             "a line (its alignment is 8)",
             'lineup: 2 structs checked, 1 error, 0 warnings'],
     reject=["group 'init'", 'lu_isolated'])
case(name='lineup.h markers: BEGIN_ALIGNED and ISOLATE keep groups apart',
     group='markers', ccs=('gcc', 'clang'), compile=LMARK_FIXED,
     run='check {obj}', exit=0,
     expect=['lineup: 2 structs checked, 0 errors, 0 warnings'],
     reject=['error:'])
case(name='rules add to marker groups', group='markers', compile=LMARK_FIXED,
     rules='[struct lu_stats]\nwrite.more = name\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["'name' (write group 'more') shares cache line"],
     reject=['lu_isolated'])

# ---------------------------------------------------------------------------
# Kernel groups as the kernel means them (doc/kernel-groups.md): a write
# group conflicts with a write or read group only when their paths (tx, rx)
# can run on two CPUs at once; groups that name no path fall to the kinds.
# Every kernel group gets a footprint note.

KPATHS = '{cc} -c -g {fx}/kernel_paths.c -o {obj}'
KPATHS_BROKEN = '{cc} -c -g -DBROKEN {fx}/kernel_paths.c -o {obj}'


def check_footprint_json(out, ctx):
    d = json.loads(out)
    fps = {f['group']['name']: f for f in d['findings']
           if f['type'] == 'footprint'}
    want = {'kpaths_read_tx': ('read', 'tx'),
            'kpaths_write_txrx': ('write', 'txrx'),
            'ksock_read_rxtx': ('read', 'txrx'),
            'read_mostly': ('read', None), 'cold': ('cold', None)}
    for name, (kind, path) in want.items():
        g = fps.get(name, {}).get('group', {})
        if (g.get('kind'), g.get('path'), g.get('origin')) != \
                (kind, path, 'kernel'):
            return 'group %s: %r' % (name, g)
    f = fps['kpaths_write_txrx']
    # 8 + 64 bytes from offset 72: lines 1-2 where 2 would do anyway
    if f['severity'] != 'note' or f['footprint'] != {
            'bytes': 72, 'padding': 0, 'cachelines': [1, 2], 'lines': 2,
            'min_lines': 2, 'worst_lines': 2, 'align': 64}:
        return 'kpaths_write_txrx footprint: %r' % f
    fp = fps['ksock_read_rx']['footprint']
    if (fp['bytes'], fp['padding'], fp['cachelines']) != (68, 0, [3, 4]):
        return 'ksock_read_rx footprint: %r' % fp
    if d['summary']['errors'] != 1:
        return 'summary: %r' % d['summary']
    return None


case(name='kernel groups: tcp_sock\'s order is clean (tx, txrx, rx write '
     'groups side by side)', group='kernel_groups', ccs=('gcc', 'clang'),
     compile=KPATHS, run='check {obj}', exit=1,
     expect=["'next_to_use' (write group 'read_write') shares cache line 0 "
             "with 'desc_ring' (read group 'read_mostly') in struct kqueue",
             'lineup: 3 structs checked, 1 error, 0 warnings'],
     # kpaths and ksock: every pair that meets is on one path or txrx
     reject=['in struct kpaths', 'in struct ksock', "(cold group"])
case(name='kernel groups: a tx write group on an rx read group\'s line',
     group='kernel_groups', ccs=('gcc', 'clang'), compile=KPATHS_BROKEN,
     run='check {obj}', exit=1,
     expect=["'bytes_sent' (write group 'kpaths_write_tx') shares cache "
             "line 0 with 'copied_seq', 'rcv_tstamp' (read group "
             "'kpaths_read_rx') in struct kpaths",
             'lineup: 3 structs checked, 2 errors'],
     # the same line holds tx with txrx and tx, rx with rx: by design
     reject=["(read group 'kpaths_read_tx') in", "'kpaths_read_txrx') in",
             "(write group 'kpaths_write_txrx') share"])
case(name='kernel groups: a footprint note per group, lines against the '
     'fewest', group='kernel_groups', compile=KPATHS, run='check {obj}',
     exit=1,
     expect=[R(r"kernel_paths\.c:\d+: note: kernel group 'kpaths_read_tx' "
               r"\(read, tx\) of struct kpaths: 8 bytes on cache line 0, the "
               r"fewest that hold them\n"),
             "kernel group 'kpaths_write_txrx' (write, txrx) of struct kpaths: "
             "72 bytes on cache lines 1-2, the fewest that hold them",
             "kernel group 'ksock_read_rx' (read, rx) of struct ksock: 68 "
             "bytes on cache lines 3-4, the fewest that hold them",
             "kernel group 'read_mostly' (read) of struct kqueue",
             "kernel group 'cold' (cold) of struct kqueue"])
case(name='kernel groups: --format json has the footprint and the path',
     group='kernel_groups', compile=KPATHS, run='check --format json {obj}',
     exit=1, check=check_footprint_json)
case(name='kernel groups: a group that wastes a line says so',
     group='kernel_groups', compile=KMARK, run='check {obj}', exit=1,
     # knet_write_rx: 20 bytes from offset 12, one line; kquiet's groups
     expect=["kernel group 'knet_write_rx' (write, rx) of struct knet: 20 "
             "bytes (4 of them padding after its begin marker) on cache "
             "line 0, the fewest that hold them",
             "kernel group 'kquiet_misc' (no kind) of struct kquiet"])
case(name='kernel groups: show marks the path and the footprint',
     group='kernel_groups', compile=KPATHS,
     run='show --struct kpaths {obj}', exit=0,
     expect=["/* >>> write group 'kpaths_write_txrx' (kernel marker, path "
             "txrx) */",
             "/* <<< 'kpaths_write_txrx': 72 bytes L1-2, 2 lines, the "
             "fewest */"])

# ---------------------------------------------------------------------------
# One rule for lineup.h and the tool (doc/header.md, "Group bytes"): a
# marker group owns its bytes from marker to marker, so padding after a
# begin marker can put it on a line its members are not on. Both reject
# it; the tool says why and names the fix.

GPAD = '{cc} -std=c11 -c -g -I{inc} {fx}/group_padding.c -o {obj}'
GPAD_FIXED = '{cc} -std=c11 -c -g -DFIXED -I{inc} {fx}/group_padding.c -o {obj}'


def check_padding_json(out, ctx):
    d = json.loads(out)
    pads = {f['struct']: f['padding'] for f in d['findings']
            if f['type'] == 'conflict'}
    want = {'late': {'group': 'load', 'member': 'load_avg', 'begin': 8,
                     'end': 64, 'leading': True},
            'kpad': {'group': 'kpad_write_rx', 'member': 'rx_packets',
                     'begin': 8, 'end': 64, 'leading': True}}
    if pads != want:
        return 'padding: %r' % pads
    return None


case(name='padding after a begin marker: the group is on the line, a note '
     'says why', group='group_padding', ccs=('gcc', 'clang'), compile=GPAD,
     run='check {obj}', exit=1,
     expect=["'load_avg' (write group 'load') shares cache line 0 with 'se' "
             "(read group 'tick') in struct late",
             "note: 'load_avg' is at offset 64, not on this line: the 56 "
             "bytes of padding before it, from offset 8, lie between the "
             "markers of group 'load' and count as the group's, as "
             "lineup.h's assertions count them; LINEUP_BEGIN_ALIGNED(write, "
             "load) starts the group on a line",
             "'rx_packets' (write group 'kpad_write_rx') shares cache line 0 "
             "with 'tx_ops' (read group 'kpad_read_tx') in struct kpad",
             "__cacheline_group_begin_aligned(kpad_write_rx) starts the "
             "group on a line",
             "kernel group 'kpad_write_rx' (write, rx) of struct kpad: 64 "
             "bytes (56 of them padding after its begin marker) on cache "
             "lines 0-1, where 1 line would hold them",
             'lineup: 2 structs checked, 2 errors'],
     # the padded member is not said to be on line 0
     reject=["'load_avg' is at offset 64, line 0"])


def check_sarif_groups(out, ctx):
    bad = check_sarif_valid(out)
    if bad and not bad.startswith('SKIP'):
        return bad
    run = json.loads(out)['runs'][0]
    rules = [r['id'] for r in run['tool']['driver']['rules']]
    notes = [r for r in run['results'] if r['ruleId'] == 'LU007']
    if 'LU007' not in rules or len(notes) != 2 or \
            any(r['level'] != 'note' for r in notes):
        return 'footprint results: %r' % notes
    return None


case(name='padding after a begin marker: --format sarif has footprint notes',
     group='group_padding', compile=GPAD, run='check --format sarif {obj}',
     exit=1, check=check_sarif_groups)
case(name='padding after a begin marker: --format json names it',
     group='group_padding', compile=GPAD, run='check --format json {obj}',
     exit=1, check=check_padding_json)
case(name='padding after a begin marker: the aligned begin fixes it',
     group='group_padding', ccs=('gcc', 'clang'), compile=GPAD_FIXED,
     run='check {obj}', exit=0,
     expect=['lineup: 2 structs checked, 0 errors'],
     reject=['of padding', 'padding after'])
case(name='padding after a begin marker: max_bytes counts it as '
     'LINEUP_ASSERT_GROUP_BYTES does', group='group_padding', compile=GPAD,
     rules='[struct late]\nmax_bytes.load = 63\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["group 'load' of struct late is 64 bytes, more than "
             "max_bytes.load = 63"])

# ---------------------------------------------------------------------------
# Rules replace markers, never double them: a member the rules name leaves
# its marker group (which keeps its other members and shrinks to them); a
# rules group with a marker group's name is that group.

case(name='rules replace markers: a named member leaves its marker group',
     group='rules_replace', ccs=('gcc', 'clang'), compile=KMARK,
     # knet_write_rx keeps rx_packets (and the 4 bytes before it): 12 bytes
     rules='[struct knet]\ncold.slow = rx_bytes\nmax_bytes.knet_write_rx = '
           '12\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["'rx_packets' (write group 'knet_write_rx') shares cache line 0 "
             "with 'tx_ops', 'tx_flags' (read group 'knet_read_tx')",
             "kernel group 'knet_write_rx' (write, rx) of struct knet: 12 "
             "bytes (4 of them padding after its begin marker)",
             'lineup: 2 structs checked, 1 error'],
     reject=["'rx_bytes' (write", 'max_bytes.knet_write_rx = 12'])
case(name='rules replace markers: a rules group of a marker group\'s name is '
     'that group', group='rules_replace', ccs=('gcc', 'clang'),
     compile=LMARK_FIXED, rules='[struct lu_stats]\nwrite.stats = hits\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['lineup: 2 structs checked, 0 errors'],
     # never 'stats' against 'stats'
     reject=["(write group 'stats') share", 'error:'])
case(name='rules replace markers: the rules give the group its kind',
     group='rules_replace', compile=KMARK,
     rules='[struct knet]\nread.knet_write_rx = rx_packets\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=["kernel group 'knet_write_rx' (read, rx) of struct knet: 20 "
             "bytes", 'lineup: 2 structs checked, 0 errors'],
     reject=['error:'])
case(name='rules replace markers: every member named, the marker group is '
     'empty', group='rules_replace', compile=KMARK,
     rules='[struct knet]\ncold.slow = rx_packets rx_bytes\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=["kernel group 'knet_write_rx' (write, rx) of struct knet is "
             "empty", 'lineup: 2 structs checked, 0 errors'])

# ---------------------------------------------------------------------------
# Names: members and structs the rules name but the layout lacks.

case(name='missing member: a note, exit 0', group='names', compile=TG_FIX_NORT,
     rules=TG_RULES, run='check --rules {rules} {obj}', exit=0,
     expect=[R(r"r\.ini:4: note: member 'rt_se' is not in struct task_group "
               r"\(skipped: normal when a configuration leaves it out\)"),
             '0 errors, 0 warnings'],
     reject=['warning:', 'error:'])
case(name='misspelt member: an error with "did you mean"', group='names',
     compile=TG_FIX_NORT,
     rules='[struct task_group]\nwrite = load_avg\nread = parnet\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=[R(r"r\.ini:3: error: member 'parnet' is not in struct "
               r"task_group; did you mean 'parent'\?"),
             '1 error, 0 warnings'])
case(name='--strict: missing and misspelt members are errors, exit 1',
     group='names', compile=TG_FIX_NORT,
     rules='[struct task_group]\nwrite = load_avg\nread = parnet rt_se\n',
     run='check --strict --rules {rules} {obj}', exit=1,
     expect=[R(r"r\.ini:3: error: member 'parnet' is not in struct "
               r"task_group; did you mean 'parent'\?"),
             R(r"r\.ini:3: error: member 'rt_se' is not in struct "
               r"task_group \[LU005\]\n"),
             '2 errors, 0 warnings'],
     reject=['skipped'])
case(name='rules naming a struct not in the input: exit 2', group='names',
     compile=TG_FIX_NORT,
     rules='[struct task_grop]\nwrite = load_avg\n',
     run='check --rules {rules} {obj}', exit=2,
     expect=[R(r"r\.ini:\d+: error: struct task_grop is not in ")],
     reject=['structs checked'])
case(name='rules naming a struct not in the input: "did you mean"',
     group='names', compile=TG_FIX_NORT,
     rules='[struct task_grop]\nwrite = load_avg\n',
     run='check --rules {rules} {obj}', exit=2,
     expect=["struct task_grop is not in", "did you mean 'task_group'"])
case(name='a struct named in the rules is checked even without markers',
     group='names', compile=KMARK,
     rules='[struct kplain]\nwrite = a\nread = b\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["'a' (write) shares cache line 0 with 'b' (read) in struct "
             "kplain", 'lineup: 3 structs checked'])

# ---------------------------------------------------------------------------
# Long names (issue 31): libinih keeps 49 bytes of a [section] and of the
# key a continuation line belongs to; names of any length stay whole, in
# checks and in errors.

LN_CPP = ('{cc} -x c++ -c -g -DLONG_NS=n$(printf %04095d 0) '
          '{fx}/long_names.cpp -o {obj}')
PRODUCER = ('moodycamel::ConcurrentQueue<int, '
            'moodycamel::ConcurrentQueueDefaultTraits>::ProducerBase')
LONG_NS = 'n' + '0' * 4095
case(name="moodycamel's nested ProducerBase by its full name",
     group='long_names', ccs=('gcc', 'clang'), compile=LN_CPP,
     rules='[struct %s]\nwrite = tailIndex\nread = headIndex\n' % PRODUCER,
     run='check --rules {rules} --struct ProducerBase {obj}', exit=1,
     expect=["error: 'tailIndex' (write) shares cache line 0 with "
             "'headIndex' (read) in struct %s " % PRODUCER,
             'lineup: 1 struct checked, 1 error'],
     reject=['bad struct name'])
case(name='a 4 KiB C++ name is checked',
     group='long_names', ccs=('gcc', 'clang'), compile=LN_CPP,
     rules=('[struct %s::Box<long>]\nwrite = w\nread = r\n' % LONG_NS),
     run='check --rules {rules} {obj}', exit=1,
     expect=[R(r"error: 'w' \(write\) shares cache line 0 with 'r' \(read\) "
               r"in struct %s::Box<long( int)?> " % LONG_NS),
             'lineup: 1 struct checked, 1 error'])
case(name='an error quotes a 4 KiB name whole',
     group='long_names', compile=LN_CPP,
     rules=('[struct %s::Box<long>]\nwrite = w\nhot = r\n' % LONG_NS),
     run='check --rules {rules} {obj}', exit=2,
     expect=["r.ini:3: error: unknown key 'hot' in [struct %s::Box<long>]"
             % LONG_NS])
case(name='a long bad name is quoted whole and escaped',
     group='long_names', compile=LN_CPP,
     rules='[struct %s\x1b[31m]\nwrite = w\n' % LONG_NS,
     run='check --rules {rules} {obj}', exit=2,
     expect=["r.ini:1: error: bad struct name '%s\\x1b[31m'" % LONG_NS],
     reject=['\x1b'])
case(name='a 47-character C tag and a long group continued',
     group='long_names', ccs=('gcc', 'clang'),
     compile='{cc} -c -g {fx}/long_tag.c -o {obj}',
     rules=('[struct a_tag_of_forty_seven_characters_for_libinih]\n'
            'write.a_group_name_longer_than_the_fifty_bytes_libinih_keeps = w\n'
            '    c\n'
            'read = r\n'),
     run='check --rules {rules} {obj}', exit=1,
     expect=["'w', 'c' (write group 'a_group_name_longer_than_the_fifty_"
             "bytes_libinih_keeps') share cache line 0 with 'r' (read) in "
             "struct a_tag_of_forty_seven_characters_for_libinih "])

# ---------------------------------------------------------------------------
# Rules-file errors: each names file:line and exits 2 before any check.


def rules_error(name, text, fragment, run='check --rules {rules} {obj}',
                **kw):
    case(name=name, group='rules_errors', compile=KINDS, run=run, exit=2,
         expect=[fragment], reject=['structs checked', 'Traceback'],
         **({'rules_bytes': text} if isinstance(text, bytes)
            else {'rules': text}), **kw)


rules_error('unknown key', '[struct two]\nwrite = a\nhot = b\n',
            R(r"r\.ini:3: error: unknown key 'hot' in \[struct two\]"))
rules_error('unknown section',
            '[struct two]\nwrite = a\n[strcut two]\nread = b\n',
            R(r"r\.ini:[34]: error: unknown section \[strcut two\]"))
rules_error('unknown section without keys is not ignored',
            '[strcut two]\n[struct two]\nwrite = a\n',
            R(r"r\.ini:1: error: unknown section \[strcut two\]"))
rules_error('duplicate section',
            '[struct two]\nwrite = a\n[struct two]\nread = b\n',
            R(r"r\.ini:[34]: error: duplicate section \[struct two\] "
              r"\(first at line 1\)"))
rules_error('duplicate section points at its header',
            '[struct two]\nwrite = a\n[struct two]\nread = b\n',
            R(r"r\.ini:3: error: duplicate section"))
rules_error('bad number', '[struct two]\nwrite = a\nmax_size = 64k\n',
            R(r"r\.ini:3: error: max_size needs a positive number of bytes, "
              r"not '64k'"))
rules_error('negative number',
            '[struct two]\nwrite = a\nmax_lines.write = -1\n',
            R(r"r\.ini:3: error: max_lines\.write needs a positive number"))
rules_error('max_bytes without a group',
            '[struct two]\nwrite = a\nmax_bytes = 8\n',
            R(r"r\.ini:3: error: max_bytes needs a group: "
              r"max_bytes\.GROUP = N"))
rules_error('allow with one group', '[struct two]\nwrite = a\nallow = write\n',
            R(r"r\.ini:3: error: allow takes two group names, got 1"))
rules_error('key outside a section', 'write = a\n[struct two]\nread = b\n',
            R(r"r\.ini:1: error: 'write' outside any section"))
rules_error('empty file', '', R(r"r\.ini:1: error: the file is empty"))
rules_error('only comments', '# nothing here\n\n',
            R(r"r\.ini:\d+: error: no \[struct NAME\] or \[matrix\] section"))
rules_error('not text (NUL bytes)', b'[struct two]\nwrite = a\0\n',
            R(r"r\.ini:2: error: not a text file"))
rules_error('a group name with two kinds',
            '[struct two]\nwrite.x = a\nread.x = b\n',
            R(r"r\.ini:3: error: group 'x' is already write, not read"))
rules_error('a key without a value', '[struct two]\nwrite\n',
            R(r"r\.ini:2: error: malformed line"))
rules_error('a bad member name', '[struct two]\nwrite = a-b\n',
            R(r"r\.ini:2: error: bad member name 'a-b'"))
rules_error('a rules file that does not exist', None,
            R(r"failed to read rules from .*nosuch\.ini: No such file"),
            run='check --rules {dir}/nosuch.ini {obj}')

# No line limit: libinih's 198 characters are read_line's business.
case(name='a 300-character line is accepted', group='rules_errors',
     compile=KINDS,
     rules=('[struct two]\nwrite = a\ncold = b ' +
            'x' * (300 - len('cold = b ')) + '\n'),
     run='check --rules {rules} {obj}', exit=0,
     expect=['lineup: 1 struct checked', R(r"r\.ini:3: note: member 'x{291}'")],
     reject=['malformed'])
case(name='# after whitespace is a comment, # inside a word is not',
     group='rules_errors', compile=KINDS,
     rules='[struct two]   # the pair\nwrite = a # hot\nread = b#c\n',
     run='check --rules {rules} {obj}', exit=2,
     expect=[R(r"r\.ini:3: error: bad member name 'b#c'")])

# ---------------------------------------------------------------------------
# Output formats.


def check_json(out, ctx):
    d = json.loads(out)
    if d.get('line_size') != 64 or d.get('pair') is not False:
        return 'line_size/pair: %r %r' % (d.get('line_size'), d.get('pair'))
    (f,) = [x for x in d['findings'] if x['type'] == 'conflict']
    want = {'type': 'conflict', 'severity': 'error', 'struct': 'place8',
            'line': 1, 'bytes': [40, 103], 'unit': 'line'}
    for k, v in want.items():
        if f.get(k) != v:
            return 'finding %s = %r, want %r' % (k, f.get(k), v)
    if [m['name'] for m in f['members']] != ['w']:
        return 'members: %r' % f['members']
    if [(m['name'], m['offset'], m['size']) for m in f['others']] != \
            [('r', 64, 8)]:
        return 'others: %r' % f['others']
    p = f['placement']
    if p != {'align': 8, 'align_from': 'declared', 'every_start': False,
             'misaligned_only': True, 'starts': [24, 32, 40, 48, 56]}:
        return 'placement: %r' % p
    if f['group']['kind'] != 'write' or f['other_group']['kind'] != 'read':
        return 'groups: %r %r' % (f['group'], f['other_group'])
    loc = f['location']
    if loc['where'] != 'struct place8+40':
        return 'location: %r' % loc
    # clang's positions are the subject of their own (xfail) case
    if ctx['cc'] != 'clang' and (not (loc['file'] or '').endswith(
            '/fixtures/placement.c') or loc['line'] <= 0):
        return 'location: %r' % loc
    (sz,) = [x for x in d['findings'] if x['type'] == 'max_size']
    if (sz['value'], sz['limit'], sz['severity']) != (72, 64, 'error'):
        return 'max_size finding: %r' % sz
    (miss,) = [x for x in d['findings'] if x['type'] == 'missing_member']
    if (miss['name'], miss['suggestion'], miss['severity']) != \
            ('rr', 'r', 'error'):    # a typo: an error (issue 18)
        return 'missing_member finding: %r' % miss
    s = d['summary']
    if (s['structs'], s['errors'], s['warnings']) != (1, 3, 0):
        return 'summary: %r' % s
    return None


def check_json_clean(out, ctx):
    d = json.loads(out)
    if d['findings'] or d['summary']['errors'] or d['summary']['structs'] != 1:
        return 'want no findings: %r' % d
    return None


def check_sarif(out, ctx):
    try:
        import jsonschema
    except ImportError:
        return 'SKIP: python3-jsonschema is not installed'
    with open(os.path.join(HERE, 'sarif-schema-2.1.0.json')) as f:
        schema = json.load(f)
    d = json.loads(out)
    v = jsonschema.Draft7Validator(
        schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    errs = sorted(v.iter_errors(d), key=lambda e: list(e.path))
    if errs:
        return 'not SARIF 2.1.0: ' + '; '.join(
            '%s at %s' % (e.message, '/'.join(map(str, e.path)))
            for e in errs[:5])
    run = d['runs'][0]
    rules = run['tool']['driver']['rules']
    results = run['results']
    if len(results) != 3:
        return '%d results, want 3' % len(results)
    for r in results:
        if r['ruleId'] != rules[r['ruleIndex']]['id']:
            return 'ruleIndex %d does not name %s' % (r['ruleIndex'],
                                                       r['ruleId'])
    levels = sorted(r['level'] for r in results)
    if levels != ['error', 'error', 'error']:
        return 'levels: %r' % levels
    conflict = [r for r in results if 'shares cache line' in
                r['message']['text']][0]
    loc = conflict['locations'][0]
    if ctx['cc'] != 'clang' and loc['physicalLocation']['region'].get(
            'startLine', 0) <= 0:
        return 'conflict location: %r' % loc
    if loc['logicalLocations'][0]['fullyQualifiedName'] != 'struct place8+40':
        return 'conflict location: %r' % loc
    if not conflict.get('relatedLocations'):
        return 'conflict without relatedLocations'
    return None


def check_sarif_btf(out, ctx):
    err = check_sarif_valid(out)
    if err:
        return err
    r = json.loads(out)['runs'][0]['results'][0]
    names = [x['fullyQualifiedName'] for x in
             r['locations'][0].get('logicalLocations', [])]
    if 'physicalLocation' in r['locations'][0] or \
            names != ['struct place8+40']:
        return 'BTF location: %r' % r['locations'][0]
    return None


def check_sarif_valid(out):
    try:
        import jsonschema
    except ImportError:
        return 'SKIP: python3-jsonschema is not installed'
    with open(os.path.join(HERE, 'sarif-schema-2.1.0.json')) as f:
        schema = json.load(f)
    errs = list(jsonschema.Draft7Validator(schema).iter_errors(
        json.loads(out)))
    return ('not SARIF 2.1.0: %s' % errs[0].message) if errs else None


FMT_RULES = '[struct place8]\nwrite = w\nread = r rr\nmax_size = 64\n'

case(name='--format json: fields of a conflict, a limit and a typo',
     group='formats', ccs=('gcc', 'clang'), compile=PLACE, rules=FMT_RULES,
     run='check --format json --rules {rules} {obj}', exit=1,
     check=check_json)
case(name='--format json: a clean check', group='formats', compile=PLACE,
     rules=WR.format(s='place64'),
     run='check --format json --rules {rules} {obj}', exit=0,
     check=check_json_clean)
case(name='--format sarif validates against the SARIF 2.1.0 schema',
     group='formats', ccs=('gcc', 'clang'), compile=PLACE, rules=FMT_RULES,
     run='check --format sarif --rules {rules} {obj}', exit=1,
     check=check_sarif)
case(name='--format sarif of a BTF input (no source positions)',
     group='formats', compile=PLACE, needs=('pahole',),
     prep='pahole --btf_encode_detached={dir}/raw.btf {obj}',
     rules=WR.format(s='place8'),
     run='check --strict --format sarif --rules {rules} {dir}/raw.btf',
     exit=1, check=check_sarif_btf)
case(name='--format text is the default', group='formats', compile=PLACE,
     rules=WR.format(s='place8'),
     run='check --format text --rules {rules} {obj}',
     exit=1, expect=[R(r"placement\.c:\d+:\d+: error: 'w' \(write\)")])
case(name='--format xml is a usage error', group='formats', compile=PLACE,
     rules=WR.format(s='place8'),
     run='check --format xml --rules {rules} {obj}',
     exit=2, expect=["unknown format 'xml'"])

# ---------------------------------------------------------------------------
# pahole's text: the same findings as reading the object.

def same_as_object(out, ctx):
    """The findings (type, severity, message) equal the object's own."""
    args = [ctx['lineup'], 'check', '--format', 'json', ctx['obj']]
    if os.path.exists(ctx['rules']):
        args[2:2] = ['--rules', ctx['rules']]
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       cwd=ctx['dir'])
    if p.returncode not in (0, 1):
        return 'checking the object itself: exit %d: %s' % (
            p.returncode, p.stderr.decode(errors='replace'))

    def key(doc):
        # BTF and pahole's text record no alignment: a finding that rests
        # on the guess says so and is a warning (tested on its own)
        out = []
        for f in json.loads(doc)['findings']:
            msg, sev = f['message'], f['severity']
            if f.get('placement', {}).get('align_from') == 'inferred':
                msg = re.sub(r', inferred: [^;)]*', '', msg)
                sev = 'error' if sev == 'warning' else sev
            out.append((f['type'], sev, msg))
        return sorted(out)
    mine, theirs = key(out), key(p.stdout)
    if mine != theirs:
        return ('findings differ from the object\'s:\n  here:   %r\n'
                '  object: %r' % (mine, theirs))
    return None


for what, build in (('task_group, RT_GROUP_SCHED=y', TG_RT),
                    ('task_group, RT_GROUP_SCHED=n', TG_NORT),
                    ('task_group reordered', TG_FIX_RT)):
    case(name='--from-pahole gives the object\'s findings: ' + what,
         group='pahole', compile=build, needs=('pahole',),
         stdin='pahole --hex -C task_group {obj}', rules=TG_RULES,
         run='check --format json --from-pahole --rules {rules} -',
         exit=(0, 1), check=same_as_object)
for s_name in ('place8', 'place1', 'every'):
    case(name='--from-pahole gives the object\'s findings: ' + s_name,
         group='pahole', compile=PLACE, needs=('pahole',),
         stdin='pahole --hex -C %s {obj}' % s_name,
         rules='[struct %s]\nwrite = w w2\nread = r\n' % s_name,
         # place8's finding rests on a guessed alignment: a warning
         run='check --format json --from-pahole --rules {rules} -',
         exit=(0, 1), check=same_as_object)
case(name='--from-pahole gives the object\'s findings: lineup.h markers',
     group='pahole', compile=LMARK, needs=('pahole',),
     stdin='pahole --hex -C lu_stats {obj}',
     rules='[struct lu_stats]\ncold = name\n',
     run='check --format json --from-pahole --rules {rules} -', exit=1,
     check=same_as_object)

case(name='--from-pahole: pahole --hex -C task_group | lineup check -',
     group='pahole', compile=TG_RT, needs=('pahole',),
     stdin='pahole --hex -C task_group {obj}', rules=TG_RULES,
     run='check --from-pahole --rules {rules} -', exit=1,
     expect=["struct task_group+256: error: 'load_avg' (write) shares cache "
             "line 4 with 'rt_se', 'rt_rq' (read) in struct task_group [LU001]\n",
             "note: 'rt_se' is at offset 264, line 4 (bytes 256-319)",
             "note: 'rt_rq' is at offset 272, line 4 (bytes 256-319)",
             'lineup: 1 struct checked, 1 error, 0 warnings'],
     reject=['when the struct starts'])
case(name='--from-pahole: a member __aligned__(64) aligns the struct to 64',
     group='pahole', ccs=('clang',), compile=TG_RT, needs=('pahole',),
     stdin='pahole --hex -C task_group {obj}', rules=TG_RULES,
     run='check --from-pahole --rules {rules} -', exit=1,
     expect=["shares cache line 4 with 'rt_se', 'rt_rq' (read) in struct "
             "task_group [LU001]\n"],
     reject=['when the struct starts'])
case(name='--from-pahole: without RT_GROUP_SCHED, parent at 296',
     group='pahole', compile=TG_NORT, needs=('pahole',),
     stdin='pahole --hex -C task_group {obj}', rules=TG_RULES,
     run='check --from-pahole --rules {rules} -', exit=1,
     expect=["shares cache line 4 with 'parent' (read)",
             "note: 'parent' is at offset 296, line 4 (bytes 256-319)"])
case(name='--from-pahole: placement of an 8-aligned struct (a guess: a '
     'warning)',
     group='pahole', compile=PLACE, needs=('pahole',),
     stdin='pahole --hex -C place8 {obj}', rules=WR.format(s='place8'),
     run='check --from-pahole --rules {rules} -', exit=0,
     expect=["struct place8+40: warning: 'w' (write) shares cache line 1 "
             "with 'r' (read) in struct place8 when the struct starts at "
             "offset 24, 32, 40, 48 or 56 of a line (its alignment is 8, "
             "inferred: pahole's text shows no alignment; if place8 objects "
             "are line-aligned, say `align = 64` in [struct place8] or "
             "--align 64) [LU001]\n", '0 errors, 1 warning'])
case(name='--from-pahole: lineup.h markers in pahole text', group='pahole',
     compile=LMARK, needs=('pahole',), stdin='pahole --hex -C lu_stats {obj}',
     run='check --from-pahole -', exit=1,
     expect=["'hits', 'misses' (write group 'stats') share cache line 0 "
             "with 'ops', 'flags' (read group 'config')"])
case(name='--from-pahole: a pahole text file', group='pahole',
     compile=TG_FIX_RT, needs=('pahole',),
     prep='pahole --hex -C task_group {obj} > {dir}/tg.txt', rules=TG_RULES,
     run='check --from-pahole --rules {rules} {dir}/tg.txt', exit=0,
     expect=['lineup: 1 struct checked, 0 errors'])

# ---------------------------------------------------------------------------
# BTF: ELF .BTF (DWARF removed) and raw BTF. No source positions there.

BTF_ELF = ('pahole -J {obj} && objcopy --remove-section=.debug_\\* {obj} '
           '{dir}/btf.o')
BTF_RAW = 'pahole --btf_encode_detached={dir}/raw.btf {obj}'

case(name='ELF .BTF without DWARF: task_group conflict at struct+offset',
     group='btf', compile=TG_RT, needs=('pahole', 'objcopy'), prep=BTF_ELF,
     rules=TG_RULES, run='check --rules {rules} {dir}/btf.o', exit=1,
     expect=[R(r"(?m)^struct task_group\+256: error: 'load_avg' \(write\) "
               r"shares cache line 4 with 'rt_se', 'rt_rq' \(read\) in "
               r"struct task_group"),
             R(r"(?m)^struct task_group\+264: note: 'rt_se' is at offset "
               r"264")],
     reject=['task_group_before.c', 'debug_info'])
case(name='raw BTF: task_group conflict at struct+offset', group='btf',
     compile=TG_NORT, needs=('pahole',), prep=BTF_RAW, rules=TG_RULES,
     run='check --rules {rules} {dir}/raw.btf', exit=1,
     expect=[R(r"(?m)^struct task_group\+256: error: 'load_avg' \(write\) "
               r"shares cache line 4 with 'parent' \(read\)")])
case(name='BTF: __aligned__(64) inferred as pahole does (no start list)',
     group='btf', compile=TG_RT, needs=('pahole',), prep=BTF_RAW,
     rules=TG_RULES, run='check --rules {rules} {dir}/raw.btf', exit=1,
     expect=["shares cache line 4 with 'rt_se', 'rt_rq' (read) in struct "
             "task_group [LU001]\n"],
     reject=['when the struct starts', 'alignment is 8'])
case(name='raw BTF: an 8-aligned struct gives the same starts as DWARF',
     group='btf', compile=PLACE, needs=('pahole',), prep=BTF_RAW,
     rules=WR.format(s='place8'),
     run='check --strict --rules {rules} {dir}/raw.btf', exit=1,
     expect=["struct place8+40: error: 'w' (write) shares cache line 1 with "
             "'r' (read) in struct place8 when the struct starts at offset "
             "24, 32, 40, 48 or 56 of a line (its alignment is 8, inferred: "
             "BTF records no alignment; "])
case(name='raw BTF: lineup.h markers survive (typedef kinds)', group='btf',
     ccs=('gcc', 'clang'), compile=LMARK, needs=('pahole',), prep=BTF_RAW,
     run='check {dir}/raw.btf', exit=1,
     expect=["struct lu_stats+0: error: 'hits', 'misses' (write group "
             "'stats') share cache line 0 with 'ops', 'flags' (read group "
             "'config')", 'lineup: 2 structs checked, 1 error'])
case(name='ELF .BTF: kernel markers survive', group='btf', compile=KMARK,
     needs=('pahole', 'objcopy'), prep=BTF_ELF, run='check {dir}/btf.o',
     exit=1,
     expect=["struct knet+16: error: 'rx_packets', 'rx_bytes' (write group "
             "'knet_write_rx')", 'lineup: 2 structs checked, 1 error'])
case(name='raw BTF: a LINEUP_BEGIN_ALIGNED fix stays clean', group='btf',
     compile=LMARK_FIXED, needs=('pahole',), prep=BTF_RAW,
     run='check {dir}/raw.btf', exit=0,
     expect=['lineup: 2 structs checked, 0 errors'])

for what, build, rules in (
        ('task_group, RT_GROUP_SCHED=y', TG_RT, TG_RULES),
        ('task_group reordered', TG_FIX_RT, TG_RULES),
        ('place8, place1, every', PLACE,
         ''.join('[struct %s]\nwrite = w w2\nread = r\n' % n
                 for n in ('place8', 'place1', 'every'))),
        ('lineup.h markers', LMARK, None),
        ('lineup.h markers, aligned fix', LMARK_FIXED, None),
        ('kernel markers', KMARK, None),
        ('bit-fields', KINDS, '[struct bits]\nwrite = hot\ncold = cold\n')):
    case(name='raw BTF gives the DWARF findings: ' + what, group='btf',
         ccs=('gcc', 'clang'), compile=build, needs=('pahole',),
         prep=BTF_RAW, rules=rules,
         run=('check --format json ' + ('--rules {rules} ' if rules else '')
              + '{dir}/raw.btf'),
         exit=(0, 1), check=same_as_object)

# ---------------------------------------------------------------------------
# Alignment you can state (design.md §4): `align = N` in a struct's rules,
# --align N for every struct. A finding that needs a start other than 0
# names the key and the option that settle it. BTF records no alignment: a
# finding that rests on the guess is a warning (an error with --strict).

# BTF the way a distribution ships it: DWARF stripped, .BTF kept
BTF_STRIP = 'pahole -J {obj} && objcopy --strip-debug {obj} {dir}/btf.o'
PLACE8_HINT = ("(its alignment is 8; if place8 objects are line-aligned, say "
               "`align = 64` in [struct place8] or --align 64)")

case(name='align = 64 in [struct place8]: only start 0 counts, clean',
     group='align', ccs=('gcc', 'clang'), compile=PLACE,
     rules=WR.format(s='place8') + 'align = 64   # from a slab cache\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['lineup: 1 struct checked, 0 errors, 0 warnings'],
     reject=['error:', 'when the struct starts'])
case(name='--align 64: only start 0 counts, clean', group='align',
     compile=PLACE, rules=WR.format(s='place8'),
     run='check --align 64 --rules {rules} {obj}', exit=0,
     expect=['lineup: 1 struct checked, 0 errors, 0 warnings'])
case(name='--align reaches structs with markers and no rules',
     group='align', ccs=('gcc', 'clang'), compile=LMARK,
     run='check --align 64 {obj}', exit=1,
     # at start 0 too: the conflict stays, without a list of starts
     expect=["(read group 'config') in struct lu_stats [LU001]\n"],
     reject=['when the struct starts'])
case(name='the struct\'s align wins over --align; the hint names the key',
     group='align', compile=PLACE,
     rules=WR.format(s='place8') + 'align = 16\n',
     run='check --align 64 --rules {rules} {obj}', exit=1,
     expect=["error: 'w' (write) shares cache line 1 with 'r' (read) in "
             "struct place8 when the struct starts at offset 32 or 48 of a "
             "line (its alignment is 16, from `align = 16` in [struct "
             "place8]; if place8 objects are line-aligned, say `align = 64` "
             "in [struct place8]) [LU001]\n"])
case(name='--align 16: the option is named', group='align', compile=PLACE,
     rules=WR.format(s='place8'), run='check --align 16 --rules {rules} {obj}',
     exit=1,
     expect=["offset 32 or 48 of a line (its alignment is 16, from --align "
             "16; if place8 objects are line-aligned, say `align = 64` in "
             "[struct place8] or --align 64) [LU001]\n"])
case(name='align never lowers what the compiler records', group='align',
     compile=PLACE, rules=WR.format(s='place64') + 'align = 8\n',
     run='check --align 8 --rules {rules} {obj}', exit=0,
     expect=['0 errors, 0 warnings'])
case(name='max_lines broken only off a line start: the hint, then clean',
     group='align', compile=PLACE,
     rules='[struct place8]\nwrite.hot = head w\nmax_lines.hot = 1\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["error: group 'hot' of struct place8 can span 2 cache lines, "
             "more than max_lines.hot = 1 when the struct starts at offset "
             "24, 32, 40, 48 or 56 of a line " + PLACE8_HINT + " [LU004]\n"])
case(name='max_lines with align = 64 holds', group='align', compile=PLACE,
     rules=('[struct place8]\nwrite.hot = head w\nmax_lines.hot = 1\n'
            'align = 64\n'),
     run='check --rules {rules} {obj}', exit=0, expect=['0 errors'])
case(name='a bad align value: file:line, exit 2', group='align',
     compile=PLACE, rules=WR.format(s='place8') + 'align = 48\n',
     run='check --rules {rules} {obj}', exit=2,
     expect=[R(r"r\.ini:4: error: align needs a power of two of at most "
               r"2\^30 bytes, e\.g\. 64, not '48'")],
     reject=['structs checked'])
case(name='a bad --align: one line, exit 2', group='align', compile=PLACE,
     run='check --align 48 {obj}', exit=2,
     expect=["lineup check: bad --align '48' (a power of two, e.g. 64)"])
case(name='show does not take --align', group='align', compile=PLACE,
     run='show --align 64 {obj}', exit=2,
     expect=['show does not take --align'])

BTF_PLACE8 = ("struct place8+40: warning: 'w' (write) shares cache line 1 "
              "with 'r' (read) in struct place8 when the struct starts at "
              "offset 24, 32, 40, 48 or 56 of a line (its alignment is 8, "
              "inferred: BTF records no alignment; if place8 objects are "
              "line-aligned, say `align = 64` in [struct place8] or --align "
              "64) [LU001]\n")

case(name='BTF: a finding only off a line start is a warning, exit 0',
     group='align', ccs=('gcc', 'clang'), compile=PLACE,
     needs=('pahole', 'objcopy'), prep=BTF_STRIP, rules=WR.format(s='place8'),
     run='check --rules {rules} {dir}/btf.o', exit=0,
     expect=[BTF_PLACE8, 'lineup: 1 struct checked, 0 errors, 1 warning'])
case(name='BTF with --strict: the same finding is an error', group='align',
     compile=PLACE, needs=('pahole', 'objcopy'), prep=BTF_STRIP,
     rules=WR.format(s='place8'),
     run='check --strict --rules {rules} {dir}/btf.o', exit=1,
     expect=[BTF_PLACE8.replace('warning:', 'error:'),
             '0 errors, 0 warnings'.replace('0 errors', '1 error')])
case(name='BTF: align = 64 settles it', group='align', compile=PLACE,
     needs=('pahole', 'objcopy'), prep=BTF_STRIP,
     rules=WR.format(s='place8') + 'align = 64\n',
     run='check --strict --rules {rules} {dir}/btf.o', exit=0,
     expect=['0 errors, 0 warnings'])
case(name='BTF: --align 8 makes the guess a statement: an error',
     group='align', compile=PLACE, needs=('pahole', 'objcopy'),
     prep=BTF_STRIP, rules=WR.format(s='place8'),
     run='check --align 8 --rules {rules} {dir}/btf.o', exit=1,
     expect=["(its alignment is 8, from --align 8; if place8 objects are "
             "line-aligned"])
case(name='BTF: a conflict at every start stays an error', group='align',
     compile=PLACE, needs=('pahole', 'objcopy'), prep=BTF_STRIP,
     rules='[struct every]\nwrite = w w2\nread = r\n',
     run='check --rules {rules} {dir}/btf.o', exit=1,
     expect=["struct every+0: error: 'w', 'w2' (write) share cache line 0 "
             "with 'r' (read) in struct every wherever the struct starts "
             "(its alignment is 8, inferred: BTF records no alignment) [LU001]\n"])
case(name='BTF: a guessed line alignment (task_group) has no hint',
     group='align', compile=TG_RT, needs=('pahole', 'objcopy'),
     prep=BTF_STRIP, rules=TG_RULES,
     run='check --rules {rules} {dir}/btf.o', exit=1,
     expect=["error: 'load_avg' (write) shares cache line 4 with 'rt_se', "
             "'rt_rq' (read) in struct task_group [LU001]\n"],
     reject=['warning:', 'inferred'])


def check_align_inferred(want):
    def check(out, ctx):
        got = {s['name']: s['align_inferred']
               for s in json.loads(out)['structs']}
        return None if got.get('place8') is want else \
            'align_inferred of place8: %r, want %r' % (got, want)
    return check


case(name='show: an inferred alignment says so (text)', group='align',
     compile=PLACE, needs=('pahole', 'objcopy'), prep=BTF_STRIP,
     run='show --struct place8 {dir}/btf.o', exit=0,
     expect=['/* lineup: align 8 (inferred), line 64, not line-aligned'])
case(name='show: a recorded alignment does not', group='align',
     compile=PLACE, run='show --struct place8 {obj}', exit=0,
     expect=['/* lineup: align 8, line 64, not line-aligned'],
     reject=['inferred'])
case(name='show --format json: align_inferred from BTF', group='align',
     compile=PLACE, needs=('pahole', 'objcopy'), prep=BTF_STRIP,
     run='show --format json --struct place8 {dir}/btf.o', exit=0,
     check=check_align_inferred(True))
case(name='show --format json: align_inferred from DWARF', group='align',
     compile=PLACE, run='show --format json --struct place8 {obj}', exit=0,
     check=check_align_inferred(False))

# ---------------------------------------------------------------------------
# A rules section with only `allow` silences one known sharing.

case(name='a section with only allow: the known sharing silenced',
     group='kinds', ccs=('gcc', 'clang'), compile=LMARK,
     rules='[struct lu_stats]\nallow = stats config   # one CPU, one path\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=['lineup: 2 structs checked, 0 errors, 0 warnings'],
     reject=['has no rules'])
case(name='a section with only allow of two other groups: the sharing stays',
     group='kinds', compile=LMARK,
     rules='[struct lu_stats]\nallow = config init\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=["'hits', 'misses' (write group 'stats') share cache line 0 "
             "with 'ops', 'flags' (read group 'config')"])

# ---------------------------------------------------------------------------
# Structs known by a typedef: a rules section names one by its tag or any
# typedef; a tagless one is called by its typedef name.

TYPEDEFS = '{cc} -c -g {fx}/typedefs.c -o {obj}'
TD_RULES = ('[struct ctr_t]\nwrite = a\nread = b\n'
            '[struct stats_t]\nwrite = hits\nread = ops\n')

case(name='BTF: [struct ctr_t] finds struct tagged_ctr by its typedef',
     group='typedefs', ccs=('gcc', 'clang'), compile=TYPEDEFS,
     needs=('pahole', 'objcopy'), prep=BTF_STRIP, rules=TD_RULES,
     run='check --rules {rules} {dir}/btf.o', exit=1,
     expect=["struct tagged_ctr+0: error: 'a' (write) shares cache line 0 "
             "with 'b' (read) in struct tagged_ctr [LU001]\n",
             "stats_t+0: error: 'hits' (write) shares cache line 0 with "
             "'ops' (read) in stats_t [LU001]\n",
             'lineup: 2 structs checked, 2 errors'],
     reject=['struct stats_t'])
case(name='pahole text: a tagless struct by its typedef', group='typedefs',
     compile=TYPEDEFS, needs=('pahole',),
     stdin='pahole --hex -C stats_t {obj}',
     rules='[struct stats_t]\nwrite = hits\nread = ops\n',
     run='check --from-pahole --rules {rules} -', exit=1,
     expect=["stats_t+0: error: 'hits' (write) shares cache line 0 with "
             "'ops' (read) in stats_t [LU001]\n"])
case(name='show: a tagless struct as pahole prints it', group='typedefs',
     compile=TYPEDEFS, needs=('pahole', 'objcopy'), prep=BTF_STRIP,
     run='show {dir}/btf.o', exit=0,
     expect=[R(r"(?m)^typedef struct \{\n\tlong int +hits;"),
             R(r"(?m)^\} stats_t __attribute__\(\(__aligned__\(64\)\)\) "
               r"/\* inferred \*/;$"),
             R(r"(?m)^struct tagged_ctr \{\t/\* typedef ctr_t \*/$")],
     reject=['struct stats_t'])


def check_typedefs_json(out, ctx):
    got = {s['name']: (s['tagless'], s['typedefs'])
           for s in json.loads(out)['structs']}
    want = {'stats_t': (True, ['stats_t']),
            'tagged_ctr': (False, ['ctr_t'])}
    return None if got == want else 'structs: %r, want %r' % (got, want)


case(name='show --format json: tagless and typedefs', group='typedefs',
     compile=TYPEDEFS, needs=('pahole', 'objcopy'), prep=BTF_STRIP,
     run='show --format json {dir}/btf.o', exit=0, check=check_typedefs_json)
case(name='DWARF: [struct ctr_t] finds struct tagged_ctr', group='typedefs',
     ccs=('gcc', 'clang'), compile=TYPEDEFS, rules=TD_RULES,
     run='check --rules {rules} {obj}', exit=1,
     expect=["error: 'a' (write) shares cache line 0 with 'b' (read) in "
             "struct tagged_ctr [LU001]\n",
             "error: 'hits' (write) shares cache line 0 with 'ops' (read) "
             "in stats_t [LU001]\n"])

# ---------------------------------------------------------------------------
# A finding on a dotted member (head.lock) points at the field of the
# struct that holds it (head), not at the nested type's declaration.

NESTED = '{cc} -c -g {fx}/nested.c -o {obj}'

case(name='a dotted member points at its outer field', group='names',
     ccs=('gcc', 'clang'), compile=NESTED,
     rules='[struct queue]\nwrite = head.lock\nread = hits\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=[R(r"(?m)^\S*/fixtures/nested\.c:16(:\d+)?: error: 'head\.lock' "
               r"\(write\) shares cache line 0 with 'hits' \(read\) in "
               r"struct queue \[LU001\]$")],
     reject=[R(r'nested\.c:9')])
case(name='a dotted member\'s note points at its outer field too',
     group='names', compile=NESTED,
     rules='[struct queue]\nwrite = hits\nread = head.seq\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=[R(r"(?m)^\S*/fixtures/nested\.c:16:\d+: note: 'head\.seq' is "
               r"at offset 16")],
     reject=[R(r'nested\.c:10')])

# ---------------------------------------------------------------------------
# Forced alignments in `show`, as pahole prints them: on a member whose
# offset needs more than its type's alignment, and after the closing brace.

ALIGNED = re.compile(r'__attribute__\(\(__aligned__\((\d+)\)\)\)')
DECL_NAME = re.compile(r'(\w+)(?:\[[^\]]*\])*(?:\)\([^)]*\))?\s*'
                       r'(?:__attribute__|;)')


def alignments(text, pahole):
    """{(struct, member or '}', N)} for each __aligned__ at the top level of
    a struct. pahole and lineup print an anonymous struct as a block: the
    block's alignment goes to its first member. Also the names of the
    structs pahole calls packed (their alignments are not compared: lineup
    does not infer __packed__)."""
    out, packed, found, name, depth, first = set(), set(), [], None, 0, None
    for line in text.splitlines():
        m = re.match(r'(?:typedef )?(?:struct|union) (\w+)? ?\{', line)
        if m:
            name, found, depth = m.group(1), [], 1
            continue
        if not depth:
            continue
        code = line.split('/*')[0] if pahole else line.split('; /*')[0] + ';'
        if line.startswith('}'):
            m = re.match(r'\} (?!__attribute__)(\w+)', line)
            name = m.group(1) if m else name
            a = ALIGNED.search(line)
            found += [('}', int(a.group(1)))] if a else []
            if '__packed__' in line:
                packed.add(name)
            out |= {(name,) + f for f in found}
            depth = 0
        elif re.match(r'\t(struct|union) \{\s*$', line):
            depth, first = 2, None
        elif depth == 2 and code.startswith('\t}'):
            a = ALIGNED.search(code)
            found += [(first, int(a.group(1)))] if a and first else []
            depth = 1
        elif depth == 2 and first is None and code.startswith('\t\t'):
            m = DECL_NAME.search(code)
            first = m.group(1) if m else None
        elif depth == 1 and re.match(r'\t[^\t]', code):
            a, m = ALIGNED.search(code), DECL_NAME.search(code)
            found += [(m.group(1), int(a.group(1)))] if a and m else []
    return out, packed


def same_alignments_as_pahole(out, ctx):
    p = subprocess.run(['pahole', '--hex', ctx['obj']], capture_output=True,
                       text=True)
    want, packed = alignments(p.stdout, True)
    got, _ = alignments(out, False)
    want = {x for x in want if x[0] not in packed}
    got = {x for x in got if x[0] not in packed}
    if not want:
        return 'pahole printed no alignment: %s' % p.stdout[:300]
    # clang records a forced alignment on the member only, and pahole
    # prints what DWARF records: lineup adds the struct's own
    if 'clang' in ctx['cc']:
        got = {x for x in got if x[1] != '}' or x in want}
    if got != want:
        return ('alignments differ from pahole --hex:\n  pahole only: %r\n'
                '  lineup only: %r' % (sorted(want - got), sorted(got - want)))
    return None


for what, build in (
        ('tests/corpus/packed_aligned.c',
         '{cc} -c -g {fx}/../../corpus/packed_aligned.c -o {obj}'),
        ('tests/corpus/big.c', '{cc} -c -g {fx}/../../corpus/big.c -o {obj}'),
        ('task_group, RT_GROUP_SCHED=y', TG_RT)):
    case(name='show prints the forced alignments pahole prints: ' + what,
         group='show', ccs=('gcc', 'clang'), compile=build,
         needs=('pahole',), run='show {obj}', exit=0,
         check=same_alignments_as_pahole)
case(name='show: the seed\'s forced alignment, as pahole prints it',
     group='show', compile=TG_RT, run='show --struct task_group {obj}',
     exit=0,
     expect=["\tatomic_long_t              load_avg __attribute__((__aligned__"
             "(64))); /*   256     8 */ L4\n",
             "\t/* forced alignments: 1, forced holes: 1, sum forced holes: "
             "44 */\n",
             "\n} __attribute__((__aligned__(64)));\n"],
     reject=['inferred'])
case(name='show: from BTF the same alignments, marked inferred',
     group='show', compile=TG_RT, needs=('pahole', 'objcopy'),
     prep=BTF_STRIP, run='show --struct task_group {dir}/btf.o', exit=0,
     expect=["load_avg __attribute__((__aligned__(64))) /* inferred */; "
             "/*   256     8 */ L4\n",
             "\n} __attribute__((__aligned__(64))) /* inferred */;\n",
             '/* lineup: align 64 (inferred), line 64 */'])
case(name='show: the isolation fix: no forced alignment after the block',
     group='show', ccs=('gcc', 'clang'), compile=LMARK_FIXED,
     run='show --struct lu_isolated {obj}', exit=0,
     expect=[R(r"\tlong( int)? +counter; +/\* +64 +8 \*/ L1\n"),
             R(r"\t\} __attribute__\(\(__aligned__\(64\)\)\); +"
               r"/\* +64 +64 \*/ L1\n"),
             '\n} __attribute__((__aligned__(64)));\n'],
     reject=['tail __attribute__', 'inferred'])

# ---------------------------------------------------------------------------
# show --rules: the checker's groups on the layout, check's findings under
# the lines they concern; show's exit status.

SR = '{cc} -std=c11 -c -g -I{inc} {fx}/show_rules.c -o {obj}'
SR_RULES = """\
[struct sr_conn]
write = hits misses
read = ops
max_size = 64
"""
SR_OTHER = "printf '[struct sr_other]\\nwrite = a\\nread = b\\n' > r2.ini"
SR_CONFLICT = ("error: 'hits' (write) shares cache line 0 with 'ops' (read) "
               "in struct sr_conn")


def in_order(*frags):
    """A check that FRAGS appear in stdout in this order."""
    def check(out, ctx):
        at = 0
        for frag in frags:
            k = out.find(frag, at)
            if k < 0:
                return 'not after the one before: %r' % frag
            at = k + len(frag)
        return None
    return check


case(name='show --rules: members marked with the rules\' groups and kinds',
     group='show_rules', ccs=('gcc', 'clang'), compile=SR, rules=SR_RULES,
     run='show --rules {rules} --struct sr_conn {obj}', exit=0,
     expect=[R(r" hits; +/\* +0 +8 \*/ L0 \[write group 'write' "
               r"\(rules\)\] <-- conflict\n"),
             R(r" ops; +/\* +8 +8 \*/ L0 \[read group 'read' "
               r"\(rules\)\] <-- conflict\n"),
             R(r" misses; +/\* +72 +8 \*/ L1 \[write group 'write' "
               r"\(rules\)\]\n"),
             "\t/* >>> read group 'fast' (lineup marker) */\n",
             "groups: read fast, write write (rules), read read (rules) */"],
     reject=['spare; [', 'kind from rules'])
case(name='show --rules: check\'s conflicts under their line, the rest after',
     group='show_rules', ccs=('gcc', 'clang'), compile=SR, rules=SR_RULES,
     run='show --rules {rules} {obj}', exit=0,
     check=in_order("pad[40];",
                    "\t/* error: 'hits' (write) shares cache line 0 with "
                    "'peer', 'state' (read group 'fast') in struct sr_conn "
                    "[LU001] */\n",
                    "\t/* " + SR_CONFLICT + " [LU001] */\n",
                    "/* --- cacheline 1 boundary (64 bytes)", "misses;",
                    "\t/* error: struct sr_conn is 128 bytes, more than "
                    "max_size 64 (",
                    "/* size: 128, cachelines: 2"))
case(name='show --rules: the same findings as check\'s',
     group='show_rules', compile=SR, rules=SR_RULES,
     run='check --rules {rules} {obj}', exit=1,
     expect=[SR_CONFLICT, "struct sr_conn is 128 bytes, more than "
             "max_size 64", 'lineup: 1 struct checked, 3 errors'])
case(name='show --rules: a rules kind on a marker group says so',
     group='show_rules', compile=SR,
     rules='[struct sr_conn]\nwrite.fast = state\nread = hits\n',
     run='show --rules {rules} --struct sr_conn {obj}', exit=0,
     expect=["\t/* >>> write group 'fast' (lineup marker, kind from rules) "
             "*/\n",
             R(r" hits; +/\* +0 +8 \*/ L0 \[read group 'read' "
               r"\(rules\)\] <-- conflict\n"),
             "/* error: 'peer', 'state' (write group 'fast') share cache "
             "line 0 with 'hits' (read) in struct sr_conn [LU001] */"],
     # state stays in its marker group: no tag of its own
     reject=["state; [", "L0 [write group 'fast'"])
case(name='show --rules: several files merge, as check\'s do',
     group='show_rules', compile=SR, rules=SR_RULES, prep=SR_OTHER,
     run='show --rules {rules} --rules {dir}/r2.ini {obj}', exit=0,
     expect=[SR_CONFLICT,
             R(r" a; +/\* +0 +8 \*/ L0 \[write group 'write' "
               r"\(rules\)\] <-- conflict\n"),
             "/* error: 'a' (write) shares cache line 0 with 'b' (read) in "
             "struct sr_other when the struct starts at offset 0, "])
case(name='show --rules: a struct the input lacks is check\'s error, exit 2',
     group='show_rules', compile=SR,
     rules='[struct sr_conm]\nwrite = hits\n',
     run='show --rules {rules} {obj}', exit=2,
     expect=["r.ini:1: error: struct sr_conm is not in ",
             "(did you mean 'sr_conn'?)"])
case(name='show without --rules: no findings printed, JSON as it was',
     group='show_rules', compile=SR,
     run='show --format json {obj}', exit=0,
     reject=['"findings"', '"origin": "rules"'])


def same_findings_as_check(out, ctx):
    """show --rules --format json: the checker's groups on the members, and
    the very findings check --format json reports for the struct."""
    doc = json.loads(out)
    s = [x for x in doc['structs'] if x['name'] == 'sr_conn'][0]
    groups = {m['name']: m['group'] for m in s['members']}
    if groups != {'hits': 'write', 'ops': 'read', 'peer': 'fast',
                  'state': 'fast', 'pad': None, 'misses': 'write',
                  'spare': None}:
        return 'members\' groups: %r' % groups
    by_name = {g['name']: g for g in s['groups']}
    if by_name['write']['origin'] != 'rules' or \
            by_name['write']['members'] != ['hits', 'misses']:
        return 'rules group: %r' % by_name['write']
    p = subprocess.run([ctx['lineup'], 'check', '--format', 'json',
                        '--rules', ctx['rules'], ctx['obj']],
                       capture_output=True, text=True, cwd=ctx['dir'])
    want = [f for f in json.loads(p.stdout)['findings']
            if f['struct'] == 'sr_conn']
    if s['findings'] != want or len(want) != 3:
        return 'show\'s findings %r\n  check\'s %r' % (s['findings'], want)
    return None


case(name='show --rules --format json: groups and check\'s findings',
     group='show_rules', ccs=('gcc', 'clang'), compile=SR, rules=SR_RULES,
     run='show --format json --rules {rules} {obj}', exit=0,
     check=same_findings_as_check)

# ---------------------------------------------------------------------------
# The running kernel's BTF: every marker-carrying struct.


def check_kernel(out, ctx):
    m = re.search(r'lineup: (\d+) structs? checked, (\d+) errors?, '
                  r'(\d+) warnings?', out)
    if not m:
        return 'no summary line'
    if int(m.group(1)) < 3:
        return 'only %s structs checked, want at least 3' % m.group(1)
    print('    kernel BTF: ' + m.group(0), flush=True)
    return None


case(name='/sys/kernel/btf/vmlinux: every marker-carrying struct',
     group='kernel_btf', needs_file=VMLINUX, run='check ' + VMLINUX,
     exit=(0, 1), expect=[R(r'(?m)^lineup: \d+ structs checked')],
     reject=['Segmentation', 'AddressSanitizer', 'runtime error'],
     check=check_kernel, show=True)


def check_kernel_groups(out, ctx):
    """tcp_sock's write groups sit side by side on purpose (tx, txrx, rx):
    none of them conflicts with another, and each kernel group has a
    footprint note."""
    d = json.loads(out)
    for f in d['findings']:
        if f['type'] == 'conflict' and f['struct'] == 'tcp_sock' and \
                f['group']['name'].startswith('tcp_sock_write_') and \
                f['other_group']['name'].startswith('tcp_sock_write_'):
            return 'tcp_sock write groups conflict: ' + f['message']
    notes = {(f['struct'], f['group']['name']) for f in d['findings']
             if f['type'] == 'footprint'}
    # the kernel's structs carry only kernel markers
    if d['summary']['structs'] and not notes:
        return 'no footprint notes'
    tcp = {g for s, g in notes if s == 'tcp_sock'}
    if tcp and not {'tcp_sock_write_tx', 'tcp_sock_write_txrx'} <= tcp:
        return 'tcp_sock footprints: %r' % sorted(tcp)
    return None


case(name='/sys/kernel/btf/vmlinux: kernel groups as the kernel means them',
     group='kernel_btf', needs_file=VMLINUX,
     run='check --format json ' + VMLINUX, exit=(0, 1),
     check=check_kernel_groups)
case(name='/sys/kernel/btf/vmlinux: json summary agrees', group='kernel_btf',
     needs_file=VMLINUX, run='check --format json ' + VMLINUX, exit=(0, 1),
     check=lambda out, ctx: None if json.loads(out)['summary']['structs'] >= 3
     else 'fewer than 3 structs in the JSON summary')


# ---------------------------------------------------------------------------
# A pass means something was checked (issue 18): nothing to check is a
# usage error naming what was looked for and where, never exit 0.

case(name='no markers and no rules: nothing checked, exit 2',
     group='checked', ccs=('gcc', 'clang'), compile=KINDS,
     run='check {obj}', exit=2,
     expect=[R(r"(?m)^lineup: nothing checked in \S*fixture\.o: no struct "
               r"carries lineup or kernel group markers \(LINEUP_BEGIN, "
               r"__cacheline_group_begin__\) and no --rules names one$")],
     reject=['structs checked'])
case(name='nothing checked: json and sarif print no report', group='checked',
     compile=KINDS, run='check --format sarif {obj}', exit=2,
     expect=['nothing checked in'], reject=['"runs"'])
case(name='gcc -g1: no type information, named', group='checked',
     compile='{cc} -c -g1 {fx}/kinds.c -o {obj}', run='check {obj}', exit=2,
     expect=[R(r"(?m)^lineup: nothing checked in \S*fixture\.o: no type "
               r"information \(\S*fixture\.o was built with -g1 or "
               r"-gline-tables-only: only line tables; build with -g\)$")])
case(name='clang -gline-tables-only: no type information, named',
     group='checked', ccs=('clang',),
     compile='{cc} -c -gline-tables-only {fx}/line_tables.c -I{inc} '
             '-o {obj}',
     run='check {obj}', exit=2,
     expect=['no type information', '-gline-tables-only'])
case(name='gcc -g1: show says so too', group='checked',
     compile='{cc} -c -g1 {fx}/kinds.c -o {obj}', run='show {obj}', exit=2,
     expect=[R(r"(?m)^lineup: failed to read DWARF from \S*fixture\.o: no "
               r"type information \(built with -g1")])
case(name='-g1 with rules: the struct is not there, and why', group='checked',
     compile='{cc} -c -g1 {fx}/kinds.c -o {obj}',
     rules='[struct two]\nwrite = a\nread = b\n',
     run='check --rules {rules} {obj}', exit=2,
     expect=['struct two is not in', 'no type information'])
case(name='several inputs: the total decides (one without markers is fine)',
     group='checked', compile=LMARK,
     prep='{cc} -c -g {fx}/kinds.c -o {dir}/plain.o',
     run='check {obj} {dir}/plain.o', exit=1,
     expect=[R(r"lineup: \d+ structs? checked")])
case(name='several inputs, none with markers: nothing checked in any',
     group='checked', compile=KINDS,
     prep='{cc} -c -g1 {fx}/kinds.c -o {dir}/g1.o',
     run='check {obj} {dir}/g1.o', exit=2,
     expect=[R(r"nothing checked in any of the 2 inputs: no struct carries "
               r"lineup or kernel group markers .*; \S*g1\.o has no type "
               r"information")])

# Several --rules merge: one file per component, never one silently dropped.
B_INI = "printf '[struct straddle]\\nwrite = w\\nread = rbuf nope\\n' > b.ini"
case(name='several --rules: both files checked', group='checked',
     compile=KINDS, rules='[struct two]\nwrite = a\nread = b\n', prep=B_INI,
     run='check --rules {rules} --rules {dir}/b.ini {obj}', exit=1,
     expect=["'a' (write) shares cache line 0 with 'b' (read) in struct two",
             "'w' (write) shares cache line 1 with 'rbuf' (read) in struct "
             "straddle",
             # the second file's findings point into the second file
             R(r"(?m)^\S*/b\.ini:3: note: member 'nope' is not in struct "
               r"straddle"),
             'lineup: 2 structs checked, 2 errors'])
case(name='several --rules: one struct said alike twice is fine',
     group='checked', compile=KINDS,
     rules='[struct two]\nwrite = a\nread = b\n',
     prep="printf '# again\\n[struct two]\\nwrite = a # same\\nread = b\\n' "
          "> b.ini",
     run='check --rules {rules} --rules {dir}/b.ini {obj}', exit=1,
     expect=['lineup: 1 struct checked, 1 error'])
case(name='several --rules: one struct said differently is an error',
     group='checked', compile=KINDS,
     rules='[struct two]\nwrite = a\nread = b\n',
     prep="printf '\\n[struct two]\\nwrite = b\\n' > b.ini",
     run='check --rules {rules} --rules {dir}/b.ini {obj}', exit=2,
     expect=[R(r"(?m)^lineup: \S*/b\.ini:2: error: \[struct two\] says "
               r"otherwise than \S*/r\.ini:1 \(a struct's rules must agree "
               r"in every file\)$")],
     reject=['structs checked'])

# A rules member in no input but close to a name is a typo: an error, so
# that the rule does not silently guard nothing. Absent from this input but
# present in another: the #ifdef case, a note.
case(name='misspelt member (write = load_avgg): an error, exit 1',
     group='checked', ccs=('gcc', 'clang'), compile=TG_RT,
     rules='[struct task_group]\nwrite = load_avgg\nread = parent\n',
     run='check --rules {rules} {obj}', exit=1,
     expect=[R(r"(?m)^\S*r\.ini:2: error: member 'load_avgg' is not in "
               r"struct task_group; did you mean 'load_avg'\? \[LU005\]$"),
             'lineup: 1 struct checked, 1 error, 0 warnings'])
# A group that checks nothing (issue 31): none of its members in any input.
case(name='a group none of whose members exists: a warning of its own',
     group='checked', ccs=('gcc', 'clang'), compile=TG_RT,
     rules='[struct task_group]\nwrite = load_avg\nread = cfg_word\n',
     run='check --rules {rules} {obj}', exit=0,
     expect=[R(r"r\.ini:3: warning: group 'read' checks nothing: struct "
               r"task_group has none of its members \('cfg_word'\) \[LU010\]"),
             'lineup: 1 struct checked, 0 errors, 1 warning'])
case(name='a group empty in one input, not in another: a note',
     group='checked', compile=TG_RT,
     prep='{cc} -c -g -I{ex} -DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP '
          '{fx}/task_group_reorder.c -o {dir}/nort.o',
     rules='[struct task_group]\nwrite = load_avg\nread = rt_se rt_rq\n',
     run='check --rules {rules} {dir}/nort.o {obj}', exit=1,
     expect=[R(r"r\.ini:3: note: group 'read' checks nothing: struct "
               r"task_group has none of its members \('rt_se', 'rt_rq'\) "
               r"\(other inputs have them\)")],
     reject=['warning:'])
case(name='member in one input, misspelt-looking in another: a note',
     group='checked', compile=TG_RT,
     prep='{cc} -c -g -I{ex} -DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP '
          '{fx}/task_group_reorder.c -o {dir}/nort.o',
     # rt_bandwidth is close to cfs_bandwidth, but the RT build has it
     rules='[struct task_group]\nwrite = load_avg\ncold = rt_bandwidth\n',
     run='check --rules {rules} {dir}/nort.o {obj}', exit=0,
     expect=[R(r"r\.ini:3: note: member 'rt_bandwidth' is not in struct "
               r"task_group \(skipped: other inputs have it\)")],
     reject=["error: member", 'did you mean'])
case(name='--strict: a member one input lacks is an error all the same',
     group='checked', compile=TG_RT,
     prep='{cc} -c -g -I{ex} -DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP '
          '{fx}/task_group_reorder.c -o {dir}/nort.o',
     rules='[struct task_group]\nwrite = load_avg\ncold = rt_bandwidth\n',
     run='check --strict --rules {rules} {dir}/nort.o {obj}', exit=1,
     expect=[R(r"r\.ini:3: error: member 'rt_bandwidth' is not in struct "
               r"task_group")])

# Paths that resolve: an out-of-tree build (cc -c ../src/x.c in build/),
# lineup run from the project's top: file:line opens from there.
OOT = ('mkdir -p src build && cp {fx}/line_tables.c src/x.c && '
       'cd build && {cc} -c -g -I{inc} ../src/x.c -o x.o')


def check_sarif_root(out, ctx):
    invalid = check_sarif_valid(out)
    if invalid and not invalid.startswith('SKIP'):
        return invalid
    run = json.loads(out)['runs'][0]
    want = 'file://%s/' % os.path.realpath(ctx['dir'])
    if run.get('originalUriBaseIds') != {'SRCROOT': {'uri': want}}:
        return 'originalUriBaseIds: %r' % run.get('originalUriBaseIds')
    res = run['results'][0]
    for loc in res['locations'] + res['relatedLocations']:
        art = loc['physicalLocation']['artifactLocation']
        if art != {'uri': 'src/x.c', 'uriBaseId': 'SRCROOT'}:
            return 'artifactLocation: %r' % art
    return None


for _cc in ('gcc', 'clang'):
    case(name='out-of-tree build: declarations relative to the cwd',
         group='checked', ccs=(_cc,), compile=KINDS, prep=OOT.replace(
             '{cc}', _cc),
         run='check build/x.o', exit=1,
         expect=[R(r"(?m)^src/x\.c:10(:\d+)?: error: 'rx_bytes'"),
                 R(r"(?m)^src/x\.c:13(:\d+)?: note: 'peer'")],
         reject=['../src', 'build/'])
    case(name='out-of-tree build: show names src/x.c', group='checked',
         ccs=(_cc,), compile=KINDS, prep=OOT.replace('{cc}', _cc),
         run='show --struct lt_conn build/x.o', exit=0,
         expect=[R(r"struct lt_conn \{\t/\* src/x\.c:8 \*/")])
    case(name='out-of-tree build: --source-root makes SARIF URIs relative',
         group='checked', ccs=(_cc,), compile=KINDS,
         prep=OOT.replace('{cc}', _cc),
         run='check --format sarif --source-root {dir} build/x.o', exit=1,
         check=check_sarif_root)
case(name='--source-root: not a directory is a usage error', group='checked',
     compile=KINDS, rules='[struct two]\nwrite = a\nread = b\n',
     run='check --source-root {dir}/nowhere --rules {rules} {obj}', exit=2,
     expect=[R(r"(?m)^lineup: bad --source-root \S*nowhere: No such file")])

# What a user reaches for: --struct NAME, --quiet.
AB_RULES = ('[struct two]\nwrite = a\nread = b\n'
            '[struct straddle]\nwrite = w\nread = rbuf nope\n')
case(name='check --struct NAME: only that struct', group='checked',
     compile=KINDS, rules=AB_RULES,
     run='check --struct two --rules {rules} {obj}', exit=1,
     expect=["in struct two", 'lineup: 1 struct checked, 1 error'],
     reject=['straddle'])
case(name='check --struct NAME: a name in no input is an error',
     group='checked', compile=KINDS, rules=AB_RULES,
     run='check --struct tow --rules {rules} {obj}', exit=2,
     expect=[R(r"(?m)^lineup: failed to find struct tow in \S*fixture\.o "
               r"\(did you mean 'two'\?\)$")])
case(name='check --quiet: errors and the summary only', group='checked',
     compile=KINDS, rules=AB_RULES,
     run='check --quiet --rules {rules} {obj}', exit=1,
     expect=["error: 'a' (write) shares cache line 0",
             "error: 'w' (write) shares cache line 1",
             'lineup: 2 structs checked, 2 errors'],
     reject=['note:', 'warning:'])

# ---------------------------------------------------------------------------
# The driver.

class Objects:
    """Compiles each distinct command once per run, shared by cases."""

    def __init__(self, root):
        self.root = root
        self.lock = threading.Lock()
        self.done = {}      # command -> (path, error)
        self.events = {}

    def get(self, cmd_tmpl, cc, fmt):
        key = (cmd_tmpl, cc)
        with self.lock:
            if key in self.done:
                return self.done[key]
            ev = self.events.get(key)
            owner = ev is None
            if owner:
                ev = self.events[key] = threading.Event()
                path = os.path.join(self.root, 'obj%d.o' % len(self.events))
        if not owner:
            ev.wait()
            return self.done[key]
        cmd = cmd_tmpl.format(**dict(fmt, obj=path))
        # from the scratch directory, as a build would: the object
        # records it as the compilation directory
        p = subprocess.run(cmd, shell=True, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, cwd=self.root)
        res = (path, None if p.returncode == 0 else
               '$ %s\n%s' % (cmd, p.stdout))
        with self.lock:
            self.done[key] = res
        ev.set()
        return res


def run_case(c, cc, lineup, objs, scratch, verbose, top):
    """Returns (status, message): status in PASS FAIL SKIP XFAIL XPASS."""
    for prog in c.needs:
        if not shutil.which(prog):
            return 'SKIP', '%s is not installed' % prog
    if c.needs_file and not os.path.exists(c.needs_file):
        return 'SKIP', '%s does not exist here' % c.needs_file
    d = tempfile.mkdtemp(dir=scratch)
    fmt = dict(cc=cc, lineup=lineup, fx=os.path.join(HERE, 'fixtures'),
               ex=os.path.join(top, 'examples', 'task_group'),
               inc=os.path.join(top, 'include'), dir=d,
               rules=os.path.join(d, 'r.ini'),
               schema=os.path.join(HERE, 'sarif-schema-2.1.0.json'))
    log = []
    if c.compile:
        shared, err = objs.get(c.compile, cc, fmt)  # fmt has cc
        if err:
            return 'FAIL', 'fixture does not compile:\n' + err
        fmt['obj'] = os.path.join(d, 'fixture.o')
        shutil.copyfile(shared, fmt['obj'])
        log.append('$ ' + c.compile.format(**fmt))
    if c.rules is not None:
        with open(fmt['rules'], 'w') as f:
            f.write(c.rules)
    elif c.rules_bytes is not None:
        with open(fmt['rules'], 'wb') as f:
            f.write(c.rules_bytes)
    if c.prep:
        cmd = c.prep.format(**fmt)
        log.append('$ ' + cmd)
        p = subprocess.run(cmd, shell=True, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, cwd=d)
        if p.returncode:
            return 'FAIL', '\n'.join(log) + '\n' + p.stdout
    stdin = None
    if c.stdin:
        cmd = c.stdin.format(**fmt)
        log.append('$ ' + cmd + ' |')
        p = subprocess.run(cmd, shell=True, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, cwd=d)
        if p.returncode:
            return 'FAIL', '\n'.join(log) + '\n' + p.stderr.decode()
        stdin = p.stdout
    args = [lineup] + shlex.split(c.run.format(**fmt))
    log.append('$ ' + ' '.join(shlex.quote(a) for a in args))
    try:
        p = subprocess.run(args, input=stdin, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, cwd=d, timeout=60,
                           stdin=None if stdin is not None
                           else subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return 'FAIL', '\n'.join(log) + '\ntimed out after 60 s'
    out = p.stdout.decode(errors='replace')
    err = p.stderr.decode(errors='replace')
    both = out + err
    problems = []
    exits = c.exit if isinstance(c.exit, tuple) else (c.exit,)
    if p.returncode not in exits:
        problems.append('exit %d, want %s' % (
            p.returncode, ' or '.join(map(str, exits))))
    for frag in c.expect:
        found = (re.search(frag, both) if isinstance(frag, R)
                 else frag in both)
        if not found:
            problems.append('missing: %r' % frag)
    for frag in c.reject:
        found = (re.search(frag, both) if isinstance(frag, R)
                 else frag in both)
        if found:
            problems.append('unwanted: %r' % frag)
    if c.check and not problems:
        try:
            msg = c.check(out, fmt)
        except Exception as e:  # a malformed report is a failure
            msg = '%s: %s' % (type(e).__name__, e)
        if msg and msg.startswith('SKIP: '):
            return 'SKIP', msg[6:]
        if msg:
            problems.append(msg)
    report = '\n'.join(log) + '\n--- stdout\n' + out + '--- stderr\n' + err
    if c.show:
        print(report, flush=True)
    if c.xfail:
        if problems:
            return 'XFAIL', c.xfail + '\n      (' + '; '.join(problems) + ')'
        return 'XPASS', ('passes now; remove its xfail (%s)\n' % c.xfail +
                         report)
    if problems:
        return 'FAIL', '\n'.join(problems) + '\n' + report
    return 'PASS', report if verbose else ''


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--lineup', required=False,
                    help='the lineup binary under test')
    ap.add_argument('--top', default=TOP,
                    help='the source tree (examples/, include/)')
    ap.add_argument('--group', action='append',
                    help='run only this group (repeatable)')
    ap.add_argument('--list', action='store_true')
    ap.add_argument('-v', '--verbose', action='store_true')
    ap.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()

    groups = sorted({c.group for c in CASES})
    if a.group:
        bad = [g for g in a.group if g not in groups]
        if bad:
            ap.error('unknown group %s (groups: %s)' % (
                ', '.join(bad), ', '.join(groups)))
    todo = [(c, cc) for c in CASES if not a.group or c.group in a.group
            for cc in (c.ccs if c.compile else ('',))]
    if a.list:
        for c, cc in todo:
            print('%-12s %s%s' % (c.group, c.name,
                                  ' [%s]' % cc if cc else ''))
        return 0
    if not a.lineup or not os.access(a.lineup, os.X_OK):
        ap.error('--lineup must name the lineup binary')
    a.lineup = os.path.abspath(a.lineup)   # cases run in scratch directories
    a.top = os.path.abspath(a.top)

    results = []
    with tempfile.TemporaryDirectory(prefix='lineup-check-') as scratch:
        objs = Objects(scratch)

        def one(item):
            c, cc = item
            if cc and not shutil.which(cc):
                return c, cc, 'SKIP', '%s is not installed' % cc
            return (c, cc) + run_case(c, cc, a.lineup, objs, scratch,
                                      a.verbose, a.top)

        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            for c, cc, status, msg in ex.map(one, todo):
                label = '%s: %s%s' % (c.group, c.name,
                                      ' [%s]' % cc if cc else '')
                print('%-5s %s' % (status, label), flush=True)
                if msg and status != 'PASS' or a.verbose and msg:
                    print('      ' + msg.replace('\n', '\n      '), flush=True)
                results.append(status)
    count = {s: results.count(s) for s in sorted(set(results))}
    print('summary: ' + ', '.join('%d %s' % (n, s) for s, n in count.items()))
    if count.get('FAIL') or count.get('XPASS'):
        return 1
    if results and all(s == 'SKIP' for s in results):
        return SKIP
    return 0


if __name__ == '__main__':
    sys.exit(main())
