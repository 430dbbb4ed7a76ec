#define _XOPEN_SOURCE 700
/* loadguard.c - SimGrid's fatal exits during a platform load, as one line
 * (loadguard.h). The signal handler uses async-signal-safe calls only. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loadguard.h"

static const int sigs[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
#define NSIGS (sizeof sigs / sizeof sigs[0])

static struct {
    volatile sig_atomic_t active;
    const char *platform;
    FILE *capture;           /* SimGrid's stderr while loading */
    int saved;               /* the real stderr */
    struct sigaction old[NSIGS];
    char buf[8192];
} g = {.saved = -1};

static void put(const char *s)
{
    ssize_t w = write(g.saved >= 0 ? g.saved : 2, s, strlen(s));
    (void)w;
}

/* Points at SimGrid's own message in the capture: the text after its
 * last "CRITICAL] " tag and an "Uncaught exception X by Y: " prefix, up
 * to the end of that line; else the capture's first line. */
static char *message(char *text)
{
    char *m = text, *p;
    for (p = text; (p = strstr(p, "CRITICAL] ")); p += 10)
        m = p + 10;
    if (!strncmp(m, "Uncaught exception ", 19) && (p = strstr(m, ": ")))
        m = p + 2;
    m[strcspn(m, "\n")] = '\0';
    return m;
}

static void die(const char *how)
{
    ssize_t n = 0;
    if (g.capture && lseek(fileno(g.capture), 0, SEEK_SET) == 0)
        n = read(fileno(g.capture), g.buf, sizeof g.buf - 1);
    g.buf[n > 0 ? n : 0] = '\0';
    char *m = message(g.buf);
    put("shmemsim: error: platform '");
    put(g.platform);
    put("': SimGrid ");
    put(how);
    put(" while loading it");
    if (*m) {
        put(": ");
        put(m);
    }
    put(" (shmemsim's checks missed this: fix the platform as SimGrid says)\n");
    _exit(2);
}

static void on_fatal(int sig)
{
    die(sig == SIGABRT ? "aborted" : "crashed");
}

static void on_exit_call(void)
{
    if (g.active)
        die("exited");
}

void ss_loadguard_begin(const char *platform)
{
    static int registered;
    struct sigaction sa;
    if (!registered)
        registered = atexit(on_exit_call) == 0;
    g.platform = platform;
    fflush(stderr);
    if ((g.capture = tmpfile()) && (g.saved = dup(2)) >= 0)
        dup2(fileno(g.capture), 2);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal;
    sa.sa_flags = SA_ONSTACK;   /* the runtime's alternate stack, if any */
    for (size_t i = 0; i < NSIGS; i++)
        sigaction(sigs[i], &sa, &g.old[i]);
    g.active = 1;
}

void ss_loadguard_end(int ok)
{
    g.active = 0;
    for (size_t i = 0; i < NSIGS; i++)
        sigaction(sigs[i], &g.old[i], NULL);
    fflush(stderr);
    if (g.saved >= 0) {
        dup2(g.saved, 2);
        close(g.saved);
        g.saved = -1;
    }
    if (g.capture && ok) {
        size_t n;
        rewind(g.capture);
        while ((n = fread(g.buf, 1, sizeof g.buf, g.capture)) > 0)
            fwrite(g.buf, 1, n, stderr);
    }
    if (g.capture)
        fclose(g.capture);
    g.capture = NULL;
}

void ss_loadguard_one_line(const char *msg, char *out, unsigned long len)
{
    const char *p = msg;
    int line;
    if (!strncmp(p, "Parse error at ", 15) && (p = strchr(p + 15, ':')) &&
        sscanf(p, ":%d:", &line) == 1 && (p = strchr(p + 1, ':'))) {
        p += 1 + strspn(p + 1, " ");
        snprintf(out, len, "line %d: %.*s", line, (int)strcspn(p, "\n"), p);
        return;
    }
    snprintf(out, len, "%.*s", (int)strcspn(msg, "\n"), msg);
}
