#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bad inputs for lineup: each must end in one line on stderr that names the
input and the problem, exit 2 (or the documented status), within a time
limit, with no sanitizer report and no file left in $TMPDIR.

    run.py LINEUP [CASE...]     run the cases (all when none is named)
    run.py --list               the case names, for meson

Inputs are made at test time in a temporary directory (compiled with $CC,
default cc) and removed afterwards. Each run gets its own empty TMPDIR,
checked again once lineup has exited.
"""

import os
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
import time

TIME_LIMIT = float(os.environ.get("BAD_INPUT_TIMEOUT", "20"))
CC = shlex.split(os.environ.get("CC", "cc"))
CRASH_WORDS = ("Sanitizer", "Segmentation", "runtime error", "Aborted",
               "core dumped", "stack-overflow", "libbpf:")

# A fixture with lineup.h's markers spelled out (no include path needed) and
# its write and read groups on different lines, so it checks clean.
FIXTURE = """
typedef unsigned char lineup__write;
typedef unsigned char lineup__read;
struct task_group {
	long css[4];
	lineup__write lineup__begin__tick[0];
	long load_avg;
	lineup__write lineup__end__tick[0];
	long pad[7];		/* the wake group starts the next line */
	lineup__read lineup__begin__wake[0];
	struct task_group *parent;
	void *rt_se, *rt_rq;
	lineup__read lineup__end__wake[0];
	long rcu[8];
	unsigned int flags : 3;
} __attribute__((__aligned__(64)));
struct task_group tg;
int main(void) { return (int)tg.flags; }
"""


class Run:
    """One lineup command and what must come of it."""

    def __init__(self, args, status=2, names=(), words=(), stderr_lines=None,
                 stdout_words=(), as_user=None):
        self.args = args
        self.status = status
        self.names = list(names)      # stderr must name these inputs
        self.words = list(words)      # and say these words
        # one line for errors, none otherwise, unless told
        self.stderr_lines = (stderr_lines if stderr_lines is not None
                             else (1 if status == 2 else 0))
        self.stdout_words = list(stdout_words)
        self.as_user = as_user        # uid to run as (permission case)


class Skip(Exception):
    pass


# ---- input makers ---------------------------------------------------------

def compile_c(work, name, source, flags=("-c", "-g"), out=None):
    src = os.path.join(work, name + ".c")
    with open(src, "w") as f:
        f.write(source)
    out = out or os.path.join(work, name + (".o" if "-c" in flags else ""))
    # a crashing compiler leaves its reproducer in TMPDIR: keep it here
    subprocess.run(CC + list(flags) + ["-o", out, src], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                   env=dict(os.environ, TMPDIR=work))
    return out


def fixture(work):
    return compile_c(work, "fixture", FIXTURE)


def elf_sections(path):
    """{name: (offset, size)} and the ELF64 header fields we cut at."""
    data = open(path, "rb").read()
    assert data[:4] == b"\x7fELF" and data[4] == 2, "64-bit ELF expected"
    e_shoff, = struct.unpack_from("<Q", data, 0x28)
    e_shentsize, e_shnum, e_shstrndx = struct.unpack_from("<HHH", data, 0x3a)
    shdrs = []
    for i in range(e_shnum):
        off = e_shoff + i * e_shentsize
        name, _, _, _, offset, size = struct.unpack_from("<IIQQQQ", data, off)
        shdrs.append((name, offset, size))
    stroff = shdrs[e_shstrndx][1]
    secs = {}
    for name, offset, size in shdrs:
        end = data.index(b"\0", stroff + name)
        secs[data[stroff + name:end].decode()] = (offset, size)
    return data, e_shoff, e_shentsize, e_shnum, secs


def write(work, name, data, mode=None):
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        f.write(data)
    if mode is not None:
        os.chmod(path, mode)
    return path


def btf_blob(types, strings, hdr_len=24, fix=None):
    """Raw BTF from (name_off, info, size_or_type, extra bytes) records."""
    tsec = b"".join(struct.pack("<III", n, i, s) + x for n, i, s, x in types)
    ssec = strings
    hdr = dict(magic=0xEB9F, version=1, flags=0, hdr_len=hdr_len,
               type_off=0, type_len=len(tsec),
               str_off=len(tsec), str_len=len(ssec))
    if fix:
        hdr.update(fix)
    head = struct.pack("<HBBIIIII", hdr["magic"], hdr["version"],
                       hdr["flags"], hdr["hdr_len"], hdr["type_off"],
                       hdr["type_len"], hdr["str_off"], hdr["str_len"])
    return head + b"\0" * (max(hdr_len, 24) - 24) + tsec + ssec


def kind(k, vlen=0):
    return (k << 24) | vlen


INT, PTR, STRUCT, TYPEDEF = 1, 2, 4, 8
# strings: 0 "", 1 "int", 5 "s", 7 "m", 9 "t"
STRS = b"\0int\0s\0m\0t\0"


def int_type():
    return (1, kind(INT), 4, struct.pack("<I", 32))


def struct_s(member_type):
    return (5, kind(STRUCT, 1), 8, struct.pack("<III", 7, member_type, 0))


# ---- cases ----------------------------------------------------------------

def case_empty_file(work):
    p = write(work, "empty.o", b"")
    return [Run(["show", p], names=[p], words=["empty"]),
            Run(["check", p], names=[p], words=["empty"])]


def case_directory(work):
    p = os.path.join(work, "adir")
    os.mkdir(p)
    return [Run(["show", p], names=[p], words=["directory"]),
            Run(["check", p], names=[p], words=["directory"])]


def case_fifo(work):
    # Nobody writes: a blocking open or read would hang until the timeout.
    p = os.path.join(work, "fifo")
    os.mkfifo(p)
    return [Run(["show", p], names=[p], words=["not a regular file"]),
            Run(["check", p], names=[p], words=["not a regular file"])]


def case_no_permission(work):
    p = write(work, "secret.o", open(fixture(work), "rb").read(), mode=0)
    if os.geteuid() != 0:
        return [Run(["show", p], names=[p], words=["Permission denied"]),
                Run(["check", p], names=[p], words=["Permission denied"])]
    # Root reads anything: run lineup as nobody when we can, else skip.
    if not shutil.which("setpriv"):
        raise Skip("running as root, which can read a mode-000 file, and "
                   "no setpriv to drop to nobody")
    os.chmod(work, 0o755)
    return [Run(["show", p], names=[p], words=["Permission denied"],
                as_user=65534),
            Run(["check", p], names=[p], words=["Permission denied"],
                as_user=65534)]


def case_nonexistent(work):
    p = os.path.join(work, "no-such-file.o")
    return [Run(["show", p], names=[p], words=["No such file"]),
            Run(["check", p], names=[p], words=["No such file"])]


def case_not_an_input(work):
    p = write(work, "random.bin", bytes((i * 151 + 7) % 256 for i in range(4096)))
    return [Run(["show", p], names=[p], words=["not an ELF"]),
            Run(["check", p], names=[p], words=["not an ELF"])]


def case_truncated_elf(work):
    obj = fixture(work)
    data, shoff, shentsize, shnum, secs = elf_sections(obj)
    info_off, info_size = secs[".debug_info"]
    cuts = {1, 4, 5, 16, 24, 0x28, 52, 63, 64,
            info_off, info_off + 4, info_off + 11, info_off + info_size // 2,
            info_off + info_size - 1,
            secs[".debug_abbrev"][0] + 3,
            secs[".debug_str"][0] + secs[".debug_str"][1] // 2,
            secs[".debug_line"][0] + 10,
            secs[".symtab"][0] + 5,
            shoff, shoff + 10, shoff + shentsize * (shnum // 2) + 7,
            len(data) - 1}
    runs = []
    for cut in sorted(c for c in cuts if 0 < c < len(data)):
        p = write(work, "cut-%d.o" % cut, data[:cut])
        # fewer than 4 bytes is not even ELF's magic number
        words = ["truncated ELF"] if cut >= 4 else ["not an ELF"]
        runs.append(Run(["show", p], names=[p], words=words))
        runs.append(Run(["check", p], names=[p], words=words))
    return runs


def case_no_debug(work):
    p = compile_c(work, "nodebug", FIXTURE, flags=("-c",))
    return [Run(["show", p], names=[p], words=["no debug info"]),
            Run(["check", p], names=[p], words=["no debug info"])]


def case_stripped(work):
    exe = compile_c(work, "prog", FIXTURE, flags=("-g",))
    subprocess.run(["strip", exe], check=True)
    return [Run(["show", exe], names=[exe], words=["no debug info"]),
            Run(["check", exe], names=[exe], words=["no debug info"])]


def case_garbage_debug_info(work):
    obj = fixture(work)
    data, _, _, _, secs = elf_sections(obj)
    off, size = secs[".debug_info"]
    runs = []
    # all of it, then the DIEs only (the unit header stays sane)
    for name, start in (("all", off), ("dies", off + 12)):
        buf = bytearray(data)
        for i in range(start, off + size):
            buf[i] = (i * 197 + 91) & 0xFF
        p = write(work, "garbage-%s.o" % name, bytes(buf))
        runs.append(Run(["show", p], names=[p]))
        runs.append(Run(["check", p], names=[p]))
    return runs


def case_garbage_compressed_debug(work):
    # .debug_info compressed with zlib (SHF_COMPRESSED), the stream garbled
    src = os.path.join(work, "z.c")
    with open(src, "w") as f:
        f.write(FIXTURE)
    obj = os.path.join(work, "z.o")
    if subprocess.run(CC + ["-c", "-g", "-gz=zlib", "-o", obj, src],
                      stderr=subprocess.DEVNULL).returncode != 0:
        raise Skip("the compiler cannot compress debug sections (-gz)")
    data, _, _, _, secs = elf_sections(obj)
    off, size = secs[".debug_info"]
    buf = bytearray(data)
    for i in range(off + 24, off + size):   # past the Elf64_Chdr
        buf[i] = (i * 31) & 0xFF
    p = write(work, "zgarbage.o", bytes(buf))
    return [Run(["show", p], names=[p], words=["decompress"]),
            Run(["check", p], names=[p], words=["decompress"])]


def case_truncated_archive(work):
    obj = fixture(work)
    nodebug = compile_c(work, "nodebug", FIXTURE, flags=("-c",))
    lib = os.path.join(work, "lib.a")
    subprocess.run(["ar", "rcs", lib, obj, nodebug], check=True)
    data = open(lib, "rb").read()
    runs = []
    for cut in (8, 30, 68, 100, len(data) // 2, len(data) - 10,
                len(data) - 1):
        p = write(work, "lib-%d.a" % cut, data[:cut])
        words = ["empty archive"] if cut == 8 else ["archive"]
        runs.append(Run(["show", p], names=[p], words=words))
        runs.append(Run(["check", p], names=[p], words=words))
    return runs


def case_btf_bad_header(work):
    good = btf_blob([int_type(), struct_s(1)], STRS)
    variants = {
        "short": good[:10],
        "hdr-len-huge": btf_blob([int_type()], STRS, fix={"hdr_len": 0x7fffffff}),
        "hdr-len-small": btf_blob([int_type()], STRS, fix={"hdr_len": 8}),
        "type-len-past-end": btf_blob([int_type()], STRS, fix={"type_len": 4096}),
        "str-off-past-end": btf_blob([int_type()], STRS, fix={"str_off": 4096}),
        "str-len-huge": btf_blob([int_type()], STRS, fix={"str_len": 0xffffff00}),
        "types-overlap-strings": btf_blob([int_type()], STRS, fix={"str_off": 4}),
        "bad-version": btf_blob([int_type()], STRS, fix={"version": 9}),
        "unknown-kind": btf_blob([(1, kind(31), 4, b"")], STRS),
        "cut-record": good[:-len(STRS) - 3],
    }
    runs = []
    for name, blob in variants.items():
        p = write(work, "bad-%s.btf" % name, blob)
        runs.append(Run(["show", p], names=[p]))
        runs.append(Run(["check", p], names=[p]))
    return runs


def case_btf_self_reference(work):
    variants = {
        # typedef t t; struct s { t m; }
        "typedef": [int_type(), (9, kind(TYPEDEF), 2, b""), struct_s(2)],
        # a pointer to itself as a member type
        "pointer": [int_type(), (0, kind(PTR), 2, b""), struct_s(2)],
        # struct s { struct s m; }
        "struct": [int_type(), struct_s(2)],
        # a member of a type that does not exist
        "bad-type-id": [int_type(), struct_s(77)],
        # a member named past the end of the strings
        "bad-name": [int_type(),
                     (5, kind(STRUCT, 1), 8, struct.pack("<III", 999, 1, 0))],
    }
    runs = []
    for name, types in variants.items():
        p = write(work, "self-%s.btf" % name, btf_blob(types, STRS))
        runs.append(Run(["show", p], names=[p], words=["BTF"]))
        runs.append(Run(["check", p], names=[p], words=["BTF"]))
    # the same through an ELF file's .BTF section
    obj = compile_c(work, "plain", "int x;\n", flags=("-c",))
    btf = write(work, "self.btf", btf_blob(variants["typedef"], STRS))
    elf = os.path.join(work, "self-btf.o")
    subprocess.run(["objcopy", "--add-section", ".BTF=" + btf, obj, elf],
                   check=True)
    runs.append(Run(["show", elf], names=[elf], words=["contains itself"]))
    return runs


def case_btf_doubling_nest(work):
    # S1 holds two ints, S2 two S1... S28: legal, but walking it member by
    # member (libbpf's btf__align_of does) takes 2^28 steps.
    types, strs = [int_type()], bytearray(STRS)
    for k in range(1, 29):
        name = len(strs)
        strs += b"S%d\0" % k
        elem, size = k, 4 << (k - 1)     # type k is S(k-1), or the int
        members = struct.pack("<III", 7, elem, 0) + \
            struct.pack("<III", 7, elem, size * 8 & 0xFFFFFFFF)
        types.append((name, kind(STRUCT, 2), 2 * size, members))
    p = write(work, "doubling.btf", btf_blob(types, bytes(strs)))
    return [Run(["show", p], names=[p], words=["too many to lay out"]),
            Run(["check", p], names=[p], words=["too many to lay out"])]


def case_elf_btf_malformed(work):
    # An ELF file whose .BTF is fine but whose section headers are not.
    obj = compile_c(work, "plain", "int x;\n", flags=("-c",))
    btf = write(work, "ok.btf", btf_blob([int_type(), struct_s(1)], STRS))
    good = os.path.join(work, "btf.o")
    subprocess.run(["objcopy", "--add-section", ".BTF=" + btf, obj, good],
                   check=True)
    data, shoff, shentsize, shnum, secs = elf_sections(good)
    runs = []
    for what in ("nobits", "bad-name"):
        buf = bytearray(data)
        for i in range(1, shnum):
            hdr = shoff + i * shentsize
            name, = struct.unpack_from("<I", buf, hdr)
            off = secs[".shstrtab"][0] + name
            sname = data[off:data.index(b"\0", off)].decode()
            if what == "nobits" and sname == ".BTF":
                struct.pack_into("<I", buf, hdr + 4, 8)       # SHT_NOBITS
            if what == "bad-name" and sname == ".text":
                struct.pack_into("<I", buf, hdr, 0xFFFFF)     # past .shstrtab
        p = write(work, "btf-%s.o" % what, bytes(buf))
        runs.append(Run(["show", p], names=[p]))
        runs.append(Run(["check", p], names=[p]))
    return runs


def rules_file(work, name, text):
    return write(work, name, text.encode() if isinstance(text, str) else text)


def case_rules_bad(work):
    obj = fixture(work)
    long_line = "[struct task_group]\nwrite = " + " ".join(
        "m%d" % i for i in range(60)) + "\n"
    variants = {
        "empty.ini": ("", ["empty"]),
        "unknown-key.ini": ("[struct task_group]\nwrite = load_avg\n"
                            "hot = parent\n", ["unknown key 'hot'"]),
        "unknown-section.ini": ("[struct task_group]\nwrite = load_avg\n"
                                "[groups]\nx = y\n",
                                ["unknown section [groups]"]),
        "duplicate-section.ini": ("[struct task_group]\nwrite = load_avg\n"
                                  "[struct task_group]\nread = parent\n",
                                  ["duplicate section"]),
        "bad-number.ini": ("[struct task_group]\nmax_size = lots\n",
                           ["max_size"]),
        "negative-number.ini": ("[struct task_group]\nmax_size = -64\n",
                                ["max_size"]),
        "overflow-number.ini": ("[struct task_group]\nmax_bytes.tick = "
                                "99999999999999999999999\n", ["max_bytes"]),
        "zero-lines.ini": ("[struct task_group]\nmax_lines.tick = 0\n",
                           ["max_lines"]),
        "long-line.ini": (long_line, ["line"]),
        "binary.ini": (b"[struct task_group]\nwrite = a\0b\n", ["not a text"]),
        "outside-section.ini": ("write = load_avg\n", ["outside"]),
        # libinih reports no empty section: the parser sees no section
        "no-rules.ini": ("[struct task_group]\n# nothing\n", ["section"]),
    }
    runs = []
    for name, (text, words) in variants.items():
        r = rules_file(work, name, text)
        runs.append(Run(["check", "--rules", r, obj], names=[r], words=words))
    # a rules file that is not a file
    runs.append(Run(["check", "--rules", work, obj], names=[work]))
    missing = os.path.join(work, "missing.ini")
    runs.append(Run(["check", "--rules", missing, obj], names=[missing]))
    return runs


def case_rules_missing_member(work):
    obj = fixture(work)
    far = rules_file(work, "far.ini", "[struct task_group]\nwrite = load_avg\n"
                     "read = parent zzzzzz_nowhere\n")
    near = rules_file(work, "near.ini", "[struct task_group]\nwrite = load_av\n"
                      "read = parent\n")
    # Design §4: absent is a note, absent and close a warning, --strict
    # makes both errors. They are findings, so stdout, not stderr.
    return [Run(["check", "--rules", far, obj], status=0,
                stdout_words=["note", "zzzzzz_nowhere"]),
            Run(["check", "--rules", near, obj], status=0,
                stdout_words=["warning", "load_avg"]),
            Run(["check", "--strict", "--rules", far, obj], status=1,
                stdout_words=["error", "zzzzzz_nowhere"])]


def case_rules_missing_struct(work):
    obj = fixture(work)
    r = rules_file(work, "other.ini", "[struct task_grop]\nwrite = load_avg\n")
    far = rules_file(work, "far.ini", "[struct zebra]\nwrite = load_avg\n")
    return [Run(["check", "--rules", r, obj], names=[r, obj],
                words=["task_grop", "did you mean 'task_group'"]),
            Run(["check", "--rules", far, obj], names=[far, obj],
                words=["zebra"])]


def case_show_missing_struct(work):
    obj = fixture(work)
    return [Run(["show", "--struct", "task_grop", obj], names=[obj],
                words=["task_grop", "did you mean 'task_group'"]),
            Run(["show", "--struct", "nonexistent", obj], names=[obj],
                words=["nonexistent"])]


def case_huge_struct(work):
    # 100,000 members, a write group over the first half and a read group
    # over the second: they meet on one line.
    n = 100000
    lines = ["typedef unsigned char lineup__write;",
             "typedef unsigned char lineup__read;",
             "struct huge {", "lineup__write lineup__begin__w[0];"]
    for i in range(n):
        if i == n // 2:
            lines.append("lineup__write lineup__end__w[0];")
            lines.append("lineup__read lineup__begin__r[0];")
        lines.append("int m%d;" % i)
    lines += ["lineup__read lineup__end__r[0];", "} h;", ""]
    obj = compile_c(work, "huge", "\n".join(lines))
    return [Run(["show", "--struct", "huge", obj], status=0,
                stdout_words=["members: %d" % n]),
            Run(["check", obj], status=1, stdout_words=["'m49999'"])]


def case_deep_nesting(work):
    # 10,000 anonymous structs, one inside the other. gcc takes them; clang
    # stops at 256 brackets unless told, so ask it, then go shallower until
    # the compiler copes (lineup's own limit is 256 levels).
    obj, depth = None, 10000
    while obj is None and depth > 256:
        src = ("struct deep {" + "struct {" * depth + "int x;" +
               "};" * depth + "} d;\n")
        for extra in ((), ("-fbracket-depth=%d" % (2 * depth + 16),)):
            try:
                obj = compile_c(work, "deep", src,
                                flags=("-c", "-g") + extra)
                break
            except subprocess.CalledProcessError:
                pass
        if obj is None:
            depth //= 2
    if obj is None:
        raise Skip("the compiler takes no more than 256 nested structs")
    print("     deep-nesting: %d levels" % depth)
    return [Run(["show", obj], names=[obj], words=["nested deeper"]),
            Run(["check", obj], names=[obj], words=["nested deeper"])]


def case_doubling_nest(work):
    # struct S40 holds two S39, each two S38...: 2^40 bytes, and a naive
    # walk over its members takes 2^40 steps. Legal C: must be quick.
    n = 40
    src = ["struct S0 { char c; };"]
    src += ["struct S%d { struct S%d a, b; };" % (k, k - 1)
            for k in range(1, n + 1)]
    src.append("struct S%d *p;\n" % n)
    obj = compile_c(work, "double", "\n".join(src))
    return [Run(["show", "--struct", "S%d" % n, obj], status=0,
                stdout_words=["size: %d" % (1 << n)])]


def case_pahole_garbage(work):
    variants = {
        "unclosed.txt": "struct task_group {\n\tlong int css[4]; /* 0 32 */\n",
        "bad-offset.txt": "struct x {\n\tint a; /* zz 4 */\n};\n",
        "no-brace.txt": "struct x\n\tint a; /* 0 4 */\n}\n",
    }
    runs = []
    for name, text in variants.items():
        p = write(work, name, text.encode())
        runs.append(Run(["show", p], names=[p]))
        runs.append(Run(["check", "--from-pahole", p], names=[p]))
    return runs


CASES = {name[5:].replace("_", "-"): fn for name, fn in sorted(globals().items())
         if name.startswith("case_")}


# ---- the runner -----------------------------------------------------------

def run_one(lineup, run, work):
    tmp = tempfile.mkdtemp(prefix="tmpdir-", dir=work)
    os.chmod(tmp, 0o1777)
    env = dict(os.environ, TMPDIR=tmp, NO_COLOR="1", LC_ALL="C")
    cmd = [lineup] + run.args
    if run.as_user is not None:
        cmd = ["setpriv", "--reuid=%d" % run.as_user,
               "--regid=%d" % run.as_user, "--clear-groups"] + cmd
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        return ["took more than %g s (hang?)" % TIME_LIMIT], ""
    took = time.monotonic() - start
    out = p.stdout.decode(errors="replace")
    err = p.stderr.decode(errors="replace")
    problems = []
    if p.returncode != run.status:
        problems.append("exit status %d, expected %d" %
                        (p.returncode, run.status))
    for word in CRASH_WORDS:
        if word in out or word in err:
            problems.append("'%s' in the output" % word)
    lines = err.splitlines()
    if len(lines) != run.stderr_lines:
        problems.append("%d lines on stderr, expected %d" %
                        (len(lines), run.stderr_lines))
    for want in run.names + run.words:
        if want not in err:
            problems.append("stderr does not say '%s'" % want)
    for want in run.stdout_words:
        if want not in out:
            problems.append("stdout does not say '%s'" % want)
    left = os.listdir(tmp)
    if left:
        problems.append("left in TMPDIR: %s" % ", ".join(sorted(left)))
    shutil.rmtree(tmp, ignore_errors=True)
    said = lines[0] if lines else (out.splitlines() or [""])[-1]
    return problems, "%d in %.1fs: %s" % (p.returncode, took, said)


def main(argv):
    if argv[1:] == ["--list"]:
        print("\n".join(CASES))
        return 0
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    lineup = os.path.abspath(argv[1])
    names = argv[2:] or list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown:
        print("run.py: unknown case %s" % ", ".join(unknown), file=sys.stderr)
        return 2
    failed = skipped = 0
    for name in names:
        work = tempfile.mkdtemp(prefix="lineup-bad-input-")
        try:
            try:
                runs = CASES[name](work)
            except Skip as e:
                print("SKIP %s: %s" % (name, e))
                skipped += 1
                continue
            for run in runs:
                problems, said = run_one(lineup, run, work)
                shown = " ".join(os.path.relpath(a, work)
                                 if a.startswith(work) else a
                                 for a in run.args)
                status = "FAIL" if problems else "ok  "
                print("%s %s: lineup %s -> %s" % (status, name, shown, said))
                for pr in problems:
                    print("       %s" % pr)
                failed += bool(problems)
        finally:
            os.chmod(work, 0o700)
            shutil.rmtree(work, ignore_errors=True)
    if failed:
        print("%d run%s failed" % (failed, "" if failed == 1 else "s"))
        return 1
    # meson's exit status for a skipped test
    return 77 if skipped == len(names) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
