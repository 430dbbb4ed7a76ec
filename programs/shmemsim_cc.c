#define _GNU_SOURCE   /* mkdtemp */
/* shmemsim_cc.c - shmemsim-cc: compiles and links an unmodified OpenSHMEM
 * program, C or C++, for the simulator, like mpicc or oshcc:
 *
 *   shmemsim-cc [-c] [-o OUT] [compiler flags] SOURCES OBJECTS LIBS
 *
 * With -c (-S, -E, ...) it is the compiler with the simulator's <shmem.h>
 * first on the include path. Linking takes four steps:
 *  1. each source is compiled as with -c;
 *  2. the program's objects (and archives given as files) become one
 *     relocatable object (ld -r) whose writable data is gathered into
 *     the sections prog_globals.c describes: every PE gets its own copy
 *     of them, and their constructors run per PE;
 *  3. in that object only (objcopy), main is renamed shmemsim_user_main,
 *     the libc functions that a process has to itself (exit, atexit,
 *     clocks, sleeps) are pointed at the library's, so that the runtime
 *     and libc keep the real ones, and data left in COMDAT groups joins
 *     the gathered sections;
 *  4. it is linked with libshmemsim_program (the real main) and the
 *     simulator.
 * $SHMEMSIM_CC and $SHMEMSIM_CXX choose the compilers; with
 * $SHMEMSIM_CC_VERBOSE set every command is printed. */
#include <elf.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fail.h"
#include "cc_args.h"
#include "elf_probe.h"

/* Paths of the build tree (CMake); an installed shmemsim-cc finds its own
 * from where it lives instead (paths()). */
#ifndef SS_CC_INCLUDE
#error "build with -DSS_CC_INCLUDE=... (programs/CMakeLists.txt)"
#endif

static const char usage[] =
    "usage: shmemsim-cc [-c] [-o OUT] [compiler flags] SOURCES OBJECTS LIBS\n\n"
    "Compiles and links an OpenSHMEM program (C or C++, any number of\n"
    "sources; -c, -o, -I, -D, -O, -g, -l, -L, .o and .a inputs as with cc)\n"
    "for the simulator; run the result with shmemsim-run. Each simulated PE\n"
    "has its own copy of the program's global and static variables (of its\n"
    "sources, objects and archives; not of -l libraries) and they are\n"
    "symmetric. $SHMEMSIM_CC / $SHMEMSIM_CXX: the compilers (default %s /\n"
    "%s); $SHMEMSIM_CC_VERBOSE: print each command.\n";

/* Step 2: gather the writable data (not .data.rel.ro, which is read-only
 * once relocated); constructors and destructors out of the loader's
 * sight. Data in COMDAT groups (C++ template statics, inline variables,
 * static locals of inline functions) stays in its group, so that the
 * final link can still merge it with other copies; step 3 renames it
 * into the same sections (grouped_data). */
static const char link_script[] =
    "SECTIONS\n{\n"
    "  .data.rel.ro : { *(.data.rel.ro.local .data.rel.ro.local.* .data.rel.ro "
    ".data.rel.ro.* .gnu.linkonce.d.rel.ro.*) }\n"
    "  shmemsim_priv_data : { *(.data .data.* .gnu.linkonce.d.* .ldata .ldata.*) }\n"
    "  shmemsim_priv_bss : { *(.bss .bss.* .gnu.linkonce.b.* .lbss .lbss.* COMMON "
    "LARGE_COMMON) }\n"
    "  shmemsim_ctors : { KEEP(*(SORT_BY_INIT_PRIORITY(.init_array.*) "
    "SORT_BY_INIT_PRIORITY(.ctors.*))) KEEP(*(.init_array .ctors)) }\n"
    "  shmemsim_dtors : { KEEP(*(SORT_BY_INIT_PRIORITY(.fini_array.*) "
    "SORT_BY_INIT_PRIORITY(.dtors.*))) KEEP(*(.fini_array .dtors)) }\n"
    "}\n";

