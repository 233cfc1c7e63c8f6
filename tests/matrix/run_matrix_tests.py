#!/usr/bin/env python3
"""lineup matrix, end to end: real compiles of real sources.

usage: run_matrix_tests.py LINEUP SOURCE_ROOT [SANITIZE]

Every case runs `lineup matrix` in a scratch directory with TMPDIR pointing
at a private directory, and checks the exit status, the report, and that no
temporary file is left behind. SANITIZE is meson's b_sanitize: with
sanitizers, the address-space limit that keeps a runaway lineup from
eating the machine is not set (ASan maps terabytes of shadow memory).

Interrupts are sent at moments the test can see, never after a delay: the
compile command signals lineup itself, inotify sees lineup open an object,
a full pipe holds lineup in the middle of its report.
"""
import fcntl
import json
import os
import resource
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LINEUP = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(sys.argv[2])
SANITIZED = len(sys.argv) > 3 and sys.argv[3] not in ("", "none")
EXAMPLE = os.path.join(ROOT, "examples", "task_group")
failures = []


def matrix(rules_path, *args, tmpdir, timeout=120):
    env = dict(os.environ, TMPDIR=tmpdir)
    proc = subprocess.run([LINEUP, "matrix", "--rules", rules_path, *args],
                          capture_output=True, text=True, env=env,
                          timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def check(name, cond, detail=""):
    print(("ok   " if cond else "FAIL ") + name)
    if not cond:
        failures.append(name)
        if detail:
            print(textwrap.indent(detail, "     | "))


def leftovers(tmpdir):
    return [f for f in os.listdir(tmpdir)]


def example(variant, tmp):
    """The task_group example as a user has it: sources next to rules."""
    d = os.path.join(tmp, "examples", "task_group")
    if not os.path.isdir(d):
        shutil.copytree(EXAMPLE, d)
        os.symlink(os.path.join(ROOT, "include"), os.path.join(tmp, "include"))
    return os.path.join(d, variant + ".ini")


def test_seed(tmp, scratch):
    rc, out, err = matrix(example("before", tmp), tmpdir=scratch)
    check("before: exit 1", rc == 1, out + err)
    # CONFIG_CFS_BANDWIDTH is read by no line of the replica: not swept
    check("before: 32 configurations, deduplicated",
          "6 options, 32 configurations (all), 24 distinct after "
          "preprocessing" in out,
          out)
    check("before: parent without RT",
          "'load_avg' (write) shares cache line 4 with 'parent' (read) in "
          "struct task_group [CONFIG_FAIR_GROUP_SCHED=y && CONFIG_SMP=y && "
          "CONFIG_RT_GROUP_SCHED=n]" in out, out)
    check("before: rt_se and rt_rq with RT",
          "shares cache line 4 with 'rt_se', 'rt_rq' (read) in struct "
          "task_group [CONFIG_FAIR_GROUP_SCHED=y && CONFIG_SMP=y && "
          "CONFIG_RT_GROUP_SCHED=y]" in out, out)
    check("before: notes point at the offsets",
          "note: 'rt_se' is at offset 264, line 4 (bytes 256-319)" in out and
          "note: 'parent' is at offset 296, line 4 (bytes 256-319)" in out,
          out)
    check("before: the failing condition",
          "8 of 32 configurations fail: CONFIG_FAIR_GROUP_SCHED=y && "
          "CONFIG_SMP=y" in out, out)
    check("before: positions relative to the source",
          "task_group_before.c:19:" in out, out)
    for variant, size in (("reorder", 704), ("isolate", 768)):
        rc, out, err = matrix(example(variant, tmp), tmpdir=scratch)
        check(f"{variant}: exit 0", rc == 0, out + err)
        check(f"{variant}: all pass", "all 32 configurations pass" in out,
              out)
        check(f"{variant}: largest size {size}",
              f"task_group is 448 to {size} bytes" in out, out)
    check("no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def write(path, text):
    with open(path, "w") as f:
        f.write(textwrap.dedent(text))
    return path


def test_json(tmp, scratch):
    rc, out, err = matrix(example("before", tmp), "--format", "json",
                          tmpdir=scratch)
    data = json.loads(out)
    check("json: exit 1", rc == 1, err)
    check("json: 32 configurations, 24 builds",
          len(data["configurations"]) == 32 and data["builds"] == 24)
    check("json: condition", data["condition"] ==
          "CONFIG_FAIR_GROUP_SCHED=y && CONFIG_SMP=y", data["condition"])
    fails = [c for c in data["configurations"] if c["status"] == "fail"]
    check("json: 8 failing configurations", len(fails) == 8)
    conds = sorted(f["condition"] for f in data["findings"])
    check("json: one finding per condition", len(conds) == 2, str(conds))
    sizes = {c["sizes"].get("task_group") for c in data["configurations"]}
    check("json: sizes per configuration", max(sizes) == 704, str(sizes))


def test_compile_errors(tmp, scratch):
    d = os.path.join(tmp, "errors")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), """\
        struct s {
        #ifdef BROKEN
        #error this configuration does not build
        #endif
        #ifdef OTHER
        long other;
        #endif
        long hot; long cold; } s;
        """)
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = hot
        read = cold
        [matrix]
        compile = cc -c -g s.c
        options = BROKEN OTHER
        """)
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("compile error: exit 2", rc == 2, out + err)
    check("compile error: the compiler's message, the configuration",
          "2 configurations [BROKEN=y] failed to compile" in out and
          "this configuration does not build" in out, out)
    check("compile error: the others are still checked",
          "'hot' (write) shares cache line 0 with 'cold' (read)" in out and
          "[BROKEN=n && OTHER=n]" in out, out)
    check("compile error: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def test_timeout(tmp, scratch):
    d = os.path.join(tmp, "timeout")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), "struct s { long a; } s;\n")
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = a
        [matrix]
        compile = sleep 30; cc -c -g s.c
        options = A
        """)
    t0 = time.monotonic()
    rc, out, err = matrix(rules, "--timeout", "1", tmpdir=scratch)
    took = time.monotonic() - t0
    check("timeout: exit 2", rc == 2, out + err)
    check("timeout: says so", "timed out after 1 s (--timeout)" in out, out)
    check("timeout: does not wait for the compile", took < 20, f"{took:.1f}s")
    check("timeout: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def test_interrupt(tmp, scratch):
    d = os.path.join(tmp, "interrupt")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), "struct s { long a; } s;\n")
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = a
        [matrix]
        compile = sleep 30; cc -c -g s.c
        options = A B
        """)
    env = dict(os.environ, TMPDIR=scratch)
    proc = subprocess.Popen([LINEUP, "matrix", "--rules", rules], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    time.sleep(1.0)
    check("interrupt: temporary directory exists while running",
          len(leftovers(scratch)) == 1, str(leftovers(scratch)))
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        check("interrupt: stops", False, "still running 20 s after SIGINT")
        return
    check("interrupt: dies of SIGINT", proc.returncode == -signal.SIGINT,
          f"rc={proc.returncode}\n{err}")
    check("interrupt: says so", "interrupted" in err, err)
    check("interrupt: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))
    ps = subprocess.run(["pgrep", "-f", "sleep 30; cc -c -g s.c"],
                        capture_output=True, text=True)
    check("interrupt: no compile left running", ps.stdout.strip() == "",
          ps.stdout)


def test_covering_array(tmp, scratch):
    d = os.path.join(tmp, "covering")
    os.makedirs(d)
    # fifteen options tested in the struct (32768 configurations, over
    # the exhaustive limit), only two change it: the covering array finds
    # the pair, and deduplication compiles only the distinct texts
    dead = "".join("#if defined(X%d) && 0\n    char x%d;\n#endif\n" % (i, i)
                   for i in range(13))
    tail = textwrap.dedent("""\
        #ifdef HOT
            long counter;
        #endif
        #ifdef NEAR
            long parent;
        #else
            char pad[64];
            long parent;
        #endif
        } s;
        """)
    with open(os.path.join(d, "s.c"), "w") as f:
        f.write("struct s {\n" + dead + tail)
    opts = " ".join(["HOT", "NEAR"] + [f"X{i}" for i in range(13)])
    rules_text = f"""\
        [struct s]
        write = counter
        read = parent
        [matrix]
        compile = cc -c -g s.c
        options = {opts}
        """
    rules = write(os.path.join(d, "r.ini"), rules_text)
    # the layout model answers for all of them, from few builds
    rc, out, err = matrix(rules, "--format", "json", tmpdir=scratch)
    data = json.loads(out)
    n = len(data["configurations"])
    check("model: every configuration", data["exhaustive"] and n == 32768,
          f"{n} configurations")
    check("model: few compiles", data["model"]["used"] and
          data["compiles"] <= 8, json.dumps(data.get("model")))
    check("model: condition HOT && NEAR",
          data["condition"] == "HOT=y && NEAR=y", str(data["condition"]))
    check("model: exit 1", rc == 1, err)
    check("model: only HOT and NEAR change the verdict",
          data["model"]["change_verdict"] == ["HOT", "NEAR"],
          json.dumps(data["model"]))
    # a bit-field it cannot lay out: a covering array, as it says
    with open(os.path.join(d, "s.c"), "w") as f:
        f.write("struct s {\n    unsigned bits : 3;\n" + dead + tail)
    rc, out, err = matrix(rules, "--format", "json", tmpdir=scratch)
    data = json.loads(out)
    n = len(data["configurations"])
    check("covering: not exhaustive", not data["exhaustive"] and n < 30,
          f"{n} configurations")
    check("covering: the model says why not",
          "bit-field" in data["model"].get("refused", ""),
          json.dumps(data.get("model")))
    check("covering: 4 distinct sources compiled", data["builds"] == 4,
          str(data["builds"]))
    check("covering: condition HOT && NEAR",
          data["condition"] == "HOT=y && NEAR=y", str(data["condition"]))
    check("covering: exit 1", rc == 1, err)
    check("covering: says what it covers",
          "every pair of values is tried, a condition of three or more "
          "options may be missed" in matrix(rules, tmpdir=scratch)[1])
    rules = write(os.path.join(d, "r.ini"), rules_text.replace(
        opts, " ".join(["HOT", "NEAR"] + [f"X{i}" for i in range(7)])))
    rc, out, err = matrix(rules, "--exhaustive", "--format", "json",
                          tmpdir=scratch)
    data = json.loads(out)
    check("exhaustive: 512 configurations, 4 compiles",
          data["exhaustive"] and len(data["configurations"]) == 512 and
          data["builds"] == 4, str(data["builds"]))


def test_compdb(tmp, scratch):
    d = os.path.join(tmp, "compdb")
    os.makedirs(os.path.join(d, "src"))
    os.makedirs(os.path.join(d, "build"))
    write(os.path.join(d, "src", "s.c"), """\
        struct s { long hot; long peer; } s;
        """)
    dep = os.path.join(d, "build", "s.o.d")
    db = [{"directory": os.path.join(d, "build"),
           "file": "../src/s.c",
           "command": f"cc -g -O2 -MD -MF {dep} -o s.o -c ../src/s.c"}]
    with open(os.path.join(d, "build", "compile_commands.json"), "w") as f:
        json.dump(db, f)
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = hot
        read = peer
        [matrix]
        compdb = build/compile_commands.json
        source = src/s.c
        options = A
        """)
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("compdb: the database's command is used", rc == 1 and
          "'hot' (write) shares cache line 0 with 'peer' (read)" in out,
          out + err)
    check("compdb: the user's build tree is untouched",
          sorted(os.listdir(os.path.join(d, "build"))) ==
          ["compile_commands.json"],
          str(os.listdir(os.path.join(d, "build"))))


