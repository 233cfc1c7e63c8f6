#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""lineup installed into a temporary prefix, each artefact checked.

  install  `meson install --destdir` of the build under test, then: the
           tool runs; lineup.pc is in share/pkgconfig and its `lineup`
           variable names the installed tool (pkg-config --define-prefix,
           the prefix being relocated); lineup.mk takes LINEUP from it and
           stops loudly when pkg-config cannot find lineup; the docs are
           in share/doc/lineup; the man page's option scopes are --help's;
           the bash, zsh and fish completions are where each shell looks,
           and complete commands, options, formats and struct names; the
           JSON Schema is in share/lineup/schema
  man      doc/lineup.1's OPTIONS give, for every option, the commands
           whose --help lists it, and nothing else (the source page)

usage: run_install_tests.py install|man LINEUP SOURCE_ROOT BUILD_ROOT
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
COMMANDS = ['show', 'check', 'matrix', 'c2c', 'suggest', 'diff', 'asserts',
            'rules', 'trace', 'trace-cc']


def run(cmd, cwd=None, env=None, expect=0, stdin=None):
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=300, input=stdin)
    if expect is not None and p.returncode != expect:
        sys.exit(f"FAIL: {cmd} exited {p.returncode}, expected {expect}:\n"
                 f"{p.stdout}{p.stderr}")
    return p


def check(cond, what):
    if not cond:
        sys.exit(f"FAIL: {what}")


def help_scopes(lineup):
    """{option: [commands whose --help lists it]}, -h/--help aside."""
    scopes = {}
    top = run([lineup, '--help']).stdout
    commands = re.findall(r'^  lineup (\w[\w-]*)', top, re.M)
    check(commands == COMMANDS, f"lineup --help lists {commands}")
    for c in commands:
        text = run([lineup, c, '--help']).stdout
        # `lineup help C` is `lineup C --help` (trace-cc's was shorter)
        same = run([lineup, 'help', c]).stdout
        check(same == text, f"lineup help {c} is not lineup {c} --help:\n"
              f"{same}\n---\n{text}")
        for name in re.findall(r'^  (?:-\w, )*--([a-z-]+)', text, re.M):
            if name != 'help':
                scopes.setdefault(name, []).append(c)
    return scopes


def man_scopes(page):
    """The man page's OPTIONS: {option: [commands of its scope line]}."""
    with open(page) as f:
        lines = f.read().split('\n')
    start, end = lines.index('.SH OPTIONS'), lines.index('.SH EXIT STATUS')
    scopes = {}
    for i in range(start, end):
        if lines[i] != '.TP':
            continue
        m = re.search(r'\\-\\-([a-z\\-]+)', lines[i + 1])
        check(m, f"{page}: no option after .TP: {lines[i + 1]!r}")
        name = m.group(1).replace('\\-', '-')
        scope = re.fullmatch(r'\.RB \( (.*) \)', lines[i + 2])
        check(scope, f"{page}: --{name} has no scope line "
              f"(.RB ( CMD \", \" CMD )), got {lines[i + 2]!r}")
        scopes[name] = scope.group(1).split(' ", " ')
    return scopes


def test_man(lineup, page):
    want, got = help_scopes(lineup), man_scopes(page)
    problems = []
    for name in sorted(set(want) | set(got)):
        if want.get(name) != got.get(name):
            problems.append(f"--{name}: --help {want.get(name)}, "
                            f"man page {got.get(name)}")
    check(not problems, f"{page} disagrees with --help:\n  " +
          '\n  '.join(problems))


def install(build, tmp):
    dest = os.path.join(tmp, 'dest')
    run(['meson', 'install', '-C', build, '--destdir', dest, '--no-rebuild',
         '--quiet'])
    opts = json.loads(run(['meson', 'introspect', build,
                           '--buildoptions']).stdout)
    opt = {o['name']: o for o in opts}
    # the tests are a feature, auto by default: no Criterion, no tests
    check(opt['tests'].get('choices') == ['enabled', 'disabled', 'auto'],
          f"option tests is not a feature: {opt['tests']}")
    return dest + opt['prefix']['value'], opt


