/* calib_check.c - each input's figure beside what the fitted model gives
 * for it (calib_fit.h says what the simulator charges): the 8-byte
 * latency of a latency file, the plateau of a bandwidth, the time per
 * message of a rate. The spec reproduces a file when the two agree;
 * those that were fitted agree by construction unless a cost came out
 * negative or was not determined, so the rows worth reading are the
 * files fitted to something else (the get's rate, the bandwidths) and
 * those the model does not describe, which say why. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "calib_fit.h"

typedef struct figure {
    const char *what;   /* what the row compares */
    double file, spec;  /* seconds, or B/s when bw; spec NAN: none */
    int bw;
    const char *why;    /* no spec figure: why */
} figure_t;

static double par(const calib_result_t *r, int base, int k)
{
    const calib_est_t *e = &r->p[k == CALIB_GAP ? k : base + k];
    return e->ok ? e->v : NAN;
}

static double or0(double v)
{
    return isnan(v) ? 0 : v;
}

/* The model's 8-byte figures of one side. */
static double put8(const calib_result_t *r, int base, int k)
{
    double wire = CALIB_SMALL_BYTES / par(r, base, CALIB_BW);
    return or0(par(r, base, CALIB_O)) + k * par(r, base, CALIB_L) + wire +
           or0(par(r, base, CALIB_O_QUIET));
}

static double get8(const calib_result_t *r, int base)
{
    double og = par(r, base, CALIB_O_GET);
    return (isnan(og) ? or0(par(r, base, CALIB_O)) : og) + 2 * par(r, base, CALIB_L) +
           CALIB_SMALL_BYTES / par(r, base, CALIB_BW);
}

/* What the model gives for file in; k as in calib_fit.h. */
static figure_t figure(const calib_input_t *in, const calib_result_t *r, int k)
{
    int base = in->side == CALIB_INTRA ? CALIB_SIDE : 0;
    double o = or0(par(r, base, CALIB_O)), gap = in->side == CALIB_INTRA ? 0 : or0(par(r, 0, CALIB_GAP));
    figure_t f = {.file = in->small.v, .spec = NAN};
    switch (in->t.kind) {
    case OSU_PUT:
        f.what = "put + quiet, 8 B";
        f.spec = put8(r, base, k);
        break;
    case OSU_GET:
        f.what = "get, 8 B";
        f.spec = get8(r, base);
        break;
    case OSU_GET_BW:
        f.what = "blocking get, per get";
        f.file = in->per_msg.v;
        f.spec = get8(r, base);
        break;
    case OSU_LATENCY:
        f.what = "MPI latency, 8 B";
        f.why = "o-recv not determined";
        f.spec = r->mpi_send[base ? 1 : 0] + par(r, base, CALIB_L) +
                 par(r, base, CALIB_O_RECV) + CALIB_SMALL_BYTES / par(r, base, CALIB_BW);
        break;
    case OSU_BW: case OSU_MBW_MR:
        f.what = "bandwidth plateau";
        f.file = in->plateau.v;
        f.spec = par(r, base, CALIB_BW);
        f.bw = 1;
        break;
    case OSU_PUT_BW: case OSU_PUT_MR: case OSU_ATOMICS:
        f.what = in->pairs > 1 ? "per message, node" : "per put or atomic";
        f.file = in->per_msg.v;
        f.spec = in->pairs > 1 ? gap : fmax(o, gap);
        break;
    case OSU_RMA_PUT_LAT: case OSU_RMA_GET_LAT:
        f.what = "MPI one-sided, 8 B";
        f.why = "MPI's RMA path, not the SHMEM runtime modelled";
        break;
    case OSU_RMA_PUT_BW: case OSU_RMA_GET_BW:
        f.what = "MPI one-sided plateau";
        f.file = in->plateau.v;
        f.bw = 1;
        f.why = "MPI's RMA path, not the SHMEM runtime modelled";
        break;
    case OSU_ALLREDUCE:
        f.what = "MPI allreduce, 8 B";
        f.why = "a check: bench/calibrate_real.sh runs shmemsim's reduce";
        break;
    case OSU_BARRIER:
        f.what = "barrier";
        f.why = "a check: bench/calibrate_real.sh runs osu_oshm_barrier";
        break;
    case OSU_NKINDS:
        break;
    }
    return f;
}


/* v in us, or in GB/s for a bandwidth, into buf. */
static const char *show(double v, int bw, char *buf, size_t n)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, bw ? "%.4g GB/s" : "%.4g us", bw ? v * 1e-9 : v * 1e6);
    return buf;
}

void calib_check_print(FILE *out, const calib_input_t *in, size_t n,
                       const calib_result_t *r, const calib_opts_t *o)
{
    char a[32], b[32];
    fprintf(out, "%-36s %-5s %-24s %-13s %-13s %s\n", "file", "side", "figure",
            "file's", "the spec's", "spec/file");
    for (size_t i = 0; i < n; i++) {
        int k = in[i].side == CALIB_INTER && o->unordered ? 2 : 1;
        figure_t f = figure(&in[i], r, k);
        char ratio[96];
        if (!isnan(f.spec) && f.file > 0)
            snprintf(ratio, sizeof ratio, "%.3f", f.spec / f.file);
        else
            snprintf(ratio, sizeof ratio, "%s", f.why ? f.why : "not determined");
        fprintf(out, "%-36.36s %-5s %-24s %-13s %-13s %s\n", calib_base_name(in[i].path),
                in[i].side == CALIB_INTRA ? "intra" : "inter", f.what,
                show(f.file, f.bw, a, sizeof a), show(f.spec, f.bw, b, sizeof b), ratio);
    }
}