def test_bad_rules(tmp, scratch):
    d = os.path.join(tmp, "bad")
    os.makedirs(d)
    rules = write(os.path.join(d, "r.ini"), "[struct s]\nwrite = a\n")
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("no [matrix]: exit 2 and one line", rc == 2 and
          err.count("\n") == 1 and "no [matrix] section" in err, err)
    rules = write(os.path.join(d, "r2.ini"),
                  "[matrix]\ncompdb = x.json\noptions = A\n")
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("compdb without source: exit 2", rc == 2 and
          "compdb needs source" in err, err)


def test_nothing_checked(tmp, scratch):
    """A matrix that checked no struct fails (exit 2), naming why."""
    d = os.path.join(tmp, "nothing")
    os.makedirs(d)
    write(os.path.join(d, "plain.c"), """\
        struct plain { int a; long b; };
        struct plain p;
        """)
    rules = write(os.path.join(d, "r.ini"), """\
        [matrix]
        compile = cc -c -g plain.c
        options = A B
        """)
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("nothing checked: exit 2, one line", rc == 2 and
          err.count("\n") == 1 and f"lineup: {rules}: error: nothing "
          # no line reads A or B: one configuration is swept (issue 17)
          "checked in its one configuration: no struct carries "
          "lineup or kernel group markers" in err and not out, out + err)
    rules = write(os.path.join(d, "typo.ini"), """\
        [struct plian]
        write = a
        [matrix]
        compile = cc -c -g plain.c
        options = A
        """)
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("a rules struct in no configuration: exit 2", rc == 2 and
          f"{rules}:1: error: struct plian is in no configuration (did "
          "you mean 'plain'?)" in err, out + err)
    rules = write(os.path.join(d, "g1.ini"), """\
        [matrix]
        compile = cc -c -g1 plain.c
        options = A
        """)
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("-g1 configurations: no type information, by name", rc == 2 and
          "no type information (compiled with -g1 or -gline-tables-only"
          in err, out + err)
    first = os.path.join(d, "r.ini")
    rc, out, err = matrix(first, "--rules", rules, tmpdir=scratch)
    check("two [matrix] sections: exit 2, both named", rc == 2 and
          f"{rules}:1: error: a second [matrix] section ({first}:1 has one"
          in err, out + err)
    structs = write(os.path.join(d, "s.ini"), """\
        [struct plain]
        write = a
        read = b
        """)
    rc, out, err = matrix(first, "--rules", structs, tmpdir=scratch)
    check("a [matrix] and another file's structs merge", rc == 1 and
          "'a' (write) shares cache line 0 with 'b' (read) in struct plain"
          in out, out + err)
    check("nothing checked: no temporary file left", not leftovers(scratch),
          str(leftovers(scratch)))


