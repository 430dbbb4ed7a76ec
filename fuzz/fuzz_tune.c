/* fuzz_tune.c - tuning files ($SHMEMSIM_TUNE_FILE, read by
 * sim/shmem/ss_coll_pick.c), then a pick under the rules accepted. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "ss_coll.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    char *text = fuzz_text(data, n);
    FILE *f = fuzz_stream(text, n);
    char err[1024];
    int rc = ss_coll_read_rules(f, "fuzz.csv", err, sizeof err);
    fuzz_verdict(rc, err, "fuzz.csv");
    if (rc == 0)
        for (int k = 0; k < SHCOLL_NKINDS; k++)
            if (!ss_coll_pick((shcoll_kind_t)k, 1 + (int)(n % 1000), n * 8))
                abort();
    fclose(f);
    free(text);
    return 0;
}
