#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The Debian package: `dpkg-buildpackage -b -us -uc` on a copy of the
source tree builds a .deb that lintian passes (no error, no warning), and
that holds the tool (which runs), the man page, lineup.pc, the helpers,
the schema, the completions and the docs. lintian's one exception is
the Maintainer's address (bogus-mail-host): the project has none to
publish yet, and debian/control says so.

The build here is DEB_BUILD_OPTIONS=nocheck: the suites it would run
again are the ones this `meson test` runs.

usage: run_deb_test.py SOURCE_ROOT
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
WANT = ['./usr/bin/lineup', './usr/include/lineup.h',
        './usr/share/man/man1/lineup.1',
        './usr/share/doc/lineup/changelog',
        './usr/share/pkgconfig/lineup.pc',
        './usr/share/lineup/lineup.mk',
        './usr/share/lineup/schema/lineup.schema.json',
        './usr/share/cmake/lineup/lineupConfig.cmake',
        './usr/share/bash-completion/completions/lineup',
        './usr/share/zsh/vendor-completions/_lineup',
        './usr/share/fish/vendor_completions.d/lineup.fish',
        './usr/share/doc/lineup/copyright',
        './usr/share/doc/lineup/README.md',
        './usr/share/doc/lineup/json.md']


def run(cmd, cwd, env=None):
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=1500)
    return p.returncode, p.stdout + p.stderr


def copy_tree(root, dest):
    """The files git knows (a clean clone's), else the tree minus builds."""
    rc, out = run(['git', 'ls-files', '--cached', '--others',
                   '--exclude-standard'], root)
    if rc:
        shutil.copytree(root, dest, ignore=shutil.ignore_patterns(
            'build*', '.git', 'obj-*'))
        return
    for rel in out.splitlines():
        src = os.path.join(root, rel)
        if not os.path.isfile(src):
            continue
        os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
        shutil.copy2(src, os.path.join(dest, rel))


def main():
    root = os.path.abspath(sys.argv[1])
    for tool in ('dpkg-buildpackage', 'dh', 'lintian', 'dpkg-deb'):
        if not shutil.which(tool):
            print(f'{tool} is not installed (scripts/packages.txt)')
            return SKIP
    with tempfile.TemporaryDirectory(prefix='lineup-deb.') as tmp:
        src = os.path.join(tmp, 'lineup')
        copy_tree(root, src)
        env = dict(os.environ, DEB_BUILD_OPTIONS='nocheck parallel=2')
        rc, out = run(['dpkg-buildpackage', '-b', '-us', '-uc'], src, env)
        if rc:
            print(out[-6000:])
            print(f'FAIL: dpkg-buildpackage exited {rc}')
            return 1
        debs = glob.glob(os.path.join(tmp, 'lineup_*.deb'))
        changes = glob.glob(os.path.join(tmp, 'lineup_*.changes'))
        if len(debs) != 1 or len(changes) != 1:
            print(f'FAIL: built {os.listdir(tmp)}')
            return 1
        failed = 0
        rc, listing = run(['dpkg-deb', '-c', debs[0]], tmp)
        files = {line.split()[-1] for line in listing.splitlines()}
        for want in WANT:
            # dh_compress gzips the docs and the man page
            if want not in files and want + '.gz' not in files:
                print(f'FAIL: the .deb lacks {want}')
                failed += 1
        if './usr/share/doc/lineup/LICENSE' in files:
            print('FAIL: the licence is in the docs as well as copyright')
            failed += 1
        root_dir = os.path.join(tmp, 'root')
        run(['dpkg-deb', '-x', debs[0], root_dir], tmp)
        rc, out = run([os.path.join(root_dir, 'usr', 'bin', 'lineup'),
                       '--version'], tmp)
        if rc or not out.startswith('lineup '):
            print(f'FAIL: the packaged lineup --version: {rc} {out!r}')
            failed += 1
        # the one tag let through: debian/control's Maintainer is a
        # placeholder address until the project has one to publish
        rc, out = run(['lintian', '--fail-on', 'error,warning',
                       '--display-info', '--suppress-tags',
                       'bogus-mail-host,bogus-mail-host-in-debian-changelog',
                       changes[0]], tmp)
        tags = [l for l in out.splitlines() if l[:2] in ('E:', 'W:')]
        print(out)
        if rc or tags:
            print(f'FAIL: lintian exited {rc}: {tags}')
            failed += 1
        print(f"deb: {os.path.basename(debs[0])}, "
              f"{'ok' if not failed else f'{failed} failed'}")
        return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
