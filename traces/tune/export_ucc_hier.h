/* export_ucc_hier.h - internal to the UCC export (export_ucc.c): the
 * UCC_CL_HIER_TUNE part, for the cells where our node_aware wins and
 * UCC's hierarchical CL (CL/HIER) runs the same algorithm. */
#ifndef SS_EXPORT_UCC_HIER_H
#define SS_EXPORT_UCC_HIER_H

#include <stdio.h>

#include "tune.h"
#include "ucc_text.h"

/* CL/HIER's algorithm for our algorithm alg of kind, NULL if it has none;
 * *how says what it does. */
const char *ucc_hier_alg(shcoll_kind_t kind, int alg, const char **how);

/* CL/HIER's algorithm when cell x's winner is one CL/HIER runs, else
 * NULL. */
const char *ucc_hier_takes(const ss_tune_cell_t *x);

/* 1 when CL/HIER takes some cell of the plan's [a, b). */
int ucc_hier_wins(const ss_tune_plan_t *p, size_t a, size_t b);

/* Appends to hier the entries of UCC collective coll for our cells [0, n)
 * of one collective: "@ALG" where CL/HIER takes a cell, score 0 (CL/HIER
 * off) at every other size of the teams measured. Nothing when CL/HIER
 * has no such collective. Each "coll/ALG" goes to names. -1 when out of
 * memory. */
int ucc_hier_entries(ucc_text_t *hier, ucc_text_t *names, const char *coll,
                     int per_pe, const ss_tune_cell_t *cells, size_t n);

/* The CL/HIER section at the end of the file: why and how, UCC_CLS and
 * UCC_CL_HIER_TUNE. */
void ucc_hier_write(FILE *out, const ucc_text_t *hier);

#endif
