# SPDX-License-Identifier: MIT
"""What the real-kernel tests share: named checks and an unpacked tree."""
import os
import subprocess
import textwrap
import time

failures = []


def check(name, cond, detail=""):
    print(("ok   " if cond else "FAIL ") + name)
    if not cond:
        failures.append(name)
        if detail:
            print(textwrap.indent(detail, "     | "))


def tree(tarball, build, name):
    """TARBALL unpacked once into BUILD/NAME; a half-unpacked one is
    started over."""
    dest = os.path.join(build, name)
    done = dest + ".unpacked"
    if os.path.exists(done):
        return dest
    subprocess.run(["rm", "-rf", dest], check=True)
    t0 = time.monotonic()
    subprocess.run(["tar", "-xf", tarball, "-C", build], check=True)
    open(done, "w").close()
    print(f"unpacked {tarball} in {time.monotonic() - t0:.0f} s")
    return dest
