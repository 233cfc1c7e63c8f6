#!/usr/bin/env python3
"""`lineup rules --from-net-cachelines`: the kernel's tables as rules.

Groups of cases, one meson test each:
  forms       the plain 6.8 form and the RST form give the same rules and
              the same warnings, byte for byte as conn_*.ini/.stderr say
  check       the rules those tables make, checked against conn.c built
              with gcc -g: clean as laid out, one error with -DBROKEN, and
              the allow lines are what keeps same-path sharing clean
  names       whose table it is: ..struct row, title, file name
  errors      bad input: one line on stderr, exit 2, no rules on stdout
  kernel_btf  a table of real tcp_sock members against the running
              kernel's BTF (skipped, 77, without /sys/kernel/btf/vmlinux)

usage: run_net_cachelines.py --lineup LINEUP --top SOURCE_ROOT --group G
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))


class Ctx:
    def __init__(self, lineup, tmp):
        self.lineup = lineup
        self.tmp = tmp
        self.failures = 0

    def run(self, args, cwd=None):
        p = subprocess.run([self.lineup] + args, capture_output=True,
                           text=True, timeout=60, cwd=cwd or self.tmp)
        return p.returncode, p.stdout, p.stderr

    def expect(self, what, got, want):
        if got != want:
            self.failures += 1
            print(f"FAIL {what}:\n--- want\n{want}\n--- got\n{got}")

    def write(self, name, text):
        path = os.path.join(self.tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path


def read(name):
    with open(os.path.join(HERE, name)) as f:
        return f.read()


def rules_of(ctx, fixture):
    """Runs lineup in a copy of the fixture so messages name it bare."""
    shutil.copy(os.path.join(HERE, fixture), ctx.tmp)
    return ctx.run(["rules", "--from-net-cachelines", fixture])


def group_forms(ctx):
    bodies = []
    for form in ["conn_plain", "conn_rst"]:
        rc, out, err = rules_of(ctx, form + ".rst")
        ctx.expect(f"{form} exit", rc, 0)
        ctx.expect(f"{form} rules", out, read(form + ".ini"))
        ctx.expect(f"{form} warnings", err, read(form + ".stderr"))
        bodies.append(out[out.index("[struct"):])
    # the header comment names the file; everything after it is the same
    ctx.expect("plain and rst agree", bodies[1], bodies[0])
    rc, _, err = ctx.run(["rules", "--help"])
    ctx.expect("--help exit", rc, 0)


def compile_conn(ctx, *flags):
    cc = shutil.which("gcc") or shutil.which("cc")
    obj = os.path.join(ctx.tmp, "conn%s.o" % "".join(flags).replace("-", "_"))
    src = os.path.join(ctx.tmp, "conn.c")
    shutil.copy(os.path.join(HERE, "conn.c"), src)
    subprocess.run([cc, "-c", "-g", *flags, "-o", obj, "conn.c"],
                   cwd=ctx.tmp, check=True)
    return os.path.basename(obj)


def group_check(ctx):
    _, rules, _ = rules_of(ctx, "conn_rst.rst")
    ctx.write("conn.ini", rules)
    good = compile_conn(ctx)
    broken = compile_conn(ctx, "-DBROKEN")
    rc, out, err = ctx.run(["check", "--rules", "conn.ini", good])
    ctx.expect("good layout", (rc, out + err),
               (0, "lineup: 1 struct checked, 0 errors, 0 warnings\n"))
    rc, out, err = ctx.run(["check", "--rules", "conn.ini", broken])
    ctx.expect("broken layout", (rc, out + err), (1, (
        "conn.c:17:11: error: 'tx_bytes', 'tx_packets', 'tx_hist' (write "
        "group 'conn_write_tx') share cache line 0 with 'rcv_wnd' (read "
        "group 'conn_read_rx') in struct conn [LU001]\n"
        "conn.c:22:11: note: 'rcv_wnd' is at offset 48, line 0 (bytes "
        "0-63)\n"
        "lineup: 1 struct checked, 1 error, 0 warnings\n")))
    # without the allow lines every same-path neighbour is an error: the
    # allows are what makes the rules say what the kernel means
    ctx.write("noallow.ini", "".join(
        l for l in rules.splitlines(True) if not l.startswith("allow")))
    rc, out, err = ctx.run(["check", "--rules", "noallow.ini", good])
    ctx.expect("no allow lines", (rc, out.splitlines()[-1]),
               (1, "lineup: 1 struct checked, 6 errors, 0 warnings"))


TABLE = """\
Type        Name         fastpath_tx_access  fastpath_rx_access  Comments
u32         snd_nxt      read_write          read_mostly         x
"""


def expect_rules(ctx, what, args, struct, err=""):
    rc, out, got_err = ctx.run(["rules", "--from-net-cachelines"] + args)
    first = out.splitlines()[0] if out else ""
    ctx.expect(what, (rc, first, got_err), (0, struct, err))


def group_names(ctx):
    ctx.write("sock_sysctl.rst", "====\nsock struct fast path\n====\n\n"
              + TABLE)
    expect_rules(ctx, "title, file named after it", ["sock_sysctl.rst"],
                 "# struct sock, from sock_sysctl.rst (named by its title, "
                 "line 2):")
    ctx.write("other.rst", "sock struct fast path\n=====\n\n" + TABLE)
    expect_rules(ctx, "title against file name", ["other.rst"],
                 "# struct sock, from other.rst (named by its title, "
                 "line 1):",
                 "other.rst:1: warning: the title names struct sock, the "
                 "file name other: using sock\n")
    ctx.write("udp_sock.rst", TABLE)
    expect_rules(ctx, "file name", ["udp_sock.rst"],
                 "# struct udp_sock, from udp_sock.rst (named by its file "
                 "name):")
    # the first inet_sock.rst's title named inet_connection_sock; its
    # ..struct row was right
    ctx.write("inet.rst", "====\ninet_connection_sock struct x\n====\n\n"
              + TABLE.replace("x\n", "x\n..struct    ..inet_sock\n", 1))
    expect_rules(ctx, "..struct row wins", ["inet.rst"],
                 "# struct inet_sock, from inet.rst (named by its ..struct "
                 "row, line 7):",
                 "inet.rst:2: warning: the title names struct "
                 "inet_connection_sock, the table's ..struct row struct "
                 "inet_sock: using inet_sock\n")


def expect_error(ctx, what, args, err):
    rc, out, got = ctx.run(args)
    ctx.expect(what, (rc, out, got), (2, "", err))


def group_errors(ctx):
    nc = ["rules", "--from-net-cachelines"]
    usage = "; usage: lineup rules --from-net-cachelines FILE.rst\n"
    expect_error(ctx, "no option", ["rules"],
                 "lineup rules: no --from-net-cachelines FILE.rst given" +
                 usage)
    ctx.write("t.rst", TABLE)
    expect_error(ctx, "extra argument", nc + ["t.rst", "x.o"],
                 "lineup rules: takes no FILE ('x.o')" + usage)
    expect_error(ctx, "missing argument", nc,
                 "lineup rules: missing argument to "
                 "'--from-net-cachelines' (lineup rules --help lists the "
                 "options)\n")
    expect_error(ctx, "an option it does not take",
                 ["rules", "--format", "json"] + nc[1:] + ["t.rst"],
                 "lineup rules: rules does not take --format (lineup rules "
                 "--help lists the options)\n")
    expect_error(ctx, "missing file", nc + ["nope.rst"],
                 "lineup: failed to read nope.rst: No such file or "
                 "directory\n")
    expect_error(ctx, "directory", nc + ["."],
                 "lineup: failed to read .: Is a directory\n")
    ctx.write("empty.rst", "")
    expect_error(ctx, "empty file", nc + ["empty.rst"],
                 "lineup: empty.rst: error: no net_cachelines table (a "
                 "header row 'Type Name fastpath_tx_access "
                 "fastpath_rx_access Comments')\n")
    with open(os.path.join(ctx.tmp, "bin.rst"), "wb") as f:
        f.write(b"\x7fELF\x00\x01" + TABLE.encode())
    expect_error(ctx, "binary", nc + ["bin.rst"],
                 "lineup: bin.rst: error: not a text file\n")
    ctx.write("snmp.rst", "===\nnetns_ipv4 enum fast path usage "
              "breakdown\n===\n\n" + TABLE.replace(
                  "u32         snd_nxt     ",
                  "long        LINUX_MIB_X "))
    expect_error(ctx, "an enum's table", nc + ["snmp.rst"],
                 "lineup: snmp.rst:2: error: the table is about netns_ipv4 "
                 "enum, not a struct's members: no rules to make\n")
    ctx.write("mib.rst", TABLE.replace(
        "u32         snd_nxt     ", "long        LINUX_MIB_X "))
    expect_error(ctx, "constants without a title", nc + ["mib.rst"],
                 "lineup: mib.rst:2: error: 'LINUX_MIB_X' and "
                 "the other names are constants, not a struct's members: "
                 "no rules to make\n")
    ctx.write("across.rst", TABLE.replace("u32         snd_nxt ",
                                          "unsigned_long_int snd"))
    rc, out, err = ctx.run(nc + ["across.rst"])
    ctx.expect("a row off the header's columns", (rc, out, err), (2, "", (
        "across.rst:2: warning: cannot place the row: 'unsigned_long_int' "
        "runs across the start of column 13 (the cells must line up under "
        "the header's words)\n"
        "lineup: across.rst: error: none of the table's 1 rows has a "
        "fast-path access: no rules to make\n")))
    ctx.write("noname.rst", TABLE.replace("u32         snd_nxt",
                                          "u32 snd_nxt        "))
    rc, out, err = ctx.run(nc + ["noname.rst"])
    ctx.expect("nothing in the Name column", (rc, err.splitlines()[0]), (
        2, "noname.rst:2: warning: cannot place the row: its Name column is "
           "empty (type 'u32 snd_nxt')"))
    ctx.write("cold.rst", TABLE.replace("read_write          read_mostly",
                                        "-                   -          "))
    expect_error(ctx, "no fast-path row", nc + ["cold.rst"],
                 "lineup: cold.rst: error: none of the table's 1 rows has a "
                 "fast-path access: no rules to make\n")
    expect_error(ctx, "--struct", nc + ["t.rst", "--struct", "sock"],
                 "lineup rules: rules does not take --struct (lineup rules "
                 "--help lists the options)\n")
    ctx.write("1st.rst", TABLE)
    expect_error(ctx, "no name at all", nc + ["1st.rst"],
                 "lineup: 1st.rst: error: cannot tell which struct the "
                 "table is about (no ..struct row, no title, and the file "
                 "name is no identifier)\n")
    rc, out, err = ctx.run(nc + ["/dev/null"])
    ctx.expect("not a regular file", (rc, err),
               (2, "lineup: failed to read /dev/null: not a regular "
                   "file\n"))


# Real tcp_sock members and what the current table says of them; the
# kernel keeps nonagle (tx) and rate_app_limited (rx) in one byte.
TCP_SOCK = """\
=========================================
tcp_sock struct fast path usage breakdown
=========================================