def test_rules_members(tmp, scratch):
    """A member one configuration lacks is a note; a typo is an error."""
    d = os.path.join(tmp, "members")
    os.makedirs(d)
    write(os.path.join(d, "opt.c"), """\
        struct opt {
        \tlong hits;
        \tchar pad[120];
        #ifdef A
        \tlong extra_field;
        #endif
        \tlong tail;
        };
        struct opt o;
        """)
    for name, member, want in [("ok", "extra_field", 0),
                               ("typo", "extra_feild", 1)]:
        rules = write(os.path.join(d, name + ".ini"), f"""\
            [struct opt]
            write = hits
            read = {member} tail
            [matrix]
            compile = cc -c -g opt.c
            options = A
            """)
        rc, out, err = matrix(rules, tmpdir=scratch)
        check(f"rules member {member}: exit {want}", rc == want, out + err)
    check("a typo is an error in every configuration",
          f"{rules}:3: error: member 'extra_feild' is not in struct opt; "
          "did you mean 'extra_field'? [always]" in out and
          "2 of 2 configurations fail: always" in out, out + err)
    # the JSON names configurations, never the temporary objects, and is
    # the same bytes whatever the run and -j
    runs = [matrix(rules, "--format", "json", "-j", j, tmpdir=scratch)[1]
            for j in ("1", "2", "1", "4")]
    check("json: byte-identical across runs and -j",
          all(r == runs[0] for r in runs[1:]) and runs[0], runs[0])
    check("json: no temporary path", scratch not in runs[0] and
          "lineup-matrix." not in runs[0] and
          '"input": "configuration A=' in runs[0], runs[0])


