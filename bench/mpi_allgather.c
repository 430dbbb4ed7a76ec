/* mpi_allgather.c - benchmark peer (not part of the build): the SMPI side
 * of bench/smpi_compare.sh. One MPI_Allgather of BYTES per rank, after a
 * barrier; rank 0 prints the slowest rank's simulated time as
 * "SIMTIME <seconds>". SMPI picks the algorithm (--cfg=smpi/allgather:X),
 * so the same binary stands for ring and recursive doubling.
 *
 *   smpicc -O2 -o mpi_allgather mpi_allgather.c
 *   smpirun -np P -platform F -hostfile H ... ./mpi_allgather BYTES
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int bytes = argc > 1 ? atoi(argv[1]) : 8;
    char *mine = calloc((size_t)bytes, 1);
    char *all = malloc((size_t)bytes * (size_t)size);
    if (!mine || !all)
        MPI_Abort(MPI_COMM_WORLD, 1);

    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    MPI_Allgather(mine, bytes, MPI_BYTE, all, bytes, MPI_BYTE, MPI_COMM_WORLD);
    double mine_s = MPI_Wtime() - start, slowest = 0;
    MPI_Reduce(&mine_s, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("SIMTIME %.9g\n", slowest);
    free(mine);
    free(all);
    MPI_Finalize();
    return 0;
}
