/* SPDX-License-Identifier: MIT */
/*
 * The DWARF reader's shortcuts against libdw, on objects built at test
 * time by GCC and Clang, DWARF 2 to 5, compressed, big-endian, relocatable
 * and linked: file names from a line table's header (dwarf_files.c)
 * against dwarf_getsrcfiles, which decodes the whole line program, for
 * every unit and index; and every DIE's attributes stepped over with its
 * abbreviation's plan (dwarf_attrs.c) against dwarf_getattrs and
 * dwarf_siblingof, and its shape, read from .debug_abbrev's own bytes
 * (dwarf_shapes.c), against dwarf_tag, dwarf_haschildren, dwarf_attr and
 * dwarf_formref_die; and the lookups answered from shapes
 * (dwarf_lookups.c, dwarf_sibling.c) against dwarf_child, dwarf_diename,
 * dwarf_hasattr, lu_dw_udata, lu_dw_type_of, dwarf_siblingof and
 * dwarf_formudata, on those objects and on one assembled
 * here whose abbreviation codes pass 127 (two bytes of ULEB128, the
 * first 0x80), as a kernel unit's do.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dwarf_attrs.h"
#include "dwarf_files.h"

/* Criterion hands each worker a copy of the parameters in another
 * address space: words in place, not pointers. */
struct build {
	char argv[4][32];	/* the compiler's words; -o comes after */
	bool may_ask_libdw;	/* split DWARF: the table is libdw's */
};

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f, "cannot write %s", path);
	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
}

/* Runs ARGV in DIR; false when the program is not installed. Criterion's
 * worker takes SIGCHLD for its own: our child's is ours. */
static bool run_in(const char *dir, const char *const *argv)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL }, old;
	int status;

	sigaction(SIGCHLD, &dfl, &old);
	pid_t pid = fork();

	cr_assert_geq(pid, 0);
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (chdir(dir) != 0)
			_exit(126);
		dup2(null, 2);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	sigaction(SIGCHLD, &old, NULL);
	cr_assert(WIFEXITED(status), "%s: signal %d", argv[0],
		  WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	if (WEXITSTATUS(status) == 127)
		return false;
	cr_assert_eq(WEXITSTATUS(status), 0, "%s failed", argv[0]);
	return true;
}

static int no_debuginfo(Dwfl_Module *m, void **u, const char *n,
			Dwarf_Addr b, const char *f, const char *l,
			GElf_Word c, char **out)
{
	(void)m, (void)u, (void)n, (void)b, (void)f, (void)l, (void)c;
	*out = NULL;
	return -1;
}

static const Dwfl_Callbacks offline = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = no_debuginfo,
	.section_address = dwfl_offline_section_address,
};

struct compare {
	bool may_ask_libdw;
	size_t units, names, dies, planned, shaped;
	struct lu_dw_plans plans;
};

/* A shape's slots where libdw finds the attributes: the same value at the
 * same place, none where the shape has none, and the same DIE for a
 * reference the shape reads itself. */
