/* shmemsim.h - run your own OpenSHMEM code on a simulated machine.
 *
 *   #include <shmem.h>
 *   #include <shmemsim.h>
 *   static void pe_main(void *arg) { shmem_init(); ... shmem_finalize(); }
 *   int main(int argc, char **argv) { return shmemsim_main(argc, argv, pe_main, NULL); }
 *
 * then: ./prog --platform platforms/fattree-64.xml --pes 64 [--ppn K]
 *              [--model alpha-beta|simgrid] [--fold SIZE]
 * Every PE runs pe_main(arg); symmetric data comes from shmem_malloc.
 */
#ifndef SHMEMSIM_H
#define SHMEMSIM_H

#ifdef __cplusplus
extern "C" {
#endif

/* Parses the simulator's options (--help lists them), runs pe_main on
 * every PE and returns the process exit status: 0, or non-zero after a
 * printed error (bad option, deadlock, invalid access). */
int shmemsim_main(int argc, char **argv, void (*pe_main)(void *arg), void *arg);

/* Simulated time of the calling PE, in seconds. */
double shmemsim_wtime(void);

/* The calling PE computes for `seconds` of simulated time (computation
 * is otherwise free, unless the run measures it: --compute measured). */
void shmemsim_compute(double seconds);

#ifdef __cplusplus
}
#endif
#endif
