#!/usr/bin/env python3
"""lineup matrix with `options = auto` over tests/matrix/kconfig-auto/, a
Kconfig tree whose symbols reach struct task_group in the kernel's ways:
an #ifdef in the struct (FAIR_GROUP_SCHED), one hidden in the type of a
member only that symbol brings in (CFS_BANDWIDTH), one in an embedded
type's header (DEBUG_LOCK), one only through a macro and without a prompt
(ARCH_WIDE_STATS, selected by WIDE_STATS), an int (L1_SHIFT), and two
that do not reach it (UNRELATED, in the same file; MODULES, nowhere).

usage: run_matrix_kconfig_auto_tests.py LINEUP SOURCE_ROOT

The compiles go through a CC that logs its arguments, so the builds and
preprocessings are counted from what ran, not from what lineup says.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_matrix_kconfig_tests import (  # noqa: E402
    LINEUP, ROOT, check, failures)

TREE = os.path.join(ROOT, "tests", "matrix", "kconfig-auto")


def rules(d, name, matrix):
    path = os.path.join(d, name + ".ini")
    with open(path, "w") as f:
        f.write("[struct task_group]\nwrite = load_avg\nread = parent "
                "children\n\n[matrix]\n" + textwrap.dedent(matrix))
    return path


def kconfig_rules(d, name, options):
    return rules(d, name, f"kconfig = {TREE}\nobject = sched.o\n"
                 f"options = {options}\n")


def matrix(path, *args, scratch, env):
    env = dict(env, TMPDIR=scratch)
    proc = subprocess.run([LINEUP, "matrix", "--rules", path, *args],
                          capture_output=True, text=True, env=env,
                          timeout=600)
    return proc.returncode, proc.stdout, proc.stderr


def logging_cc(d, name):
    """A CC that appends its arguments to a log, one line a run."""
    log = os.path.join(d, name + ".log")
    cc = os.path.join(d, name + "-cc")
    with open(cc, "w") as f:
        f.write(f'#!/bin/sh\necho "$*" >> "{log}"\nexec cc "$@"\n')
    os.chmod(cc, 0o755)
    return cc, log


def runs(log, flag):
    if not os.path.exists(log):
        return 0
    with open(log) as f:
        return sum(1 for line in f if flag in line.split())


def tree_files():
    out = []
    for top, _, files in os.walk(TREE):
        out += [os.path.join(top, f) for f in files]
    return sorted(out)


def test_auto(d, scratch, env):
    cc, log = logging_cc(d, "auto")
    tools = os.path.join(d, "auto-hosttool.log")
    r = kconfig_rules(d, "auto", "auto")
    rc, out, err = matrix(r, "--verbose", scratch=scratch,
                          env=dict(env, CC=cc, LINEUP_HOSTTOOL_LOG=tools))
    check("auto: exit 1 (task_group shares a line)", rc == 1, out + err)
    check("auto: the options found, swept over what Kconfig allows",
          "lineup matrix: 4 Kconfig options, 16 configurations (all), 4 "
          "excluded by Kconfig, 10 built\n" in out, out)
    head = ("lineup matrix: 6 of 10 Kconfig symbols can change task_group: "
            "CONFIG_FAIR_GROUP_SCHED CONFIG_L1_SHIFT (int, held at the "
            "base's 6; range 5 7) CONFIG_DEBUG_LOCK (also selected by "
            "CONFIG_LOCK_STATS) CONFIG_ARCH_WIDE_STATS (no prompt: selected "
            "by CONFIG_WIDE_STATS) CONFIG_WIDE_STATS (selects "
            "CONFIG_ARCH_WIDE_STATS) CONFIG_CFS_BANDWIDTH\n")
    check("auto: N of M symbols, the int held, what selects the one "
          "without a prompt and the one with", head in out, out)
    for sym, where, why in [
            ("CONFIG_FAIR_GROUP_SCHED", "sched.c:14", "an #ifdef in it"),
            ("CONFIG_CFS_BANDWIDTH", "include/bandwidth.h:6",
             "hidden behind FAIR_GROUP_SCHED"),
            ("CONFIG_DEBUG_LOCK", "include/lock.h:5",
             "an embedded type's header"),
            ("CONFIG_ARCH_WIDE_STATS", "include/stats.h:3",
             "only through a macro"),
            ("CONFIG_L1_SHIFT", "sched.c:18", "an int in the text")]:
        check(f"auto: {sym} found ({why}) at {where}",
              f"lineup matrix:   {sym}: {where}\n" in out, out)
    for sym in ("CONFIG_UNRELATED", "CONFIG_MODULES", "CONFIG_DEBUG_INFO",
                "CONFIG_LOCK_STATS="):
        check(f"auto: {sym} not named", sym not in out, out)
    check("auto: the excluded configurations, named",
          "lineup matrix: Kconfig excludes CONFIG_WIDE_STATS=y when "
          "CONFIG_FAIR_GROUP_SCHED=n (it resolves to n): 4 "
          "configurations\n" in out, out)
    check("auto: the builds shared, counted",
          "lineup matrix: 12 allowed configurations, 10 builds: 0 with a "
          ".config Kconfig resolved as another's, 2 with the checked "
          "structs' text of another's; 4 excluded resolve to one built\n"
          in out, out)
    # FAIR_GROUP_SCHED=n: CFS_BANDWIDTH's two values are one text
    check("auto: 10 objects compiled (the log)", runs(log, "-c") == 10,
          open(log).read() if os.path.exists(log) else "no log")
    check("auto: 16 configurations preprocessed, each once (the log)",
          runs(log, "-E") == 16,
          open(log).read() if os.path.exists(log) else "no log")
    with open(tools) as f:
        made = f.read().splitlines()
    check("auto: the host tool made once, in the base's O=: every "
          "configuration explored and every build started from its copy",
          len(made) == 1 and made[0].endswith("/base"), "\n".join(made))
    check("auto: the exploration said so",
          "lineup matrix: options = auto: 25 configurations explored in 3 "
          "rounds, 16 preprocessed\n" in out, out)
    check("auto: a finding under a condition",
          "in struct task_group [CONFIG_FAIR_GROUP_SCHED=n || " in out, out)


def test_pinned_json(d, scratch, env):
    cc, log = logging_cc(d, "pinned")
    r = kconfig_rules(d, "pinned", "auto CONFIG_DEBUG_LOCK=n")
    rc, out, err = matrix(r, "--format", "json", scratch=scratch,
                          env=dict(env, CC=cc))
    check("pinned: exit 1", rc == 1, out + err)
    try:
        doc = json.loads(out)
    except ValueError:
        check("pinned: JSON", False, out + err)
        return
    names = [c["name"] for c in doc["configurations"]]
    check("pinned: DEBUG_LOCK held at n in every configuration",
          all("CONFIG_DEBUG_LOCK=n" in n for n in names) and
          len(names) == 6, "\n".join(names))
    auto = doc.get("auto", {})
    rel = {s["symbol"]: s for s in auto.get("relevant", {})
           .get("task_group", [])}
    check("pinned: JSON names the symbols", sorted(rel) == sorted([
        "CONFIG_FAIR_GROUP_SCHED", "CONFIG_L1_SHIFT", "CONFIG_DEBUG_LOCK",
        "CONFIG_ARCH_WIDE_STATS", "CONFIG_WIDE_STATS",
        "CONFIG_CFS_BANDWIDTH"]), json.dumps(auto, indent=1))
    l1 = rel.get("CONFIG_L1_SHIFT", {})
    check("pinned: the int, held at its base value",
          l1.get("type") == "int" and l1.get("use") == "held" and
          l1.get("base") == "6" and l1.get("file") == "sched.c",
          json.dumps(l1))
    w = rel.get("CONFIG_ARCH_WIDE_STATS", {})
    check("pinned: the symbol without a prompt, with what selects it",
          w.get("use") == "kconfig" and
          w.get("selected_by") == ["CONFIG_WIDE_STATS"], json.dumps(w))
    check("pinned: JSON counts the shared builds",
          doc.get("shared") == {"same_config": 0, "same_text": 1,
                                "excluded_built": 2} and
          doc["builds"] == 5 and runs(log, "-c") == 5,
          json.dumps(doc.get("shared")) + f" builds {doc['builds']}")


def test_errors(d, scratch, env):
    r = rules(d, "compile", "compile = cc -c x.c\noptions = auto\n")
    rc, out, err = matrix(r, scratch=scratch, env=env)
    check("errors: auto in a compile matrix, exit 2",
          rc == 2 and "options = auto is for kconfig matrices" in err,
          out + err)
    r = rules(d, "noobj", f"kconfig = {TREE}\nobject = sched\n"
              "options = auto\n")
    rc, out, err = matrix(r, scratch=scratch, env=env)
    check("errors: an object that is no .o, exit 2",
          rc == 2 and "object = sched is no .o" in err, out + err)
    r = rules(d, "nostruct", f"kconfig = {TREE}\nobject = sched.o\n"
              "options = auto\n")
    with open(r) as f:
        text = f.read().replace("[struct task_group]", "[struct no_such]")
    with open(r, "w") as f:
        f.write(text)
    rc, out, err = matrix(r, scratch=scratch, env=env)
    check("errors: a struct in no configuration, exit 2, said",
          rc == 2 and "cannot tell which symbols change no_such: no_such "
          "is defined in no configuration explored" in err, out + err)


def test_all_refused(d, scratch, env):
    """Pinned where Kconfig refuses them: an error, and what was found
    (what the user pins from)."""
    r = kconfig_rules(d, "refused", "auto CONFIG_WIDE_STATS=y "
                      "CONFIG_FAIR_GROUP_SCHED=n")
    rc, out, err = matrix(r, scratch=scratch, env=env)
    check("refused: exit 2, said",
          rc == 2 and "error: Kconfig refuses all 2 configurations of the "
          "options" in err, out + err)
    check("refused: the symbols found, and why, on stderr",
          "Kconfig symbols can change task_group: CONFIG_FAIR_GROUP_SCHED"
          in err and "lineup matrix:   CONFIG_DEBUG_LOCK: include/lock.h:5"
          in err, err)


def test_model_fixture(d, scratch, env):
    """--model on the fixture: the same answer as the sweep of every
    configuration, over the 12 Kconfig allows, from the builds it says."""
    cc, log = logging_cc(d, "model")
    r = kconfig_rules(d, "model", "auto")
    rc, swept, err = matrix(r, scratch=scratch, env=env)
    rc2, out, err2 = matrix(r, "--model", scratch=scratch,
                            env=dict(env, CC=cc))
    check("model: exit 1, as the sweep", rc == 1 and rc2 == 1, out + err2)
    check("model: every valid configuration, from Kconfig's engine",
          "lineup matrix: 4 Kconfig options, 12 configurations that "
          "Kconfig allows of 16 combinations (asked of the tree's own "
          "Kconfig engine), laid out by the layout model, 2 verdicts\n"
          in out, out + err2)
    check("model: exact, learned and confirmed, counted",
          re.search(r"lineup matrix: exact over all 12 configurations that "
                    r"Kconfig allows of the 4 options swept: the layout "
                    r"model learned from 4 builds and laid out the rest "
                    r"\(\d+ distinct layouts(; \d+ structs? held by value "
                    r"learned on (its|their) own)?\); 2 builds, one per "
                    r"verdict, agreed with it member by member\n", out),
          out)
    check("model: the builds it says are the compiles that ran (the log)",
          runs(log, "-c") == 6,
          open(log).read() if os.path.exists(log) else "no log")
    # the symbol that selects the one a header reads is built both ways
    check("model: CONFIG_WIDE_STATS changes the size (it selects what a "
          "macro reads)", "the layout only: CONFIG_FAIR_GROUP_SCHED "
          "CONFIG_DEBUG_LOCK CONFIG_WIDE_STATS CONFIG_CFS_BANDWIDTH\n"
          in out, out)
    pick = [line for line in swept.splitlines()
            if "error:" in line or "note:" in line or " bytes" in line
            or "configurations fail" in line]
    check("model: the findings, conditions and sizes of the sweep",
          pick and all(line + "\n" in out for line in pick),
          "\n".join(pick) + "\n---\n" + out)


def gated_tree(d):
    """Ten symbols behind a gate the base turns on, X1 depending on X0:
    768 of the 1,024 combinations are valid, past the sweep's 256. The
    writer is line-aligned, and the reader leaves its line only when x0,
    x1 and x2 (24 + 16 + 16 bytes) are all there."""
    tree = os.path.join(d, "gated")
    os.makedirs(os.path.join(tree, "configs"))
    os.makedirs(os.path.join(tree, "include"))
    with open(os.path.join(TREE, "Makefile")) as f:
        make = f.read()
    with open(os.path.join(tree, "Makefile"), "w") as f:
        f.write(make)
    with open(os.path.join(tree, "Kconfig"), "w") as f:
        f.write('mainmenu "gated"\nconfig DEBUG_INFO\n\tbool "g"\n'
                'config GATE\n\tbool "gate"\n')
        for i in range(10):
            dep = "GATE && X0" if i == 1 else "GATE"
            f.write(f'config X{i}\n\tbool "x{i}"\n\tdepends on {dep}\n')
    with open(os.path.join(tree, "configs", "defconfig"), "w") as f:
        f.write("CONFIG_GATE=y\n")
    sizes = {0: 24, 1: 16, 2: 16}
    body = "".join(f"#ifdef CONFIG_X{i}\n\tchar x{i}[{n}];\n#endif\n"
                   for i, n in sizes.items())
    body += "\tlong r;\n"
    body += "".join(f"#ifdef CONFIG_X{i}\n\tchar x{i}[8];\n#endif\n"
                    for i in range(3, 10))
    with open(os.path.join(tree, "sched.c"), "w") as f:
        f.write("struct gated {\n\tlong w __attribute__((aligned(64)));\n"
                + body + "};\nstruct gated gated_obj;\n")
    return tree, sizes


def gated_size(on, sizes):
    """sizeof(struct gated) with the X's in ON, by the ABI's rules."""
    off = 8 + sum(n for i, n in sizes.items() if i in on)
    off = (off + 7) // 8 * 8 + 8
    off += sum(8 for i in range(3, 10) if i in on)
    return (off + 63) // 64 * 64


def test_model_gated(d, scratch, env):
    """Past the sweep's limit, the model answers for every configuration
    Kconfig allows, exactly, where a covering array would guess."""
    tree, sizes = gated_tree(d)
    cc, log = logging_cc(d, "gated")
    r = rules(d, "gated", f"kconfig = {tree}\nobject = sched.o\n"
              "options = auto\n")
    with open(r) as f:
        text = f.read().replace("[struct task_group]\nwrite = load_avg\n"
                                "read = parent children",
                                "[struct gated]\nwrite = w\nread = r")
    with open(r, "w") as f:
        f.write(text)
    rc, out, err = matrix(r, scratch=scratch, env=dict(env, CC=cc))
    check("gated: exit 1", rc == 1, out + err)
    check("gated: 768 of 1,024 combinations, from Kconfig's engine",
          "lineup matrix: 10 Kconfig options, 768 configurations that "
          "Kconfig allows of 1024 combinations" in out, out + err)
    check("gated: the exact condition over the valid configurations",
          "lineup matrix: 640 of 768 configurations fail: CONFIG_X1=n || "
          "CONFIG_X2=n\n" in out, out)
    check("gated: the sweep is no covering array",
          "a covering array, so a condition" not in out, out)
    n_builds = runs(log, "-c")
    check(f"gated: a few builds ({n_builds}), not one per configuration",
          0 < n_builds <= 8, open(log).read() if os.path.exists(log) else "")
    rc, js, err = matrix(r, "--format", "json", scratch=scratch, env=env)
    doc = json.loads(js) if js.startswith("{") else {}
    cfgs = doc.get("configurations", [])
    check("gated: JSON, every valid configuration and the combinations",
          len(cfgs) == 768 and
          doc.get("model", {}).get("combinations") == 1024, js[:2000] + err)
    wrong = []
    for c in cfgs:
        on = {i for i in range(10) if f"CONFIG_X{i}=y" in c["name"]}
        if 1 in on and 0 not in on:
            wrong.append(c["name"] + ": Kconfig refuses it")
        elif c.get("sizes", {}).get("gated") != gated_size(on, sizes):
            wrong.append(f"{c['name']}: {c.get('sizes')} != "
                         f"{gated_size(on, sizes)}")
    check("gated: each configuration's size is the ABI's", not wrong,
          "\n".join(wrong[:10]))
    # and the compiler agrees on a few, chosen apart
    probe = os.path.join(d, "probe.c")
    for on in ({0, 1, 2}, {0, 3, 9}, set(), {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}):
        flags = [f"-DCONFIG_X{i}=1" for i in sorted(on)]
        with open(probe, "w") as f:
            f.write(f'#include "{tree}/sched.c"\n#include <stdio.h>\n'
                    'int main(void) { printf("%zu", sizeof(struct gated)); '
                    'return 0; }\n')
        exe = os.path.join(d, "probe")
        subprocess.run(["cc", *flags, "-o", exe, probe], check=True)
        got = subprocess.run([exe], capture_output=True, text=True).stdout
        check(f"gated: the compiler's sizeof with {sorted(on)} is the "
              "model's", got == str(gated_size(on, sizes)), got)

def logging_prefix(d, name, prefixes):
    """A cross-compiler prefix per architecture whose gcc logs its
    arguments (one log per architecture) and runs the real one."""
    out = {}
    for arch, real in prefixes.items():
        bindir = os.path.join(d, name + "-bin")
        os.makedirs(bindir, exist_ok=True)
        log = os.path.join(d, f"{name}-{arch}.log")
        gcc = os.path.join(bindir, f"{arch}-gcc")
        with open(gcc, "w") as f:
            f.write(f'#!/bin/sh\necho "$*" >> "{log}"\n'
                    f'exec {real}gcc "$@"\n')
        os.chmod(gcc, 0o755)
        out[arch] = (os.path.join(bindir, f"{arch}-"), log)
    return out


def two_arch_rules(d, name, options):
    """Rules of task_group over x86-64 and arm, each through a compiler
    that logs its runs: the rules' path, and per architecture (prefix,
    log)."""
    cross = logging_prefix(d, name, {"x86_64": "",
                                     "arm": "arm-linux-gnueabihf-"})
    r = rules(d, name, f"kconfig = {TREE}\nobject = sched.o\n"
              "arch = x86_64 arm\n"
              f"cross[x86_64] = {cross['x86_64'][0]}\n"
              f"cross[arm] = {cross['arm'][0]}\noptions = {options}\n")
    return r, cross


def schema_errors(doc):
    """What the matrix schema finds wrong in DOC."""
    with open(os.path.join(ROOT, "schema", "lineup.schema.json")) as f:
        schema = json.load(f)
    import jsonschema
    return [e.message for e in jsonschema.Draft202012Validator(
        dict(schema["$defs"]["matrix"], **{"$defs": schema["$defs"]})
    ).iter_errors(doc)]


def test_arch(d, scratch, env):
    """options = auto on two architectures: each searched from its own
    base and Kconfig, arm's own symbol found on arm alone and swept on
    both (Kconfig resolves it away on x86-64), the builds counted from
    each cross compiler's log."""
    if not shutil.which("arm-linux-gnueabihf-gcc"):
        check("arch: arm-linux-gnueabihf-gcc (scripts/install-deps)",
              False)
        return
    r, cross = two_arch_rules(d, "arch", "auto CONFIG_DEBUG_LOCK=n "
                              "CONFIG_WIDE_STATS=n CONFIG_CFS_BANDWIDTH=n")
    rc, out, err = matrix(r, "--verbose", scratch=scratch, env=env)
    check("arch: exit 1", rc == 1, out + err)
    # arm's configurations with ARM_LOCK_PAD=n have x86-64's text, and
    # another layout (long is 4 bytes there): each is built on its own
    check("arch: the symbols of both, two architectures, what was built",
          "lineup matrix: 5 Kconfig options, 2 architectures, 8 "
          "configurations (all), 2 excluded by Kconfig, 6 built\n" in out,
          out)
    x86 = [line for line in out.splitlines()
           if line.startswith("lineup matrix: ARCH=x86_64: ")]
    arm = [line for line in out.splitlines()
           if line.startswith("lineup matrix: ARCH=arm: ")]
    check("arch: each architecture's symbols, its own tree's count",
          len(x86) == 1 and x86[0].startswith(
              "lineup matrix: ARCH=x86_64: 5 of 10 Kconfig symbols can "
              "change task_group: ") and len(arm) == 1 and
          arm[0].startswith("lineup matrix: ARCH=arm: 6 of 11 Kconfig "
                            "symbols can change task_group: "), out)
    check("arch: arm's own symbol on arm alone, with where it is named",
          x86 and arm and "CONFIG_ARM_LOCK_PAD" not in x86[0] and
          "CONFIG_ARM_LOCK_PAD" in arm[0] and
          "lineup matrix:   CONFIG_ARM_LOCK_PAD: include/lock.h:9\n" in out,
          out)
    check("arch: swept on x86-64 too, where Kconfig resolves it away",
          "lineup matrix: Kconfig excludes CONFIG_ARM_LOCK_PAD=y when "
          "ARCH=x86_64 (it resolves to n): 2 configurations\n" in out, out)
    check("arch: the exploration on both",
          "lineup matrix: options = auto: 8 configurations explored in 2 "
          "rounds, 6 preprocessed, on 2 architectures\n" in out, out)
    x86_log, arm_log = cross["x86_64"][1], cross["arm"][1]
    # arm explores its own symbol's two values: two more preprocessed,
    # and builds all four (no x86-64 build stands for an arm layout)
    check("arch: 2 and 4 objects compiled by each compiler (the logs), 2 "
          "and 4 preprocessed",
          (runs(x86_log, "-c"), runs(arm_log, "-c"),
           runs(x86_log, "-E"), runs(arm_log, "-E")) == (2, 4, 2, 4),
          str((runs(x86_log, "-c"), runs(arm_log, "-c"),
               runs(x86_log, "-E"), runs(arm_log, "-E"))))
    rc, out, err = matrix(r, "--format", "json", scratch=scratch, env=env)
    try:
        doc = json.loads(out)
    except ValueError:
        check("arch: JSON", False, out + err)
        return
    auto = doc.get("auto", {})
    per = {a.get("arch"): a for a in auto.get("architectures", [])}
    names = {a: sorted(s["symbol"] for s in v["relevant"]["task_group"])
             for a, v in per.items()}
    every = sorted(s["symbol"] for s in auto["relevant"]["task_group"])
    check("arch: JSON, each architecture's symbols and every one's",
          sorted(per) == ["arm", "x86_64"] and
          "CONFIG_ARM_LOCK_PAD" in names["arm"] and
          "CONFIG_ARM_LOCK_PAD" not in names["x86_64"] and
          every == names["arm"] and per["arm"]["symbols"] == 11,
          json.dumps(auto, indent=1))
    errs = schema_errors(doc)
    check("arch: JSON valid against the schema", not errs, str(errs))
    # a struct arm's base does not define (group_fair, only with
    # FAIR_GROUP_SCHED, as the kernel's task_group only with CGROUP_SCHED
    # and arm's multi_v7_defconfig has none): explored from x86-64's
    with open(os.path.join(d, "x86.config"), "w") as f:
        f.write("CONFIG_FAIR_GROUP_SCHED=y\nCONFIG_UNRELATED=y\n")
    path = os.path.join(d, "seed.ini")
    with open(path, "w") as f:
        f.write("[struct group_fair]\nwrite = load\nread = weight\n\n"
                f"[matrix]\nkconfig = {TREE}\nobject = sched.o\n"
                "arch = x86_64 arm\nbase[x86_64] = x86.config\n"
                "options = auto CONFIG_DEBUG_LOCK=n CONFIG_WIDE_STATS=n "
                "CONFIG_CFS_BANDWIDTH=n\n")
    rc, out, err = matrix(path, scratch=scratch, env=env)
    check("arch seed: exit 1, not 2 (no struct on arm's base)", rc == 1,
          out + err)
    check("arch seed: arm explored from x86-64's symbols, said",
          "lineup matrix: ARCH=arm: its base defines none of the checked "
          "structs: explored from the symbols the other architectures "
          "found\n" in out and "lineup matrix: 1 Kconfig symbol can change "
          "group_fair on every architecture: CONFIG_FAIR_GROUP_SCHED\n"
          in out, out)
    check("arch seed: the condition on both architectures",
          "lineup matrix: 2 of 4 configurations fail: "
          "CONFIG_FAIR_GROUP_SCHED=y, on every architecture\n" in out, out)