=========== ================ =================== =================== ====
Type        Name             fastpath_tx_access  fastpath_rx_access  Comments
=========== ================ =================== =================== ====
u32         segs_out         read_write                              tx
u32         segs_in                              read_write          rx
u32         snd_nxt          read_write          read_mostly         both
u8:4        nonagle          read_write                              tx
u8:1        rate_app_limited                     read_write          rx
u32         no_such_member   read_write                              gone
=========== ================ =================== =================== ====
"""


def group_kernel_btf(ctx):
    btf = "/sys/kernel/btf/vmlinux"
    if not os.access(btf, os.R_OK):
        return SKIP
    ctx.write("tcp_sock.rst", TCP_SOCK)
    rc, rules, err = ctx.run(["rules", "--from-net-cachelines",
                              "tcp_sock.rst"])
    ctx.expect("tcp_sock rules", (rc, err), (0, ""))
    ctx.write("tcp_sock.ini", rules)
    rc, out, err = ctx.run(["check", "--rules", "tcp_sock.ini", btf])
    ctx.expect("tcp_sock checked", rc in (0, 1), True)
    lines = (out + err).splitlines()
    ctx.expect("gone member", [l for l in lines if "no_such_member" in l],
               ["tcp_sock.ini:9: note: member 'no_such_member' is not in "
                "struct tcp_sock (skipped: normal when a configuration "
                "leaves it out)"])
    shared = [l for l in lines if "storage unit" in l and "error" in l]
    ctx.expect("nonagle and rate_app_limited", len(shared), 1)
    if shared:
        ctx.expect("the unit's members",
                   "'nonagle' (write group 'tcp_sock_write_tx') is a "
                   "bit-field" in shared[0] and "'rate_app_limited' (write "
                   "group 'tcp_sock_write_rx')" in shared[0], True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lineup", required=True)
    ap.add_argument("--top", required=True)
    ap.add_argument("--group", required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="lineup-nc.") as tmp:
        ctx = Ctx(os.path.abspath(a.lineup), tmp)
        rc = globals()["group_" + a.group](ctx)
        if rc == SKIP:
            print(f"{a.group}: skipped")
            return SKIP
    print(f"{a.group}: {'FAILED' if ctx.failures else 'ok'}")
    return 1 if ctx.failures else 0


if __name__ == "__main__":
    sys.exit(main())
