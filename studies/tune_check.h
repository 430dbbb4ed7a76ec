/* tune_check.h - shmemsim tune --check (studies/tune_check.c). */
#ifndef SS_TUNE_CHECK_H
#define SS_TUNE_CHECK_H

#include <stdio.h>

#include "tune.h"

/* Re-simulates every cell of fmt's plan for t and prints each with the
 * gap to the simulated best; -1 with err set when a run fails. */
int ss_tune_check(FILE *f, const ss_tune_t *t, const ss_tune_format_t *fmt,
                  char *err, size_t errlen);

#endif