def real_size(d, arch, prefix, config):
    """sizeof(struct task_group) in configuration CONFIG (its name) on
    ARCH, from a build of our own through the fixture's Kconfig and make,
    as pahole reads it."""
    o = os.path.join(d, "real-" + re.sub(r"[^A-Za-z0-9]+", "-", config))
    make = ["make", "-s", "-C", TREE, f"ARCH={arch}",
            f"CROSS_COMPILE={prefix}", f"O={o}"]
    subprocess.run(make + ["defconfig"], check=True, capture_output=True)
    with open(os.path.join(o, ".config"), "a") as f:
        for word in config.split():
            k, v = word.split("=")
            if k.startswith("CONFIG_"):
                f.write(f"{k}=y\n" if v == "y" else f"# {k} is not set\n")
        f.write("CONFIG_DEBUG_INFO=y\n")
    subprocess.run(make + ["olddefconfig"], check=True, capture_output=True)
    subprocess.run(make + ["sched.o"], check=True, capture_output=True)
    out = subprocess.run(["pahole", "-C", "task_group",
                          os.path.join(o, "sched.o")], check=True,
                         capture_output=True, text=True).stdout
    shutil.rmtree(o)
    m = re.search(r"/\* size: (\d+),", out)
    return int(m.group(1)) if m else None


