/* SPDX-License-Identifier: MIT */
/*
 * The compiles of `lineup matrix`, as one pipeline in one pool of job
 * slots. Preprocessing costs a good part of a compile (half of it for a
 * source that includes a few system headers, bench/README.md), so it pays
 * only when texts repeat, and a sample says whether they do: the first
 * MIN_SAMPLE configurations are compiled straight from the source, and
 * if nearly all their objects differ (Good-Turing: the share of objects
 * seen once is the chance that the next is new), so does the rest, and it
 * is compiled directly too; when all texts differ, lineup costs what
 * compiling every configuration costs.
 *
 * Otherwise every configuration is preprocessed, its text hashed, and a
 * text not seen before compiled at once, ahead of the preprocessing of the
 * configurations after it, which runs only a few jobs ahead; the sample's
 * compiles become their texts' builds, so only those of a text the sample
 * had already cost a compile more. If later the texts still turn out
 * nearly all new, the configurations left are compiled directly.
 *
 * Configurations compiled directly are grouped by their objects (or
 * failures): identical texts give identical objects (gcc and clang do not
 * record -D flags in them), so the findings are those of text groups. Two
 * texts that differ only in what leaves no trace in the object (an unused
 * declaration) count as one build there, which is all they would check.
 *
 * Results are taken in a fixed order whatever order the jobs end in: the
 * sample decides once all of it is compiled, texts are committed in the
 * preprocessing order, direct configurations grouped in configuration
 * order, and builds numbered by their first configuration at the end. The
 * report does not depend on timing.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "matrix.h"
#include "struct_text.h"

/*
 * The sample, and the switch to direct compiles: after at least
 * MIN_SAMPLE objects or texts, with as many configurations left, when 9
 * in 10 were seen once. Simulated on 64 and 256 configurations of 16 to
 * 256 distinct texts (preprocessing at half a compile): it switches when
 * nearly all differ and almost never when a quarter or less do, where
 * deduplication pays.
 */
#define MIN_SAMPLE 16
#define ONCE_NUM 9
#define ONCE_DEN 10
/* Preprocessing runs at most this many jobs per slot ahead of the texts
 * committed: what runs ahead is wasted if the sweep switches. */
#define AHEAD_PER_SLOT 2
#define SEED 0xcbf29ce484222325ull

static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ull;
	return h;
}

/* FNV-1a of a regular file; the compile command could leave a FIFO. */
static uint64_t hash_file(const char *path, bool *ok)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	uint64_t h = SEED;
	unsigned char buf[65536];
	struct stat st;
	ssize_t n;

	*ok = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	while (*ok && (n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			*ok = errno == EINTR;
			continue;
		}
		h = hash_bytes(h, buf, (size_t)n);
	}
	if (fd >= 0)
		close(fd);
	return h;
}

/* The compiler's first error line in its OUTPUT, to quote in the report. */
static const char *first_error(struct lu_arena *a, const char *output)
{
	const char *line;
	size_t n;

	if (!output)
		return "(no message)";
	line = strstr(output, "error");
	if (line) {
		while (line > output && line[-1] != '\n')
			line--;
	} else {
		line = output;
	}
	n = strcspn(line, "\n");
	return n ? lu_arena_strndup(a, line, n) : "(no message)";
}

static void fail_build(struct lu_matrix *mx, struct lu_build *b,
		       const struct lu_job *job)
{
	b->output = job->output;
	if (job->state == LU_JOB_TIMED_OUT) {
		b->state = LU_BUILD_TIMED_OUT;
		b->message = lu_arena_printf(&mx->arena,
					     "timed out after %u s (--timeout)",
					     mx->timeout);
	} else if (job->state == LU_JOB_DONE && !job->status) {
		/* `compile = true`, or a command that ignores lineup's -o */
		b->state = LU_BUILD_FAILED;
		const char *out = job->args[job->n_args - 1];
		const char *slash = strrchr(out, '/');

		b->message = lu_arena_printf(&mx->arena,
					     "the compile exited 0 but wrote "
					     "no %s (%s; does the command "
					     "take lineup's -o?)",
					     strstr(out, ".i") ? "preprocessed "
								 "text"
							       : "object",
					     slash ? slash + 1 : out);
	} else {
		b->state = LU_BUILD_FAILED;
		b->message = first_error(&mx->arena, job->output);
	}
}

void lu_matrix_fail_build(struct lu_matrix *mx, struct lu_build *b,
			  const struct lu_job *job)
{
	fail_build(mx, b, job);
}

