#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""suggest's model lays out the input's own order as the compiler did
(issue 31): every fixture in fixtures/ built with gcc and with clang, then
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
        for name in sorted(os.listdir(FIXTURES)):
            if not name.endswith('.c'):
                continue
            ini = os.path.join(FIXTURES, name[:-2] + '.ini')
            rules = os.path.join(tmp, name[:-2] + '.ini')
            # one configuration: the [matrix] would compile again
            text = open(ini).read()
            open(rules, 'w').write(text.split('[matrix]')[0])
            args += ['--rules', rules]
            for cc in ('gcc', 'clang'):
                obj = os.path.join(tmp, f'{name[:-2]}-{cc}.o')
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