static void compare_shape(struct compare *cmp, Dwarf_Die *die)
{
	static const unsigned codes[LU_DW_SLOTS] = {
		[LU_DW_SLOT_NAME] = DW_AT_name,
		[LU_DW_SLOT_SIBLING] = DW_AT_sibling,
		[LU_DW_SLOT_TYPE] = DW_AT_type,
		[LU_DW_SLOT_LOCATION] = DW_AT_data_member_location,
		[LU_DW_SLOT_BIT_OFFSET] = DW_AT_data_bit_offset,
		[LU_DW_SLOT_BIT_SIZE] = DW_AT_bit_size,
		[LU_DW_SLOT_BYTE_SIZE] = DW_AT_byte_size,
	};
	Dwarf_Die copy = { .addr = die->addr, .cu = die->cu };
	const unsigned char *values;
	const struct lu_dw_shape *sh = lu_dw_shape(&cmp->plans, &copy, &values);

	if (!sh)
		return;
	cmp->shaped++;
	cr_assert_eq(sh->tag, dwarf_tag(die));
	cr_assert_eq(sh->children, dwarf_haschildren(die) > 0);
	cr_assert_eq(sh->declaration, dwarf_hasattr(die, DW_AT_declaration));
	for (int slot = 0; slot < LU_DW_SLOTS; slot++) {
		Dwarf_Attribute a;
		Dwarf_Die mine, theirs;
		bool has = dwarf_attr(die, codes[slot], &a) != NULL;

		if (sh->at[slot] == -2)
			continue;
		cr_assert_eq(has, sh->at[slot] >= 0, "DIE 0x%llx slot %d",
			     (unsigned long long)dwarf_dieoffset(die), slot);
		if (!has)
			continue;
		cr_assert_eq((const unsigned char *)a.valp,
			     values + sh->at[slot]);
		cr_assert_eq(a.form, sh->form[slot]);
		if (slot == LU_DW_SLOT_NAME)
			cr_assert_str_eq(lu_dw_formstring(&cmp->plans, &a),
					 dwarf_formstring(&a));
		Dwarf_Word u, v;
		int rc = dwarf_formudata(&a, &v);

		/* constants in the unit's byte order, big-endian too */
		cr_assert_eq(lu_dw_formudata(&cmp->plans, &a, &u), rc);
		if (rc == 0)
			cr_assert_eq(u, v, "DIE 0x%llx slot %d",
				     (unsigned long long)dwarf_dieoffset(die),
				     slot);
		if (lu_dw_slot_ref(&cmp->plans, &copy, sh, slot, values,
				   &mine)) {
			cr_assert_not_null(dwarf_formref_die(&a, &theirs));
			cr_assert_eq(mine.addr, theirs.addr);
		}
	}
}

/* The lookups answered from DIE's shape, each as libdw answers it. */
static void compare_lookups(struct compare *cmp, Dwarf_Die *die)
{
	Dwarf_Die copy = { .addr = die->addr, .cu = die->cu };
	Dwarf_Die mine, theirs;
	const char *name = dwarf_diename(die);
	const char *my_name = lu_dw_name(&cmp->plans, &copy);
	int rc = dwarf_child(die, &theirs);

	cr_assert_eq(lu_dw_child(&cmp->plans, &copy, &mine), rc,
		     "DIE 0x%llx", (unsigned long long)dwarf_dieoffset(die));
	if (rc == 0)
		cr_assert_eq(mine.addr, theirs.addr, "DIE 0x%llx",
			     (unsigned long long)dwarf_dieoffset(die));
	cr_assert_eq(!name, !my_name);
	if (name)
		cr_assert_str_eq(my_name, name);
	cr_assert_eq(lu_dw_declared(&cmp->plans, &copy),
		     dwarf_hasattr(die, DW_AT_declaration));
	cr_assert_eq(lu_dw_shape_udata(&cmp->plans, &copy, DW_AT_byte_size, 7),
		     lu_dw_udata(die, DW_AT_byte_size, 7));
	bool typed = lu_dw_type_of(die, &theirs);

	cr_assert_eq(lu_dw_shape_type_of(&cmp->plans, &copy, &mine), typed);
	if (typed)
		cr_assert_eq(mine.addr, theirs.addr);
	rc = dwarf_siblingof(die, &theirs);
	cr_assert_eq(lu_dw_siblingof(&cmp->plans, &copy, &mine), rc,
		     "DIE 0x%llx", (unsigned long long)dwarf_dieoffset(die));
	if (rc == 0)
		cr_assert_eq(mine.addr, theirs.addr);
}

#define MAX_ATTRS 64

struct attrs {
	size_t n;
	Dwarf_Attribute a[MAX_ATTRS];
};

static int record(Dwarf_Attribute *a, void *arg)
{
	struct attrs *r = arg;

	cr_assert_lt(r->n, MAX_ATTRS);
	r->a[r->n++] = *a;
	return DWARF_CB_OK;
}

/* The same attributes, values at the same places (an implicit constant's
 * the same number), and the next sibling where the values end. */
