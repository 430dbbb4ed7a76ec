/* exit_status.c MODE - how a PE's end ends the run (built with
 * shmemsim-cc). MODE:
 *   exit3   the last PE calls exit(3) while the others wait in a barrier:
 *           the run ends with 3, after that PE's atexit handler ran;
 *   return5 the last PE returns 5 from main (deep in a call: exit);
 *   zero    every PE returns 0 after shmem_finalize (atexit handlers of
 *           every PE run, once each);
 *   quick   PE 0 calls _exit(0) without finalize, the others finalize
 *           and return 0: the run ends 0;
 *   global  PE 0 calls shmem_global_exit(4). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int me;

static void bye(void) { printf("atexit on PE %d\n", me); }

static void deep(int status) { exit(status); }

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "zero";
    shmem_init();
    me = shmem_my_pe();
    int last = shmem_n_pes() - 1;
    atexit(bye);
    shmem_barrier_all();
    if (!strcmp(mode, "exit3") && me == last)
        deep(3);
    if (!strcmp(mode, "return5") && me == last)
        return 5;
    if (!strcmp(mode, "quick") && me == 0)
        _exit(0);
    if (!strcmp(mode, "global") && me == 0)
        shmem_global_exit(4);
    if (strcmp(mode, "quick"))
        shmem_barrier_all();
    shmem_finalize();
    return 0;
}
