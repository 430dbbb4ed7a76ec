/* children.h - child commands run a few at a time (children.c). */
#ifndef SS_CHILDREN_H
#define SS_CHILDREN_H

#include <stddef.h>

/* Runs exe with each of the n NULL-terminated argument vectors, at most
 * jobs at once, stdin and stderr on /dev/null; outputs[i] gets what child
 * i printed (malloc'd, NUL-terminated), or NULL if it could not run or
 * did not exit 0. Returns 0, 1 if some child failed, -1 out of memory. */
int ss_children_run(const char *exe, char **const argvs[], size_t n, int jobs,
                    char **outputs);

#endif
