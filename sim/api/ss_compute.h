/* ss_compute.h - computation as simulated time (sim/pe/ss_compute.c), for
 * programs/'s clocks: is the CPU time a PE uses measured and charged? */
#ifndef SS_COMPUTE_H
#define SS_COMPUTE_H

int ss_compute_measured(void);

#endif