static bool job_failed(const struct lu_job *job)
{
	return job->state != LU_JOB_DONE || job->status;
}

/* What makes two failures one: how they ended and what they said. */
static uint64_t failure_hash(const struct lu_job *job)
{
	uint64_t h = hash_bytes(SEED ^ 1, &job->state, sizeof(job->state));

	h = hash_bytes(h, &job->status, sizeof(job->status));
	return job->output ? hash_bytes(h, job->output, strlen(job->output))
			   : h;
}

/* Builds by hash: open addressing, 2x room; a slot holds index + 1. */
struct table {
	size_t *slot;
	uint64_t *key;
	size_t mask;
};

static void table_init(struct table *t, size_t n)
{
	t->mask = 1;
	while (t->mask < 2 * n)
		t->mask = 2 * t->mask + 1;
	t->slot = calloc(t->mask + 1, sizeof(*t->slot));
	t->key = calloc(t->mask + 1, sizeof(*t->key));
	if (!t->slot || !t->key)
		abort();
}

/* The slot of KEY: its value + 1, or 0 where it is to go. */
static size_t *table_find(struct table *t, uint64_t key)
{
	size_t i = (size_t)(key ^ key >> 29) & t->mask;

	while (t->slot[i] && t->key[i] != key)
		i = (i + 1) & t->mask;
	t->key[i] = key;
	return &t->slot[i];
}

static void table_free(struct table *t)
{
	free(t->slot);
	free(t->key);
}

struct sweep {
	struct lu_matrix *mx;
	size_t n;		/* configurations */
	size_t *order;		/* preprocessing position -> configuration */
	/* preprocessing jobs in flight or not yet committed: a ring */
	struct lu_job *pre;
	const char **pre_path;	/* each slot's text file */
	bool *pre_ended;
	size_t ring;
	size_t started, committed;	/* positions */
	/* positions from here are compiled directly; n: none */
	size_t direct_from, direct_next;
	/* the first positions are compiled directly, to decide */
	size_t sample, sample_next, sample_ended;
	struct lu_job *comp;	/* a configuration's compile */
	size_t *queue;		/* configurations whose text is new */
	size_t q_head, q_tail;
	struct table texts;
	size_t *uses;		/* configurations per build, so far */
	size_t sampled, once;	/* texts committed; builds with one */
	size_t compiled;	/* compiles that ended */
};

/* A job for configuration C: its -D words, then TAIL ("-E", "-o", ...). */
static void config_job(struct lu_matrix *mx, struct lu_job *job, size_t c,
		       const char *const *tail, size_t n_tail)
{
	size_t n;
	const char **args = lu_config_args(&mx->arena, mx->m, mx->cfg[c].row,
					   mx->n_fixed + n_tail, &n);

	memcpy(args + n, mx->fixed, mx->n_fixed * sizeof(*args));
	n += mx->n_fixed;
	memcpy(args + n, tail, n_tail * sizeof(*tail));
	*job = (struct lu_job){
		.command = lu_arch_command(mx, mx->m, mx->cfg[c].row),
		.args = args, .n_args = n + n_tail,
		.dir = mx->dir, .fd = -1,
	};
}

static void draw(struct sweep *s, bool force)
{
	struct lu_matrix *mx = s->mx;
	size_t preprocessed = s->committed < s->direct_from ? s->committed
							     : s->direct_from;
	size_t to_compile = s->sample + s->q_tail + (s->n - s->direct_from);
	double pre_total = (double)(s->direct_from < s->n ? preprocessed
							   : s->n);
	/* texts to come are guessed new at the rate seen so far */
	double compiles = (double)to_compile;
	char what[160];

	if (!mx->progress.out)
		return;
	if (s->direct_from == s->n && s->committed)
		compiles += (double)(s->n - s->committed) * (double)s->q_tail /
			    (double)s->committed;
	snprintf(what, sizeof(what), "lineup matrix: %zu configurations: %zu "
		 "preprocessed, %zu of %zu compiled", s->n, preprocessed,
		 s->compiled, to_compile);
	lu_progress_draw(&mx->progress, force, what,
			 (double)(preprocessed + s->compiled),
			 pre_total + compiles);
}

static void tick(void *ctx)
{
	draw(ctx, false);
}

/* Everything after POS is compiled from the source; see the top. */
static void switch_to_direct(struct sweep *s, size_t pos)
{
	s->direct_from = s->direct_next = pos;
}

