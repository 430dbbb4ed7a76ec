/* fuzz_sweep.c - a sweep's state (studies/sweep.c): the result file a sweep
 * resumes from, a scale cache, a Slurm part. The sweep is fixed (two
 * platforms, two collectives, two PE counts, two sizes: what the seeds
 * in fuzz/seeds/sweep were run with); the first byte picks how the file
 * is read, the rest is the file. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "model.h"
#include "sweep.h"

static const char *plats[] = {"fat-tree:down=4/4", "aries-xc"};
static int pes[] = {4, 8};
static size_t bytes[] = {8, 1024};

static void sweep_init(ss_sweep_t *s, ss_model_t *m)
{
    memset(s, 0, sizeof *s);
    ss_model_defaults(m, SS_MODEL_ALPHA_BETA);
    s->plats = plats;
    s->nplat = 2;
    s->kinds[0] = SHCOLL_FCOLLECT;
    s->kinds[1] = SHCOLL_BROADCAST;
    s->nkind = 2;
    s->algs[0][0] = "ring";
    s->algs[0][1] = "bruck";
    s->algs[1][0] = "binomial";
    s->nalg[0] = 2;
    s->nalg[1] = 1;
    s->pes = pes;
    s->npes = 2;
    s->bytes = bytes;
    s->nsizes = 2;
    s->model = m;
    if (ss_sweep_build(s))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    if (n == 0)
        return 0;
    ss_sweep_t s;
    ss_model_t m;
    char err[1024];
    sweep_init(&s, &m);
    /* The parts of a sweep (Slurm) are read selected only, a cache
     * skips others' rows: every combination is a way it is read. */
    s.pt[(data[0] >> 2) % s.npt].selected = 0;
    int how = data[0] & (SS_SWEEP_LOAD_SELECTED | SS_SWEEP_LOAD_OTHERS);
    char *text = fuzz_text(data + 1, n - 1);
    int rc = ss_sweep_load_text(&s, text, n - 1, "fuzz.csv", how, err, sizeof err);
    fuzz_verdict(rc, err, "fuzz.csv");
    for (size_t i = 0; rc == 0 && i < s.npt; i++)
        if (ss_sweep_done(&s, &s.pt[i])) {
            size_t len;
            free(ss_sweep_point_text(&s, &s.pt[i], &len));
        }
    ss_sweep_drop_partial(&s);
    ss_sweep_free(&s);
    free(text);
    return 0;
}
