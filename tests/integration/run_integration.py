#!/usr/bin/env python3
"""lineup in the user's build: the Make, CMake and meson-subproject examples.

Each example is copied to a temporary directory and built the way a user
would. In each, the check is part of the build: the good layout builds and
is checked; with -DCONN_BROKEN the build fails with lineup's message
(naming the fields and conn.h's line), and fails again on the next build
instead of taking the unchecked file as up to date.

  make   examples/make through mk/lineup.mk (stamps, lineup_check)
  cmake  lineup installed with `meson install --destdir` into a temporary
         prefix; examples/cmake finds it with find_package(lineup)
         (CMAKE_PREFIX_PATH), under Ninja and Unix Makefiles: a changed
         rules file checks the static library again, an OBJECT library's
         objects and a header-only INTERFACE library's types are checked;
         and
         examples/make through the installed lineup.mk
  meson  examples/meson-subproject with lineup as a subproject: the
         check as a custom_target (`lineup check --stamp`, no Python; a
         changed rules file checks again), and as `meson test` cases
  ci     doc/ci.md's jq filter, as the page has it, turns lineup's SARIF
         for the broken example into a GitLab Code Quality report

usage: run_integration.py make|cmake|meson|ci LINEUP SOURCE_ROOT BUILD_ROOT
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77

BROKEN = ["error: 'rx_bytes', 'tx_bytes', 'rx_packets', 'tx_packets' "
          "(write group 'stats') share cache line 0 with 'ops', 'peer', "
          "'mtu' (read group 'fast') in struct conn",
          "conn.h:25:16: "]


def rewrite(path, text, mode="w"):
    """Writes TEXT to PATH after the clock the file system stamps files
    with has moved on (it ticks every few milliseconds): written in the
    tick that wrote a build's stamp, the change would look no newer than
    it, and make or ninja would not check again."""
    time.sleep(0.05)
    with open(path, mode) as f:
        f.write(text)


def run(cmd, cwd, expect=0, env=None):
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)
    out = proc.stdout + proc.stderr
    # expect=None: any failure (cmake --build's status is the tool's)
    failed = proc.returncode == 0 if expect is None \
        else proc.returncode != expect
    if failed:
        print(out)
        sys.exit(f"FAIL: {' '.join(cmd)} exited {proc.returncode}, "
                 f"expected {'failure' if expect is None else expect}")
    return out


def has(out, *fragments):
    for fragment in fragments:
        assert fragment in out, f"missing {fragment!r} in:\n{out}"


def lacks(out, fragment):
    assert fragment not in out, f"unexpected {fragment!r} in:\n{out}"


def lay_out(root, tmp):
    """examples/, mk/ and include/ as a user's checkout would hold them."""
    shutil.copytree(os.path.join(root, "examples"),
                    os.path.join(tmp, "examples"))
    shutil.copytree(os.path.join(root, "mk"), os.path.join(tmp, "mk"))
    os.symlink(os.path.join(root, "include"), os.path.join(tmp, "include"))


def make_cases(d, make_vars):
    """The good layout builds and is checked once; a broken one fails."""
    make = ["make", "-s"] + make_vars
    out = run(make, d)
    has(out, "lineup: 1 struct checked, 0 errors, 0 warnings")
    assert os.path.exists(os.path.join(d, "libconn.a.lineup-ok"))
    out = run(make, d)
    lacks(out, "struct checked")  # the stamp is up to date
    out = run(make + ["check"], d)
    has(out, "lineup: 1 struct checked, 0 errors, 0 warnings")
    run(make + ["clean"], d)
    broken = make + ["CFLAGS=-DCONN_BROKEN"]
    out = run(broken, d, expect=2)
    has(out, *BROKEN, "libconn.a.lineup-ok] Error 1")
    assert not os.path.exists(os.path.join(d, "libconn.a.lineup-ok"))
    out = run(broken, d, expect=2)
    has(out, *BROKEN)
    run(make + ["clean"], d)
    # a group that checks nothing warns; LINEUP_STRICT=1 fails the build
    far = os.path.join(d, "..", "common", "far.ini")
    with open(far, "w") as f:
        f.write("[struct conn]\nread = cfg_word\n")
    out = run(make + ["LINEUP_RULES=../common/far.ini"], d)
    has(out, "warning: group 'read' checks nothing", "[LU010]")
    run(make + ["clean"], d)
    out = run(make + ["LINEUP_RULES=../common/far.ini", "LINEUP_STRICT=1"], d,
              expect=2)
    has(out, "error: member 'cfg_word' is not in struct conn")
    run(make + ["clean"], d)
    # nothing checked fails the build: no rules, and -g1 keeps no types
    # (a pass that checked nothing would hide a lost -g or a wrong target)
    bare = make + ["LINEUP_RULES=", "LINEUP_CFLAGS=-g1 -I../../include"]
    out = run(bare, d, expect=2)
    has(out, "lineup: nothing checked in libconn.a: no type information",
        "libconn.a.lineup-ok] Error 2")
    lacks(out, "structs checked")
    assert not os.path.exists(os.path.join(d, "libconn.a.lineup-ok"))
    run(make + ["clean"], d)