def pwned(root):
    """Files a command injected through lineup's words would have made."""
    return [os.path.join(d, f) for d, _, files in os.walk(root)
            for f in files if f.startswith("PWNED")]


def test_no_shell(tmp, scratch):
    """Values, the -o path and TMPDIR reach the compiler as they are:
    nothing but the rules file's command is parsed by a shell."""
    d = os.path.join(tmp, "noshell")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), """\
        #define STR_(x) #x
        #define STR(x) STR_(x)
        /* the value as the compiler spelled it sizes the array */
        struct s { long hot; char v[sizeof(STR(V))]; long peer; } s;
        """)
    write(os.path.join(d, "args.sh"), """\
        # logs the compiler's arguments, one a line, then runs it; leaves
        # a tree in TMPDIR, as a compiler killed midway could
        printf '%s\\n' "$@" >> args.log
        mkdir -p "$TMPDIR/own/deeper" && : > "$TMPDIR/own/deeper/file"
        exec "$@"
        """)
    values = ["(1<<3)", "$(touch${IFS}PWNED1)", ";touch${IFS}PWNED2",
              "`touch${IFS}PWNED3`", "&&touch${IFS}PWNED4", ">PWNED5",
              '"x"', "'a'"]
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = hot
        read = peer
        [matrix]
        compile = sh args.sh cc -c -g s.c
        options = V=%s
        """ % "|".join(values))
    log = os.path.join(d, "args.log")
    for where, tmpdir in (
            ("", scratch),
            (" with TMPDIR of $(), ``, ; and &", os.path.join(
                tmp, "t $(touch PWNED6) `touch PWNED7`;touch PWNED8 &touch "
                "PWNED9 ")),
            (" with TMPDIR of quotes", os.path.join(tmp, "q' \"r"))):
        os.makedirs(tmpdir, exist_ok=True)
        if os.path.exists(log):
            os.unlink(log)
        rc, out, err = matrix(rules, "--format", "json", tmpdir=tmpdir)
        check("no shell%s: nothing injected ran" % where, not pwned(tmp),
              str(pwned(tmp)))
        check("no shell%s: every configuration compiled" % where, rc == 1,
              out[-3000:] + err)
        try:
            with open(log) as f:
                logged = f.read().splitlines()
        except OSError:
            logged = []
        for v in values:
            check(f"no shell{where}: -DV={v} reached the compiler as one "
                  "word", "-DV=" + v in logged, "\n".join(logged[:20]))
        check("no shell%s: the -o path reached it as one word" % where,
              any(a.startswith(tmpdir + "/lineup-matrix.") for a in logged),
              "\n".join(logged[:20]))
        try:
            sizes = {c["name"]: c["sizes"].get("s")
                     for c in json.loads(out)["configurations"]}
        except (ValueError, KeyError) as e:
            sizes = {"error": str(e)}
        for v in values:
            want = (8 + len(v) + 1 + 7) // 8 * 8 + 8
            check(f"no shell{where}: the compiler saw V as {v}",
                  sizes.get("V=" + v) == want, str(sizes))
        check("no shell%s: no temporary files left" % where,
              not leftovers(tmpdir), str(leftovers(tmpdir)))


def run_measured(cmd, env, limits=()):
    """Runs CMD; (exit status, stdout, stderr, peak RSS in KiB of it and
    the children it waited for), with resource LIMITS set in the child."""
    def preexec():
        for what, value in limits:
            resource.setrlimit(what, (value, value))
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env,
                                preexec_fn=preexec)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return (proc.returncode, out.read().decode(errors="replace"),
                err.read().decode(errors="replace"), usage.ru_maxrss)


def test_output_cap(tmp, scratch):
    """200 MB of compiler output: the first and last KiB are kept, the
    disk and lineup's memory see none of the rest."""
    d = os.path.join(tmp, "flood")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), "struct s { long a; } s;\n")
    write(os.path.join(d, "flood.sh"), """\
        case " $* " in *" -E "*) exec "$@";; esac
        echo "s.c:1:1: warning: the flood begins" >&2
        yes 'flood flood flood flood flood flood flood' |
            head -c 200000000 >&2
        echo >&2
        echo "s.c:9:9: error: the real error, at the end" >&2
        exit 1
        """)
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = a
        [matrix]
        compile = sh flood.sh cc -c -g s.c
        options = A
        """)
    # no file may grow past 64 MiB: a log of the flood on disk would
    limits = [(resource.RLIMIT_FSIZE, 64 << 20), (resource.RLIMIT_CORE, 0)]
    rc, out, err, rss = run_measured(
        [LINEUP, "matrix", "--rules", rules, "--format", "json"],
        dict(os.environ, TMPDIR=scratch), limits)
    check("flood: exit 2", rc == 2, out[-2000:] + err)
    try:
        c = json.loads(out)["configurations"][0]
    except (ValueError, KeyError, IndexError) as e:
        c = {"error": str(e)}
    output = c.get("output") or ""
    check("flood: the error at the end is the message",
          c.get("message") == "s.c:9:9: error: the real error, at the end",
          str(c.get("message")))
    check("flood: the first KiB kept",
          output.startswith("s.c:1:1: warning: the flood begins\nflood"),
          output[:200])
    check("flood: the last KiB kept",
          output.endswith("\ns.c:9:9: error: the real error, at the "
                          "end\n") and "flood" in output[-300:],
          output[-200:])
    check("flood: the rest left out, and said so",
          len(output) < 2 * 1024 + 100 and "bytes left out" in output,
          "%d bytes" % len(output))
    check("flood: lineup's memory does not hold it", rss < 150 * 1024,
          "peak RSS %d KiB" % rss)
    check("flood: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def alive(pid):
    """Is PID a process that has not exited? (A zombie has.)"""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in "ZX"
    except (OSError, IndexError):
        return False


def read_pids(path):
    try:
        with open(path) as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def started_in(d):
    """Processes whose working directory is D: what a compile run there
    started, however it left lineup's process tree."""
    found = []
    for pid in os.listdir("/proc"):
        try:
            cwd = os.readlink("/proc/%s/cwd" % pid)
        except (OSError, ValueError):
            continue
        if pid.isdigit() and (cwd == d or cwd.startswith(d + "/")):
            found.append(int(pid))
    return found


