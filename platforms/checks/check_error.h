/* check_error.h - the one error line of a platform check:
 * "platform 'FILE': line N: what is wrong; how to fix it". The first
 * error set is kept: later ones are consequences. */
#ifndef SS_CHECK_ERROR_H
#define SS_CHECK_ERROR_H

#include <stdarg.h>
#include <stddef.h>

typedef struct ss_perr {
    const char *path;
    char *buf;             /* NUL-terminated; "" while no error */
    size_t len;
} ss_perr_t;

/* Sets the error (line <= 0: no line) unless one is set; returns -1. */
int ss_perr(ss_perr_t *e, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int ss_perr_v(ss_perr_t *e, int line, const char *fmt, va_list ap);

#endif