/* Step 3: the program's references that go to the library instead. */
static const char redefine[] =
    "main shmemsim_user_main\n"
    "exit shmemsim_exit\n"
    "_exit shmemsim__exit\n"
    "_Exit shmemsim__Exit\n"
    "atexit shmemsim_atexit\n"
    "__cxa_atexit shmemsim_cxa_atexit\n"
    "gettimeofday shmemsim_gettimeofday\n"
    "clock_gettime shmemsim_clock_gettime\n"
    "time shmemsim_time\n"
    "clock shmemsim_clock\n"
    "timespec_get shmemsim_timespec_get\n"
    "sleep shmemsim_sleep\n"
    "usleep shmemsim_usleep\n"
    "nanosleep shmemsim_nanosleep\n"
    "pthread_create shmemsim_pthread_create\n"
    "pthread_join shmemsim_pthread_join\n"
    "pthread_detach shmemsim_pthread_detach\n"
    "pthread_self shmemsim_pthread_self\n"
    "pthread_exit shmemsim_pthread_exit\n"
    "pthread_mutex_init shmemsim_pthread_mutex_init\n"
    "pthread_mutex_lock shmemsim_pthread_mutex_lock\n"
    "pthread_mutex_trylock shmemsim_pthread_mutex_trylock\n"
    "pthread_mutex_unlock shmemsim_pthread_mutex_unlock\n"
    "pthread_mutex_destroy shmemsim_pthread_mutex_destroy\n"
    "pthread_cond_init shmemsim_pthread_cond_init\n"
    "pthread_cond_wait shmemsim_pthread_cond_wait\n"
    "pthread_cond_timedwait shmemsim_pthread_cond_timedwait\n"
    "pthread_cond_signal shmemsim_pthread_cond_signal\n"
    "pthread_cond_broadcast shmemsim_pthread_cond_broadcast\n"
    "pthread_cond_destroy shmemsim_pthread_cond_destroy\n"
    "pthread_barrier_init shmemsim_pthread_barrier_init\n"
    "pthread_barrier_wait shmemsim_pthread_barrier_wait\n"
    "pthread_barrier_destroy shmemsim_pthread_barrier_destroy\n"
    "_ZNSt6chrono3_V212system_clock3nowEv shmemsim_system_clock_now\n"
    "_ZNSt6chrono3_V212steady_clock3nowEv shmemsim_steady_clock_now\n";

/* SimGrid's context switch, which the runtime hooks (sim/pe/ss_priv_hook.c):
 * the executable must export it for the hook to take. And the OpenSHMEM
 * calls, for an error to name the one a thread the simulator does not
 * run made (sim/pe/ss_thread.c). */
#define SS_CC_HOOK "-Wl,--export-dynamic-symbol=_ZN7simgrid6kernel7context14SwappedContext7suspendEv"
#define SS_CC_EXPORT "-Wl,--export-dynamic-symbol=shmem_*"

static char tmp[PATH_MAX];        /* the work directory, "" if none */
static int verbose;

typedef struct paths {
    char include[PATH_MAX + 64], libdir[PATH_MAX + 64];
} paths_t;

/* An installed shmemsim-cc lives in PREFIX/bin next to PREFIX/include/
 * shmemsim and PREFIX/lib: use those. Else the build tree's. */
static void paths(paths_t *p)
{
    char self[PATH_MAX], probe[PATH_MAX + 64];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    snprintf(p->include, sizeof p->include, "%s", SS_CC_INCLUDE);
    snprintf(p->libdir, sizeof p->libdir, "%s", SS_CC_LIBDIR);
    if (n <= 0)
        return;
    self[n] = 0;
    char *slash = strrchr(self, '/');
    if (!slash)
        return;
    *slash = 0;
    snprintf(probe, sizeof probe, "%s/../" SS_CC_REL_INCLUDE "/shmem.h", self);
    if (access(probe, R_OK))
        return;
    snprintf(p->include, sizeof p->include, "%s/../" SS_CC_REL_INCLUDE, self);
    snprintf(p->libdir, sizeof p->libdir, "%s/../" SS_CC_REL_LIBDIR, self);
}

static const char *tool(const char *env, const char *dflt)
{
    const char *v = getenv(env);
    return v && *v ? v : dflt;
}

static void show(const ss_strv_t *cmd)
{
    for (size_t i = 0; verbose && i < cmd->n; i++)
        fprintf(stderr, "%s%s", cmd->v[i], i + 1 < cmd->n ? " " : "\n");
}

/* Runs cmd; its exit status (1 if it could not start or was killed). */
static int run(const ss_strv_t *cmd)
{
    show(cmd);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        execvp(cmd->v[0], (char *const *)cmd->v);
        ss_fail(SS_EXIT_SYSTEM, "cannot run %s: %s", cmd->v[0], strerror(errno));
        _exit(127);   /* as a shell's "cannot run" */
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0)
        return 1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

static ss_strv_t owned;   /* strings made here (in_tmp's and others), freed at exit */

static void cleanup(void)
{
    if (!tmp[0])
        return;
    ss_strv_t rm = {0};
    int v = verbose;
    ss_strv_add(&rm, "rm");
    ss_strv_add(&rm, "-rf");
    ss_strv_add(&rm, tmp);
    verbose = 0;
    run(&rm);
    verbose = v;
    free(rm.v);
    tmp[0] = 0;
    for (size_t i = 0; i < owned.n; i++)
        free((char *)owned.v[i]);
    free(owned.v);
    owned = (ss_strv_t){0};
}