static void compare_dies(struct compare *cmp, Dwarf_Die *parent, int depth)
{
	Dwarf_Die die;

	if (depth > 64 || dwarf_child(parent, &die) != 0)
		return;
	do {
		struct attrs theirs = { 0 }, mine = { 0 };
		const unsigned char *end;
		Dwarf_Die copy = { .addr = die.addr, .cu = die.cu }, next;

		cr_assert_eq(dwarf_getattrs(&die, record, &theirs, 0), 1);
		cr_assert_eq(lu_dw_getattrs(&cmp->plans, &copy, record, &mine,
					    &end), 1);
		cr_assert_eq(lu_dw_tag(&cmp->plans, &copy), dwarf_tag(&die));
		cr_assert_eq(lu_dw_has_children(&cmp->plans, &copy),
			     dwarf_haschildren(&die) > 0);
		compare_shape(cmp, &die);
		compare_lookups(cmp, &die);
		cr_assert_eq(mine.n, theirs.n, "DIE 0x%llx",
			     (unsigned long long)dwarf_dieoffset(&die));
		for (size_t i = 0; i < mine.n; i++) {
			Dwarf_Attribute *x = &mine.a[i], *y = &theirs.a[i];
			Dwarf_Word u, v;

			cr_assert_eq(x->code, y->code);
			cr_assert_eq(x->form, y->form);
			if (x->form != DW_FORM_implicit_const) {
				cr_assert_eq(x->valp, y->valp);
				continue;
			}
			cr_assert_eq(dwarf_formudata(x, &u), 0);
			cr_assert_eq(dwarf_formudata(y, &v), 0);
			cr_assert_eq(u, v);
		}
		cmp->dies++;
		if (end) {
			cmp->planned++;
			if (!dwarf_haschildren(&die) &&
			    dwarf_siblingof(&die, &next) == 0)
				cr_assert_eq((void *)end, next.addr);
		}
		compare_dies(cmp, &die, depth + 1);
	} while (dwarf_siblingof(&die, &die) == 0);
}

/* Every index of every unit, and two past the end. */
static int compare_module(Dwfl_Module *mod, void **u, const char *name,
			  Dwarf_Addr start, void *arg)
{
	struct compare *cmp = arg;
	Dwarf_Addr bias;
	Dwarf *dw = dwfl_module_getdwarf(mod, &bias);
	struct lu_dw_files t = { 0 };
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie;
	uint8_t type;

	(void)u, (void)name, (void)start;
	cr_assert_not_null(dw);
	while (dwarf_get_units(dw, cu, &cu, NULL, &type, &cudie, NULL) == 0) {
		Dwarf_Files *files;
		size_t n = 0;

		if (dwarf_getsrcfiles(&cudie, &files, &n) != 0)
			n = 0;
		cmp->units++;
		lu_dw_plans_reset(&cmp->plans, &cudie);
		compare_lookups(cmp, &cudie);
		compare_dies(cmp, &cudie, 0);
		for (size_t i = 0; i < n + 2; i++) {
			bool libdw = false;
			const char *mine = lu_dw_file_name(&t, cu, i, &libdw);
			const char *theirs =
				i < n ? dwarf_filesrc(files, i, NULL, NULL)
				      : NULL;

			if (libdw) {
				cr_assert(cmp->may_ask_libdw,
					  "unit %zu left to libdw",
					  cmp->units);
				continue;
			}
			if (!theirs) {
				cr_assert_null(mine,
					       "file %zu: %s, libdw: none", i,
					       mine);
				continue;
			}
			cr_assert_not_null(mine, "file %zu: none, libdw: %s",
					   i, theirs);
			cr_assert_str_eq(mine, theirs, "file %zu", i);
			cmp->names++;
		}
	}
	lu_dw_files_free(&t);
	lu_dw_plans_free(&cmp->plans);
	return DWARF_CB_OK;
}

static const char source[] =
	"#include \"inc/types.h\"\n"
	"#include \"../shared.h\"\n"
	"struct ring r;\n"
	"struct far f;\n"
	"int get(struct ring *x) { return x->head + f.v; }\n";