static void queue_compile(struct sweep *s, size_t c, size_t b)
{
	struct lu_matrix *mx = s->mx;
	struct lu_build *bd = &mx->builds[b];

	bd->object = lu_arena_printf(&mx->arena, "%s/t%zu.o", mx->tmp, b);

	const char *tail[] = { "-o", bd->object };

	config_job(mx, &s->comp[c], c, tail, 2);
	s->queue[s->q_tail++] = c;
}

/* The object a compile job writes: its last argument. */
static const char *object_of(const struct lu_job *job)
{
	return job->args[job->n_args - 1];
}

/* Build B is the text of sample configuration C: its compile is done. */
static void adopt_compile(struct sweep *s, size_t c, size_t b)
{
	struct lu_matrix *mx = s->mx;
	struct lu_build *bd = &mx->builds[b];
	const struct lu_job *job = &s->comp[c];

	bd->object = object_of(job);
	if (job_failed(job))
		fail_build(mx, bd, job);
}

/*
 * The sample has been compiled: if nearly every object is unlike the
 * others, so will the texts be, and the rest is compiled directly too;
 * otherwise every configuration is preprocessed, the sample's first, and
 * each sample compile becomes its text's build.
 */
static void decide(struct sweep *s)
{
	struct table seen;
	size_t once = 0, *uses = s->uses;

	table_init(&seen, s->sample);
	for (size_t k = 0; k < s->sample; k++) {
		size_t *slot = table_find(&seen, s->mx->cfg[s->order[k]].hash);

		if (!*slot)
			*slot = k + 1;
		uses[*slot - 1]++;
	}
	for (size_t k = 0; k < s->sample; k++) {
		once += uses[k] == 1;
		uses[k] = 0;
	}
	table_free(&seen);
	if (once * ONCE_DEN >= s->sample * ONCE_NUM)
		switch_to_direct(s, s->sample);
}

/* The key of the text of the checked structs in the preprocessed PATH. */
static uint64_t text_key(struct sweep *s, const char *path, bool *ok)
{
	struct lu_pp_unit *u = lu_pp_unit_read(path);
	uint64_t h;

	*ok = u != NULL;
	if (!u)
		return 0;
	h = lu_struct_key(u, s->mx->names, s->mx->n_names);
	lu_pp_unit_free(u);
	return h;
}

/* The text at position POS, in order: which build it belongs to. */
static void commit(struct sweep *s, size_t pos)
{
	struct lu_matrix *mx = s->mx;
	size_t slot = pos % s->ring, c = s->order[pos];
	struct lu_job *job = &s->pre[slot];
	struct lu_config *cfg = &mx->cfg[c];
	bool ok = !job_failed(job), sampled = cfg->direct;

	if (pos >= s->direct_from) {
		unlink(s->pre_path[slot]);
		return;
	}
	cfg->direct = false;
	cfg->hash = ok ? text_key(s, s->pre_path[slot], &ok) : 0;
	/* one text compiled with two sets of flags, or checked on two line
	 * sizes, is two builds */
	cfg->hash ^= lu_config_dimensions_hash(mx->m, cfg->row);
	unlink(s->pre_path[slot]);
	/* a sample compile stays, as its text's build, or goes */
	if (sampled && !ok)
		unlink(object_of(&s->comp[c]));
	if (!ok) {
		/* its own build, marked failed: reported, not built */
		struct lu_build *b = &mx->builds[mx->n_builds];

		b->first_config = c;
		fail_build(mx, b, job);
		cfg->failed_early = true;
		cfg->build = mx->n_builds++;
	} else {
		size_t *slot_of = table_find(&s->texts, cfg->hash);

		if (!*slot_of) {
			*slot_of = mx->n_builds + 1;
			mx->builds[mx->n_builds].first_config = c;
			if (sampled)
				adopt_compile(s, c, mx->n_builds++);
			else
				queue_compile(s, c, mx->n_builds++);
		} else if (sampled) {
			unlink(object_of(&s->comp[c]));
		}
		cfg->build = *slot_of - 1;
		s->sampled++;
		if (++s->uses[cfg->build] == 1)
			s->once++;
		else if (s->uses[cfg->build] == 2)
			s->once--;
	}
	if (s->sampled >= MIN_SAMPLE && s->n - (pos + 1) >= MIN_SAMPLE &&
	    s->once * ONCE_DEN >= s->sampled * ONCE_NUM)
		switch_to_direct(s, pos + 1);
}

/* A compile of configuration C from the source, into its own object. */
static struct lu_job *direct_job(struct sweep *s, size_t c)
{
	struct lu_matrix *mx = s->mx;
	const char *obj = lu_arena_printf(&mx->arena, "%s/d%zu.o", mx->tmp, c);
	const char *tail[] = { "-o", obj };