def pkgconf(prefix, *args, expect=0):
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(prefix, 'share',
                                                        'pkgconfig'))
    return run(['pkg-config', '--define-prefix', *args, 'lineup'], env=env,
               expect=expect).stdout.strip()


def test_pc(prefix, opt):
    pcs = [os.path.relpath(os.path.join(d, f), prefix)
           for d, _, fs in os.walk(prefix) for f in fs if f == 'lineup.pc']
    check(pcs == ['share/pkgconfig/lineup.pc'], f"lineup.pc installed as {pcs}")
    tool = pkgconf(prefix, '--variable=lineup')
    check(tool == os.path.join(prefix, 'bin', 'lineup'),
          f"pkg-config --variable=lineup lineup: {tool!r}")
    check(os.access(tool, os.X_OK), f"{tool} is not executable")
    ver = run([tool, '--version']).stdout
    check(ver.startswith('lineup '), f"{tool} --version: {ver!r}")
    mk = pkgconf(prefix, '--variable=lineup_mk')
    check(os.path.isfile(mk), f"--variable=lineup_mk: {mk!r} is no file")
    cflags = pkgconf(prefix, '--cflags')
    check(cflags == '-I' + os.path.join(prefix, 'include'), cflags)
    check(os.path.isfile(os.path.join(prefix, 'include', 'lineup.h')),
          "no include/lineup.h")
    with open(os.path.join(prefix, 'share', 'pkgconfig', 'lineup.pc')) as f:
        check('example.invalid' not in f.read(), "lineup.pc has a "
              "placeholder URL")


def test_mk(prefix, tmp):
    """lineup.mk: LINEUP from pkg-config, or a loud stop without it."""
    if not shutil.which('make'):
        return
    d = os.path.join(tmp, 'mk')
    os.makedirs(d)
    with open(os.path.join(d, 'conn.c'), 'w') as f:
        f.write('#include <lineup.h>\nstruct conn {\n'
                '\tLINEUP_BEGIN(write, stats); long rx; LINEUP_END(write, '
                'stats);\n\tLINEUP_BEGIN_ALIGNED(read, fast); void *ops; '
                'LINEUP_END(read, fast);\n} c;\n')
    with open(os.path.join(d, 'Makefile'), 'w') as f:
        f.write('LINEUP_CHECK = conn.o\n'
                'include $(shell $(PKG_CONFIG) --variable=lineup_mk lineup)\n'
                'override ALL_CFLAGS = $(CFLAGS) $(LINEUP_CFLAGS)\n'
                'all: conn.o $(LINEUP_STAMPS)\n'
                '\t@echo LINEUP=$(LINEUP)\n'
                'conn.o: conn.c\n\t$(CC) $(ALL_CFLAGS) -c -o $@ $<\n')
    env = dict(os.environ,
               PKG_CONFIG_PATH=os.path.join(prefix, 'share', 'pkgconfig'))
    env.pop('LINEUP', None)
    pc = 'PKG_CONFIG=pkg-config --define-prefix'
    # CFLAGS on the command line: ALL_CFLAGS still has -g for the check
    out = run(['make', '-s', pc, 'CFLAGS=-O2'], cwd=d, env=env).stdout
    check(f"LINEUP={prefix}/bin/lineup" in out, out)
    check('lineup: 1 struct checked, 0 errors, 0 warnings' in out, out)
    check(os.path.exists(os.path.join(d, 'conn.o.lineup-ok')), "no stamp")
    # pkg-config that cannot find lineup: the include names what to set
    lost = dict(env, PKG_CONFIG_PATH=d, PKG_CONFIG_LIBDIR=d)
    p = run(['make', '-s', pc, '-f', os.path.join(prefix, 'share', 'lineup',
                                                  'lineup.mk')],
            cwd=d, env=lost, expect=2)
    check("lineup.mk: pkg-config cannot find lineup's tool" in p.stderr and
          'PKG_CONFIG_PATH' in p.stderr, p.stderr)