def test_arch_model(d, scratch, env):
    """--model on two architectures: each one's configurations asked of
    its own Kconfig, every struct learned per architecture (the ABI is
    another), the answer exact over all of them; each layout the
    model gives where x86-64 and arm differ on one text equals a real
    build's, read by pahole."""
    if not shutil.which("arm-linux-gnueabihf-gcc"):
        check("arch model: arm-linux-gnueabihf-gcc (scripts/install-deps)",
              False)
        return
    r, cross = two_arch_rules(d, "archm", "auto")
    rc, out, err = matrix(r, "--model", "--format", "json",
                          scratch=scratch, env=env)
    try:
        doc = json.loads(out)
    except ValueError:
        check("arch model: JSON", False, out + err)
        return
    model = doc.get("model", {})
    compiles = sum(runs(log, "-c") for _, log in cross.values())
    check("arch model: exit 1, exact over the 36 configurations Kconfig "
          "allows on both, from the builds the compilers logged",
          rc == 1 and model.get("used") is True and
          len(doc["configurations"]) == 36 and
          compiles == model.get("learned", 0) + model.get("confirmed", 0)
          and compiles <= 8,
          json.dumps(model) + f" compiles={compiles}" + err)
    sizes = {c["name"]: c["sizes"].get("task_group")
             for c in doc["configurations"]}
    twin = {n: sizes.get(n.replace("ARCH=arm", "ARCH=x86_64"))
            for n in sizes if n.startswith("ARCH=arm")}
    differ = sorted(n for n, x in twin.items() if x and x != sizes[n])
    check("arch model: x86-64 and arm differ on some configuration",
          differ, json.dumps(sizes, indent=1))
    for name in differ[:2] + [n for n in sorted(sizes)
                              if n.startswith("ARCH=x86_64")][:1]:
        arch = name.split()[0].split("=")[1]
        prefix = "arm-linux-gnueabihf-" if arch == "arm" else ""
        got = real_size(d, arch, prefix, name)
        check(f"arch model: {name}: the model's {sizes[name]} bytes are "
              "a real build's", got == sizes[name], str(got))
    errs = schema_errors(doc)
    check("arch model: JSON valid against the schema", not errs, str(errs))


def main():
    env = dict(os.environ)
    env.pop("CC", None)
    before = tree_files()
    with tempfile.TemporaryDirectory() as d:
        scratch = os.path.join(d, "tmp")
        os.mkdir(scratch)
        for t in (test_auto, test_pinned_json, test_errors,
                  test_all_refused, test_model_fixture, test_model_gated,
                  test_arch, test_arch_model):
            t(d, scratch, env)
            left = os.listdir(scratch)
            check(f"{t.__name__}: no temporary files left", not left,
                  str(left))
    check("the tree is not written", tree_files() == before)
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)


if __name__ == "__main__":
    main()
