#!/usr/bin/env python3
"""The house rules of tools/ (doc/architecture.md), checked on every build:

- a folder includes headers only from itself and the folders below it
  (ALLOWED, the table doc/architecture.md draws);
- no two source files of the core library call each other, directly or
  around a circle (from the symbols each object defines and needs);
- no source file is over 800 lines;
- every folder says what it owns (a README.md) and has a meson.build.

usage: check_house.py TOOLS_DIR CORE_LIB
"""
import collections
import os
import re
import subprocess
import sys

# folder -> the folders whose headers it may include (besides its own)
ALLOWED = {
    'util': set(),
    'model': {'util'},
    'readers': {'util', 'model'},
    'readers/dwarf': {'util', 'model', 'readers'},
    'check': {'util', 'model'},
    'report': {'util', 'model', 'check'},
    'matrix': {'util', 'model', 'check', 'report'},
    # programs matrix writes out and runs in a Kconfig tree, not linked
    'matrix/engine': set(),
    'suggest': {'util', 'model', 'check', 'report', 'matrix', 'readers'},
    'c2c': {'util', 'model', 'check', 'report'},
    'diff': {'util', 'model', 'check', 'report'},
    'asserts': {'util', 'model', 'check'},
    'net_cachelines': {'util', 'model'},
    'trace': {'util', 'model', 'readers', 'check', 'report', 'c2c'},
    'commands': None,   # the top: may include any stage
}
MAX_LINES = 800


def sources(tools):
    for root, _, files in os.walk(tools):
        for f in files:
            if f.endswith(('.c', '.h')):
                yield os.path.relpath(os.path.join(root, f), tools)


def check_includes(tools, problems):
    where = {}
    for path in sources(tools):
        where.setdefault(os.path.basename(path), os.path.dirname(path))
    for path in sources(tools):
        folder = os.path.dirname(path)
        if folder not in ALLOWED:
            problems.append(f'{path}: folder {folder!r} is not in the '
                            'table (add it here and to doc/architecture.md)')
            continue
        allowed = ALLOWED[folder]
        with open(os.path.join(tools, path), encoding='utf-8') as f:
            text = f.read()
        lines = text.count('\n')
        if lines > MAX_LINES:
            problems.append(f'{path}: {lines} lines (over {MAX_LINES}: '
                            'two ideas, split it)')
        for inc in re.findall(r'^#include "([^"]+)"', text, re.M):
            target = where.get(os.path.basename(inc))
            if target is None or target == folder or allowed is None:
                continue
            if target not in allowed:
                problems.append(f'{path}: includes {inc} from {target}/, '
                                f'which {folder}/ may not call')


def check_circles(lib, problems):
    out = subprocess.run(['nm', '-A', lib], capture_output=True, text=True,
                         check=True).stdout
    defs, needs = {}, collections.defaultdict(set)
    for line in out.splitlines():
        name, _, rest = line.rpartition(':')
        obj = name.split(':')[-1]
        parts = rest.split()
        if len(parts) == 3 and parts[1] in 'TDBR':
            defs[parts[2]] = obj
        elif len(parts) == 2 and parts[0] == 'U':
            needs[obj].add(parts[1])
    calls = {o: {defs[s] for s in ss if s in defs and defs[s] != o}
             for o, ss in needs.items()}
    # Tarjan's strongly connected components, iteratively
    index, low, stack, on, comps = {}, {}, [], set(), []
    for root in list(calls):
        if root in index:
            continue
        work = [(root, iter(sorted(calls.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(calls.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        comps.append(sorted(comp))
    for comp in comps:
        problems.append('files that call each other: ' + ' <-> '.join(comp))
    if not defs:
        problems.append(f'{lib}: no symbols (not the core library?)')


def check_folders(tools, problems):
    for folder in ALLOWED:
        d = os.path.join(tools, folder)
        if not os.path.isdir(d):
            continue
        for need in ('README.md', 'meson.build'):
            if not os.path.exists(os.path.join(d, need)):
                problems.append(f'tools/{folder}: no {need}')


def main():
    tools, lib = sys.argv[1], sys.argv[2]
    problems = []
    check_includes(tools, problems)
    check_circles(lib, problems)
    check_folders(tools, problems)
    for p in problems:
        print(f'check_house: {p}')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
