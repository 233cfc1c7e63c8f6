#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Acceptance tests of `lineup c2c`.

Fixtures are compiled at test time with gcc (the seed's task_group in the
configuration the seed measured, and tests/c2c/fixtures/stats.c); the perf
reports in fixtures/ are written for these tests, each labelled with the
perf version whose layout it follows. The task_group reports before and
after the fix are the README walk-through's, in examples/task_group/:
synthetic Paretos in the header-less shape of a perf 6.x report pasted
into a mail, as the seed thread shows its own. A case checks the exit
status and the exact lines a user reads: every `expect` line must be a
whole line of stdout (or, for `err`, the whole of stderr), and no `reject`
fragment may appear anywhere.

Placeholders: {lineup}, {fx} tests/c2c/fixtures, {ex} examples/task_group,
{dir} the scratch directory (objects: {dir}/before.o, reorder.o, stats.o),
{before_c} the path of task_group_before.c as DWARF records it.

    run_c2c_tests.py --lineup PATH [--top DIR] [--group NAME]... [-v]

Exit status: 0 pass, 1 a case failed, 77 every selected case was skipped.
"""

import argparse
import glob
import json
import os
import shlex
import subprocess
import sys
import tempfile

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
SEED_GLOB = '/work/shared/seeds/000_*.txt'
# The seed's measurement: CONFIG_RT_GROUP_SCHED=y on a v6.4 kernel.
SEED_CONFIG = '-DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP -DCONFIG_RT_GROUP_SCHED'

CASES = []


def case(group, name, run, exit, expect=(), reject=(), err=None,
         stdin=None, after=None, needs_file=None):
    CASES.append(dict(group=group, name=name, run=run, exit=exit,
                      expect=expect, reject=reject, err=err, stdin=stdin,
                      after=after, needs_file=needs_file))


SEED_LINE = ("cacheline 0xff1e8a0c43d71a80: line 4 (bytes 256-319) of struct "
             "task_group, ranked first of 11 placements: 3 of 3 sampled "
             "offsets start a member; also fits: line 3 (bytes 192-255) "
             "(a ranking: --base ADDR makes it exact)")
SEED_ERROR = ("{before_c}:19:16: error: 'load_avg' (stored by update_load_avg, "
              "__update_blocked_fair) shares line 4 (bytes 256-319) with "
              "'rt_se', 'rt_rq' (loaded by set_task_cpu) in struct task_group: "
              "false sharing [LU201]")

# --- the seed's bug: before and after the fix ----------------------------
case('seed', 'before-ranked',
     '{lineup} c2c --struct task_group {dir}/before.o {ex}/perf-c2c-before.txt', 1,
     expect=[SEED_LINE,
             "    256  load_avg (atomic_long_t, 8 bytes): stores 100.0%, HITM 70.2%",
             "           update_load_avg+1012             stores 96.7%, HITM 5.1%",
             "           update_cfs_group+94              HITM 64.6%",
             "    264  rt_se (struct sched_rt_entity * *, 8 bytes): HITM 15.4%",
             "           set_task_cpu+233                 HITM 15.4%",
             "    272  rt_rq (struct rt_rq * *, 8 bytes): HITM 14.5%",
             SEED_ERROR,
             "lineup c2c: 1 of 1 lines show false sharing: a member stored, "
             "another loaded"])
case('seed', 'before-stdin',
     '{lineup} c2c --struct task_group {dir}/before.o -', 1,
     stdin='{ex}/perf-c2c-before.txt', expect=[SEED_ERROR])
case('seed', 'after-fixed-layout',
     '{lineup} c2c --struct task_group {dir}/reorder.o {ex}/perf-c2c-after.txt', 0,
     expect=["    256  load_avg (atomic_long_t, 8 bytes, write): stores 100.0%, "
             "HITM 100.0%",
             "lineup c2c: no writer shares a line with a reader of another "
             "member (1 line placed)"],
     reject=['error:', 'rt_se', 'parent'])
case('seed', 'layout-matches-seed',
     '{lineup} show --format json --struct task_group {dir}/before.o', 0,
     after='layout')
case('seed', 'whole-thread',
     '{lineup} c2c --struct task_group {dir}/before.o {seed}', 1,
     needs_file=SEED_GLOB,
     expect=[SEED_ERROR,
             "lineup c2c: 1 of 2 lines show false sharing: a member stored, "
             "another loaded"])

# --- --base: the object's address ---------------------------------------
case('base', 'seed-base',
     '{lineup} c2c --struct task_group --base 0xff1e8a0c43d71980 '
     '{dir}/before.o {ex}/perf-c2c-before.txt', 1,
     expect=["cacheline 0xff1e8a0c43d71a80: line 4 (bytes 256-319) of struct "
             "task_group, at --base 0xff1e8a0c43d71980", SEED_ERROR])
# the same report with the object one line lower: other members
case('base', 'second-line',
     '{lineup} c2c --struct stats --base 0x5611b0a040c0 {dir}/stats.o '
     '{fx}/perf-6.1-stdio.txt', 1,
     expect=["cacheline 0x5611b0a04100: line 1 (bytes 64-127) of struct "
             "stats, at --base 0x5611b0a040c0",
             "     64  tx_packets (long unsigned int, 8 bytes): stores 90.6%",
             "     80  tx_ops (void *, 8 bytes): HITM 74.3%",
             "     88  pad (char[40], 40 bytes): HITM 25.7%"],
     reject=['rx_packets'])
# an object that does not start a line: the line covers parts of two
case('base', 'unaligned',
     '{lineup} c2c --struct stats --base 0x5611b0a040f8 {dir}/stats.o '
     '{fx}/perf-6.1-stdio.txt', 1,
     expect=["cacheline 0x5611b0a04100: the line at bytes 8-71 (lines 0-1) "
             "of struct stats, at --base 0x5611b0a040f8",
             "     32  state (int, 4 bytes): HITM 25.7%",
             "{fx}/stats.c:10:16: error: 'rx_bytes' (stored by stats_rx) "
             "shares the line at bytes 8-71 (lines 0-1) with 'peer', 'state' "
             "(loaded by stats_peek) in struct stats: false sharing [LU201]"])
case('base', 'decimal',
     '{lineup} c2c --struct stats --base %d {dir}/stats.o '
     '{fx}/perf-6.1-stdio.txt' % 0x5611b0a04100, 1,
     expect=["cacheline 0x5611b0a04100: line 0 (bytes 0-63) of struct stats, "
             "at --base 0x5611b0a04100"])
case('base', 'outside',
     '{lineup} c2c --struct stats --base 0x1000 {dir}/stats.o '
     '{fx}/perf-6.1-stdio.txt', 2,
     err="lineup: failed to map {fx}/perf-6.1-stdio.txt to struct stats: no "
         "sampled address falls inside stats at 0x1000 (128 bytes)")
case('base', 'bad',
     '{lineup} c2c --struct stats --base 0xfoo {dir}/stats.o '
     '{fx}/perf-6.1-stdio.txt', 2,
     err="lineup c2c: bad --base '0xfoo' (an address, e.g. "
         "0xffff888100a3c000)")

# a leading 0 is decimal, as perf prints addresses (strtoull read octal)
case('base', 'leading-zero',
     '{lineup} c2c --struct stats --base 0%d {dir}/stats.o '
     '{fx}/perf-6.1-stdio.txt' % 0x5611b0a04100, 1,
     expect=["cacheline 0x5611b0a04100: line 0 (bytes 0-63) of struct stats, "
             "at --base 0x5611b0a04100"])
for bad in (" -1", "-1", "+5", "0x", "0x-5", "12abc"):
    case('base', 'bad-%s' % bad.strip().replace("-", "minus"),
         "{lineup} c2c --struct stats --base '%s' {dir}/stats.o "
         "{fx}/perf-6.1-stdio.txt" % bad, 2,
         err="lineup c2c: bad --base '%s' (an address, e.g. "
             "0xffff888100a3c000)" % bad)

# --- ranking without --base ----------------------------------------------
case('rank', 'perf-5.4',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/perf-5.4-stdio.txt', 1,
     expect=["cacheline 0x55d0c4a1e040: line 0 (bytes 0-63) of struct stats, "
             "ranked first of 2 placements: 4 of 4 sampled offsets start a "
             "member (a ranking: --base ADDR makes it exact)",
             "     36  flags (int, 4 bytes): stores 4.1%",
             "           stats_flag                       stores 4.1%  stats.c:40",
             "cacheline 0x55d0c4a1e080: line 1 (bytes 64-127) of struct stats, "
             "ranked first of 2 placements: 1 of 1 sampled offsets start a "
             "member, one object with cacheline 0x55d0c4a1e040 (a ranking: "
             "--base ADDR makes it exact)",
             "{fx}/stats.c:9:16: error: 'rx_packets' (stored by stats_rx) "
             "shares line 0 (bytes 0-63) with 'ops', 'peer' (loaded by "
             "stats_peek) in struct stats: false sharing [LU201]",
             "lineup c2c: 1 of 2 lines show false sharing: a member stored, "
             "another loaded"])
# 128-byte lines (ppc64): task_group is 64-aligned, so a line may start
# at any 64-byte boundary of it
case('rank', 'line-size-128',
     '{lineup} c2c --line-size 128 --struct task_group {dir}/before.o '
     '{ex}/perf-c2c-before.txt', 1,
     expect=["cacheline 0xff1e8a0c43d71a80: line 2 (bytes 256-383) of struct "
             "task_group, ranked first of 12 placements: 3 of 3 sampled "
             "offsets start a member; also fits: the line at bytes 192-319 (lines 1-2) "
             "(a ranking: --base ADDR makes it exact)"])
case('rank', 'perf-6.1',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/perf-6.1-stdio.txt', 1,
     expect=["      8  rx_bytes (long unsigned int, 8 bytes): stores 9.4%",
             "           stats_peek                       HITM 74.3%  stats.c:30"])
case('rank', 'perf-6.8-peer',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/perf-6.8-peer.txt', 1,
     expect=["     16  ops (void *, 8 bytes): HITM 100.0%",
             "           stats_peek                       HITM 100.0%  "
             "stats[3e88]",
             "{fx}/stats.c:9:16: error: 'rx_packets' (stored by stats_rx) "
             "shares line 0 (bytes 0-63) with 'ops' (loaded by stats_peek) "
             "in struct stats: false sharing [LU201]"])
case('rank', 'double-cl',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/perf-6.1-double-cl.txt', 1,
     expect=["offsets within 128-byte line pairs (--double-cl)",
             "cacheline 0x5611b0a04100: lines 0-1 (bytes 0-127) of struct "
             "stats, ranked first of 3 placements: 2 of 2 sampled offsets "
             "start a member (a ranking: --base ADDR makes it exact)",
             "     80  tx_ops (void *, 8 bytes): HITM 100.0%",
             "           stats_tx_ops+12                  HITM 100.0%",
             "{fx}/stats.c:9:16: error: 'rx_packets' (stored by stats_rx) "
             "shares lines 0-1 (bytes 0-127) with 'tx_ops' (loaded by "
             "stats_tx_ops) in struct stats: false sharing [LU201]"])

# --- data-type profiling ---------------------------------------------------
DT = ["struct stats samples: line 0 (bytes 0-63) of struct stats",
      "      0  rx_packets (long unsigned int, 8 bytes): stores 100.0%",
      "     16  ops (void *, 8 bytes): loads 64.4%",
      "{fx}/stats.c:9:16: error: 'rx_packets' (stored) shares line 0 "
      "(bytes 0-63) with 'ops', 'peer' (loaded) in struct stats: false "
      "sharing [LU201]",
      "     64  tx_packets (long unsigned int, 8 bytes): stores 100.0%, "
      "loads 100.0%"]
case('datatype', 'typeoff-dec',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/typeoff-dec.txt', 1,
     expect=DT)
case('datatype', 'typeoff-hex',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/typeoff-hex.txt', 1,
     expect=DT)
# A type aligned to 4 (padding arrays, not alignment, keep it apart): the
# samples alone cannot say where its lines begin, and the output says so;
# --base does, and at offset 60 of a line the producer's second index
# shares a line with the geometry the consumer loads.
case('datatype', 'typeoff-unaligned',
     '{lineup} c2c --struct ring_t {dir}/ring.o {fx}/typeoff-ring.txt', 0,
     expect=["struct ring samples: line 1 (bytes 64-127) of struct ring, "
             "lines counted from offset 0 (objects aligned to 4 may start "
             "anywhere in a line: --base ADDR places them)",
             "     68  prod_commit (unsigned int, 4 bytes): stores 60.0%"])
case('datatype', 'typeoff-base',
     '{lineup} c2c --struct ring_t --base 0x7f1000003c {dir}/ring.o '
     '{fx}/typeoff-ring.txt', 1,
     expect=["struct ring samples: the line at bytes 0-3 (line 0) of struct "
             "ring, at --base 0x7f1000003c",
             "struct ring samples: the line at bytes 4-67 (lines 0-1) of "
             "struct ring, at --base 0x7f1000003c",
             "     64  prod_reserve (unsigned int, 4 bytes): stores 100.0%",
             "struct ring samples: the line at bytes 68-131 (lines 1-2) of "
             "struct ring, at --base 0x7f1000003c",
             "{fx}/ring.c:17:15: error: 'prod_commit' (stored) shares the "
             "line at bytes 68-131 (lines 1-2) with 'capacity' (loaded) in "
             "struct ring: false sharing [LU201]",
             "struct ring samples: the line at bytes 132-139 (line 2) of "
             "struct ring, at --base 0x7f1000003c",
             "    136  closed (unsigned char, 1 byte): loads 25.0%",
             "lineup c2c: 1 of 4 lines show false sharing: a member stored, "
             "another loaded"])
# Padding arrays start no member for the ranking: only the placement at
# bytes 68-131 puts both offsets on members; cons_pad and prod_pad would
# have tied it (and cons_pad won, "'cons_pad' stored").
case('rank', 'padding-arrays',
     '{lineup} c2c --struct ring_t {dir}/ring.o {fx}/pareto-ring.txt', 1,
     expect=["cacheline 0x55d0c0a0a0c0: the line at bytes 68-131 (lines "
             "1-2) of struct ring, ranked first of 50 placements: 2 of 2 "
             "sampled offsets start a member (a ranking: --base ADDR makes "
             "it exact)",
             "     68  prod_commit (unsigned int, 4 bytes): stores 100.0%, "
             "HITM 18.5%",
             "{fx}/ring.c:17:15: error: 'prod_commit' (stored by "
             "ring_publish) shares the line at bytes 68-131 (lines 1-2) "
             "with 'capacity' (loaded by ring_pop) in struct ring: false "
             "sharing [LU201]"],
     reject=['pad ('])
# A tagless struct is named as C names it, by its typedef, in every line.
case('datatype', 'typeoff-tagless',
     '{lineup} c2c --struct cursor_t {dir}/ring.o {fx}/typeoff-cursor.txt', 1,
     expect=["cursor_t (24 bytes, align 8) in {dir}/ring.o; perf report "
             "data-type offsets from {fx}/typeoff-cursor.txt",
             "cursor_t samples: line 0 (bytes 0-63) of cursor_t, lines "
             "counted from offset 0 (objects aligned to 8 may start "
             "anywhere in a line: --base ADDR places them)",
             "      8  lo (unsigned int, 4 bytes): loads 70.0%",
             "     16  state (unsigned char, 1 byte): loads 30.0%",
             "{fx}/ring.c:28:16: error: 'seq' (stored) shares line 0 "
             "(bytes 0-63) with 'lo', 'state' (loaded) in cursor_t: false "
             "sharing [LU201]"],
     reject=['struct cursor_t'])
case('datatype', 'typeoff-tagless-struct',
     '{lineup} c2c --struct cursor_t {dir}/ring.o '
     '{fx}/typeoff-cursor-struct.txt', 2,
     err="lineup: failed to map {fx}/typeoff-cursor-struct.txt to "
         "cursor_t: it has samples of struct cursor_t, not of cursor_t")
case('datatype', 'annotate',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/annotate.txt', 0,
     expect=["     16  ops (void *, 8 bytes): loads 73.7%",
             "     64  tx_packets (long unsigned int, 8 bytes): loads 100.0%",
             "lineup c2c: no writer shares a line with a reader of another "
             "member (2 lines placed)"])
case('datatype', 'other-type',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/page-only.txt', 2,
     err="lineup: failed to map {fx}/page-only.txt to struct stats: it has "
         "samples of struct page, not of struct stats")

# --- --rules-out: the draft checks to the same conflict --------------------
case('rules', 'draft-checks',
     '{lineup} c2c --struct task_group --rules-out {dir}/draft.ini '
     '{dir}/before.o {ex}/perf-c2c-before.txt', 1, after='draft')
case('rules', 'draft-from-types',
     '{lineup} c2c --struct ring_t --rules-out {dir}/ring.ini '
     '{dir}/ring.o {fx}/typeoff-ring.txt', 0, after='draft-type')
case('rules', 'draft-after-clean',
     '{lineup} c2c --struct task_group --rules-out {dir}/after.ini '
     '{dir}/reorder.o {ex}/perf-c2c-after.txt', 0, after='draft-after')
case('rules', 'unwritable',
     '{lineup} c2c --struct task_group --rules-out {dir}/no/such/dir/x.ini '
     '{dir}/before.o {ex}/perf-c2c-before.txt', 2,
     err="lineup: failed to write {dir}/no/such/dir/x.ini: No such file or "
         "directory")
case('rules', 'onto-directory',
     '{lineup} c2c --struct task_group --rules-out {dir}/adir '
     '{dir}/before.o {ex}/perf-c2c-before.txt', 2,
     err="lineup: failed to write {dir}/adir: Is a directory",
     after='no-leftover')

# --- bad input: one line, exit 2 -------------------------------------------
case('bad', 'empty',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/empty.txt', 2,
     err="lineup: {fx}/empty.txt: error: not a perf c2c or data-type report "
         "(no Pareto, cacheline table or data-type rows): it is empty")
case('bad', 'garbage',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/garbage.txt', 2,
     err="lineup: {fx}/garbage.txt: error: not a perf c2c or data-type "
         "report (no Pareto, cacheline table or data-type rows)")
case('bad', 'truncated',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/truncated.txt', 2,
     err="lineup: {fx}/truncated.txt:9: error: a row without a hex offset "
         "after its percentages (no usable row in the report)")
case('bad', 'table-only',
     '{lineup} c2c --struct stats {dir}/stats.o {fx}/perf-6.1-table-only.txt',
     2, err="lineup: failed to map {fx}/perf-6.1-table-only.txt to struct "
            "stats: it has no per-offset rows (the Pareto) to place")
case('bad', 'other-struct',
     '{lineup} c2c --struct task_group {dir}/before.o {fx}/other-struct.txt',
     2, err="lineup: failed to map {fx}/other-struct.txt to struct "
            "task_group: no contended line fits task_group: no placement "
            "puts its offsets on member starts (a report for another "
            "struct?)")
case('bad', 'unknown-struct',
     '{lineup} c2c --struct task_grop {dir}/before.o {ex}/perf-c2c-before.txt', 2,
     err="lineup: failed to find struct task_grop in {dir}/before.o (did "
         "you mean 'task_group'?)")
case('bad', 'missing-report',
     '{lineup} c2c --struct stats {dir}/stats.o {dir}/nope.txt', 2,
     err="lineup: failed to read {dir}/nope.txt: No such file or directory")
case('bad', 'directory-report',
     '{lineup} c2c --struct stats {dir}/stats.o {dir}', 2,
     err="lineup: failed to read {dir}: Is a directory")
case('bad', 'both-stdin',
     '{lineup} c2c --struct stats - -', 2,
     err="lineup c2c: FILE and REPORT cannot both be stdin")
case('bad', 'no-struct',
     '{lineup} c2c {dir}/stats.o {fx}/annotate.txt', 2,
     err="lineup c2c: no --struct NAME given; usage: lineup c2c --struct "
         "NAME [--base ADDR] [--rules-out FILE.ini] FILE REPORT")
case('bad', 'not-an-object',
     '{lineup} c2c --struct stats {fx}/garbage.txt {fx}/annotate.txt', 2,
     reject=['Traceback'])

# --- formats and help ---------------------------------------------------------
case('format', 'json',
     '{lineup} c2c --format json --struct task_group {dir}/before.o '
     '{ex}/perf-c2c-before.txt', 1, after='json')
case('format', 'help', '{lineup} c2c --help', 0,
     expect=["usage: lineup c2c --struct NAME [--base ADDR] [--rules-out "
             "FILE.ini] [OPTIONS] FILE REPORT"])
case('format', 'sarif-refused',
     '{lineup} c2c --format sarif --struct stats {dir}/stats.o '
     '{fx}/annotate.txt', 2,
     err="lineup c2c: unknown format 'sarif' (c2c takes text|json)")


# ---------------------------------------------------------------------------
def after_layout(out, ctx):
    s = json.loads(out)['structs'][0]
    at = {m['name']: m['offset'] for m in s['members']}
    # the Pareto: load_avg at 0x0 of a line, rt_se 0x8, rt_rq 0x10
    want = {'load_avg': 256, 'rt_se': 264, 'rt_rq': 272}
    got = {k: at.get(k) for k in want}
    if got != want or s['size'] != 704:
        return 'layout %r size %r, want %r and 704' % (got, s['size'], want)
    return None


def run_check(ctx, rules, obj):
    p = subprocess.run([ctx['lineup'], 'check', '--rules', rules, obj],
                       capture_output=True, text=True, timeout=60,
                       cwd=ctx['dir'])
    return p.returncode, p.stdout


def after_draft(out, ctx):
    rules = os.path.join(ctx['dir'], 'draft.ini')
    text = open(rules).read().splitlines()
    for want in ['[struct task_group]', 'write = load_avg',
                 'read = rt_se rt_rq',
                 '# rt_se: loads 15.4% of line 4 (bytes 256-319): '
                 'set_task_cpu+233, set_task_cpu+240']:
        if want not in text:
            return 'draft lacks %r:\n%s' % (want, '\n'.join(text))
    rc, check = run_check(ctx, rules, os.path.join(ctx['dir'], 'before.o'))
    want = ("%s:19:16: error: 'load_avg' (write) shares cache line 4 with "
            "'rt_se', 'rt_rq' (read) in struct task_group [LU001]" % ctx['before_c'])
    if rc != 1 or want not in check.splitlines():
        return 'check --rules draft: exit %d\n%s' % (rc, check)
    return None


def after_draft_after(out, ctx):
    rules = os.path.join(ctx['dir'], 'after.ini')
    text = open(rules).read().splitlines()
    if 'write = load_avg' not in text or any(
            t.startswith('read') for t in text):
        return 'draft after the fix:\n' + '\n'.join(text)
    rc, check = run_check(ctx, rules, os.path.join(ctx['dir'], 'reorder.o'))
    return None if rc == 0 else 'check exit %d\n%s' % (rc, check)


def after_no_leftover(out, ctx):
    left = [f for f in os.listdir(ctx['dir']) if '.tmp.' in f]
    return 'leftover %r' % left if left else None


def after_json(out, ctx):
    j = json.loads(out)
    line = j['lines'][0]
    names = [m['name'] for m in line['members']]
    if (j['lineup'] != 1 or j['mapping'] != 'ranked' or
            line['line'] != 4 or names != ['load_avg', 'rt_se', 'rt_rq'] or
            not line['false_sharing'] or line['rank']['tied'] != [192] or
            j['report']['format'] != 'c2c-pareto' or
            j['false_sharing_lines'] != 1):
        return 'unexpected JSON: ' + out[:2000]
    site = line['members'][0]['sites'][0]
    if site['site'] != 'update_load_avg+1012' or \
            site['code_address'] != '0xffffffff8b1d5e04':
        return 'first site %r' % site
    return None


def after_draft_type(out, ctx):
    """A data-type report names no code: the comments end at the line."""
    rules = os.path.join(ctx['dir'], 'ring.ini')
    text = open(rules).read().splitlines()
    want = ['# prod_commit: stores 60.0% of line 1 (bytes 64-127)',
            '# capacity: loads 50.0% of line 2 (bytes 128-191)',
            'write = cons_head prod_reserve prod_commit',
            'read = capacity mask closed']
    missing = [w for w in want if w not in text]
    return 'draft lacks %r:\n%s' % (missing, '\n'.join(text)) \
        if missing else None


AFTER = {'layout': after_layout, 'draft': after_draft,
         'draft-after': after_draft_after, 'no-leftover': after_no_leftover,
         'json': after_json, 'draft-type': after_draft_type}


def build(ctx, top):
    ex = os.path.join(top, 'examples', 'task_group')
    cmds = [
        'gcc -c -g %s %s/task_group_before.c -o %s/before.o'
        % (SEED_CONFIG, ex, ctx['dir']),
        'gcc -c -g -I%s/include %s %s/task_group_reorder.c -o %s/reorder.o'
        % (top, SEED_CONFIG, ex, ctx['dir']),
        'gcc -c -g %s/stats.c -o %s/stats.o' % (ctx['fx'], ctx['dir']),
        'gcc -c -g %s/ring.c -o %s/ring.o' % (ctx['fx'], ctx['dir']),
    ]
    for c in cmds:
        subprocess.run(shlex.split(c), check=True)
    os.mkdir(os.path.join(ctx['dir'], 'adir'))
    # lineup runs in the scratch directory: source paths print whole
    ctx['before_c'] = os.path.join(ex, 'task_group_before.c')


def run_case(c, ctx, verbose):
    fmt = dict(ctx)
    if c['needs_file']:
        found = sorted(glob.glob(c['needs_file']))
        if not found:
            return 'skip'
        fmt['seed'] = found[0]
    cmd = c['run'].format(**fmt)
    stdin = open(c['stdin'].format(**fmt), 'rb') if c['stdin'] else None
    p = subprocess.run(shlex.split(cmd), stdin=stdin or subprocess.DEVNULL,
                       capture_output=True, timeout=60, cwd=ctx['dir'])
    out = p.stdout.decode('utf-8', 'replace')
    err = p.stderr.decode('utf-8', 'replace')
    problems = []
    if p.returncode != c['exit']:
        problems.append('exit %d, want %d' % (p.returncode, c['exit']))
    lines = out.splitlines()
    for e in c['expect']:
        if e.format(**fmt) not in lines:
            problems.append('missing line: ' + e.format(**fmt))
    for r in c['reject']:
        if r.format(**fmt) in out:
            problems.append('unwanted: ' + r)
    if c['err'] is not None and err.rstrip('\n') != c['err'].format(**fmt):
        problems.append('stderr %r, want %r' % (err, c['err'].format(**fmt)))
    if c['exit'] == 2 and err.count('\n') != 1:
        problems.append('want one line on stderr, got %r' % err)
    if not problems and c['after']:
        why = AFTER[c['after']](out, ctx)
        if why:
            problems.append(why)
    if problems or verbose:
        print('--- %s/%s: %s\n$ %s\n%s%s' % (c['group'], c['name'],
              'FAIL' if problems else 'ok', cmd, out, err))
        for pr in problems:
            print('  ' + pr)
    return 'fail' if problems else 'pass'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--top', default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument('--group', action='append')
    ap.add_argument('-v', action='store_true')
    a = ap.parse_args()
    sel = [c for c in CASES if not a.group or c['group'] in a.group]
    with tempfile.TemporaryDirectory(prefix='lineup-c2c-') as d:
        ctx = {'lineup': os.path.abspath(a.lineup), 'dir': d,
               'fx': os.path.join(os.path.abspath(a.top), 'tests', 'c2c',
                                  'fixtures'),
               'ex': os.path.join(os.path.abspath(a.top), 'examples',
                                  'task_group')}
        build(ctx, os.path.abspath(a.top))
        res = [run_case(c, ctx, a.v) for c in sel]
    n = {k: res.count(k) for k in ('pass', 'fail', 'skip')}
    print('c2c: %(pass)d passed, %(fail)d failed, %(skip)d skipped' % n)
    if n['fail']:
        return 1
    return SKIP if n['skip'] == len(res) else 0


if __name__ == '__main__':
    sys.exit(main())
