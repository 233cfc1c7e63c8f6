#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""suggest's model lays out the input's own order as the compiler did
(issue 31): every fixture in fixtures/ built with gcc and with clang (and
fixtures/cxx/ with g++ and clang++), then
model_identity on all the objects at once, each with its fixture's rules
(offsets, size, alignment and the checker's verdict, with the markers
suggest would add).

    model_identity.py MODEL_IDENTITY TOP

Exit status: 0 pass, 1 a layout differs.
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, 'fixtures')
DEFINES = {'srcdiff.c': ['CONFIG_STATS', 'CONFIG_STATS_HIST']}


def main():
    tool, top = sys.argv[1], sys.argv[2]
    inc = os.path.join(top, 'include')
    with tempfile.TemporaryDirectory(prefix='lineup-identity-') as tmp:
        args, procs = [tool], []
        sources = [(n, ('gcc', 'clang')) for n in sorted(os.listdir(FIXTURES))
                   if n.endswith('.c')]
        sources += [(os.path.join('cxx', n), ('g++', 'clang++'))
                    for n in sorted(os.listdir(os.path.join(FIXTURES, 'cxx')))
                    if n.endswith('.cpp')]
        for name, compilers in sources:
            base = os.path.splitext(name)[0]
            ini = os.path.join(FIXTURES, base + '.ini')
            rules = os.path.join(tmp, base.replace('/', '-') + '.ini')
            # one configuration: the [matrix] would compile again
            text = open(ini).read()
            open(rules, 'w').write(text.split('[matrix]')[0])
            args += ['--rules', rules]
            for cc in compilers:
                obj = os.path.join(tmp, '%s-%s.o' % (base.replace('/', '-'),
                                                     cc))
                procs.append(subprocess.Popen(
                    [cc, '-c', '-g', '-I' + inc] +
                    ['-D' + d for d in DEFINES.get(name, [])] +
                    [os.path.join(FIXTURES, name), '-o', obj]))
                args.append(obj)
        if any(p.wait() for p in procs):
            print('a fixture does not compile')
            return 1
        return subprocess.run(args).returncode


if __name__ == '__main__':
    sys.exit(main())
