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

/* How many simulations of up to pes PEs to run at once by default: one
 * per CPU this process may use, no more than the memory available holds
 * (ss_pe_memory a PE), and at least one. */
int ss_children_default_jobs(long pes, int stack_kib);
/* The same from given figures: cpus usable, bytes of memory available
 * (0: unknown, no limit). */
int ss_children_jobs_for(long cpus, unsigned long long avail, long pes,
                         int stack_kib);

#endif
