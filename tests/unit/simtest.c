/* simtest.c - see simtest.h. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "simtest.h"

simtest_shared_t *ST;
int simtest_stack_kib;
int simtest_payload_free;

void simtest_setup(void)
{
    if (!ST) {
        ST = mmap(NULL, sizeof *ST, PROT_READ | PROT_WRITE,
                  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (ST == MAP_FAILED)
            abort();
    }
    memset(ST, 0, sizeof *ST);
}

const char *simtest_platform(const char *name)
{
    static char buf[1024];
    snprintf(buf, sizeof buf, "%s/%s", SIMTEST_SOURCE_DIR, name);
    return buf;
}

static simtest_result_t run_cfg(const char *platform, int npes, int ppn,
                                const ss_model_t *model, int placement,
                                void (*fn)(void *))
{
    simtest_result_t r = {0};
    FILE *errf = tmpfile();
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fileno(errf), 2);
        ss_config_t cfg;
        ss_config_defaults(&cfg);
        cfg.platform = platform;
        cfg.npes = npes;
        cfg.ppn = ppn;
        cfg.placement = placement;
        cfg.model = *model;
        if (simtest_stack_kib)
            cfg.stack_kib = simtest_stack_kib;
        cfg.payload_free = simtest_payload_free;
        int rc = ss_world_run(&cfg, fn, NULL);
        if (ST)
            ST->stats = ss_world_stats();
        _exit(rc);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    rewind(errf);
    size_t n = fread(r.err, 1, sizeof r.err - 1, errf);
    r.err[n] = 0;
    fclose(errf);
    return r;
}

simtest_result_t simtest_run(const char *platform, int npes, int ppn,
                             ss_model_kind_t model, void (*fn)(void *))
{
    ss_model_t m;
    ss_model_defaults(&m, model);
    return run_cfg(platform, npes, ppn, &m, SS_PLACE_BLOCK, fn);
}

simtest_result_t simtest_run_model(const char *platform, int npes, int ppn,
                                   const ss_model_t *model, void (*fn)(void *))
{
    return run_cfg(platform, npes, ppn, model, SS_PLACE_BLOCK, fn);
}

simtest_result_t simtest_run_placed(const char *platform, int npes, int ppn,
                                    int placement, void (*fn)(void *))
{
    ss_model_t m;
    ss_model_defaults(&m, SS_MODEL_ALPHA_BETA);
    return run_cfg(platform, npes, ppn, &m, placement, fn);
}

char *simtest_slurp(FILE *f)
{
    long len;
    char *buf = NULL;
    if (fflush(f) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)len + 1)) != NULL) {
        if (fread(buf, 1, (size_t)len, f) == (size_t)len) {
            buf[len] = '\0';
        } else {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    return buf;
}