/* tmp/name, kept (in owned) until cleanup at exit. */
static const char *in_tmp(const char *name)
{
    size_t n = strlen(tmp) + strlen(name) + 2;
    char *s = malloc(n);
    if (!s)
        exit(ss_fail(SS_EXIT_SYSTEM, "out of memory"));
    snprintf(s, n, "%s/%s", tmp, name);
    ss_strv_add(&owned, s);
    return s;
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    int ok = f && fputs(text, f) >= 0;
    if (f && fclose(f))
        ok = 0;
    return ok ? 0 : ss_fail(SS_EXIT_SYSTEM, "cannot write %s: %s", path,
                            strerror(errno));
}

static const char *cc(int cxx)
{
    return cxx ? tool("SHMEMSIM_CXX", SS_CC_CXX) : tool("SHMEMSIM_CC", SS_CC_CC);
}

/* -c and friends: the compiler with our headers first; LTO off, because
 * a later link step needs machine code in the objects. */
static int compile_only(char **argv, int argc, const ss_cc_plan_t *pl,
                        const paths_t *p)
{
    ss_strv_t cmd = {0};
    ss_strv_add(&cmd, cc(pl->cxx));
    ss_strv_add(&cmd, "-I");
    ss_strv_add(&cmd, p->include);
    for (int i = 1; i < argc; i++)
        ss_strv_add(&cmd, argv[i]);
    ss_strv_add(&cmd, "-fno-lto");
    show(&cmd);
    execvp(cmd.v[0], (char *const *)cmd.v);
    return ss_fail(SS_EXIT_SYSTEM, "cannot run %s: %s", cmd.v[0],
                   strerror(errno));
}

/* Step 1: source k to tmp/k.o. */
static int compile_source(const ss_cc_plan_t *pl, const paths_t *p, size_t k,
                          const char **obj)
{
    char name[32];
    ss_strv_t cmd = {0};
    snprintf(name, sizeof name, "%zu.o", k);
    *obj = in_tmp(name);
    ss_strv_add(&cmd, cc(pl->in[k].kind == SS_IN_CXX));
    ss_strv_add(&cmd, "-I");
    ss_strv_add(&cmd, p->include);
    for (size_t i = 0; i < pl->compile.n; i++)
        ss_strv_add(&cmd, pl->compile.v[i]);
    ss_strv_add(&cmd, "-c");
    ss_strv_add(&cmd, pl->in[k].path);
    ss_strv_add(&cmd, "-o");
    ss_strv_add(&cmd, *obj);
    ss_strv_add(&cmd, "-fno-lto");
    int rc = run(&cmd);
    free(cmd.v);
    return rc;
}

/* Steps 1 and 2: every input into tmp/gathered.o. */
static int gather(const ss_cc_plan_t *pl, const paths_t *p, const char *out)
{
    ss_strv_t cmd = {0};
    const char *script = in_tmp("globals.ld");
    int rc = write_file(script, link_script);
    ss_strv_add(&cmd, tool("SHMEMSIM_LD", SS_CC_LD));
    ss_strv_add(&cmd, "-r");
    ss_strv_add(&cmd, "-d");        /* allocate COMMON symbols here */
    ss_strv_add(&cmd, "-T");
    ss_strv_add(&cmd, script);
    ss_strv_add(&cmd, "-o");
    ss_strv_add(&cmd, out);
    for (size_t k = 0; !rc && k < pl->nin; k++) {
        const char *obj = pl->in[k].path;
        if (pl->in[k].kind != SS_IN_OBJECT)
            rc = compile_source(pl, p, k, &obj);
        ss_strv_add(&cmd, obj);
    }
    if (!rc)
        rc = run(&cmd);
    free(cmd.v);
    return rc;
}

/* Writable data sections still in COMDAT groups after step 2, as
 * objcopy --rename-section arguments into the gathered sections. */
static void grouped_data(void *arg, const char *name, unsigned type,
                         unsigned long flags)
{
    static const char *const data[] = {".data", ".bss", ".gnu.linkonce.d.",
                                       ".gnu.linkonce.b.", ".ldata", ".lbss", NULL};
    ss_strv_t *cmd = arg;
    int ok = 0;
    for (int i = 0; data[i]; i++)
        ok |= !strncmp(name, data[i], strlen(data[i]));
    if (!ok || !strncmp(name, ".data.rel.ro", 12) || !(flags & SHF_GROUP) ||
        !(flags & SHF_WRITE) || (flags & SHF_TLS))
        return;
    char *arg2 = malloc(strlen(name) + 32);
    if (!arg2)
        return;
    sprintf(arg2, "%s=%s", name, type == SHT_NOBITS ? "shmemsim_priv_bss"
                                                    : "shmemsim_priv_data");
    ss_strv_add(&owned, arg2);
    ss_strv_add(cmd, "--rename-section");
    ss_strv_add(cmd, arg2);
}

