/* fail.c - the one printer of the command line's errors (fail.h). */
#include <stdarg.h>
#include <stdio.h>

#include "fail.h"

static const char *program = "shmemsim";

void ss_fail_program(const char *name)
{
    program = name;
}

int ss_fail(ss_exit_t status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: error: ", program);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return status;
}
