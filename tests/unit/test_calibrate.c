/* test_calibrate.c - cmocka tests for `shmemsim calibrate`'s pieces: the
 * OSU output reader (studies/calibrate/osu_parse.c) on the samples of tests/osu/ (OMB
 * 5.x, 6.x and 7.x formats) and on broken input, the GSL fits
 * (studies/calibrate/calib_fit.c), the parameters from them (calib_solve.c) and
 * the spec written (calib_spec.c). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "calib_fit.h"
#include "osu_parse.h"
#include "topo.h"

#define NEAR(x, want, rel) \
    do { \
        double x_ = (x), w_ = (want); \
        if (!(fabs(x_ - w_) <= (rel) * fabs(w_))) \
            fail_msg("%s = %.6g, want %.6g within %g%%", #x, x_, w_, (rel) * 100); \
    } while (0)

static void read_sample(const char *name, osu_table_t *t)
{
    char path[512], err[400];
    snprintf(path, sizeof path, "%s/%s", CAL_OSU_DIR, name);
    if (osu_read(path, t, err, sizeof err))
        fail_msg("%s: %s", name, err);
}

static int parse_bytes(const char *text, size_t n, osu_table_t *t, char *err,
                       size_t len)
{
    FILE *f = fmemopen((void *)text, n, "r");
    assert_non_null(f);
    int rc = osu_parse(f, "mem", t, err, len);
    fclose(f);
    return rc;
}

static int parse_text(const char *text, osu_table_t *t, char *err, size_t len)
{
    return parse_bytes(text, strlen(text), t, err, len);
}

static void test_mpi_latency(void **state)
{
    (void)state;
    osu_table_t t;
    read_sample("mpi_latency_v5.txt", &t);
    assert_int_equal(t.kind, OSU_LATENCY);
    assert_string_equal(t.title, "OSU MPI Latency Test v5.6.3");
    assert_int_equal(t.n, 24);   /* 0, 1, 2, ... 4 MiB */
    assert_int_equal(t.rows[0].bytes, 0);
    NEAR(t.rows[0].lat, 1.80e-6, 1e-9);
    assert_int_equal(t.rows[23].bytes, 4194304);
    assert_int_equal(t.more_tables, 0);
    osu_free(&t);
    read_sample("mpi_latency_v6.txt", &t);
    assert_int_equal(t.n, 24);
    osu_free(&t);
    /* 7.x: a datatype line, no size 0, a second table (-D) left unread */
    read_sample("mpi_latency_v7.txt", &t);
    assert_int_equal(t.n, 23);
    assert_int_equal(t.rows[0].bytes, 1);
    assert_int_equal(t.rows[0].line, 4);
    assert_int_equal(t.more_tables, 1);
    osu_free(&t);
}

static void test_mpi_bw(void **state)
{
    (void)state;
    osu_table_t t;
    const char *files[] = {"mpi_bw_v5.txt", "mpi_bw_v7.txt"};
    for (int i = 0; i < 2; i++) {
        read_sample(files[i], &t);
        assert_int_equal(t.kind, OSU_BW);
        assert_int_equal(t.n, 23);
        assert_true(t.rows[22].bw > 7.9e9 && t.rows[22].bw < 8.1e9);   /* MB = 1e6 B */
        osu_free(&t);
    }
    read_sample("mpi_mbw_mr_v5.txt", &t);
    assert_int_equal(t.kind, OSU_MBW_MR);
    assert_int_equal(t.pairs, 1);
    NEAR(t.rows[0].rate, t.rows[0].bw, 0.01);   /* 1-byte messages */
    osu_free(&t);
    read_sample("mpi_mbw_mr_8pairs_v7.txt", &t);
    assert_int_equal(t.pairs, 8);
    NEAR(t.rows[0].rate, 1e7, 0.01);
    osu_free(&t);
}