static struct build builds[] = {
	{ { "gcc", "-gdwarf-5", "-O1" }, false },
	{ { "gcc", "-gdwarf-4" }, false },
	{ { "gcc", "-gdwarf-3" }, false },
	{ { "gcc", "-gdwarf-2" }, false },
	{ { "gcc", "-gdwarf-5", "-gz=zlib" }, false },
	{ { "gcc", "-gdwarf-4", "-gz=zlib-gnu" }, false },
	{ { "gcc", "-gdwarf-5", "-gsplit-dwarf" }, true },
	{ { "clang", "-gdwarf-5" }, false },
	{ { "clang", "-gdwarf-4" }, false },
	{ { "clang", "--target=s390x-linux-gnu", "-gdwarf-5" }, false },
	{ { "clang", "--target=powerpc64-linux-gnu", "-gdwarf-4" }, false },
	{ { "clang", "--target=i686-linux-gnu", "-gdwarf-5" }, false },
};

ParameterizedTestParameters(dwarf_files, same_names_as_libdw)
{
	return cr_make_param_array(struct build, builds,
				   sizeof(builds) / sizeof(builds[0]));
}

/* Every unit of DIR/PATH compared, and the counts of what was. */
static struct compare compare_object(const char *dir, const char *path,
				     bool split)
{
	struct compare cmp = { .may_ask_libdw = split };
	Dwfl *dwfl = dwfl_begin(&offline);
	char full[512];
	int fd;

	snprintf(full, sizeof(full), "%s/%s", dir, path);
	fd = open(full, O_RDONLY);
	cr_assert_geq(fd, 0);
	dwfl_report_begin(dwfl);
	cr_assert_not_null(dwfl_report_offline(dwfl, full, full, fd));
	dwfl_report_end(dwfl, NULL, NULL);
	dwfl_getmodules(dwfl, compare_module, &cmp, 0);
	dwfl_end(dwfl);
	cr_assert_gt(cmp.units, 0);
	return cmp;
}

static void check_object(const char *dir, const char *path, bool split,
			 bool compressed)
{
	struct compare cmp = compare_object(dir, path, split);

	cr_assert(split || cmp.names >= 3, "%zu names compared", cmp.names);
	cr_assert(split || cmp.planned * 2 > cmp.dies,
		  "%zu of %zu DIEs planned", cmp.planned, cmp.dies);
	/* a compressed .debug_abbrev is libdw's to read, every other is
	 * read into shapes */
	cr_assert(split || compressed || cmp.shaped == cmp.dies,
		  "%zu of %zu DIEs shaped", cmp.shaped, cmp.dies);
}

ParameterizedTest(struct build *b, dwarf_files, same_names_as_libdw)
{
	char dir[] = "/tmp/lineup-dwarf-files-XXXXXX", path[512];
	const char *argv[20];
	size_t n = 0;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/src", dir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/src/inc", dir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/src/main.c", dir);
	write_file(path, source);
	snprintf(path, sizeof(path), "%s/src/inc/types.h", dir);
	/* a member past byte 255: its location is a data2, two bytes whose
	 * order the big-endian targets test */
	write_file(path, "struct ring { int head, tail; char pad[300]; "
			 "int after; };\n");
	snprintf(path, sizeof(path), "%s/shared.h", dir);
	write_file(path, "struct far { long v; };\n");
	while (n < 4 && b->argv[n][0])
		argv[n] = b->argv[n], n++;
	/* relative names, as a build system passes them */
	const char *tail[] = { "-c", "src/main.c", "-o", "main.o", NULL };

	const char *rm[] = { "rm", "-rf", dir, NULL };

	memcpy(argv + n, tail, sizeof(tail));
	if (!run_in(dir, argv)) {
		run_in("/", rm);	/* cr_skip_test does not return */
		cr_skip_test("%s is not installed", argv[0]);
	} else {
		bool gz = false;

		for (size_t i = 0; i < n; i++)
			gz |= !strncmp(argv[i], "-gz", 3);
		check_object(dir, "main.o", b->may_ask_libdw, gz);
		/* an executable: no relocations, addresses in the table */
		if (!strcmp(argv[0], "gcc") && !b->may_ask_libdw) {
			const char *link[] = { "gcc", "-nostdlib", "-Wl,-e,get",
					       "main.o", "-o", "main", NULL };

			run_in(dir, link);
			check_object(dir, "main", false, gz);
		}
	}
	run_in("/", rm);
}

