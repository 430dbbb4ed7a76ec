// threads_foreign.cpp - an OpenSHMEM call from a thread the simulator does
// not run (std::thread is started inside libstdc++, out of shmemsim-cc's
// reach): the run must stop with one line naming the call, exit 2.
#include <shmem.h>
#include <cstdio>
#include <thread>

int main()
{
    int got = -1;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &got);
    std::thread t([] { std::printf("PE %d in a std::thread\n", shmem_my_pe()); });
    t.join();
    shmem_finalize();
    return 0;
}