def test_make(lineup, root, build, tmp):
    if not shutil.which("make"):
        return SKIP
    make_cases(os.path.join(tmp, "examples", "make"), [f"LINEUP={lineup}"])
    return 0


def install(build, tmp):
    """`meson install --destdir`: the prefix lineup would be installed in."""
    dest = os.path.join(tmp, "dest")
    run(["meson", "install", "-C", build, "--destdir", dest,
         "--no-rebuild", "--quiet"], tmp)
    opts = json.loads(run(["meson", "introspect", build, "--buildoptions"],
                          tmp))
    prefix = next(o["value"] for o in opts if o["name"] == "prefix")
    return dest + prefix


def cmake_cases(src, prefix, build, generator):
    configure = ["cmake", "-S", src, "-B", build, "-G", generator,
                 f"-DCMAKE_PREFIX_PATH={prefix}"]
    run(configure, src)
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        cache = f.read()
    # the package found the tool installed beside it, not one on PATH
    has(cache, f"LINEUP_EXECUTABLE:FILEPATH={prefix}/bin/lineup")
    out = run(["cmake", "--build", build], src)
    has(out, "lineup: 1 struct checked, 0 errors, 0 warnings")
    run(configure + ["-DCMAKE_C_FLAGS=-DCONN_BROKEN"], src)
    out = run(["cmake", "--build", build], src, expect=None)
    has(out, *BROKEN, "lineup check failed (exit 1)")
    # the library stays for suggest, the documented next step; no stamp
    lib = os.path.join(build, "libconn.a")
    out = run([os.path.join(prefix, "bin", "lineup"), "suggest", "--struct",
               "conn", lib], src)
    has(out, "isolate: ")
    assert not os.path.exists(os.path.join(build, "lineup",
                                           "conn.lineup-ok"))
    out = run(["cmake", "--build", build], src, expect=None)
    has(out, *BROKEN)