def check_gone(name, pids):
    left = [p for p in pids if alive(p)]
    check(name, not left, "still running: %s" % left)
    for p in left:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass


def test_timeout_tree(tmp, scratch):
    """--timeout kills the compile's whole tree, grandchildren in their
    own sessions included."""
    d = os.path.join(tmp, "tree")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), "struct s { long a; } s;\n")
    write(os.path.join(d, "hang.sh"), """\
        # children that leave the compile's process group, then a hang
        setsid sleep 1000 & echo $! >> pids
        (setsid sleep 1001 & echo $! >> pids)
        sh -c 'setsid sleep 1002 & echo $! >> pids; exec sleep 1003' &
        echo $! >> pids
        sleep 1004
        """)
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = a
        [matrix]
        compile = sh hang.sh
        options = A
        """)
    rc, out, err = matrix(rules, "--timeout", "5", "-j", "2",
                          tmpdir=scratch)
    pids = read_pids(os.path.join(d, "pids"))
    check("tree: exit 2, timed out", rc == 2 and "timed out" in out,
          out + err)
    check("tree: the compiles started their children",
          len(pids) >= 4 and len(pids) % 4 == 0, str(pids))
    check_gone("tree: nothing the compiles started outlives lineup",
               pids + started_in(d))
    check("tree: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def phase_case(tmp, name):
    d = os.path.join(tmp, "phase-" + name)
    os.makedirs(d)
    write(os.path.join(d, "s.c"), "struct s { long a; long b; } s;\n")
    write(os.path.join(d, "sig.sh"), """\
        # sh sig.sh PHASE SIGNAL PID COMMAND...: in PHASE (preprocess or
        # compile) start a child in its own session, signal PID (lineup)
        # and hang; otherwise run COMMAND
        phase=$1 sig=$2 pid=$3
        shift 3
        case " $* " in *" -E "*) now=preprocess;; *) now=compile;; esac
        if [ "$now" = "$phase" ]; then
            mkfifo fifo.$$
            setsid sh -c 'echo $$ > "$1"; exec sleep 1000' sh fifo.$$ &
            read child < fifo.$$  # it has left our session
            echo $child >> pids
            kill -s "$sig" "$pid"
            exec sleep 1001
        fi
        exec "$@"
        """)
    return d


def wait_interrupted(name, proc, sig, scratch, d, said=True):
    """Waits for lineup, interrupted by SIG; then no process may still
    be working in D, where its compiles ran."""
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        check(f"{name}: stops", False, "still running 60 s after the signal")
        return
    check(f"{name}: dies of {sig.name}", proc.returncode == -sig,
          f"rc={proc.returncode}\n{err}")
    if said:
        check(f"{name}: says so", "interrupted" in err, err)
    check(f"{name}: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))
    check_gone(f"{name}: nothing started outlives lineup", started_in(d))


def test_interrupt_compiling(tmp, scratch):
    """A signal while preprocessing or compiling: the compile command
    itself signals lineup (its parent), so the moment is exact."""
    for phase, doing, sig in (("preprocess", "preprocessing", signal.SIGINT),
                              ("compile", "compiling", signal.SIGTERM)):
        d = phase_case(tmp, phase)
        rules = write(os.path.join(d, "r.ini"), f"""\
            [struct s]
            write = a
            read = b
            [matrix]
            compile = sh sig.sh {phase} {sig.name[3:]} $PPID cc -c -g s.c
            options = A
            """)
        proc = subprocess.Popen([LINEUP, "matrix", "--rules", rules],
                                env=dict(os.environ, TMPDIR=scratch),
                                stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        wait_interrupted(f"signal while {doing}", proc, sig, scratch, d)
        pids = read_pids(os.path.join(d, "pids"))
        check(f"signal while {doing}: the command ran", pids, str(pids))
        check_gone(f"signal while {doing}: its children are gone", pids)


def test_interrupt_reading(tmp, scratch):
    """A signal as lineup opens the object it compiled: raised from
    inside lineup by an LD_PRELOAD shim, so at exactly that moment.
    Signals are blocked then; lineup acts on it after that object."""
    d = phase_case(tmp, "read")
    shim = os.path.join(d, "raise_on_open.so")
    cc = subprocess.run(["cc", "-shared", "-fPIC", "-o", shim,
                         os.path.join(HERE, "raise_on_open.c"), "-ldl"],
                        capture_output=True, text=True)
    check("signal while reading: the shim builds", cc.returncode == 0,
          cc.stderr)
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = a
        read = b
        [matrix]
        compile = cc -c -g s.c
        options = A B
        """)
    env = dict(os.environ, TMPDIR=scratch, LD_PRELOAD=shim,
               RAISE_ON_OPEN=str(int(signal.SIGHUP)),
               # a sanitizer runtime would insist on coming first
               ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") +
               ":verify_asan_link_order=0")
    # a suite started under nohup hands SIGHUP down ignored, and lineup
    # rightly keeps ignoring it: the case wants it as a terminal sends it
    proc = subprocess.Popen([LINEUP, "matrix", "--rules", rules], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=lambda: signal.signal(
                                signal.SIGHUP, signal.SIG_DFL))
    wait_interrupted("signal while reading", proc, signal.SIGHUP, scratch,
                     d)