	mx->cfg[c].direct = true;
	config_job(mx, &s->comp[c], c, tail, 2);
	return &s->comp[c];
}

static struct lu_job *next(void *ctx)
{
	struct sweep *s = ctx;
	struct lu_matrix *mx = s->mx;

	if (s->q_head < s->q_tail)
		return &s->comp[s->queue[s->q_head++]];
	if (s->sample_next < s->sample)
		return direct_job(s, s->order[s->sample_next++]);
	if (s->sample_ended < s->sample)
		return NULL;	/* the sample decides what comes next */
	if (s->direct_next < s->n)
		return direct_job(s, s->order[s->direct_next++]);
	if (s->direct_from < s->n || s->started == s->n ||
	    s->started - s->committed >= s->ring)
		return NULL;

	size_t slot = s->started % s->ring;
	const char *tail[] = { "-E", "-o", s->pre_path[slot] };

	config_job(mx, &s->pre[slot], s->order[s->started++], tail, 3);
	return &s->pre[slot];
}

static void done(void *ctx, struct lu_job *job)
{
	struct sweep *s = ctx;
	struct lu_matrix *mx = s->mx;

	if (job >= s->pre && job < s->pre + s->ring) {
		s->pre_ended[job - s->pre] = true;
		while (s->committed < s->started &&
		       s->pre_ended[s->committed % s->ring]) {
			s->pre_ended[s->committed % s->ring] = false;
			commit(s, s->committed++);
		}
	} else {
		size_t c = (size_t)(job - s->comp);
		struct lu_config *cfg = &mx->cfg[c];

		s->compiled++;
		if (cfg->direct) {
			/* grouped at the end, in configuration order */
			const char *obj = object_of(job);
			bool ok = !job_failed(job);
			uint64_t h = ok ? hash_file(obj, &ok) : 0;

			cfg->hash = (ok ? h : failure_hash(job)) ^
				    lu_config_dimensions_hash(mx->m, cfg->row);
			if (s->sample_ended < s->sample &&
			    ++s->sample_ended == s->sample)
				decide(s);
		} else if (job_failed(job)) {
			fail_build(mx, &mx->builds[cfg->build], job);
		}
	}
	draw(s, false);
}

/*
 * The configurations compiled directly join the build whose object (or
 * failure) is theirs, or make one: texts were grouped by their hash, and
 * the same text gives the same object.
 */
static void group_direct(struct sweep *s)
{
	struct lu_matrix *mx = s->mx;
	struct table objects;

	table_init(&objects, s->n);
	for (size_t b = 0; b < mx->n_builds; b++) {
		struct lu_build *bd = &mx->builds[b];
		const struct lu_config *first = &mx->cfg[bd->first_config];
		const struct lu_job *job = &s->comp[bd->first_config];
		bool ok = bd->state == LU_BUILD_OK;
		uint64_t h;

		if (first->failed_early)
			continue;
		h = ok ? hash_file(bd->object, &ok) : failure_hash(job);
		h ^= lu_config_dimensions_hash(mx->m, first->row);
		size_t *slot = table_find(&objects, h);

		if (!*slot)
			*slot = b + 1;
	}
	for (size_t c = 0; c < s->n; c++) {
		struct lu_config *cfg = &mx->cfg[c];
		const struct lu_job *job = &s->comp[c];

		if (!cfg->direct)
			continue;
		size_t *slot = table_find(&objects, cfg->hash);
		const char *obj = object_of(job);

		if (*slot) {
			cfg->build = *slot - 1;
			unlink(obj);
			continue;
		}
		struct lu_build *bd = &mx->builds[mx->n_builds];

		bd->first_config = c;
		bd->object = obj;
		if (job_failed(job))
			fail_build(mx, bd, job);
		cfg->build = mx->n_builds++;
		*slot = cfg->build + 1;
	}
	table_free(&objects);
}

