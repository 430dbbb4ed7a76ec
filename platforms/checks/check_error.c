/* check_error.c - the first error of a platform check (check_error.h). */
#include <stdio.h>

#include "check_error.h"

int ss_perr_v(ss_perr_t *e, int line, const char *fmt, va_list ap)
{
    if (e->buf[0])
        return -1;
    int k = line > 0 ? snprintf(e->buf, e->len, "platform '%s': line %d: ", e->path, line)
                     : snprintf(e->buf, e->len, "platform '%s': ", e->path);
    if (k > 0 && (size_t)k < e->len)
        vsnprintf(e->buf + k, e->len - (size_t)k, fmt, ap);
    return -1;
}

int ss_perr(ss_perr_t *e, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ss_perr_v(e, line, fmt, ap);
    va_end(ap);
    return -1;
}
