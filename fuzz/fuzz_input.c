/* fuzz_input.c - the bytes as text or a stream, and the one-line rule
 * for refusals (fuzz_input.h). */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_input.h"

#include <stdlib.h>
#include <string.h>

char *fuzz_text(const uint8_t *data, size_t n)
{
    char *t = malloc(n + 1);
    if (!t)
        abort();
    if (n)
        memcpy(t, data, n);
    t[n] = '\0';
    return t;
}

FILE *fuzz_stream(char *text, size_t n)
{
    FILE *f = fmemopen(text, n, "r");
    if (!f)
        abort();
    return f;
}

void fuzz_verdict(int rc, const char *err, const char *name)
{
    if (rc == 0)
        return;
    if (!err[0] || strchr(err, '\n') || !strstr(err, name)) {
        fprintf(stderr, "fuzz: a refusal that is not one line naming '%s': "
                "rc %d, \"%s\"\n", name, rc, err);
        abort();
    }
}
