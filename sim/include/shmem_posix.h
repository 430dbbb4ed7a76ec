/* shmem_posix.h - what a strict ISO C compile hides from programs
 * written for POSIX hosts. OpenSHMEM programs commonly read their options
 * with getopt after including only <unistd.h>; under -std=c11 glibc
 * declares neither getopt nor optarg/optind there (its POSIX part needs
 * _POSIX_C_SOURCE), and such a program then fails to compile against any
 * OpenSHMEM. The declarations below are POSIX's own, given only in that
 * case (C, glibc, getopt not declared), so they never conflict with the
 * C library's. Included by shmem.h. */
#ifndef SHMEMSIM_SHMEM_POSIX_H
#define SHMEMSIM_SHMEM_POSIX_H

#if !defined(__cplusplus) && defined(__GLIBC__) && !defined(__USE_POSIX2)
extern char *optarg;
extern int optind, opterr, optopt;
int getopt(int argc, char *const argv[], const char *optstring);
#endif

#endif