def test_interrupt_reporting(tmp, scratch):
    """A signal while lineup writes its report into a full pipe: the
    temporary directory is gone already, and lineup dies of the signal."""
    d = os.path.join(tmp, "phase-report")
    os.makedirs(d)
    names = ["OPTION_%d_" % i + "X" * 170 for i in range(5)]
    write(os.path.join(d, "s.c"), "struct s { long a; long b;\n" + "".join(
        "#ifdef %s\n char x%d;\n#endif\n" % (n, i)
        for i, n in enumerate(names)) + "} s;\n")
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = a
        read = b
        [matrix]
        compile = cc -c -g s.c
        options = %s
        """ % "\n          ".join(names))
    proc = subprocess.Popen([LINEUP, "matrix", "--rules", rules, "--format",
                             "json"], env=dict(os.environ, TMPDIR=scratch),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # a 4 KiB pipe: lineup blocks in the middle of its 100 KiB report
    fcntl.fcntl(proc.stdout.fileno(), fcntl.F_SETPIPE_SZ, 4096)
    ready = select.select([proc.stdout], [], [], 120)[0]
    check("signal while reporting: the report starts", ready)
    proc.send_signal(signal.SIGTERM)
    proc.stdout.close()
    wait_interrupted("signal while reporting", proc, signal.SIGTERM,
                     scratch, d, said=False)


def test_compdb_long_argument(tmp, scratch):
    """A database entry with megabytes of arguments is quoted in linear
    time: 70 KiB arrives verbatim, 4 MiB fails to start, at once."""
    d = os.path.join(tmp, "compdb-long")
    os.makedirs(os.path.join(d, "build"))
    write(os.path.join(d, "s.c"), "struct s { long hot; long peer; } s;\n")
    write(os.path.join(d, "args.sh"), """\
        printf '%s\\n' "$@" >> ../args.log
        exec "$@"
        """)
    long_arg = '-DLONG="' + "it's a b " * 8000 + '"'
    huge_arg = "-DHUGE=" + "'x y' " * ((4 << 20) // 6)
    limits = [] if SANITIZED else [(resource.RLIMIT_AS, 2 << 30)]
    for name, arg, want_rc in (("70 KiB", long_arg, 1),
                               ("4 MiB", huge_arg, 2)):
        db = [{"directory": os.path.join(d, "build"), "file": "../s.c",
               "arguments": ["sh", "../args.sh", "cc", "-c", "-g", arg,
                             "../s.c"]}]
        with open(os.path.join(d, "build", "compile_commands.json"),
                  "w") as f:
            json.dump(db, f)
        rules = write(os.path.join(d, "r.ini"), """\
            [struct s]
            write = hot
            read = peer
            [matrix]
            compdb = build/compile_commands.json
            source = s.c
            options = A
            """)
        t0 = time.monotonic()
        rc, out, err, _ = run_measured(
            [LINEUP, "matrix", "--rules", rules],
            dict(os.environ, TMPDIR=scratch), limits)
        took = time.monotonic() - t0
        check(f"compdb {name}: exit {want_rc}", rc == want_rc,
              f"rc={rc}\n{out[-1000:]}{err[-1000:]}")
        check(f"compdb {name}: quick", took < 60, "%.1f s" % took)
    try:
        with open(os.path.join(d, "args.log")) as f:
            logged = f.read().split("\n")
    except OSError:
        logged = []
    check("compdb 70 KiB: the argument arrived verbatim", long_arg in logged)
    check("compdb 4 MiB: says why",
          "Argument list too long" in out, out[-1000:])
    check("compdb: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def many_options(d, n):
    names = ["HOT", "NEAR"] + ["X%d" % i for i in range(2, n)]
    src = ["struct s {", "#ifdef HOT", "\tlong counter;", "#endif",
           "#ifndef NEAR", "\tchar pad[64];", "#endif", "\tlong parent;"]
    for name in names[2:]:
        src += ["#ifdef " + name, "\tchar %s;" % name.lower(), "#endif"]
    with open(os.path.join(d, "s.c"), "w") as f:
        f.write("\n".join(src + ["} s;"]) + "\n")
    lines = [" ".join(names[i:i + 12]) for i in range(0, len(names), 12)]
    return write(os.path.join(d, "r%d.ini" % n), """\
        [struct s]
        write = counter
        read = parent
        [matrix]
        compile = cc -c -g s.c
        options = %s
        """ % "\n          ".join(lines))


def test_many_options(tmp, scratch):
    """A thousand options run in seconds (the condition search was n^4);
    past what a covering array can cover, one clear line."""
    d = os.path.join(tmp, "many")
    os.makedirs(d)
    t0 = time.monotonic()
    try:
        rc, out, err = matrix(many_options(d, 1000), tmpdir=scratch,
                              timeout=120)
    except subprocess.TimeoutExpired:
        rc, out, err = None, "", "killed after 120 s"
    took = time.monotonic() - t0
    check("1000 options: exit 1", rc == 1, out[-2000:] + err)
    check("1000 options: the condition",
          "configurations fail: HOT=y && NEAR=y\n" in out, out[-2000:])
    check("1000 options: in well under two minutes", took < 120,
          "%.1f s" % took)
    try:
        rc, out, err = matrix(many_options(d, 3000), tmpdir=scratch)
    except subprocess.TimeoutExpired:
        rc, out, err = None, "", "killed after 120 s"
    check("3000 options: refused in one line, exit 2",
          rc == 2 and not out and err.count("\n") == 1 and
          "too many for a covering array" in err, out[-500:] + err)
    check("many options: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def test_align_option(tmp, scratch):
    # an 8-aligned struct: with WIDE its 64-byte write member ends where
    # the read member's line starts, so only starts other than 0 share;
    # --align 64 (objects allocated line-aligned) settles that one
    d = os.path.join(tmp, "align")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), """\
        struct s {
        #ifdef WIDE
        \tlong hot[8];
        #else
        \tlong hot;
        #endif
        \tlong cold;
        } s;
        """)
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = hot
        read = cold
        [matrix]
        compile = cc -c -g s.c
        options = WIDE
        """)
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("align: without --align, WIDE=y still fails at other starts",
          rc == 1 and "2 of 2 configurations fail" in out, out + err)
    check("align: the hint names --align", "--align 64" in out, out)
    rc, out, err = matrix(rules, "--align", "64", tmpdir=scratch)
    check("align: --align 64 leaves only WIDE=n failing",
          rc == 1 and "1 of 2 configurations fail: WIDE=n" in out,
          out + err)