static void test_oshm(void **state)
{
    (void)state;
    osu_table_t t;
    read_sample("oshm_put.txt", &t);
    assert_int_equal(t.kind, OSU_PUT);
    assert_string_equal(t.title, "OSU OpenSHMEM Put Test");
    assert_int_equal(t.n, 21);
    NEAR(t.rows[3].lat, 1.30e-6, 1e-9);
    osu_free(&t);
    read_sample("oshm_get.txt", &t);
    assert_int_equal(t.kind, OSU_GET);
    osu_free(&t);
    read_sample("oshm_put_mr.txt", &t);
    assert_int_equal(t.kind, OSU_PUT_MR);
    assert_int_equal(t.n, 23);
    assert_true(t.rows[0].rate > 3.2e6 && t.rows[0].rate < 3.4e6);
    osu_free(&t);
    read_sample("oshm_atomics.txt", &t);
    assert_int_equal(t.kind, OSU_ATOMICS);
    assert_int_equal(t.n, 16);
    assert_string_equal(t.rows[2].op, "shmem_int_add");
    assert_true(osu_op_nonfetching(t.rows[2].op));
    assert_false(osu_op_nonfetching(t.rows[0].op));   /* fadd */
    assert_false(osu_op_nonfetching("shmem_int_fetch"));
    NEAR(t.rows[0].lat, 2.30e-6, 1e-9);
    osu_free(&t);
    /* autoconf builds (5.x to 7.x alike) add the version */
    read_sample("oshm_atomics_v5.txt", &t);
    assert_int_equal(t.kind, OSU_ATOMICS);
    assert_string_equal(t.title, "OSU OpenSHMEM Atomic Operation Rate Test v5.6.3");
    assert_int_equal(t.n, 16);
    osu_free(&t);
}

/* What other releases and builds print around the same table. */
static void test_variants(void **state)
{
    (void)state;
    osu_table_t t;
    char err[400];
    const char *v5 = "mpirun: a launcher's warning\n"
                     "# OSU MPI-CUDA Latency Test v5.6.3\n"
                     "# Send Buffer on DEVICE (D) and Receive Buffer on DEVICE (D)\n"
                     "# Size          Latency (us)\n0    2.10\n1    2.11\n";
    assert_int_equal(parse_text(v5, &t, err, sizeof err), 0);
    assert_int_equal(t.kind, OSU_LATENCY);
    assert_int_equal(t.header_line, 2);
    assert_int_equal(t.n, 2);
    osu_free(&t);
    /* -c adds a validation column; a last row without its newline */
    const char *valid = "# OSU MPI Bandwidth Test v7.4\n# Datatype: MPI_CHAR.\n"
                        "# Size      Bandwidth (MB/s)          Validation\n"
                        "1      3.05       Pass\n2   6.10   Pass";
    assert_int_equal(parse_text(valid, &t, err, sizeof err), 0);
    assert_int_equal(t.n, 2);
    NEAR(t.rows[1].bw, 6.10e6, 1e-9);
    osu_free(&t);
    const char *legacy = "# OSU OpenSHMEM Put Message Rate Test v5.6.3\r\n"
                         "# Size                Messages/s\r\n1     3311258.28\r\n";
    assert_int_equal(parse_text(legacy, &t, err, sizeof err), 0);
    assert_int_equal(t.kind, OSU_PUT_MR);
    osu_free(&t);
}

static void bad_n(const char *text, size_t n, const char *want)
{
    osu_table_t t;
    char err[400];
    if (parse_bytes(text, n, &t, err, sizeof err) == 0)
        fail_msg("accepted, want an error with '%s'", want);
    if (!strstr(err, want))
        fail_msg("'%s', want '%s'", err, want);
}

static void bad(const char *text, const char *want)
{
    bad_n(text, strlen(text), want);
}

