/* ucc_text.h - the text of export_ucc.c's file: a growing string, the
 * UCC_TL_UCP_TUNE entries of a plan, the header with its Use block and
 * the oldest UCC that knows every algorithm name written. */
#ifndef SS_UCC_TEXT_H
#define SS_UCC_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "tune.h"

typedef struct ucc_text {
    char *p;
    size_t n, cap;
    int oom;
} ucc_text_t;

void ucc_text_printf(ucc_text_t *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends " WORD" unless the text holds it already. */
void ucc_text_add(ucc_text_t *b, const char *word);
void ucc_text_free(ucc_text_t *b);

/* Appends the entries of one collective's cells (ordered by PE count,
 * then size) to tune, "COLL:host:START-END:[LO-HI]:@ALG" joined by '#';
 * each "COLL/ALG" written goes to names. Cells without a value get no
 * entry. -1 when out of memory. */
int ucc_text_entries(ucc_text_t *tune, ucc_text_t *names, const char *coll,
                     int per_pe, const ss_tune_cell_t *cells, size_t n);

/* As ucc_text_entries, but a cell's value is the entry's last token as
 * it stands ("@ALG" or a score such as "0"); only "@ALG" goes to names. */
int ucc_text_tokens(ucc_text_t *tune, ucc_text_t *names, const char *coll,
                    int per_pe, const ss_tune_cell_t *cells, size_t n);

/* The header: what the file was tuned from, the Use block naming every
 * variable in vars, the UCC release the names need, the syntax. */
void ucc_text_header(FILE *out, const ss_tune_t *t, const ucc_text_t *vars,
                     const ucc_text_t *names);

/* Copies the rest of tmp (from its start) to out. */
void ucc_text_copy(FILE *tmp, FILE *out);

#endif