def cmake_rules_change(src, prefix, build, generator, strict):
    """A changed rules file checks again, the static library unchanged."""
    rules = os.path.join(src, "..", "common", "conn.ini")
    with open(rules) as f:
        kept = f.read()
    run(["cmake", "-S", src, "-B", build, "-G", generator,
         f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_C_FLAGS="], src)
    out = run(["cmake", "--build", build], src)
    # COMMENT names the target (no generator expression left unexpanded)
    has(out, "lineup check conn")
    lacks(out, "$<")
    try:
        rewrite(rules, "max_size = 64\n", "a")
        out = run(["cmake", "--build", build], src, expect=None)
        has(out, "error: struct conn is ", "more than max_size 64")
    finally:
        rewrite(rules, kept)
    out = run(["cmake", "--build", build], src)
    has(out, "lineup: 1 struct checked, 0 errors, 0 warnings")
    out = run(["cmake", "--build", build], src)
    lacks(out, "struct checked")  # the stamp is up to date
    if not strict:
        return
    # a group that checks nothing warns; STRICT (--strict) fails the build
    try:
        rewrite(rules, "read = cfg_word\n", "a")
        out = run(["cmake", "--build", build], src)
        has(out, "warning: group 'read' checks nothing", "[LU010]")
        run(["cmake", "-S", src, "-B", build, "-DCONN_LINEUP_STRICT=ON"], src)
        out = run(["cmake", "--build", build], src, expect=None)
        has(out, "error: member 'cfg_word' is not in struct conn")
    finally:
        rewrite(rules, kept)
    run(["cmake", "-S", src, "-B", build, "-DCONN_LINEUP_STRICT=OFF"], src)


LIBRARY_KINDS = """\
cmake_minimum_required(VERSION 3.15)
project(kinds C)
find_package(lineup 0.2 REQUIRED)
# an OBJECT library: its objects are checked
add_library(connobj OBJECT ../common/conn.c)
target_include_directories(connobj PRIVATE ../common)
target_link_libraries(connobj PRIVATE lineup::lineup)
lineup_check(TARGET connobj RULES ../common/conn.ini)
# a header-only INTERFACE library: a unit naming the type is compiled
add_library(connh INTERFACE)
target_include_directories(connh INTERFACE ${CMAKE_CURRENT_SOURCE_DIR}/../common)
target_link_libraries(connh INTERFACE lineup::lineup)
lineup_check(TARGET connh TYPES "struct conn" HEADERS conn.h
  RULES ../common/conn.ini)
"""


def cmake_library_kinds(tmp, prefix, generator):
    src = os.path.join(tmp, "examples", "kinds")
    os.makedirs(src, exist_ok=True)
    with open(os.path.join(src, "CMakeLists.txt"), "w") as f:
        f.write(LIBRARY_KINDS)
    build = os.path.join(tmp, "kinds-" + generator.split()[0])
    configure = ["cmake", "-S", src, "-B", build, "-G", generator,
                 f"-DCMAKE_PREFIX_PATH={prefix}"]
    run(configure, src)
    out = run(["cmake", "--build", build], src)
    assert out.count("lineup: 1 struct checked, 0 errors, 0 warnings") == 2, \
        out
    has(out, "lineup check connobj", "lineup check connh")
    run(configure + ["-DCMAKE_C_FLAGS=-DCONN_BROKEN"], src)
    out = run(["cmake", "--build", build, "--target", "connobj_lineup_check"],
              src, expect=None)
    has(out, *BROKEN)
    out = run(["cmake", "--build", build, "--target", "connh_lineup_check"],
              src, expect=None)
    has(out, BROKEN[0], "conn.h:25:16")
    # fails again: nothing unchecked is taken as up to date
    out = run(["cmake", "--build", build, "--target", "connh_lineup_check"],
              src, expect=None)
    has(out, BROKEN[0])


def test_cmake(lineup, root, build, tmp):
    if not shutil.which("cmake"):
        return SKIP
    prefix = install(build, tmp)
    if not os.path.exists(os.path.join(prefix, "bin", "lineup")):
        return SKIP  # built with -Dtool=disabled: nothing to check with
    src = os.path.join(tmp, "examples", "cmake")
    generators = ["Unix Makefiles"] + (["Ninja"] if shutil.which("ninja")
                                       else [])
    for g in generators:
        cmake_cases(src, prefix, os.path.join(tmp, "b-" + g.split()[0]), g)
        # STRICT under one generator: it is a word on the command line
        cmake_rules_change(src, prefix,
                           os.path.join(tmp, "r-" + g.split()[0]), g,
                           g == generators[0])
        cmake_library_kinds(tmp, prefix, g)
    # found by a project without languages (share/cmake, not lib/<arch>);
    # refused for another minor version, or a component it lacks
    for i, (request, fragment) in enumerate([
            ("0.2", None),
            ("0.3", "The following configuration files were considered"),
            ("0.2 COMPONENTS nope", "lineup has no component 'nope'")]):
        d = os.path.join(tmp, f"find{i}")
        os.makedirs(d)
        with open(os.path.join(d, "CMakeLists.txt"), "w") as f:
            f.write("cmake_minimum_required(VERSION 3.15)\nproject(x NONE)\n"
                    f"find_package(lineup {request} REQUIRED)\n")
        out = run(["cmake", "-S", d, "-B", os.path.join(d, "b"),
                   f"-DCMAKE_PREFIX_PATH={prefix}"], d,
                  expect=1 if fragment else 0)
        if fragment:
            has(out, fragment)
    # Make, through the installed lineup.mk and header
    if shutil.which("make"):
        make_cases(os.path.join(tmp, "examples", "make"), [
            f"LINEUP={prefix}/bin/lineup",
            f"LINEUP_MK={prefix}/share/lineup/lineup.mk",
            f"LINEUP_INCLUDE={prefix}/include"])
    return 0


def test_meson(lineup, root, build, tmp):
    src = os.path.join(tmp, "examples", "meson-subproject")
    os.makedirs(os.path.join(src, "subprojects"))
    os.symlink(root, os.path.join(src, "subprojects", "lineup"))
    mb = os.path.join(tmp, "meson-build")
    stamp = os.path.join(mb, "conn.lineup-ok")
    run(["meson", "setup", mb, src], tmp)
    out = run(["meson", "compile", "-C", mb], tmp)
    has(out, "lineup: 1 struct checked, 0 errors, 0 warnings")
    assert os.path.exists(stamp)
    out = run(["meson", "test", "-C", mb, "--print-errorlogs"], tmp)
    for name in ["lineup-check", "lineup-matrix"]:
        assert name in out and "Fail:               0" in out, out
    # lineup check --stamp: no Python wrapper; a changed rules file checks
    # again (depend_files)
    with open(os.path.join(src, "meson.build")) as f:
        lacks(f.read(), "python")
    rules = os.path.join(tmp, "examples", "common", "conn.ini")
    with open(rules) as f:
        kept = f.read()
    rewrite(rules, "max_size = 64\n", "a")
    out = run(["meson", "compile", "-C", mb], tmp, expect=1)
    has(out, "more than max_size 64", "FAILED: conn.lineup-ok")
    assert not os.path.exists(stamp)
    rewrite(rules, kept)
    out = run(["meson", "compile", "-C", mb], tmp)
    has(out, "lineup: 1 struct checked, 0 errors, 0 warnings")
    assert os.path.exists(stamp)
    # a group that checks nothing warns; -Dlineup_strict=true fails
    rewrite(rules, "read = cfg_word\n", "a")
    out = run(["meson", "compile", "-C", mb], tmp)
    has(out, "warning: group 'read' checks nothing", "[LU010]")
    run(["meson", "configure", mb, "-Dlineup_strict=true"], tmp)
    out = run(["meson", "compile", "-C", mb], tmp, expect=1)
    has(out, "error: member 'cfg_word' is not in struct conn")
    rewrite(rules, kept)
    run(["meson", "configure", mb, "-Dlineup_strict=false",
         "-Dc_args=-DCONN_BROKEN"], tmp)
    out = run(["meson", "compile", "-C", mb], tmp, expect=1)
    has(out, *BROKEN, "FAILED: conn.lineup-ok")
    assert not os.path.exists(stamp)
    out = run(["meson", "compile", "-C", mb], tmp, expect=1)
    has(out, *BROKEN)
    return 0


def doc_block(path, lang):
    """The first ```LANG block of a Markdown page."""
    with open(path) as f:
        text = f.read()
    start = text.index("```" + lang + "\n") + len(lang) + 4
    return text[start:text.index("```", start)]


def test_ci(lineup, root, build, tmp):
    if not shutil.which("make") or not shutil.which("jq"):
        return SKIP
    d = os.path.join(tmp, "examples", "make")
    run(["make", "-s", "CFLAGS=-DCONN_BROKEN", "libconn.a"], d)
    sarif = run([lineup, "check", "--rules", "../common/conn.ini",
                 "--format", "sarif", "--source-root", "../..",
                 "libconn.a"], d, expect=1)
    jq = os.path.join(tmp, "codequality.jq")
    with open(jq, "w") as f:
        f.write(doc_block(os.path.join(root, "doc", "ci.md"), "jq"))
    proc = subprocess.run(["jq", "-f", jq], input=sarif, text=True,
                          capture_output=True, check=True)
    report = json.loads(proc.stdout)
    assert len(report) == 1, report
    item = report[0]
    assert item["check_name"] == "LU001" and item["severity"] == "major", \
        item
    # repository-relative (--source-root), though built in examples/make
    assert item["location"] == {"path": "examples/common/conn.h",
                                "lines": {"begin": 25}}, item
    has(item["description"], BROKEN[0].removeprefix("error: "))
    assert item["fingerprint"].startswith(
        "LU001:examples/common/conn.h:25:"), \
        item
    # doc/ci.md's SARIF validation, as written, from the source tree: the
    # log passes, and one without its version fails
    validate = doc_block(os.path.join(root, "doc", "ci.md"), "sh").replace(
        "third_party/lineup/", root + "/").replace(" < lineup.sarif", "")
    ok = subprocess.run(["sh", "-c", validate], input=sarif, text=True,
                        capture_output=True)
    assert ok.returncode == 0, ok.stderr
    broken = json.loads(sarif)
    del broken["version"]
    bad = subprocess.run(["sh", "-c", validate], input=json.dumps(broken),
                         text=True, capture_output=True)
    assert bad.returncode != 0 and "version" in bad.stderr, bad.stderr
    return 0


def main():
    what, lineup, root, build = sys.argv[1], os.path.abspath(sys.argv[2]), \
        os.path.abspath(sys.argv[3]), os.path.abspath(sys.argv[4])
    with tempfile.TemporaryDirectory(prefix="lineup-integration.") as tmp:
        lay_out(root, tmp)
        rc = {"make": test_make, "cmake": test_cmake, "meson": test_meson,
              "ci": test_ci}[what](lineup, root, build, tmp)
    print(f"{what}: {'skipped' if rc == SKIP else 'ok'}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
