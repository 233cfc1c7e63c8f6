#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The reader boundary and the command line as a user meets them: each
command takes only its own options, the line size reaches every reader and
every input, "did you mean" comes from the index the read made, archive
members are named as lib.a(member).

    run_reader_tests.py LINEUP CASE     run one case
    run_reader_tests.py --list          the case names, for meson

Fixtures are compiled at test time with $CC (and the cross compilers where
a case says so) in a temporary directory.
"""

import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

CC = shlex.split(os.environ.get("CC", "cc"))
CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


class Skip(Exception):
    pass


def run(lineup, *args, stdin=None):
    p = subprocess.run([lineup] + list(args), input=stdin,
                       capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def compile_c(work, name, source, cc=None, flags=("-c", "-g")):
    src = os.path.join(work, name + ".c")
    out = os.path.join(work, name + ".o")
    with open(src, "w") as f:
        f.write(source)
    cc = cc or CC
    if not shutil.which(cc[0]):
        raise Skip("%s is not installed" % cc[0])
    subprocess.run(cc + list(flags) + ["-o", out, src], check=True)
    return out


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def one_error_line(rc, err, *words):
    expect(rc == 2, "exit %d, expected 2; stderr: %r" % (rc, err))
    lines = err.strip().splitlines()
    expect(len(lines) == 1, "expected one line on stderr, got %r" % err)
    for w in words:
        expect(w in lines[0], "%r not in %r" % (w, lines[0]))


# ---- options belong to their command --------------------------------------

@case
def options_per_command(lineup, work):
    obj = compile_c(work, "s", "struct s { long a; } s;\n")
    rules = os.path.join(work, "r.ini")
    with open(rules, "w") as f:
        f.write("[struct s]\nwrite = a\n")
    # accepted and ignored before: now each is a usage error
    one_error_line(*run(lineup, "show", "--strict", obj)[::2],
                   "show does not take --strict")
    one_error_line(*run(lineup, "rules", "--struct", "s", obj)[::2],
                   "rules does not take --struct")
    one_error_line(*run(lineup, "matrix", "--struct", "s",
                        "--rules", rules)[::2],
                   "matrix does not take --struct")
    one_error_line(*run(lineup, "show", "--format", "sarif", obj)[::2],
                   "unknown format 'sarif'", "text|json")
    one_error_line(*run(lineup, "show", "--bogus", obj)[::2],
                   "unknown option '--bogus'")
    rc, out, _ = run(lineup, "show", "--help")
    expect(rc == 0 and "sarif" not in out and "--strict" not in out and
           "--rules FILE.ini" in out,
           "show --help offers what show refuses:\n" + out)
    rc, out, _ = run(lineup, "check", "--help")
    expect(rc == 0 and "text|json|sarif" in out and "--struct" in out and
           "--from-net-cachelines" not in out, "check --help:\n" + out)
    # options may still follow the file, as with every GNU tool
    rc, out, err = run(lineup, "show", obj, "--struct", "s")
    expect(rc == 0 and "struct s {" in out, "show FILE --struct: " + err)


# ---- line sizes -------------------------------------------------------------

# write and read groups 64 bytes apart in a 128-aligned struct: apart on
# 64-byte lines (x86-64), sharing one 128-byte line (ppc64)
TWO_LINES = """
typedef unsigned char lineup__write;
typedef unsigned char lineup__read;
struct tg {
	lineup__write lineup__begin__tick[0];
	long load_avg;
	lineup__write lineup__end__tick[0];
	char pad[56];
	lineup__read lineup__begin__wake[0];
	void *parent;
	lineup__read lineup__end__wake[0];
} __attribute__((__aligned__(128)));
struct tg tg;
"""


@case
def line_size_per_input(lineup, work):
    x86 = compile_c(work, "x86", TWO_LINES)
    ppc = compile_c(work, "ppc", TWO_LINES, cc=["powerpc64le-linux-gnu-gcc"])
    rc, out, err = run(lineup, "check", "--format", "json", x86, ppc)
    expect(rc == 1, "exit %d: %s" % (rc, err))
    found = json.loads(out)["findings"]
    expect(len(found) >= 1, "no finding: %s" % out)
    conflicts = [f for f in found if f["type"] == "conflict"]
    expect(conflicts and all(f["line_size"] == 128 for f in conflicts),
           "the ppc64le finding is on 128-byte lines: %s" % out)
    text = json.dumps(found)
    expect("ppc.o" in text and "x86.o" not in text,
           "each input must be checked on its own machine's lines "
           "(64 for x86-64, 128 for ppc64le): %s" % text)
    # the first input must not decide for the second, in either order
    rc2, out2, _ = run(lineup, "check", "--format", "json", ppc, x86)
    expect(rc2 == 1 and "x86.o" not in json.dumps(
        json.loads(out2)["findings"]), out2)
    rc3, _, _ = run(lineup, "check", x86)
    expect(rc3 == 0, "x86-64 alone: exit %d" % rc3)


# A 100-byte head, then a member that source aligns to 64, at 128: from BTF
# only the 28-byte gap shows, and the guess rises to the line size when the
# offset is a multiple of it (pahole's inference): 64, or 128 when told.
GAP = """
struct gap {
	char head[100];
	long b __attribute__((__aligned__(64)));
	char tail[120];
};
struct gap g;
"""


@case
def line_size_reaches_btf(lineup, work):
    if not shutil.which("pahole"):
        raise Skip("pahole is not installed")
    obj = compile_c(work, "gap", GAP)
    subprocess.run(["pahole", "-J", obj], check=True,
                   capture_output=True)
    btf = os.path.join(work, "gap.btf.o")
    subprocess.run(["objcopy", "--strip-debug", obj, btf], check=True)

    def align(*extra):
        rc, out, err = run(lineup, "show", "--format", "json", *extra,
                           "--struct", "gap", btf)
        expect(rc == 0, err)
        return json.loads(out)["structs"][0]["align"]
    expect(align() == 64, "x86-64 BTF guess: %s" % align())
    expect(align("--line-size", "128") == 128,
           "--line-size 128 must reach the BTF alignment guess, got %s"
           % align("--line-size", "128"))


# ---- names ------------------------------------------------------------------

PAHOLE_TEXT = """struct task_group {
	long                       css;                  /*     0     8 */
	long                       load_avg;             /*     8     8 */

	/* size: 16, cachelines: 1, members: 2 */
	/* last cacheline: 16 bytes */
};
struct other {
	int                        x;                    /*     0     4 */