/* Step 3. */
static int rename_refs(const char *in, const char *out)
{
    ss_strv_t cmd = {0};
    char err[300];
    const char *table = in_tmp("redefine.txt");
    char *arg = malloc(strlen(table) + 32);
    int rc = write_file(table, redefine) || !arg;
    if (!rc) {
        sprintf(arg, "--redefine-syms=%s", table);
        ss_strv_add(&cmd, tool("SHMEMSIM_OBJCOPY", SS_CC_OBJCOPY));
        ss_strv_add(&cmd, arg);
        /* Page-aligned, so that large data can be remapped (ss_priv.c). */
        ss_strv_add(&cmd, "--set-section-alignment");
        ss_strv_add(&cmd, "shmemsim_priv_data=4096");
        ss_strv_add(&cmd, "--set-section-alignment");
        ss_strv_add(&cmd, "shmemsim_priv_bss=4096");
        if ((rc = ss_elf_sections(in, grouped_data, &cmd, err, sizeof err)))
            ss_fail(SS_EXIT_INPUT, "%s", err);
        ss_strv_add(&cmd, in);
        ss_strv_add(&cmd, out);
    }
    if (!rc)
        rc = run(&cmd);
    free(cmd.v);
    free(arg);
    return rc;
}

static int has_main(const char *obj)
{
    char err[300];
    int r = ss_elf_defines(obj, "shmemsim_user_main", err, sizeof err);
    if (r < 0)
        ss_fail(SS_EXIT_INPUT, "%s", err);
    else if (!r)
        ss_fail(SS_EXIT_INPUT, "the program has no main function (to compile "
                "part of a program, use -c)");
    return r == 1;
}

/* Step 4: the C++ driver, as the simulator is partly C++. */
static int final_link(const ss_cc_plan_t *pl, const paths_t *p, const char *obj)
{
    ss_strv_t cmd = {0};
    char libdir[PATH_MAX + 80];
    snprintf(libdir, sizeof libdir, "-L%s", p->libdir);
    ss_strv_add(&cmd, cc(1));
    ss_strv_add(&cmd, obj);
    ss_strv_add(&cmd, "-o");
    ss_strv_add(&cmd, pl->output ? pl->output : "a.out");
    for (size_t i = 0; i < pl->link.n; i++)
        ss_strv_add(&cmd, pl->link.v[i]);
    ss_strv_add(&cmd, libdir);
    ss_strv_add(&cmd, "-lshmemsim_program");
    ss_strv_add(&cmd, "-lshmemsim");
    ss_strv_add(&cmd, SS_CC_HOOK);
    ss_strv_add(&cmd, SS_CC_EXPORT);
    ss_strv_add(&cmd, "-Wl,-z,noexecstack");
    for (char *s = strdup(SS_CC_SIMGRID_LIBS), *t = strtok(s, " "); t; t = strtok(NULL, " "))
        ss_strv_add(&cmd, t);
    ss_strv_add(&cmd, "-lm");
    int rc = run(&cmd);
    free(cmd.v);
    return rc;
}

static int link_program(const ss_cc_plan_t *pl, const paths_t *p)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/shmemsim-cc.XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmp)) {
        tmp[0] = 0;
        return ss_fail(SS_EXIT_SYSTEM, "cannot make a directory in %s: %s",
                       base && *base ? base : "/tmp", strerror(errno));
    }
    atexit(cleanup);
    const char *gathered = in_tmp("gathered.o"), *prog = in_tmp("program.o");
    int rc = gather(pl, p, gathered);
    if (!rc)
        rc = rename_refs(gathered, prog);
    if (!rc && !has_main(prog))
        rc = SS_EXIT_INPUT;
    return rc ? rc : final_link(pl, p, prog);
}

int main(int argc, char **argv)
{
    ss_cc_plan_t plan;
    paths_t p;
    verbose = getenv("SHMEMSIM_CC_VERBOSE") != NULL;
    ss_fail_program("shmemsim-cc");
    if (argc < 2 || !strcmp(argv[1], "--help")) {
        fprintf(argc < 2 ? stderr : stdout, usage, SS_CC_CC, SS_CC_CXX);
        return argc < 2 ? SS_EXIT_USAGE : SS_EXIT_OK;
    }
    int rc = ss_cc_plan(argc, argv, &plan);
    if (rc) {
        ss_cc_plan_free(&plan);
        return rc;
    }
    paths(&p);
    if (plan.compile_only) {
        rc = compile_only(argv, argc, &plan, &p);
    } else if (!plan.nin) {
        rc = ss_fail(SS_EXIT_USAGE, "no input files");
    } else {
        rc = link_program(&plan, &p);
    }
    ss_cc_plan_free(&plan);
    return rc;
}