def test_dimensions(tmp, scratch):
    # -m32 halves long, so cold joins hot's line; 128-byte lines join them
    # whatever the word size: one rules file, four configurations
    d = os.path.join(tmp, "dimensions")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), """\
        struct s {
        \tlong hot;
        \tlong a[7];
        \tlong cold;
        } __attribute__((__aligned__(128)));
        struct s s;
        """)
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = hot
        read = cold
        [matrix]
        compile = cc -c -g s.c
        flags = -m64 | -m32
        line_size = 64 | 128
        """)
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("dimensions: flags and line size tell builds apart",
          "4 configurations (all), 4 distinct" in out, out + err)
    check("dimensions: the condition names both",
          rc == 1 and "3 of 4 configurations fail: "
          "flags=-m32 || line_size=128" in out, out + err)
    rc, out, err = matrix(rules, "--format", "json", tmpdir=scratch)
    data = json.loads(out)
    flags = sorted(c["flags"] for c in data["configurations"])
    check("dimensions: flags and the header's line size reach the compiler",
          flags == sorted([" -m64 -DLINEUP_CACHELINE_SIZE=64",
                           " -m64 -DLINEUP_CACHELINE_SIZE=128",
                           " -m32 -DLINEUP_CACHELINE_SIZE=64",
                           " -m32 -DLINEUP_CACHELINE_SIZE=128"]), str(flags))
    bad = write(os.path.join(d, "bad.ini"), """\
        [matrix]
        compile = cc -c -g s.c
        line_size = 64 | 96
        """)
    rc, out, err = matrix(bad, tmpdir=scratch)
    check("dimensions: a line size that is not a power of two",
          rc == 2 and "bad.ini:3: error: line_size needs powers of two"
          in err and len(err.strip().splitlines()) == 1, err)


def main():
    with tempfile.TemporaryDirectory(prefix="lineup-matrix-test.") as tmp:
        scratch = os.path.join(tmp, "scratch")
        os.makedirs(scratch)
        for test in (test_seed, test_json, test_compile_errors,
                     test_timeout, test_interrupt, test_covering_array,
                     test_compdb, test_bad_rules, test_nothing_checked,
                     test_rules_members,
                     test_no_shell,
                     test_output_cap, test_timeout_tree,
                     test_interrupt_compiling, test_interrupt_reading,
                     test_interrupt_reporting, test_compdb_long_argument,
                     test_many_options, test_align_option,
                     test_dimensions):
            test(tmp, scratch)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