	/* size: 4, cachelines: 1, members: 1 */
	/* last cacheline: 4 bytes */
};
"""


@case
def did_you_mean_from_stdin(lineup, work):
    # stdin cannot be read twice: the suggestion must come from the index
    # the one read made, not from a rescan
    rc, _, err = run(lineup, "show", "--struct", "task_grop", "-",
                     stdin=PAHOLE_TEXT)
    one_error_line(rc, err, "task_grop", "did you mean 'task_group'")
    rules = os.path.join(work, "r.ini")
    with open(rules, "w") as f:
        f.write("[struct task_grup]\nwrite = load_avg\n")
    rc, _, err = run(lineup, "check", "--rules", rules, "--from-pahole",
                     "-", stdin=PAHOLE_TEXT)
    one_error_line(rc, err, "task_grup", "did you mean 'task_group'")


@case
def archive_member_named(lineup, work):
    obj = compile_c(work, "good", "struct s { long a; } s;\n")
    thin = os.path.join(work, "libthin.a")
    subprocess.run(["ar", "rcT", thin, obj], check=True)
    os.unlink(obj)
    rc, _, err = run(lineup, "show", thin)
    one_error_line(rc, err, "libthin.a(", "good.o)")
    # a FIFO member would block a plain open forever
    os.mkfifo(obj)
    rc, _, err = run(lineup, "show", thin)
    one_error_line(rc, err, "libthin.a(", "not a regular file")


# ---- the copies of a struct in many units ---------------------------------

@case
def duplicate_arrays(lineup, work):
    """A struct's copies across units are one definition when their arrays
    agree, whether the producer wrote an array's count (Clang) or its upper
    bound (GCC); an array of the same size in another shape makes another
    definition (as does another member)."""
    if not shutil.which("clang"):
        raise Skip("clang is not installed")
    same = ("struct ring { char name[16]; int slots[2][4];"
            " unsigned char tail[]; };\n"
            "struct flat { char cells[2][8]; int pairs[3]; };\n")
    a = compile_c(work, "gcc_unit", same + "struct ring r; struct flat f;\n",
                  cc=["gcc"])
    b = compile_c(work, "clang_unit",
                  same + "struct ring *p; struct flat *q;\n",
                  cc=["clang"])
    c = compile_c(work, "other_unit",
                  "struct flat { char cells[4][4]; int pairs[3]; };\n"
                  "struct flat g;\n", cc=["gcc"])
    d = compile_c(work, "wider_unit",
                  "struct flat { char cells[2][8]; long pairs[1]; "
                  "int x; };\nstruct flat h;\n", cc=["clang"])
    lib = os.path.join(work, "libunits.a")
    subprocess.run(["ar", "rc", lib, a, b, c, d], check=True)
    rc, out, err = run(lineup, "show", "--format", "json", lib)
    expect(rc == 0, "exit %d: %s" % (rc, err))
    names = [s["name"] for s in json.loads(out)["structs"]]
    expect(names.count("ring") == 1,
           "ring kept %d times: %r" % (names.count("ring"), names))
    expect(names.count("flat") == 3,
           "flat kept %d times, expected 3: %r" % (names.count("flat"),
                                                   names))


# ---- separate debug info --------------------------------------------------

DL_SRC = """#include <lineup.h>
struct dl_conn {
	LINEUP_BEGIN(write, stats);
	unsigned long rx_bytes;
	LINEUP_END(write, stats);
	LINEUP_BEGIN(read, fast);
	void *peer;
	LINEUP_END(read, fast);
};
unsigned long dl_rx(struct dl_conn *c) { return c->rx_bytes; }
"""
INCLUDE = os.path.join(os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))), "include")


def debuglinked(work, where):
    """A shared library stripped of its DWARF with objcopy, the DWARF in
    WHERE (a directory relative to the library's) behind .gnu_debuglink."""
    if not shutil.which("objcopy"):
        raise Skip("objcopy is not installed")
    lib = os.path.join(work, "libdl.so")
    src = os.path.join(work, "dl.c")
    with open(src, "w") as f:
        f.write(DL_SRC)
    subprocess.run(CC + ["-shared", "-fPIC", "-g", "-I" + INCLUDE, "-o", lib,
                         src], check=True)
    ddir = os.path.join(work, where)
    os.makedirs(ddir, exist_ok=True)
    dbg = os.path.normpath(os.path.join(ddir, "libdl.so.debug"))
    subprocess.run(["objcopy", "--only-keep-debug", lib, dbg], check=True)
    subprocess.run(["objcopy", "--strip-debug",
                    "--add-gnu-debuglink=" + dbg, lib], check=True)
    return lib, dbg


def read_through_debuglink(lineup, work, where):
    lib, dbg = debuglinked(work, where)
    rc, out, err = run(lineup, "show", "--struct", "dl_conn", lib)
    expect(rc == 0, "exit %d: %s" % (rc, err))
    expect(out.startswith("/* %s: debug info from %s */\n" % (lib, dbg)),
           "the header names the file read: %r" % out[:300])
    expect("struct dl_conn {" in out and "rx_bytes" in out, out)
    rc, out, err = run(lineup, "show", "--format", "json", "--struct",
                       "dl_conn", lib)
    expect(rc == 0, "exit %d: %s" % (rc, err))
    doc = json.loads(out)
    expect(doc["input"]["path"] == lib and
           doc["input"]["debug_file"] == dbg, doc["input"])
    rc, out, err = run(lineup, "check", lib)
    expect(rc == 1 and "'rx_bytes' (write group 'stats') shares cache line 0"
           in out, "exit %d: %s%s" % (rc, out, err))
    # without the debug file, "no debug info" as before
    os.unlink(dbg)
    one_error_line(*run(lineup, "show", lib)[::2], "no debug info")


@case
def debuglink_next_to_file(lineup, work):
    read_through_debuglink(lineup, work, ".")


@case
def debuglink_in_dot_debug(lineup, work):
    read_through_debuglink(lineup, work, ".debug")


@case
def debuglink_in_usr_lib_debug(lineup, work):
    """.gnu_debuglink's third place, /usr/lib/debug/<the file's dir>/:
    lineup has no option to move libdwfl's debuginfo path, so the test
    never writes to the real /usr/lib/debug: a private mount namespace
    (unshare) binds a directory of its own over it."""
    unshare = shutil.which("unshare")
    if not unshare or not os.path.isdir("/usr/lib/debug"):
        raise Skip("no unshare(1) or no /usr/lib/debug to mount over")
    lib, staged = debuglinked(work, "staged")
    tree = os.path.join(work, "usr-lib-debug")
    dbg = os.path.join(tree, os.path.dirname(lib).lstrip("/"),
                       os.path.basename(staged))
    os.makedirs(os.path.dirname(dbg))
    os.rename(staged, dbg)
    one_error_line(*run(lineup, "show", lib)[::2], "no debug info")
    script = 'mount --bind "$1" /usr/lib/debug && exec "$2" show "$3"'
    p = subprocess.run([unshare, "--map-root-user", "--mount", "sh", "-c",
                        script, "sh", tree, lineup, lib],
                       capture_output=True, text=True, timeout=60)
    if p.returncode != 0 and "dl_conn" not in p.stdout and \
            ("unshare" in p.stderr or "mount" in p.stderr):
        raise Skip("cannot mount in a private namespace: %s" %
                   p.stderr.strip())
    seen = os.path.join("/usr/lib/debug", os.path.dirname(lib).lstrip("/"),
                        os.path.basename(staged))
    expect(p.returncode == 0, "exit %d: %s" % (p.returncode, p.stderr))
    expect(p.stdout.startswith("/* %s: debug info from %s */\n"
                               % (lib, seen)), p.stdout[:300])
    expect("struct dl_conn {" in p.stdout, p.stdout)


@case
def build_id_libc(lineup, work):
    """libc6-dbg: libc.so.6 keeps its DWARF in the build-id tree."""
    libc = "/usr/lib/x86_64-linux-gnu/libc.so.6"
    if not os.path.exists(libc):
        raise Skip("no %s" % libc)
    notes = subprocess.run(["readelf", "-n", libc], capture_output=True,
                           text=True).stdout
    ids = [line.split()[-1] for line in notes.splitlines()
           if "Build ID:" in line]
    dbg = ids and "/usr/lib/debug/.build-id/%s/%s.debug" % (ids[0][:2],
                                                            ids[0][2:])
    if not dbg or not os.path.exists(dbg):
        raise Skip("libc6-dbg is not installed")
    rc, out, err = run(lineup, "show", "--struct", "_IO_FILE", libc)
    expect(rc == 0, "exit %d: %s" % (rc, err))
    expect(out.startswith("/* %s: debug info from %s */\n" % (libc, dbg)),
           out[:300])
    expect("struct _IO_FILE {" in out and "_flags" in out, out[:600])
    rc, out, err = run(lineup, "show", "--format", "json", "--struct",
                       "_IO_FILE", libc)
    expect(rc == 0 and json.loads(out)["input"]["debug_file"] == dbg, out)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_status(url):
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code
    except OSError:
        return None


@case
def debuginfod_server(lineup, work):
    """A stripped executable whose DWARF only a debuginfod server has:
    a real local server (Debian's debuginfod) over a directory holding the
    .debug file, DEBUGINFOD_URLS pointing at it, a cache of our own."""
    server = shutil.which("debuginfod")
    if not server:
        raise Skip("debuginfod is not installed (scripts/packages.txt)")
    src = os.path.join(work, "di.c")
    with open(src, "w") as f:
        f.write(DL_SRC + "int main(void) { return 0; }\n")
    exe = os.path.join(work, "di")
    subprocess.run(CC + ["-g", "-Wl,--build-id", "-I" + INCLUDE, "-o", exe,
                         src], check=True)
    notes = subprocess.run(["readelf", "-n", exe], capture_output=True,
                           text=True).stdout
    ids = [line.split()[-1] for line in notes.splitlines()
           if "Build ID:" in line]
    expect(ids, "no build id in %s: %s" % (exe, notes))
    served = os.path.join(work, "served")
    os.makedirs(served)
    subprocess.run(["objcopy", "--only-keep-debug", exe,
                    os.path.join(served, "di.debug")], check=True)
    # no .gnu_debuglink: only the build id leads to the DWARF
    subprocess.run(["objcopy", "--strip-debug", exe], check=True)
    one_error_line(*run(lineup, "show", exe)[::2], "no debug info")
    port = free_port()
    log = open(os.path.join(work, "debuginfod.log"), "w")
    # scan once (-t 0: no rescans, -g 0: no grooming), database in memory
    proc = subprocess.Popen([server, "-F", "-p", str(port), "-d", ":memory:",
                             "-t", "0", "-g", "0", "-c", "1", served],
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        url = "http://127.0.0.1:%d" % port
        status, deadline = None, time.monotonic() + 10
        while status != 200 and time.monotonic() < deadline:
            if proc.poll() is not None:
                break
            time.sleep(0.2)
            status = http_status("%s/buildid/%s/debuginfo" % (url, ids[0]))
        if status != 200:
            log.flush()
            with open(log.name) as f:
                raise Skip("debuginfod did not serve %s (status %s): %s"
                           % (ids[0], status, f.read()[-500:]))
        cache = os.path.join(work, "cache")
        env = dict(os.environ, DEBUGINFOD_URLS=url,
                   DEBUGINFOD_CACHE_PATH=cache, DEBUGINFOD_TIMEOUT="10")
        fetched = os.path.join(cache, ids[0], "debuginfo")
        p = subprocess.run([lineup, "show", "--struct", "dl_conn", exe],
                           capture_output=True, text=True, timeout=60,
                           env=env)
        expect(p.returncode == 0, "exit %d: %s" % (p.returncode, p.stderr))
        expect(p.stdout.startswith("/* %s: debug info from %s */\n"
                                   % (exe, fetched)),
               "the header names the file fetched: %r" % p.stdout[:300])
        expect("struct dl_conn {" in p.stdout and "rx_bytes" in p.stdout,
               p.stdout)
        p = subprocess.run([lineup, "show", "--format", "json", "--struct",
                            "dl_conn", exe], capture_output=True, text=True,
                           timeout=60, env=env)
        expect(p.returncode == 0 and
               json.loads(p.stdout)["input"]["debug_file"] == fetched,
               p.stdout + p.stderr)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@case
def ordinary_json_unchanged(lineup, work):
    """An input with its own DWARF: no debug_file, no header line."""
    obj = compile_c(work, "s", "struct s { long a; } s;\n")
    rc, out, err = run(lineup, "show", "--format", "json", obj)
    expect(rc == 0 and list(json.loads(out)["input"]) ==
           ["path", "format", "machine", "line_size"], out)
    rc, out, err = run(lineup, "show", obj)
    expect(rc == 0 and out.startswith("struct s {"), out)


# ---- output ----------------------------------------------------------------

@case
def show_json_full_disk(lineup, work):
    """show --format json streams its document: a full disk mid-stream is
    one line and exit 2, and what was written stops at a value's edge."""
    src = "".join("struct s%d { long a; char b[%d]; } v%d;\n" % (i, i + 1, i)
                  for i in range(2000))
    obj = compile_c(work, "many", src)
    rc, out, err = run(lineup, "show", "--format", "json", obj)
    expect(rc == 0 and len(out) > 256 * 1024,
           "exit %d, %d bytes: the document must outgrow the buffer"
           % (rc, len(out)))
    json.loads(out)
    with open("/dev/full", "w") as full:
        p = subprocess.run([lineup, "show", "--format", "json", obj],
                           stdout=full, stderr=subprocess.PIPE, text=True,
                           timeout=60)
    one_error_line(p.returncode, p.stderr, "failed to write the output",
                   "No space left on device")


def main(argv):
    if argv[1:] == ["--list"]:
        print("\n".join(CASES))
        return 0
    lineup, name = argv[1], argv[2]
    work = tempfile.mkdtemp(prefix="lineup-reader-")
    try:
        CASES[name](os.path.abspath(lineup), work)
    except Skip as e:
        print("SKIP: %s" % e)
        return 77
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("ok: %s" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
