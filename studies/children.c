/* children.c - running child `shmemsim` commands a few at a time and
 * keeping what each printed (scale's sampled windows). Sweeps have their
 * own pool (sweep_run.c): their children are points with rows to store,
 * these are plain commands whose output the caller reads. */
#define _GNU_SOURCE   /* sched_getaffinity: the CPUs this process may use */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "children.h"
#include "meminfo.h"
#include "ss_config.h"

int ss_children_jobs_for(long cpus, unsigned long long avail, long pes,
                         int stack_kib)
{
    long jobs = cpus > 0 ? cpus : 1;
    unsigned long long each = (unsigned long long)(pes > 0 ? pes : 1) * ss_pe_memory(stack_kib);
    if (avail > 0 && avail / each < (unsigned long long)jobs)
        jobs = (long)(avail / each);
    return jobs < 1 ? 1 : jobs > 1024 ? 1024 : (int)jobs;
}

/* The CPUs this process may run on (a batch job's allocation, taskset),
 * else those online. */
static long cpus_usable(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    return sysconf(_SC_NPROCESSORS_ONLN);
}

int ss_children_default_jobs(long pes, int stack_kib)
{
    return ss_children_jobs_for(cpus_usable(), ss_meminfo("MemAvailable"), pes, stack_kib);
}

/* The whole of a file, NUL-terminated; NULL when it cannot be read. */
static char *slurp(FILE *f)
{
    size_t n = 0, cap = 4096;
    char *s = malloc(cap);
    for (size_t got; s && (got = fread(s + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap) {
            char *t = realloc(s, cap *= 2);
            if (!t)
                free(s);
            s = t;
        }
    }
    if (s)
        s[n] = 0;
    return s;
}

static pid_t start(const char *exe, char *const argv[], FILE *out)
{
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        if (null < 0 || dup2(null, 0) < 0 || dup2(fileno(out), 1) < 0 ||
            dup2(null, 2) < 0)
            _exit(127);
        execv(exe, argv);
        _exit(127);
    }
    return pid;
}

int ss_children_run(const char *exe, char **const argvs[], size_t n, int jobs,
                    char **outputs)
{
    FILE **out = calloc(n, sizeof *out);
    pid_t *pid = calloc(n, sizeof *pid);
    int failed = 0;
    size_t next = 0, running = 0;
    if (!out || !pid) {
        free(out);
        free(pid);
        return -1;
    }
    while (next < n || running > 0) {
        if (next < n && running < (size_t)(jobs > 0 ? jobs : 1)) {
            if (!(out[next] = tmpfile()) ||
                (pid[next] = start(exe, argvs[next], out[next])) < 0) {
                if (out[next])
                    fclose(out[next]);
                out[next] = NULL;
                pid[next] = 0;
                failed = 1;
                outputs[next++] = NULL;
                continue;
            }
            next++;
            running++;
            continue;
        }
        int status;
        pid_t done = wait(&status);
        if (done < 0 && errno == EINTR)
            continue;
        if (done < 0)
            break;
        for (size_t i = 0; i < next; i++)
            if (pid[i] == done) {
                running--;
                rewind(out[i]);
                outputs[i] = WIFEXITED(status) && WEXITSTATUS(status) == 0
                                 ? slurp(out[i]) : NULL;
                failed |= outputs[i] == NULL;
                fclose(out[i]);
                out[i] = NULL;
                pid[i] = 0;
            }
    }
    free(out);
    free(pid);
    return failed;
}