static void test_errors(void **state)
{
    (void)state;
    const char *put = "# OSU OpenSHMEM Put Test\n# Size            Latency (us)\n";
    char buf[512];
    bad("", "mem:1: empty file");
    bad("\n\n  \n", "mem:1: empty file");
    bad("hello\n1 2\n", "mem:1: no OSU header");
    bad("# OSU OpenSHMEM Broadcast Latency Test v7.4\n", "mem:1: unknown benchmark");
    bad(put, "mem:2: no data rows");
    snprintf(buf, sizeof buf, "%s1    1.30\n2    x1.5\n", put);
    bad(buf, "mem:4: 'x1.5' is not a number");
    snprintf(buf, sizeof buf, "%s1    1.30\n2    inf\n", put);
    bad(buf, "mem:4: 'inf' is not a number");
    snprintf(buf, sizeof buf, "%s1    1.30\n2    -1.0\n", put);
    bad(buf, "mem:4: '-1.0' must be positive");
    snprintf(buf, sizeof buf, "%s4    1.30\n2    1.30\n", put);
    bad(buf, "mem:4: size 2 after 4");
    snprintf(buf, sizeof buf, "%s4    1.30\n8", put);
    bad(buf, "mem:4: the row has 1 field, expected 2 (size, latency in us): the "
             "file looks truncated");
    snprintf(buf, sizeof buf, "%s4    1.30\n8\n16   1.31\n", put);
    bad(buf, "mem:4: the row has 1 field, expected 2");
    bad("# OSU OpenSHMEM Put Test\n1   1.30\n", "mem:2: a row before the column line");
    bad("# OSU OpenSHMEM Put Test\n# Size   Messages/s\n", "mem:2: column line");
    bad("# OSU OpenSHMEM Atomic Operation Rate Test\n# Operation  Million ops/s  "
        "Latency (us)\n8  1.0  2.0\n", "mem:3: '8' is not an operation");
    bad("# OSU MPI Multiple Bandwidth / Message Rate Test v7.4\n# [ pairs: 1 ] "
        "[ window size: varied ]\n", "mem:2: osu_mbw_mr ran with varied window");
    bad_n("# OSU OpenSHMEM Put Test\n\0\n", 27, "mem:2: a NUL byte");
}

static void test_fit_line(void **state)
{
    (void)state;
    double x[20], y[20];
    calib_line_t f;
    for (int i = 0; i < 20; i++) {
        x[i] = (double)(1u << i);
        y[i] = 1.3e-6 + x[i] / 8e9;
    }
    assert_int_equal(calib_fit_line(x, y, 20, &f), 0);
    NEAR(f.a, 1.3e-6, 1e-9);
    NEAR(f.b, 1 / 8e9, 1e-9);
    NEAR(f.r2, 1, 1e-9);
    /* a ripple of +-1%: the intervals hold the truth and shrink with it */
    for (int i = 0; i < 20; i++)
        y[i] *= 1 + 0.01 * sin(2.3 * i);
    assert_int_equal(calib_fit_line(x, y, 20, &f), 0);
    assert_true(f.a - f.ha <= 1.3e-6 && 1.3e-6 <= f.a + f.ha);
    assert_true(f.b - f.hb <= 1 / 8e9 && 1 / 8e9 <= f.b + f.hb);
    assert_true(f.ha < 0.02 * f.a && f.rms > 0.003 && f.rms < 0.01);
    assert_true(calib_line_half(&f, 0) == f.ha);
    assert_int_equal(calib_fit_line(x, y, 2, &f), -1);
    calib_est_t e;
    double v[] = {1, 2, 3};
    calib_mean(v, 3, &e);
    NEAR(e.v, 2, 1e-12);
    NEAR(e.hi - e.v, 4.302653 / sqrt(3), 1e-5);   /* t(0.975, 2) sd / sqrt(n) */
    calib_mean(v, 1, &e);
    assert_true(e.lo == e.v && e.hi == e.v);
}

/* The samples as calibrate reads them. */
static size_t load(calib_input_t *in, const char *const *names, const int *pairs)
{
    calib_opts_t o = {.max_bytes = (size_t)-1};
    char err[400];
    size_t n = 0;
    for (; names[n]; n++) {
        memset(&in[n], 0, sizeof in[n]);
        in[n].path = names[n];
        in[n].pairs = pairs ? pairs[n] : 1;
        read_sample(names[n], &in[n].t);
        if (calib_file(&in[n], &o, err, sizeof err))
            fail_msg("%s", err);
    }
    return n;
}