/* Builds numbered by their first configuration, as if made in order. */
static void renumber(struct lu_matrix *mx)
{
	size_t n = mx->n_builds, next_id = 0;
	size_t *id = malloc((n + 1) * sizeof(*id));
	struct lu_build *sorted = lu_arena_alloc(&mx->arena,
						 (n + 1) * sizeof(*sorted));

	if (!id)
		abort();
	for (size_t b = 0; b < n; b++)
		id[b] = n;
	for (size_t c = 0; c < mx->configs.n_configs; c++) {
		size_t *b = &mx->cfg[c].build;

		if (id[*b] == n) {
			struct lu_build *bd = &sorted[next_id];

			*bd = mx->builds[*b];
			id[*b] = next_id++;
			/* the report names the object; as if made in order */
			if (bd->state == LU_BUILD_OK) {
				const char *name = lu_arena_printf(
					&mx->arena, "%s/c%zu.o", mx->tmp,
					id[*b]);

				if (rename(bd->object, name) == 0)
					bd->object = name;
			}
		}
		*b = id[*b];
	}
	mx->builds = sorted;
	free(id);
}

/*
 * Every configuration's text is known from the exploration: one compile
 * per new text (or per configuration that failed to preprocess, whose
 * compile then says why), no preprocessing.
 */
static void plan_keyed(struct sweep *s)
{
	struct lu_matrix *mx = s->mx;

	for (size_t c = 0; c < s->n; c++) {
		struct lu_config *cfg = &mx->cfg[c];
		size_t *slot = NULL;

		cfg->hash = cfg->key ^ lu_config_dimensions_hash(mx->m, cfg->row);
		if (cfg->keyed)
			slot = table_find(&s->texts, cfg->hash);
		if (slot && *slot) {
			cfg->build = *slot - 1;
			continue;
		}
		mx->builds[mx->n_builds].first_config = c;
		cfg->build = mx->n_builds;
		queue_compile(s, c, mx->n_builds++);
		if (slot)
			*slot = cfg->build + 1;
	}
	s->sample = 0;
	s->started = s->committed = s->n;
}

/* splitmix64: a fixed sequence, so the order is the same every run. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ z >> 27) * 0x94d049bb133111ebull;
	return z ^ z >> 31;
}

/*
 * The configurations shuffled, so that the first texts committed are a
 * fair sample: in configuration order the first ones differ only in the
 * last options, and any fixed stride lines up with some of them.
 */
static void make_order(size_t *order, size_t n)
{
	uint64_t state = n;

	for (size_t i = 0; i < n; i++)
		order[i] = i;
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(next_random(&state) % i), t = order[i - 1];

		order[i - 1] = order[j];
		order[j] = t;
	}
}

int lu_matrix_sweep(struct lu_matrix *mx, const struct lu_jobs_opts *o)
{
	size_t n = mx->configs.n_configs;
	struct sweep s = {
		.mx = mx, .n = n,
		.ring = (o->parallel ? o->parallel : 1) * AHEAD_PER_SLOT,
		.direct_from = n, .direct_next = n,
		/* a sample is worth it only with as many configurations left */
		.sample = n >= 2 * MIN_SAMPLE ? MIN_SAMPLE : 0,
	};
	struct lu_jobs_feed feed = {
		.next = next, .done = done,
		.tick = mx->progress.out ? tick : NULL, .tick_ms = 500,
		.ctx = &s,
	};

	s.order = calloc(n, sizeof(*s.order));
	s.comp = calloc(n, sizeof(*s.comp));
	s.queue = calloc(n, sizeof(*s.queue));
	s.uses = calloc(n, sizeof(*s.uses));
	s.pre = calloc(s.ring, sizeof(*s.pre));
	s.pre_path = calloc(s.ring, sizeof(*s.pre_path));
	s.pre_ended = calloc(s.ring, sizeof(*s.pre_ended));
	if (!s.order || !s.comp || !s.queue || !s.uses || !s.pre ||
	    !s.pre_path || !s.pre_ended)
		abort();
	for (size_t i = 0; i < s.ring; i++)
		s.pre_path[i] = lu_arena_printf(&mx->arena, "%s/p%zu.i",
						mx->tmp, i);
	make_order(s.order, n);
	table_init(&s.texts, n);
	mx->builds = lu_arena_alloc(&mx->arena, (n + 1) * sizeof(*mx->builds));
	if (mx->keyed)
		plan_keyed(&s);
	draw(&s, true);

	int sig = lu_jobs_pump(&feed, o);

	mx->n_compiles = s.compiled;
	if (!mx->keyed)
		mx->n_preprocessed += s.started;
	if (!sig) {
		if (s.direct_from < n)
			group_direct(&s);	/* the sample's too */
		renumber(mx);
		draw(&s, true);
	}
	table_free(&s.texts);
	free(s.order);
	free(s.comp);
	free(s.queue);
	free(s.uses);
	free(s.pre);
	free(s.pre_path);
	free(s.pre_ended);
	return sig ? -1 : 0;
}