def test_readme_table(prefix, root, opt):
    """Every installed file is under a path README's install table names
    (LIBDIR there is meson's libdir: trace's runtime was left out)."""
    with open(os.path.join(root, 'README.md')) as f:
        text = f.read()
    table = text.split('The prefix gets:', 1)[1].split('\n\n', 2)[1]
    libdir = opt['libdir']['value']
    paths = [p.replace('LIBDIR', libdir).replace('…', '')
             for row in table.splitlines() if row.startswith('| `')
             for p in re.findall(r'`([^`]+)`', row.split('|')[1])]
    missing = []
    for d, _, fs in os.walk(prefix):
        for f in fs:
            rel = os.path.relpath(os.path.join(d, f), prefix)
            if not any(rel == p or (p.endswith('/') and rel.startswith(p))
                       for p in paths):
                missing.append(rel)
    check(not missing, "README's install table omits " + ', '.join(missing))


def test_docs(prefix, root):
    docdir = os.path.join(prefix, 'share', 'doc', 'lineup')
    want = ['README.md', 'NEWS.md'] + sorted(
        f for f in os.listdir(os.path.join(root, 'doc')) if f.endswith('.md'))
    for name in want:
        check(os.path.isfile(os.path.join(docdir, name)),
              f"share/doc/lineup/{name} is not installed")
    man = os.path.join(prefix, 'share', 'man', 'man1', 'lineup.1')
    check(os.path.isfile(man), "share/man/man1/lineup.1 is not installed")
    return man


def test_schema(prefix, lineup, tmp):
    """The installed schema is draft 2020-12 and takes check's output."""
    path = os.path.join(prefix, 'share', 'lineup', 'schema',
                        'lineup.schema.json')
    check(os.path.isfile(path), "share/lineup/schema/lineup.schema.json "
          "is not installed")
    with open(path) as f:
        schema = json.load(f)
    check(schema.get('$schema') ==
          'https://json-schema.org/draft/2020-12/schema', schema.get('$schema'))
    try:
        import jsonschema
    except ImportError:
        print('python3-jsonschema not installed: the schema is not used')
        return
    jsonschema.Draft202012Validator.check_schema(schema)
    # rules that hold: a check that checked something (nothing checked
    # is exit 2 since issue 18)
    ok = os.path.join(tmp, 'ok.ini')
    with open(ok, 'w') as f:
        f.write('[struct ring]\ncold = head tail\n')
    doc = json.loads(run([lineup, 'check', '--format', 'json', '--rules', ok,
                          compile_struct(tmp)]).stdout)
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(doc))
    check(not errors, f"check's JSON against the installed schema: {errors}")


def compile_struct(tmp):
    src = os.path.join(tmp, 'ring.c')
    with open(src, 'w') as f:
        f.write('struct ring { long head; long tail; } r;\n'
                'union slot { int i; float f; } s;\n')
    obj = os.path.join(tmp, 'ring.o')
    run(['cc', '-c', '-g', '-o', obj, src])
    return obj


def bash_complete(script, line, cwd, path):
    """COMPREPLY for the command line `line` (completing its last word)."""
    words = line.split(' ')
    prog = (f'source {script}\n'
            f'COMP_WORDS=({" ".join(repr(w) for w in words)})\n'
            f'COMP_CWORD={len(words) - 1}\n'
            '_lineup lineup\n'
            'printf "%s\\n" "${COMPREPLY[@]}"\n')
    env = dict(os.environ, PATH=path)
    return run(['bash', '-c', prog], cwd=cwd, env=env).stdout.split()


