#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every command's real JSON against schema/lineup.schema.json.
(trace's programs are built with lineup trace-cc gcc.)

Each case compiles real C (gcc -g), runs one lineup command with
--format json and validates the document against the schema's $defs
entry for that command, twice: as installed (objects open to fields a
later minor version adds), and closed (unevaluatedProperties: false
everywhere), so a field the tool writes and the schema does not name
fails here too. Every document must start with "lineup": 1. The cases
cover every finding type (conflict with padding, limits, missing names,
kernel footprints), DWARF, BTF and pahole inputs, blocks and bit-fields,
a matrix with a configuration that does not compile, diff's moved and
shifted members, c2c ranked, --base and data-type reports, and suggest.

usage: run_schema_tests.py LINEUP SOURCE_ROOT
"""
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77

PLACE = """\
struct place8 { long head; long a, b, c, d; long w; long e, f; long r; };
struct place8 p8;
"""
BITS = """\
#include <lineup.h>
struct bits {
	LINEUP_BEGIN(write, flags);
	unsigned hot : 3;
	LINEUP_END(write, flags);
	LINEUP_BEGIN(read, cfg);
	unsigned cold : 5;
	LINEUP_END(read, cfg);
	union { long l; char c[4]; };
	struct { int x, y; } pt;
} b;
"""
KERNEL = """\
#define __cacheline_group_begin(G) __u8 __cacheline_group_begin__##G[0]
#define __cacheline_group_end(G) __u8 __cacheline_group_end__##G[0]
typedef unsigned char __u8;
struct knet {
	__cacheline_group_begin(knet_write_rx);
	long rx_packets;
	long rx_bytes;
	__cacheline_group_end(knet_write_rx);
	__cacheline_group_begin(knet_read_tx);
	void *tx_ops;
	int tx_flags;
	__cacheline_group_end(knet_read_tx);
} k;
"""
PADDED = """\
#include <stdint.h>
#include <lineup.h>
struct padded {
	LINEUP_BEGIN(read, tick);
	uint64_t se;
	LINEUP_END(read, tick);
	LINEUP_BEGIN(write, load);
	LINEUP_ALIGNED uint64_t load_avg;
	LINEUP_END(write, load);
} pd;
"""
# the kernel's own bounds on knet (check --kernel-asserts): one at its
# bound, one over, a member outside its group, one the struct lacks
KNET_ASSERTS = """\
void knet_struct_check(void)
{
	CACHELINE_ASSERT_GROUP_SIZE(struct knet, knet_write_rx, 16);
	CACHELINE_ASSERT_GROUP_SIZE(struct knet, knet_read_tx, 4 + 4);
	CACHELINE_ASSERT_GROUP_MEMBER(struct knet, knet_read_tx, rx_bytes);
#ifdef CONFIG_KNET_STATS
	CACHELINE_ASSERT_GROUP_MEMBER(struct knet, knet_read_tx, tx_stats);
#endif
}
"""
MATRIX_SRC = """\
struct m {
	long w;
#ifdef BIG
	char pad[64];
#endif
#ifdef BROKEN
	this does not compile;
#endif
	long r;
} m;
"""
MATRIX_INI = """\
[matrix]
source = m.c
compile = cc -c -g m.c
options = BIG BROKEN

[struct m]
write = w
read = r
"""
# the layout model: MV moves h and keeps sizeof (the layout only), and
# w and r share a line while at most six of ten members are between them,
# a condition past 64 terms with its threshold form
MODEL_SRC = """\
struct mm {
	char c;
#ifdef MV
	char shim[2];
#endif
	short h;
	_Alignas(64) long w;
""" + "".join("#ifdef M%d\n\tchar m%d[8];\n#endif\n" % (i, i)
              for i in range(1, 11)) + """\
	long r;
} mm;
"""
MODEL_INI = """\
[matrix]
compile = cc -c -g mm.c
options = MV M1 M2 M3 M4 M5 M6 M7 M8 M9 M10

[struct mm]
write = w
read = r
"""
# a matrix holding knet against the kernel's own bounds in each
# configuration (kernel_bounds)
KNET_MATRIX_INI = """\
[matrix]
compile = cc -c -g knet.c
arch = x86_64 i386
"""
MATRIX_SARIF_INI = MATRIX_INI.replace('options = BIG BROKEN', 'options = BIG')
LIMITS_INI = """\
[struct place8]
write.hot = head w
read = r
max_size = 64
max_bytes.hot = 47
max_lines.hot = 1
max_lines.hto = 1
"""
MISSING_INI = """\
[struct place8]
write = w wx
read = r
"""


def cases(tg):
    """(command name, argv after lineup, expected exit) for each case."""
    obj = tg + '/task_group_before.o'
    new = tg + '/task_group_reorder.o'
    iso = tg + '/task_group_isolate.o'
    perf = tg + '/perf-c2c-before.txt'
    out = [
        ('show', ['show', '--struct', 'task_group', obj], 0),
        ('show', ['show', 'bits.o'], 0),
        ('show', ['show', 'knet.o'], 0),
        ('show', ['show', 'knet.pahole'], 0),
        ('show', ['show', '--rules', 'tg.ini', '--struct', 'task_group',
                  obj], 0),
        ('check', ['check', '--rules', 'tg.ini', obj], 1),
        ('check', ['check', '--rules', 'tg.ini', new], 0),
        ('check', ['check', '--pair', 'bits.o'], 1),
        ('check', ['check', 'padded.o'], 1),
        ('check', ['check', 'knet.o'], 1),
        ('check', ['check', '--kernel-asserts', 'knet_check.c', 'knet.o'],
         1),
        ('check', ['check', 'odr.a'], 1),
        ('check', ['check', '--rules', 'limits.ini', 'place.o'], 1),
        ('check', ['check', '--strict', '--rules', 'missing.ini',
                   'place.o'], 1),
        ('matrix', ['matrix', '--rules', 'm.ini'], 2),
        ('matrix', ['matrix', '--model', '--rules', 'mm.ini'], 1),
        ('matrix', ['matrix', '--rules', 'km.ini', '--kernel-asserts',
                    'knet_check.c'], 1),
        ('diff', ['diff', obj, new], 0),
        ('diff', ['diff', '--rules', 'tg.ini', new, obj], 1),
        ('diff', ['diff', obj, iso], 0),
        ('c2c', ['c2c', '--struct', 'task_group', obj, perf], 1),
        ('c2c', ['c2c', '--struct', 'task_group', '--base',
                 '0xff1e8a0c43d71980', obj, perf], 1),
        ('suggest', ['suggest', '--struct', 'task_group', '--rules',
                     'tg.ini', obj], 0),
        ('suggest', ['suggest', '--struct', 'place8', '--rules',
                     'missing.ini', 'place.o'], 0),
    ]
    # trace: a verdict, and an inconclusive run (built in build())
    out.append(('trace', ['trace', '--', './period', '2'], 1))
    out.append(('trace', ['trace', '--sample', '4', '--', './gptr', 'raw'],
                2))
    out.append(('trace', ['trace', '--', './asm_ring'], 2))
    btf = '/sys/kernel/btf/vmlinux'
    if os.access(btf, os.R_OK):
        out.append(('show', ['show', '--struct', 'task_struct', btf], 0))
        out.append(('check', ['check', btf], None))
    return out


def features(doc, name):
    """What a document shows of the shapes the cases must cover."""
    out = set()

    def walk(node):
        if isinstance(node, dict):
            if 'severity' in node and 'type' in node:
                out.add('finding ' + node['type'])
                if node.get('padding'):
                    out.add('padding')
            if node.get('definition'):
                out.add('definition')
            if node.get('change'):
                out.add('change ' + node['change'])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(doc)
    if name == 'c2c':
        out.add('mapping ' + doc['mapping'])
    if name == 'matrix':
        out |= {'status ' + c['status'] for c in doc['configurations']}
        if doc.get('model', {}).get('change_layout_only'):
            out.add('model change_layout_only')
        if doc.get('kernel_bounds'):
            out.add('kernel_bounds')
        if doc.get('threshold') and \
                any(f.get('threshold') for f in doc['findings']):
            out.add('threshold')
    if name == 'show':
        out |= {'input ' + doc['input']['format']}
        if any(s['blocks'] for s in doc['structs']):
            out.add('blocks')
    return out


COVER = {'finding ' + t for t in ('conflict', 'max_size', 'max_bytes',
                                  'max_lines', 'missing_member',
                                  'missing_group', 'footprint',
                                  'kernel_size', 'kernel_member')} | {
    'padding', 'change moved', 'change shifted', 'mapping ranked',
    'mapping base', 'status pass', 'status fail', 'status error',
    'input dwarf', 'blocks', 'definition', 'model change_layout_only',
    'threshold', 'kernel_bounds'}


def check_sarif(lineup, work):
    """check's SARIF: every rule explained, ids as in the JSON."""
    problems = []
    argv = [lineup, 'check', '--rules', 'limits.ini', 'place.o', 'knet.o']
    sarif = json.loads(subprocess.run(argv + ['--format', 'sarif'], cwd=work,
                                      capture_output=True, text=True).stdout)
    doc = json.loads(subprocess.run(argv + ['--format', 'json'], cwd=work,
                                    capture_output=True, text=True).stdout)
    run = sarif['runs'][0]
    for rule in run['tool']['driver']['rules']:
        for key in ('shortDescription', 'fullDescription', 'help'):
            if len(rule.get(key, {}).get('text', '')) < 20:
                problems.append(f"SARIF rule {rule['id']} has no {key}")
        if rule['id'].startswith('LU0') and \
                not rule.get('help', {}).get('markdown'):
            problems.append(f"SARIF rule {rule['id']} has no help.markdown")
    ids = [f['id'] for f in doc['findings']]
    rule_ids = [r['ruleId'] for r in run['results']]
    if ids != rule_ids or len(set(ids)) < 4:
        problems.append(f'JSON ids {ids}, SARIF ruleIds {rule_ids}')
    # matrix --format sarif, for nightly sweeps: SARIF 2.1.0 with the
    # condition in each message
    p = subprocess.run([lineup, 'matrix', '--rules', 'm2.ini', '--format',
                        'sarif'], cwd=work, capture_output=True, text=True)
    try:
        m = json.loads(p.stdout)
        with open(os.path.join(ROOT, 'tests', 'check',
                               'sarif-schema-2.1.0.json')) as f:
            sarif_schema = json.load(f)
        import jsonschema
        errs = list(jsonschema.Draft7Validator(sarif_schema).iter_errors(m))
        res = m['runs'][0]['results']
        if p.returncode != 1 or errs or len(res) != 1 or \
                not res[0]['message']['text'].endswith('[BIG=n]') or \
                res[0]['properties']['configurations'] != ['BIG=n']:
            problems.append(f'matrix --format sarif: exit {p.returncode}, '
                            f'{errs[:2]}, {res}')
    except (ValueError, KeyError, IndexError) as e:
        problems.append(f'matrix --format sarif: {e}: {p.stderr}')
    for pr in problems:
        print('FAIL: ' + pr)
    print(f"{'FAIL' if problems else 'ok'}: check's and matrix's SARIF: "
          "rules, ids, conditions")
    return len(problems)


def closed(schema):
    """The schema with unevaluatedProperties: false on every object."""
    s = copy.deepcopy(schema)

    def walk(node):
        if isinstance(node, dict):
            if 'properties' in node and 'unevaluatedProperties' not in node:
                node['unevaluatedProperties'] = False
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(s)
    return s


def validator(jsonschema, schema, name):
    """A validator of one $defs entry, the others reachable by $ref."""
    sub = {'$schema': schema['$schema'], '$defs': schema['$defs'],
           '$ref': '#/$defs/' + name}
    cls = jsonschema.Draft202012Validator
    cls.check_schema(sub)
    return cls(sub)


def sh(cmd, cwd):
    subprocess.run(cmd, cwd=cwd, shell=True, check=True)


def build(root, work, lineup):
    tg = os.path.join(work, 'tg')
    shutil.copytree(os.path.join(root, 'examples', 'task_group'), tg)
    inc = os.path.join(root, 'include')
    files = {'place.c': PLACE, 'bits.c': BITS, 'knet.c': KERNEL,
             'padded.c': PADDED, 'knet_check.c': KNET_ASSERTS,
             'm.c': MATRIX_SRC, 'm.ini': MATRIX_INI,
             'mm.c': MODEL_SRC, 'mm.ini': MODEL_INI,
             'm2.ini': MATRIX_SARIF_INI, 'km.ini': KNET_MATRIX_INI,
             'limits.ini': LIMITS_INI, 'missing.ini': MISSING_INI}
    for name, text in files.items():
        with open(os.path.join(work, name), 'w') as f:
            f.write(text)
    cfg = '-DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP -DCONFIG_RT_GROUP_SCHED'
    for src in ('before', 'reorder', 'isolate'):
        sh(f'gcc -c -g -I{inc} {cfg} tg/task_group_{src}.c '
           f'-o tg/task_group_{src}.o', work)
    for name in ('place', 'bits', 'knet', 'padded'):
        sh(f'gcc -std=gnu11 -c -g -I{inc} {name}.c -o {name}.o', work)
    if shutil.which('pahole'):
        sh('pahole --hex knet.o > knet.pahole', work)
    # two definitions of struct odr_conn (units built with other -D)
    fx = os.path.join(root, 'tests', 'check', 'fixtures')
    for name in ('odr.h', 'odr_a.c', 'odr_b.c'):
        shutil.copy(os.path.join(fx, name), work)
    sh(f'gcc -c -g -I{inc} odr_a.c && gcc -c -g -DODR_ROOMY -I{inc} '
       'odr_b.c && ar rc odr.a odr_a.o odr_b.o', work)
    tfx = os.path.join(root, 'tests', 'trace', 'fixtures')
    for name in ('period', 'gptr', 'asm_ring'):
        sh(f'{lineup} trace-cc gcc -O2 -I{inc} -I{tfx} {tfx}/{name}.c '
           f'-o {name}', work)
    with open(os.path.join(work, 'tg.ini'), 'w') as f:
        f.write('[struct task_group]\nwrite = load_avg\n'
                'read = rt_se rt_rq\n')


def main():
    global ROOT
    lineup, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    ROOT = root
    try:
        import jsonschema
    except ImportError:
        print('python3-jsonschema is not installed')
        return SKIP
    with open(os.path.join(root, 'schema', 'lineup.schema.json')) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    strict = closed(schema)
    failed, seen, covered = 0, set(), set()
    with tempfile.TemporaryDirectory(prefix='lineup-schema.') as work:
        build(root, work, lineup)
        for name, argv, want in cases('tg'):
            if argv[-1] == 'knet.pahole' and \
                    not os.path.exists(os.path.join(work, 'knet.pahole')):
                continue
            # a traced program's arguments follow --
            cut = argv.index('--') if '--' in argv else len(argv)
            p = subprocess.run([lineup, *argv[:cut], '--format', 'json',
                                *argv[cut:]],
                               cwd=work, capture_output=True, text=True)
            what = 'lineup ' + ' '.join(argv)
            problems = []
            if want is not None and p.returncode != want:
                problems.append(f'exit {p.returncode}, expected {want}: '
                                f'{p.stderr.strip()}')
            try:
                doc = json.loads(p.stdout, object_pairs_hook=list)
                first = doc[0] if doc else None
                if first != ('lineup', 1):
                    problems.append(f'starts with {first}, not "lineup": 1')
                doc = json.loads(p.stdout)
            except ValueError as e:
                problems.append(f'not JSON: {e}')
                doc = None
            if doc is not None:
                covered |= features(doc, name)
                for label, s in (('open', schema), ('closed', strict)):
                    v = validator(jsonschema, s, name)
                    for e in sorted(v.iter_errors(doc), key=str)[:5]:
                        path = '/'.join(str(x) for x in e.absolute_path)
                        problems.append(f'{label} schema: at /{path}: '
                                        f'{e.message[:300]}')
            print(f"{'FAIL' if problems else 'ok'}: {what}")
            for pr in problems:
                print('   ' + pr)
            failed += bool(problems)
            seen.add(name)
        failed += check_sarif(lineup, work)
    missing = {'show', 'check', 'matrix', 'diff', 'c2c', 'suggest',
               'trace'} - seen
    if missing:
        print(f'FAIL: no case for {sorted(missing)}')
        failed += 1
    if COVER - covered:
        print(f'FAIL: no case shows {sorted(COVER - covered)}')
        failed += 1
    print(f'schema: {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
