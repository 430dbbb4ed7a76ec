/* cc_args.c - classifying a compiler command line (cc_args.h) the way
 * gcc reads it: inputs by their extension, options by their name, an
 * option's value in the next argument where gcc expects it there. Our own
 * errors exit with the statuses of fail.h, like shmemsim-run's; the
 * compiler's and the linker's keep their status. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cc_args.h"
#include "fail.h"

void ss_strv_add(ss_strv_t *l, const char *s)
{
    if (l->n + 1 >= l->cap) {
        size_t c = l->cap ? 2 * l->cap : 16;
        const char **v = realloc(l->v, c * sizeof *v);
        if (!v)
            exit(ss_fail(SS_EXIT_SYSTEM, "out of memory"));
        l->v = v;
        l->cap = c;
    }
    l->v[l->n++] = s;
    l->v[l->n] = NULL;
}

/* Options whose value is the next argument, and where they belong. */
static const char *const pre_pair[] = {
    "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote",
    "-idirafter", "-iprefix", "-iwithprefix", "-isysroot", "-MF", "-MT",
    "-MQ", "-Xpreprocessor", "-Xassembler", "-aux-info", NULL};
static const char *const link_pair[] = {"-L", "-l", "-Xlinker", "-u", "-T",
                                        "-z", "-e", NULL};
static const char *const both_pair[] = {"--param", NULL};
/* Options with no value that only the link step takes. */
static const char *const link_only[] = {
    "-static", "-static-libgcc", "-static-libstdc++", "-rdynamic", "-pie",
    "-no-pie", "-nostdlib", "-nostartfiles", "-nodefaultlibs", "-s", NULL};
static const char *const stop_early[] = {"-c", "-S", "-E", "-M", "-MM",
                                         "-fsyntax-only", NULL};
/* Joined forms: -Ldir, -lname, -Wl,... link; -Idir, -DX, -UX, -Wp,
 * -Wa, compile. */
static const char *const link_prefix[] = {"-L", "-l", "-Wl,", NULL};
static const char *const pre_prefix[] = {"-I", "-D", "-U", "-Wp,", "-Wa,", NULL};

static int in_list(const char *a, const char *const *l)
{
    for (; *l; l++)
        if (!strcmp(a, *l))
            return 1;
    return 0;
}

static int has_prefix(const char *a, const char *const *l)
{
    for (; *l; l++)
        if (!strncmp(a, *l, strlen(*l)))
            return 1;
    return 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

/* What gcc would make of a file by its name: C or C++ source, object or
 * archive to gather, or (-1) something for the linker alone (a shared
 * library, a linker script). */
static int input_kind(const char *path)
{
    static const char *const c[] = {".c", ".i", NULL};
    static const char *const cxx[] = {".cc", ".cp", ".cxx", ".cpp", ".CPP",
                                      ".c++", ".C", ".ii", NULL};
    const char *dot = strrchr(path, '.');
    if (dot && strchr(dot, '/'))
        dot = NULL;
    if (dot && in_list(dot, c))
        return SS_IN_C;
    if (dot && in_list(dot, cxx))
        return SS_IN_CXX;
    if (ends_with(path, ".o") || ends_with(path, ".a") || ends_with(path, ".obj"))
        return SS_IN_OBJECT;
    return -1;
}

static int add_input(ss_cc_plan_t *p, const char *path)
{
    int k = input_kind(path);
    /* Checked here, not left to the compiler: its message for a missing
     * file takes two lines and an exit status of 1. */
    if (access(path, R_OK))
        return ss_fail(SS_EXIT_INPUT, "%s: %s", path, strerror(errno));
    if (k < 0) {
        ss_strv_add(&p->link, path);
        return 0;
    }
    ss_cc_input_t *in = realloc(p->in, (p->nin + 1) * sizeof *in);
    if (!in)
        return ss_fail(SS_EXIT_SYSTEM, "out of memory");
    p->in = in;
    p->in[p->nin++] = (ss_cc_input_t){path, k};
    p->cxx |= k == SS_IN_CXX;
    return 0;
}

/* Compile-only flags: warnings and language standards would only make
 * the link step complain. */
static int compile_only_flag(const char *a)
{
    return (!strncmp(a, "-W", 2) && strncmp(a, "-Wl,", 4)) ||
           !strncmp(a, "-std=", 5) || !strncmp(a, "-pedantic", 9) ||
           !strcmp(a, "-ansi") || !strcmp(a, "-w");
}


/* One option at argv[*i] (consuming its value); 0 or an error. */
static int option(int argc, char **argv, int *i, ss_cc_plan_t *p)
{
    const char *a = argv[*i];
    int pre = in_list(a, pre_pair), lnk = in_list(a, link_pair);
    if (!strcmp(a, "-o") || pre || lnk || in_list(a, both_pair)) {
        if (*i + 1 >= argc)
            return ss_fail(SS_EXIT_USAGE, "missing argument after %s", a);
        const char *v = argv[++*i];
        if (!strcmp(a, "-o")) {
            p->output = v;
            return 0;
        }
        ss_strv_t *l = pre ? &p->compile : &p->link;
        ss_strv_add(l, a);
        ss_strv_add(l, v);
        if (!pre && !lnk) {
            ss_strv_add(&p->compile, a);
            ss_strv_add(&p->compile, v);
        }
        return 0;
    }
    if (!strncmp(a, "-o", 2))
        p->output = a + 2;
    else if (!strncmp(a, "-x", 2)) {   /* compile-only (checked at the end) */
        p->lang = 1;
        ss_strv_add(&p->compile, a);
        if (!a[2] && *i + 1 < argc)
            ss_strv_add(&p->compile, argv[++*i]);
    } else if (!strcmp(a, "-shared"))
        return ss_fail(SS_EXIT_USAGE, "-shared: an OpenSHMEM program is linked as "
                       "a whole executable (its globals are gathered at link "
                       "time)");
    else if (in_list(a, stop_early))
        p->compile_only = 1;
    else if (in_list(a, link_only) || has_prefix(a, link_prefix))
        ss_strv_add(&p->link, a);
    else if (has_prefix(a, pre_prefix) || compile_only_flag(a))
        ss_strv_add(&p->compile, a);
    else {                       /* -O2, -g, -pthread, -fsanitize=...: both */
        ss_strv_add(&p->compile, a);
        ss_strv_add(&p->link, a);
    }
    return 0;
}

int ss_cc_plan(int argc, char **argv, ss_cc_plan_t *p)
{
    memset(p, 0, sizeof *p);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc = a[0] == '-' && a[1] ? option(argc, argv, &i, p)
                 : !strcmp(a, "-") ? ss_fail(SS_EXIT_USAGE, "reading a source "
                                             "from stdin is not supported")
                 : add_input(p, a);
        if (rc)
            return rc;
    }
    if (p->lang && !p->compile_only)
        return ss_fail(SS_EXIT_USAGE, "-x is only supported with -c (compile, "
                       "then link the objects)");
    return 0;
}

void ss_cc_plan_free(ss_cc_plan_t *p)
{
    free(p->compile.v);
    free(p->link.v);
    free(p->in);
    memset(p, 0, sizeof *p);
}
