# SPDX-License-Identifier: MIT
"""What tests/ids' scripts share: their command line, a scratch directory
with the seed's task_group (examples/task_group) compiled with
CONFIG_RT_GROUP_SCHED (before.o, isolate.o), its rules (tg/plain.ini) and
a two-configuration matrix (tg/m.ini), a runner, and the closing line."""

import argparse
import os
import shutil
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
NO_RT = ['-DCONFIG_FAIR_GROUP_SCHED', '-DCONFIG_SMP']
RT = NO_RT + ['-DCONFIG_RT_GROUP_SCHED']
# the seed's rules without a matrix (suggest compiles none), and with one
# of two configurations (the finding in both, with its condition)
PLAIN = '[struct task_group]\nwrite = load_avg\nread = parent rt_se rt_rq\n'
MATRIX = (PLAIN + '[matrix]\ncompile = cc -c -g -I../include %s '
          'task_group_before.c\noptions = CONFIG_RT_GROUP_SCHED\n'
          % ' '.join(NO_RT))


class Failed(Exception):
    pass


def options(doc):
    ap = argparse.ArgumentParser(description=doc)
    ap.add_argument('--lineup', required=True)
    ap.add_argument('--top', default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument('-v', action='store_true')
    a = ap.parse_args()
    a.lineup = os.path.abspath(a.lineup)
    a.cc = shutil.which('gcc') or 'cc'
    return a


def run(argv, cwd, want=None, verbose=False):
    """stdout and stderr together; WANT: the exit status it must have."""
    p = subprocess.run(argv, cwd=cwd, capture_output=True, text=True,
                       env=dict(os.environ, NO_COLOR='1', LC_ALL='C'))
    if verbose:
        print('$ ' + ' '.join(argv) + '\n' + p.stdout + p.stderr)
    if want is not None and p.returncode != want:
        raise Failed('%s: exit %d, want %d\n%s%s' % (
            ' '.join(argv), p.returncode, want, p.stdout, p.stderr))
    return p.returncode, p.stdout + p.stderr


def scratch(a, prefix):
    work = tempfile.mkdtemp(prefix=prefix)
    tg = os.path.join(work, 'tg')
    shutil.copytree(os.path.join(a.top, 'examples', 'task_group'), tg)
    shutil.copytree(os.path.join(a.top, 'include'),
                    os.path.join(work, 'include'))
    for obj, src in (('before.o', 'task_group_before.c'),
                     ('isolate.o', 'task_group_isolate.c')):
        run([a.cc, '-c', '-g', '-I../include'] + RT +
            [src, '-o', '../' + obj], tg, 0)
    for name, text in (('plain.ini', PLAIN), ('m.ini', MATRIX)):
        with open(os.path.join(tg, name), 'w') as f:
            f.write(text)
    return work


def main(name, doc, body):
    """Runs BODY(options, scratch directory, problems) and says how it
    went; the exit status: 0 pass, 1 a problem."""
    a = options(doc)
    problems = []
    work = scratch(a, 'lineup-%s-' % name)
    try:
        body(a, work, problems)
    except Failed as e:
        problems.append(str(e))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for p in problems:
        print('FAIL: ' + p)
    print('%s: %d problem%s' % (name, len(problems),
                                '' if len(problems) == 1 else 's'))
    return 1 if problems else 0