def test_completions(prefix, lineup, tmp):
    share = os.path.join(prefix, 'share')
    bash = os.path.join(share, 'bash-completion', 'completions', 'lineup')
    zsh = os.path.join(share, 'zsh', 'site-functions', '_lineup')
    fish = os.path.join(share, 'fish', 'vendor_completions.d', 'lineup.fish')
    for f in (bash, zsh, fish):
        check(os.path.isfile(f), f"{os.path.relpath(f, prefix)} is not "
              "installed")
    obj = compile_struct(tmp)
    path = os.path.join(prefix, 'bin') + os.pathsep + os.environ['PATH']
    scopes = help_scopes(lineup)

    got = bash_complete(bash, 'lineup ', tmp, path)
    check(set(COMMANDS) <= set(got), f"bash: lineup <TAB>: {got}")
    got = bash_complete(bash, 'lineup ch', tmp, path)
    check(got == ['check'], f"bash: lineup ch<TAB>: {got}")
    for c in COMMANDS:
        got = bash_complete(bash, f'lineup {c} --', tmp, path)
        want = sorted('--' + o for o, cs in scopes.items() if c in cs)
        check(sorted(g for g in got if g != '--help') == want,
              f"bash: lineup {c} --<TAB>: {got}, --help has {want}")
    got = bash_complete(bash, 'lineup check --format ', tmp, path)
    check(got == ['text', 'json', 'sarif'], f"bash: check --format: {got}")
    got = bash_complete(bash, 'lineup show --format ', tmp, path)
    check(got == ['text', 'json'], f"bash: show --format: {got}")
    got = bash_complete(bash, f'lineup show {obj} --struct ', tmp, path)
    check(sorted(got) == ['ring', 'slot'], f"bash: --struct: {got}")
    got = bash_complete(bash, f'lineup show {obj} --struct r', tmp, path)
    check(got == ['ring'], f"bash: --struct r: {got}")
    # after trace's --, the program's name and words, not lineup's options
    got = bash_complete(bash, 'lineup trace --format json -- tru', tmp, path)
    check('true' in got and not any(g.startswith('-') for g in got),
          f"bash: trace -- tru<TAB>: {got}")
    got = bash_complete(bash, 'lineup trace -- true --s', tmp, path)
    check('--struct' not in got and '--sample' not in got,
          f"bash: trace -- true --s<TAB>: {got}")

    if shutil.which('zsh'):
        run(['zsh', '-n', zsh])
        with open(zsh) as f:
            text = f.read()
        for o in scopes:
            check('--' + o + '[' in text or '--' + o + '}' in text,
                  f"zsh: no --{o}")
        check("'*::program:_normal'" in text, "zsh: trace -- is no program")
    else:
        print('zsh not installed: its completion is not parsed')
    if shutil.which('fish'):
        def fish_complete(line):
            env = dict(os.environ, PATH=path, HOME=tmp,
                       XDG_CONFIG_HOME=tmp, XDG_DATA_HOME=tmp)
            out = run(['fish', '--no-config', '-c',
                       f'source {fish}; complete -C "{line}"'],
                      cwd=tmp, env=env).stdout
            return [w.split('\t')[0] for w in out.splitlines()]

        got = fish_complete('lineup ')
        check(set(COMMANDS) <= set(got), f"fish: lineup <TAB>: {got}")
        got = fish_complete('lineup diff --')
        want = sorted('--' + o for o, cs in scopes.items() if 'diff' in cs)
        check(sorted(g for g in got if g != '--help') == want,
              f"fish: lineup diff --<TAB>: {got}, --help has {want}")
        got = fish_complete('lineup check --format ')
        check(sorted(got) == ['json', 'sarif', 'text'], f"fish: {got}")
        got = fish_complete(f'lineup show {obj} --struct ')
        check(sorted(got) == ['ring', 'slot'], f"fish: --struct: {got}")
        got = fish_complete('lineup trace -- tru')
        check('true' in got, f"fish: trace -- tru<TAB>: {got}")
        got = fish_complete('lineup trace -- true --s')
        check('--struct' not in got and '--sample' not in got,
              f"fish: trace -- true --s<TAB>: {got}")
    else:
        print('fish not installed: its completion is not run')


def main():
    what, lineup, root, build = sys.argv[1], os.path.abspath(sys.argv[2]), \
        os.path.abspath(sys.argv[3]), os.path.abspath(sys.argv[4])
    if what == 'man':
        test_man(lineup, os.path.join(root, 'doc', 'lineup.1'))
        print('man: ok')
        return 0
    with tempfile.TemporaryDirectory(prefix='lineup-install.') as tmp:
        prefix, opt = install(build, tmp)
        test_pc(prefix, opt)
        test_mk(prefix, tmp)
        man = test_docs(prefix, root)
        test_readme_table(prefix, root, opt)
        test_man(lineup, man)
        test_completions(prefix, lineup, tmp)
        test_schema(prefix, lineup, tmp)
    print('install: ok')
    return 0


if __name__ == '__main__':
    sys.exit(main())