static void unload(calib_input_t *in, size_t n)
{
    for (size_t i = 0; i < n; i++)
        osu_free(&in[i].t);
}

/* The oshm_*.txt samples were simulated with o = 0.3 us, L = 1 us
 * (2 x 0.4 us NICs, 2 x 0.1 us links), 8 GB/s and gap = 0.1 us. */
static void test_solve(void **state)
{
    (void)state;
    const calib_opts_t fifo = {.max_bytes = (size_t)-1};
    calib_input_t in[8];
    calib_result_t r;
    char err[400];
    const char *names[] = {"oshm_put.txt", "oshm_get.txt", "oshm_put_mr.txt",
                           "oshm_atomics_8pairs.txt", "mpi_latency_v5.txt", NULL};
    const int pairs[] = {1, 1, 1, 8, 1};
    size_t n = load(in, names, pairs);
    assert_int_equal(calib_solve(in, n, &fifo, &r, err, sizeof err), 0);
    NEAR(r.p[CALIB_O].v, 0.3e-6, 0.02);
    NEAR(r.p[CALIB_L].v, 1.0e-6, 0.02);
    NEAR(r.p[CALIB_BW].v, 8e9, 0.01);
    NEAR(r.p[CALIB_GAP].v, 0.1e-6, 0.02);
    NEAR(r.p[CALIB_O_RECV].v, 0.5e-6, 0.02);   /* MPI's sample is 0.5 us above */
    NEAR(r.p[CALIB_O_GET].v, 0.3e-6, 0.02);     /* taken as o */
    assert_true(fabs(r.p[CALIB_O_QUIET].v) < 0.02e-6);   /* none simulated */
    assert_false(r.p[CALIB_SHM_O].ok);
    assert_non_null(strstr(r.p[CALIB_SHM_O].why, "--intra"));
    unload(in, n);
    /* one pair of atomics for o; 8 pairs that do not saturate: no gap */
    const char *amo[] = {"oshm_put.txt", "oshm_atomics.txt", "oshm_atomics_8pairs.txt", NULL};
    const int many[] = {1, 1, 3};   /* 3 pairs would reach 3 x one pair */
    n = load(in, amo, many);
    assert_int_equal(calib_solve(in, n, &fifo, &r, err, sizeof err), 0);
    NEAR(r.p[CALIB_O].v, 0.3e-6, 0.02);
    assert_false(r.p[CALIB_GAP].ok);
    assert_non_null(strstr(r.p[CALIB_GAP].why, "did not saturate"));
    unload(in, n);
    /* put and get alone: o not determined (no rate), so L and o-quiet
     * come from the latencies with o = 0: put + quiet and get are
     * still given back (1.3 us = L + o-quiet, 2.3 us = o-get + 2L) */
    const char *pg[] = {"oshm_put.txt", "oshm_get.txt", NULL};
    n = load(in, pg, NULL);
    assert_int_equal(calib_solve(in, n, &fifo, &r, err, sizeof err), 0);
    assert_false(r.p[CALIB_O].ok);
    assert_non_null(strstr(r.p[CALIB_O].why, "osu_oshm_put_bw"));
    NEAR(r.p[CALIB_L].v + r.p[CALIB_O_QUIET].v, 1.3e-6 - 8 / 8e9, 0.01);
    NEAR(r.p[CALIB_O_GET].v + 2 * r.p[CALIB_L].v, 2.3e-6 - 8 / 8e9, 0.01);
    unload(in, n);
    const char *twice[] = {"oshm_put.txt", "oshm_put.txt", NULL};
    n = load(in, twice, NULL);
    assert_int_equal(calib_solve(in, n, &fifo, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "a second inter-node osu_oshm_put output"));
    unload(in, n);
}

/* ARCHER2's two-node and one-node files (tests/osu/real): every kind
 * read, the costs of both sides positive, the fitted ones giving back
 * the 8-byte put and get; within a node the get (0.03 us) is quicker
 * than a put's issue (0.042 us), so o-get is not o there. */
