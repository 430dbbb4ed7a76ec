/* ss_driver.c - the PE program behind `shmemsim run`: for each algorithm
 * and size, allocate, (fill), align all PEs, run the collective once,
 * record entry and exit times, (check), free. The collective's time is the
 * last PE's exit minus the first PE's entry. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shcoll_check.h"
#include "ss_coll.h"
#include "ss_driver.h"
#include "ss_internal.h"

/* Aligning PEs before a measured call: release at t_last + this. The wake
 * tree needs about log2(p) latencies; 1 ms covers microsecond networks. */
#define SS_ALIGN_SLACK 1e-3

static ss_bench_t *B;

/* The source allocation, symmetric so the same on every PE: collect's
 * largest block, alltoall's p blocks, else the size. */
static size_t source_alloc(size_t bytes, size_t sbytes, size_t elem)
{
    if (!bytes)
        return 0;
    if (B->kind == SHCOLL_COLLECT)
        return bytes + 4 * elem;
    return B->kind == SHCOLL_ALLTOALL ? sbytes : bytes;
}

static void measure(ss_pe_t *pe, ss_point_t *pt)
{
    const int p = ss_w.npes, me = pe->id;
    size_t elem = B->kind == SHCOLL_REDUCE ? shcoll_type_size(B->type) : 1;
    shcoll_check_t ck = {B->kind, pt->bytes, (unsigned)(pt - B->points)};
    shcoll_args_t a = {.set = {0, 1, p}, .nbytes = pt->bytes, .elem_size = elem,
                       .root = B->root, .op = B->op, .type = B->type};
    size_t sbytes = shcoll_check_source_bytes(&ck, &a, me);
    size_t dbytes = shcoll_check_dest_bytes(&ck, &a);
    size_t salloc = source_alloc(pt->bytes, sbytes, elem);
    /* What the call passes: alltoall's nelems is per block. */
    size_t nelems = (B->kind == SHCOLL_ALLTOALL ? pt->bytes : sbytes) / elem;
    void *src = shmem_malloc(salloc ? salloc : 1);
    void *dst = shmem_malloc(dbytes ? dbytes : 1);
    if (B->check)
        shcoll_check_fill(&ck, &a, me, src);
    ss_sync_point(pe, SS_ALIGN_SLACK);
    double t0 = simgrid_get_clock();
    int rc = ss_coll_team(SHMEM_TEAM_WORLD, pt->alg, B->kind, dst, src,
                          nelems, elem, B->root, B->op, B->type);
    double t1 = simgrid_get_clock();
    if (t0 < pt->first_start)
        pt->first_start = t0;
    if (t1 > pt->last_end)
        pt->last_end = t1;
    if (B->check) {
        char err[256];
        a.dest = dst;
        if (rc || shcoll_check_verify(&ck, &a, dst, err, sizeof err)) {
            if (pt->checked != 0)
                snprintf(B->error, sizeof B->error, "%s %s, %zu bytes, PE %d: %s",
                         shcoll_kind_name(B->kind), pt->alg->name, pt->bytes, me,
                         rc ? "the algorithm returned an error" : err);
            pt->checked = 0;
        }
    }
    /* No synchronisation of its own when not checking: the next point's
     * (or shmem_finalize's) comes anyway, and the blocks stay until the
     * last PE frees them, by when every PE has left the call, so nothing
     * can still be on its way to them. That is one runtime
     * synchronisation per point instead of three: at 100,000 PEs each
     * costs p wake-ups, more SimGrid communications than a tree
     * collective's own. A check keeps shmem_free's: an algorithm that
     * returns with messages in flight is then caught by the check rather
     * than by a message landing in a freed block. */
    if (B->check) {
        shmem_free(dst);
        shmem_free(src);
    } else {
        ss_heap_free(pe, dst);
        ss_heap_free(pe, src);
    }
}

static void bench_pe(void *arg)
{
    (void)arg;
    shmem_init();
    ss_pe_t *pe = ss_self();
    if (pe->id == 0 && ss_w.npes > 1) {
        /* The network's alpha and beta from PE 0 to the first PE on
         * another host (PE 1 shares PE 0's host when ppn > 1); the node's
         * from PE 0's host to itself (its loopback: --shm-lat, --shm-bw),
         * and how many PEs the node-aware algorithms group per node. */
        sg_host_t h0 = ss_w.pes[0].host, h1 = ss_w.pes[1].host;
        for (int x = 1; x < ss_w.npes && h1 == h0; x++)
            h1 = ss_w.pes[x].host;
        B->ab.alpha = sg_host_get_route_latency(h0, h1);
        B->ab.beta = 1.0 / sg_host_get_route_bandwidth(h0, h1);
        B->ab.gamma = ss_w.cfg.model.combine_s_per_byte;
        B->ab.shm_alpha = sg_host_get_route_latency(h0, h0);
        B->ab.shm_beta = 1.0 / sg_host_get_route_bandwidth(h0, h0);
        B->ab.q = ss_coll_node(0, 1, ss_w.npes);
        B->ab.signal = ss_w.cfg.model.put_signal;
        if (ss_w.cfg.model.kind == SS_MODEL_LOGGP) {
            B->ab.o = ss_w.cfg.model.o_send;
            B->ab.g = ss_w.cfg.model.gap;
            B->ab.o_recv = ss_w.cfg.model.o_recv;
            B->ab.shm_o = ss_w.cfg.model.shm_o;
            B->ab.shm_o_recv = ss_w.cfg.model.shm_o_recv;
            B->ab.o_quiet = ss_model_quiet(&ss_w.cfg.model, 0);
            B->ab.shm_o_quiet = ss_model_quiet(&ss_w.cfg.model,
                                               ss_w.cfg.model.shm_path);
        }
    }
    for (size_t i = 0; i < B->nalgs * B->nsizes; i++)
        measure(pe, &B->points[i]);
    shmem_finalize();
}

int ss_bench_run(const ss_config_t *cfg, ss_bench_t *b)
{
    b->points = calloc(b->nalgs * b->nsizes, sizeof *b->points);
    if (!b->points)
        return 2;
    for (size_t i = 0; i < b->nalgs; i++)
        for (size_t j = 0; j < b->nsizes; j++) {
            ss_point_t *pt = &b->points[i * b->nsizes + j];
            pt->alg = b->algs[i];
            pt->bytes = b->bytes[j];
            pt->first_start = INFINITY;
            pt->last_end = -INFINITY;
            pt->checked = b->check ? 1 : -1;
        }
    B = b;
    int rc = ss_world_run(cfg, bench_pe, NULL);
    B = NULL;
    return rc;
}
