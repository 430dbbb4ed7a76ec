/* api_test.h - checking OpenSHMEM semantics from inside the simulated PEs
 * (tests/unit/test_*_api.c). A PE records each failed expectation in
 * ST->v[its PE] and says which on stderr; api_run runs a PE function in a
 * forked simulation (ST->flag and ST->m go to the PEs) and fails the test
 * unless the run ended cleanly, every PE reached the end and no
 * expectation failed. */
#ifndef API_TEST_H
#define API_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "shmem.h"
#include "simtest.h"

#define API_MAXPES 32   /* ST->v[pe] failures, ST->v[32 + pe] done */

/* Inside a PE: count and report a failed expectation. */
#define EXPECT(cond)                                                         \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "PE %d: %s:%d: expected %s\n", shmem_my_pe(),    \
                    __FILE__, __LINE__, #cond);                              \
            ST->v[shmem_my_pe()]++;                                          \
        }                                                                    \
    } while (0)

/* Inside a PE, last: it got there. */
static inline void api_done(void)
{
    ST->v[API_MAXPES + shmem_my_pe()] = 1;
}

static inline void api_run_placed(const char *platform, int npes, int ppn,
                                  int placement, void (*fn)(void *))
{
    int flag = ST ? ST->flag : 0;   /* what the test passes to its PEs */
    size_t m = ST ? ST->m : 0;
    simtest_setup();
    ST->flag = flag;
    ST->m = m;
    simtest_result_t r = simtest_run_placed(simtest_platform(platform), npes,
                                            ppn, placement, fn);
    if (r.status != 0)
        print_error("run exited %d:\n%s\n", r.status, r.err);
    assert_int_equal(r.status, 0);
    for (int p = 0; p < npes; p++) {
        if (ST->v[p] || !ST->v[API_MAXPES + p])
            print_error("PE %d: %ld failed expectations%s\n%s\n", p, ST->v[p],
                        ST->v[API_MAXPES + p] ? "" : ", did not finish", r.err);
        assert_int_equal(ST->v[p], 0);
        assert_int_equal(ST->v[API_MAXPES + p], 1);
    }
}

static inline void api_run(const char *platform, int npes, int ppn,
                           void (*fn)(void *))
{
    api_run_placed(platform, npes, ppn, SS_PLACE_BLOCK, fn);
}

#endif