static void test_real(void **state)
{
    (void)state;
    static const char *const kinds[] = {
        "allreduce", "bw", "get_bw_flush", "get_bw_lock", "get_latency_flush",
        "get_latency_lock", "latency", "oshm_barrier", "oshm_get", "oshm_get_bw",
        "oshm_put", "oshm_put_bw", "put_bw_flush", "put_bw_lock",
        "put_latency_flush", "put_latency_lock"};
    enum { K = sizeof kinds / sizeof kinds[0] };
    calib_input_t in[2 * K];
    char paths[2 * K][120], err[400];
    calib_opts_t o = {.max_bytes = (size_t)-1};
    calib_result_t r;
    for (size_t i = 0; i < 2 * K; i++) {
        memset(&in[i], 0, sizeof in[i]);
        snprintf(paths[i], sizeof paths[i], "real/archer2/archer2-nodes-%d-osu_%s",
                 i < K ? 2 : 1, kinds[i % K]);
        in[i].path = paths[i];
        in[i].side = i < K ? CALIB_INTER : CALIB_INTRA;
        read_sample(paths[i], &in[i].t);
        if (calib_file(&in[i], &o, err, sizeof err))
            fail_msg("%s", err);
    }
    assert_int_equal(in[7].t.kind, OSU_BARRIER);
    NEAR(in[7].small.v, 483862.67e-6, 1e-9);   /* as printed, odd as it is */
    assert_string_equal(in[2].t.sync, "MPI_Win_flush");
    assert_int_equal(in[4].t.kind, OSU_RMA_GET_LAT);   /* "latency": any case */
    assert_int_equal(calib_solve(in, 2 * K, &o, &r, err, sizeof err), 0);
    for (int k = 0; k < CALIB_GAP; k++)
        if (!r.p[k].ok || r.p[k].v < 0)
            fail_msg("%s: %s", calib_param_names[k], r.p[k].ok ? "negative" : r.p[k].why);
    double w = 8 / r.p[CALIB_BW].v, ws = 8 / r.p[CALIB_SHM_BW].v;
    NEAR(r.p[CALIB_O].v, 1.514e-6, 0.01);   /* osu_oshm_put_bw, 1 to 8 B */
    NEAR(r.p[CALIB_O].v + r.p[CALIB_L].v + r.p[CALIB_O_QUIET].v + w, 6.27e-6, 1e-6);
    NEAR(r.p[CALIB_O_GET].v + 2 * r.p[CALIB_L].v + w, 4.97e-6, 1e-6);
    NEAR(r.p[CALIB_SHM_O].v + r.p[CALIB_SHM_LAT].v + r.p[CALIB_SHM_O_QUIET].v + ws,
         0.06e-6, 1e-6);
    NEAR(r.p[CALIB_SHM_O_GET].v + 2 * r.p[CALIB_SHM_LAT].v + ws, 0.03e-6, 1e-6);
    assert_true(r.p[CALIB_SHM_O_GET].v < r.p[CALIB_SHM_O].v);
    for (size_t i = 0; i < 2 * K; i++)
        osu_free(&in[i].t);
}

static void test_switch_lat(void **state)
{
    (void)state;
    ss_topo_t t;
    char err[300];
    assert_int_equal(ss_topo_parse("fat-tree:down=8,lat=0.1us", &t, err, sizeof err), 0);
    NEAR(calib_switch_lat(&t), 0.2e-6, 1e-9);
    assert_int_equal(ss_topo_parse("fat-tree:down=1/4,lat=0.1us/0.2us", &t, err,
                                   sizeof err), 0);
    NEAR(calib_switch_lat(&t), 0.6e-6, 1e-9);
    assert_int_equal(ss_topo_parse("dragonfly:groups=2/1,chassis=1/1,routers=4/1,"
                                   "nodes=2,lat=0.1us", &t, err, sizeof err), 0);
    NEAR(calib_switch_lat(&t), 0.2e-6, 1e-9);
    t.nodes = 1;
    NEAR(calib_switch_lat(&t), 0.3e-6, 1e-9);
}

