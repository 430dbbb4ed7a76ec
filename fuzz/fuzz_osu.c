/* fuzz_osu.c - OSU Micro-Benchmarks output (studies/calibrate/osu_parse.c), as
 * `shmemsim calibrate` reads it. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "osu_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    char *text = fuzz_text(data, n);
    FILE *f = fuzz_stream(text, n);
    osu_table_t t = {0};
    char err[1024];
    int rc = osu_parse(f, "fuzz.txt", &t, err, sizeof err);
    fuzz_verdict(rc, err, "fuzz.txt");
    if (rc == 0 && t.n == 0)
        abort();                       /* a table without rows accepted */
    osu_free(&t);
    fclose(f);
    free(text);
    return 0;
}