/*
 * A unit whose abbreviation codes pass 127, as a kernel unit's do: codes
 * 1-127 base types, 128 a member (its code 0x80 0x01, whose first byte
 * libdw's dwarf_child skips only to see whether a null entry follows),
 * 129 a struct whose first child is such a member, 130 the unit itself,
 * which GCC puts near the end of a table too.
 */
static const char wide_codes_tail[] =
	/* 128: member: name string, type ref4, data_member_location data1 */
	"\t.uleb128 128, 0x0d\n\t.byte 0\n"
	"\t.uleb128 0x03, 0x08, 0x49, 0x13, 0x38, 0x0b\n\t.byte 0, 0\n"
	/* 129: structure_type with children: name string, byte_size data1 */
	"\t.uleb128 129, 0x13\n\t.byte 1\n"
	"\t.uleb128 0x03, 0x08, 0x0b, 0x0b\n\t.byte 0, 0\n"
	/* 130: compile_unit with children: name string, language data1 */
	"\t.uleb128 130, 0x11\n\t.byte 1\n"
	"\t.uleb128 0x03, 0x08, 0x13, 0x0b\n\t.byte 0, 0\n"
	"\t.byte 0\n"
	"\t.section .debug_info,\"\",@progbits\n"
	".Linfo:\n\t.long .Lend - .Lstart\n"
	".Lstart:\n\t.value 4\n\t.long .Labbrev\n\t.byte 8\n"
	"\t.uleb128 130\n\t.string \"wide.c\"\n\t.byte 0x0c\n"
	".Lint:\n\t.uleb128 5\n\t.string \"int\"\n\t.byte 4\n"
	"\t.uleb128 129\n\t.string \"wide\"\n\t.byte 8\n"
	"\t.uleb128 128\n\t.string \"a\"\n\t.long .Lint - .Linfo\n"
	"\t.byte 0\n"
	"\t.uleb128 128\n\t.string \"b\"\n\t.long .Lint - .Linfo\n"
	"\t.byte 4\n"
	"\t.byte 0\n"	/* the struct's children end */
	"\t.byte 0\n"	/* the unit's */
	".Lend:\n";

Test(dwarf_files, codes_past_127)
{
	char dir[] = "/tmp/lineup-dwarf-wide-XXXXXX", path[512];
	char text[16384];
	size_t n = 0;

	cr_assert_not_null(mkdtemp(dir));
	n += (size_t)snprintf(text + n, sizeof(text) - n,
			      "\t.section .debug_abbrev,\"\",@progbits\n"
			      ".Labbrev:\n");
	for (int code = 1; code <= 127; code++)	/* base_type: name, size */
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "\t.uleb128 %d, 0x24\n\t.byte 0\n"
				      "\t.uleb128 0x03, 0x08, 0x0b, 0x0b\n"
				      "\t.byte 0, 0\n",
				      code);
	cr_assert_lt(n + sizeof(wide_codes_tail), sizeof(text));
	memcpy(text + n, wide_codes_tail, sizeof(wide_codes_tail));
	snprintf(path, sizeof(path), "%s/wide.s", dir);
	write_file(path, text);
	const char *as[] = { "gcc", "-c", "wide.s", "-o", "wide.o", NULL };
	const char *rm[] = { "rm", "-rf", dir, NULL };

	cr_assert(run_in(dir, as), "gcc -c wide.s");
	struct compare cmp = compare_object(dir, "wide.o", false);

	run_in("/", rm);
	/* the unit, int, the struct and its two members, all shaped */
	cr_assert_eq(cmp.dies, 4, "%zu DIEs", cmp.dies);
	cr_assert_eq(cmp.shaped, cmp.dies, "%zu of %zu DIEs shaped",
		     cmp.shaped, cmp.dies);
}