static void fake(calib_result_t *r, double o, double L, double bw)
{
    memset(r, 0, sizeof *r);
    r->p[CALIB_O] = (calib_est_t){.ok = 1, .v = o};
    r->p[CALIB_L] = (calib_est_t){.ok = 1, .v = L};
    r->p[CALIB_BW] = (calib_est_t){.ok = 1, .v = bw};
}

static void test_spec(void **state)
{
    (void)state;
    calib_result_t r;
    calib_spec_opts_t o = {0};
    char spec[500], err[400];
    ss_topo_t t;
    fake(&r, 0.3e-6, 1e-6, 8e9);
    assert_int_equal(calib_spec(&r, &o, spec, sizeof spec, err, sizeof err), 0);
    assert_string_equal(spec, "fat-tree:down=64,bw=8GBps,lat=0ns,nic-bw=8GBps,"
                              "nic-lat=500ns,cores=1,o=300ns");
    /* a base: its shape and links kept, its NIC and costs replaced */
    o.base = "fat-tree:down=22/20,up=1/18,bw=25GBps,lat=0.2us,nic-lat=1us,cores=56,o=1us";
    o.cores = 28;
    r.p[CALIB_GAP] = (calib_est_t){.ok = 1, .v = 0.1e-6};
    assert_int_equal(calib_spec(&r, &o, spec, sizeof spec, err, sizeof err), 0);
    assert_string_equal(spec, "fat-tree:down=22/20,up=1/18,bw=25GBps,lat=0.2us,"
                              "nic-bw=8GBps,nic-lat=300ns,cores=28,o=300ns,gap=100ns");
    /* a cost not determined keeps the base's value */
    o.base = "fat-tree:down=8,lat=0.1us,o-recv=0.81us";
    assert_int_equal(calib_spec(&r, &o, spec, sizeof spec, err, sizeof err), 0);
    assert_string_equal(spec, "fat-tree:down=8,lat=0.1us,o-recv=0.81us,nic-bw=8GBps,"
                              "nic-lat=400ns,cores=28,o=300ns,gap=100ns");
    assert_int_equal(r.nnotes, 1);
    assert_string_equal(r.notes[0], "o-recv=0.81us kept from the base (o-recv is "
                                    "not determined here)");
    /* a preset, by its spec */
    o.base = "frontera-ib";
    assert_int_equal(calib_spec(&r, &o, spec, sizeof spec, err, sizeof err), 0);
    assert_int_equal(ss_topo_parse(spec, &t, err, sizeof err), 0);
    NEAR(2 * t.nic_lat + calib_switch_lat(&t), 1e-6, 1e-9);
    NEAR(t.nic_bw, 8e9, 1e-9);
    NEAR(t.o, 0.3e-6, 1e-9);
    NEAR(t.gap, 0.1e-6, 1e-9);
    assert_int_equal(t.cores, 28);
    /* links alone slower than L */
    o.base = "fat-tree:down=8,lat=1us";
    assert_int_equal(calib_spec(&r, &o, spec, sizeof spec, err, sizeof err), -1);
    assert_non_null(strstr(err, "more than the fitted L"));
    o.base = "torus:4x4";
    assert_int_equal(calib_spec(&r, &o, spec, sizeof spec, err, sizeof err), -1);
    assert_non_null(strstr(err, "--base 'torus:4x4'"));
    r.p[CALIB_L].ok = 0;
    snprintf(r.p[CALIB_L].why, sizeof r.p[CALIB_L].why, "no latency figures");
    o.base = NULL;
    assert_int_equal(calib_spec(&r, &o, spec, sizeof spec, err, sizeof err), -1);
    assert_string_equal(err, "no spec without L: no latency figures");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mpi_latency), cmocka_unit_test(test_mpi_bw),
        cmocka_unit_test(test_oshm),        cmocka_unit_test(test_variants),
        cmocka_unit_test(test_errors),      cmocka_unit_test(test_fit_line),
        cmocka_unit_test(test_solve),       cmocka_unit_test(test_real),
        cmocka_unit_test(test_switch_lat),
        cmocka_unit_test(test_spec),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
