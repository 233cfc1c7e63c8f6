#!/usr/bin/env python3
"""lineup in the user's build: the Make, CMake and meson-subproject examples.

Each example is copied to a temporary directory and built the way a user
would; `lineup check` must pass on the good layout and, for Make, fail
(exit 1, naming the fields) with -DCONN_BROKEN.

usage: run_integration.py make|cmake|meson LINEUP SOURCE_ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77


def run(cmd, cwd, expect=0, env=None):
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)
    out = proc.stdout + proc.stderr
    if proc.returncode != expect:
        print(out)
        sys.exit(f"FAIL: {' '.join(cmd)} exited {proc.returncode}, "
                 f"expected {expect}")
    return out


def lay_out(root, tmp):
    """examples/{common,X} and include/ as a user's checkout would hold."""
    shutil.copytree(os.path.join(root, "examples"),
                    os.path.join(tmp, "examples"))
    os.symlink(os.path.join(root, "include"), os.path.join(tmp, "include"))


def test_make(lineup, root, tmp):
    if not shutil.which("make"):
        return SKIP
    d = os.path.join(tmp, "examples", "make")
    out = run(["make", "-s", f"LINEUP={lineup}", "check"], d)
    assert "1 struct checked, 0 errors" in out, out
    run(["make", "-s", "clean"], d)
    out = run(["make", "-s", f"LINEUP={lineup}", "CFLAGS=-DCONN_BROKEN",
               "check"], d, expect=2)
    for fragment in ["error: 'rx_bytes', 'tx_bytes'",
                     "(write group 'stats') share cache line 0 with 'ops'",
                     "conn.h:"]:
        assert fragment in out, f"missing {fragment!r} in:\n{out}"
    return 0


def test_cmake(lineup, root, tmp):
    if not shutil.which("cmake") or not shutil.which("ctest"):
        return SKIP
    src = os.path.join(tmp, "examples", "cmake")
    build = os.path.join(tmp, "cmake-build")
    run(["cmake", "-S", src, "-B", build, f"-DLINEUP={lineup}"], tmp)
    run(["cmake", "--build", build], tmp)
    out = run(["ctest", "--output-on-failure"], build)
    assert "100% tests passed" in out, out
    return 0


def test_meson(lineup, root, tmp):
    src = os.path.join(tmp, "examples", "meson-subproject")
    os.makedirs(os.path.join(src, "subprojects"))
    os.symlink(root, os.path.join(src, "subprojects", "lineup"))
    build = os.path.join(tmp, "meson-build")
    run(["meson", "setup", build, src], tmp)
    out = run(["meson", "test", "-C", build, "--print-errorlogs"], tmp)
    for name in ["lineup-check", "lineup-matrix"]:
        assert name in out and "Fail:               0" in out, out
    return 0


def main():
    what, lineup, root = sys.argv[1], os.path.abspath(sys.argv[2]), \
        os.path.abspath(sys.argv[3])
    with tempfile.TemporaryDirectory(prefix="lineup-integration.") as tmp:
        lay_out(root, tmp)
        rc = {"make": test_make, "cmake": test_cmake,
              "meson": test_meson}[what](lineup, root, tmp)
    print(f"{what}: {'skipped' if rc == SKIP else 'ok'}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
