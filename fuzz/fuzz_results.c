/* fuzz_results.c - result CSV (traces/results.c), as `shmemsim tune`,
 * `plot` and `scale --cache` read it, and the tuning table built from
 * what was accepted. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "results.h"
#include "tune.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    char *text = fuzz_text(data, n);
    FILE *f = fuzz_stream(text, n);
    ss_results_t r = {0};
    char err[1024];
    int rc = ss_results_read(f, "fuzz.csv", &r, err, sizeof err);
    fuzz_verdict(rc, err, "fuzz.csv");
    if (rc == 0 && r.n) {
        ss_tune_t t;
        if (ss_tune_build(&r, NULL, &t, err, sizeof err) == 0)
            ss_tune_free(&t);
        else if (!err[0])
            abort();                   /* refused without a word */
    }
    ss_results_free(&r);
    fclose(f);
    free(text);
    return 0;
}
