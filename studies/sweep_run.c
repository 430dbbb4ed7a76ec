/* sweep_run.c - running the points of a sweep as child processes.
 *
 * Each point is one `shmemsim run ... --format csv` child (this same
 * executable), its stdout and stderr read through pipes
 * by one poll() loop, up to -j children at once. Children are separate
 * processes rather than threads because SimGrid holds one simulation per
 * process, and a crash or abort in one point then costs only that point.
 *
 * Children get their own process group, so a Ctrl-C at the terminal
 * reaches only the sweep, which kills them itself and keeps the finished
 * points: every finished point was appended to the output with a single
 * write() as it finished. SIGINT/SIGTERM are turned into a byte on a pipe
 * (the self-pipe trick) so poll() wakes for them without a race.
 */
#define _POSIX_C_SOURCE 200809L
#include "fail.h"
#include "sweep.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ERR_KEEP 8192     /* the tail of a failed child's stderr shown */

typedef struct buf {
    char *p;
    size_t n, cap;
} buf_t;

typedef struct child {
    pid_t pid;
    ss_sweep_point_t *pt;
    int fd[2];            /* stdout, stderr; -1 once closed */
    buf_t out, err;
    double t0;
} child_t;

typedef struct pool {
    ss_sweep_t *s;
    const char *out;
    int outfd;
    child_t *kids;
    int jobs, running;
    size_t todo, finished, failed;
    double t0;
    int tty;
    char *begun;          /* per point: started */
} pool_t;

static int sig_pipe[2] = {-1, -1};

static void on_signal(int sig)
{
    int saved = errno;
    char c = (char)sig;
    if (write(sig_pipe[1], &c, 1) < 0) {
        /* full pipe: a signal is already pending */
    }
    errno = saved;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void cloexec(int fd, int nonblock)
{
    fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
    if (nonblock)
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

/* SIGINT and SIGTERM wake the loop; an inherited ignored SIGINT (a
 * background job of a non-interactive shell) stays ignored. */
static int catch_signals(struct sigaction old[2])
{
    static const int sigs[2] = {SIGINT, SIGTERM};
    if (pipe(sig_pipe))
        return -1;
    cloexec(sig_pipe[0], 1);
    cloexec(sig_pipe[1], 1);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 2; i++) {
        sigaction(sigs[i], NULL, &old[i]);
        if (old[i].sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    }
    return 0;
}

static void restore_signals(struct sigaction old[2])
{
    sigaction(SIGINT, &old[0], NULL);
    sigaction(SIGTERM, &old[1], NULL);
    close(sig_pipe[0]);
    close(sig_pipe[1]);
}

static char **child_argv(const ss_sweep_t *s, const ss_sweep_point_t *p, char *pes)
{
    char **v = calloc(16 + s->npass, sizeof *v);
    size_t n = 0;
    if (!v)
        return NULL;
    snprintf(pes, 24, "%d", p->pes);
    v[n++] = "shmemsim";
    v[n++] = "run";
    v[n++] = "--platform";
    v[n++] = (char *)s->plats[p->plat];
    v[n++] = "--pes";
    v[n++] = pes;
    v[n++] = "--collective";
    v[n++] = (char *)shcoll_kind_name((shcoll_kind_t)p->kind);
    v[n++] = "--algorithm";
    v[n++] = (char *)p->alg;
    v[n++] = "--bytes";
    v[n++] = (char *)s->bytes_arg;
    for (size_t i = 0; i < s->npass; i++)
        v[n++] = s->pass[i];
    v[n++] = "--format";
    v[n++] = "csv";
    return v;
}

static void exec_child(const char *exe, int out, int err, char **argv)
{
    int null = open("/dev/null", O_RDONLY);
    setpgid(0, 0);
    if (null < 0 || dup2(null, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
        _exit(127);
    execv(exe, argv);
    ss_fail(SS_EXIT_SYSTEM, "cannot run %s: %s", exe, strerror(errno));
    _exit(127);   /* as a shell's "cannot run": the parent names the point */
}

static int spawn(pool_t *pl, child_t *c, ss_sweep_point_t *p)
{
    char pes[24];
    int po[2], pe[2];
    char **argv = child_argv(pl->s, p, pes);
    if (!argv || pipe(po))
        return free(argv), -1;
    if (pipe(pe))
        return close(po[0]), close(po[1]), free(argv), -1;
    cloexec(po[0], 1);
    cloexec(pe[0], 1);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        exec_child(pl->s->exe, po[1], pe[1], argv);
    close(po[1]);
    close(pe[1]);
    free(argv);
    if (pid < 0)
        return close(po[0]), close(pe[0]), -1;
    *c = (child_t){pid, p, {po[0], pe[0]}, {0}, {0}, now()};
    pl->running++;
    return 0;
}

/* Reads what is there; keeps only the last ERR_KEEP bytes of stderr. */
static int drain(child_t *c, int which)
{
    buf_t *b = which ? &c->err : &c->out;
    char tmp[65536];
    ssize_t n = read(c->fd[which], tmp, sizeof tmp);
    if (n < 0)
        return errno == EAGAIN || errno == EINTR ? 0 : -1;
    if (n == 0) {
        close(c->fd[which]);
        c->fd[which] = -1;
        return 0;
    }
    if (b->n + (size_t)n > b->cap) {
        size_t cap = b->cap ? b->cap : 65536;
        while (cap < b->n + (size_t)n)
            cap *= 2;
        char *q = realloc(b->p, cap);
        if (!q)
            return -1;
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->n, tmp, (size_t)n);
    b->n += (size_t)n;
    if (which && b->n > 2 * ERR_KEEP) {
        memmove(b->p, b->p + b->n - ERR_KEEP, ERR_KEEP);
        b->n = ERR_KEEP;
    }
    return 0;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static void report_failure(pool_t *pl, child_t *c, int status, const char *why)
{
    char name[160];
    ss_sweep_point_name(pl->s, c->pt, name, sizeof name);
    if (WIFSIGNALED(status))
        fprintf(stderr, "shmemsim: point %s FAILED: killed by signal %d\n", name,
                WTERMSIG(status));
    else if (why)
        fprintf(stderr, "shmemsim: point %s FAILED: %s\n", name, why);
    else
        fprintf(stderr, "shmemsim: point %s FAILED: exit status %d\n", name,
                WEXITSTATUS(status));
    const char *e = c->err.p;
    size_t n = c->err.n;
    if (n > ERR_KEEP)
        e += n - ERR_KEEP, n = ERR_KEEP;
    for (size_t i = 0; i < n;) {
        size_t l = 0;
        while (i + l < n && e[i + l] != '\n')
            l++;
        fprintf(stderr, "    %.*s\n", (int)l, e + i);
        i += l + 1;
    }
    pl->failed++;
}

static void progress(pool_t *pl, child_t *c)
{
    char name[160];
    double t = now(), el = t - pl->t0;
    size_t left = pl->todo - pl->finished;
    ss_sweep_point_name(pl->s, c->pt, name, sizeof name);
    fprintf(stderr, "[%zu/%zu] %s: %.1f s, eta %.0f s\n", pl->finished, pl->todo,
            name, t - c->t0, el / (double)pl->finished * (double)left);
}

/* A child whose pipes are both closed: reap it and keep its rows. */
static int finish(pool_t *pl, child_t *c)
{
    int status = 0;
    char why[400];
    const char *bad = NULL;
    while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
        ;
    pl->running--;
    pl->finished++;
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (ok && ss_sweep_take_output(pl->s, c->pt, c->out.p ? c->out.p : "", c->out.n,
                             why, sizeof why))
        bad = why, ok = 0;
    ss_sweep_hooks_t *h = pl->s->hooks;
    if (h && h->finished)
        h->finished(h->ctx, c->pt, ok, now() - c->t0);
    if (!ok && h && h->expired && WIFSIGNALED(status)) {
        pl->failed++;                 /* stopped at the deadline: said by the hook */
    } else if (!ok) {
        report_failure(pl, c, status, bad);
    } else {
        size_t n;
        char *t = ss_sweep_point_text(pl->s, c->pt, &n);
        if (!t || write_all(pl->outfd, t, n)) {
            ss_fail(SS_EXIT_SYSTEM, "cannot append to '%s': %s", pl->out,
                    strerror(errno));
            free(t);
            return -1;
        }
        free(t);
        if (pl->tty && !pl->s->quiet)
            progress(pl, c);
    }
    free(c->out.p);
    free(c->err.p);
    c->pid = 0;
    return 0;
}

static void kill_all(pool_t *pl)
{
    for (int i = 0; i < pl->jobs; i++) {
        child_t *c = &pl->kids[i];
        if (!c->pid)
            continue;
        kill(c->pid, SIGKILL);
        while (waitpid(c->pid, NULL, 0) < 0 && errno == EINTR)
            ;
        for (int w = 0; w < 2; w++)
            if (c->fd[w] >= 0)
                close(c->fd[w]);
        free(c->out.p);
        free(c->err.p);
        c->pid = 0;
    }
}

/* One poll round: 1 on a signal, -1 on a system error, else 0. */
static int step(pool_t *pl, struct pollfd *fds, int *owner)
{
    int n = 0;
    fds[n++] = (struct pollfd){sig_pipe[0], POLLIN, 0};
    for (int i = 0; i < pl->jobs; i++)
        for (int w = 0; pl->kids[i].pid && w < 2; w++)
            if (pl->kids[i].fd[w] >= 0) {
                owner[n] = i * 2 + w;
                fds[n++] = (struct pollfd){pl->kids[i].fd[w], POLLIN, 0};
            }
    ss_sweep_hooks_t *h = pl->s->hooks;
    int wait = -1;
    if (h && h->deadline > 0 && !h->expired)
        wait = (int)fmax(0, fmin(3.6e6, 1000 * (h->deadline - now()) + 1));
    int got = poll(fds, (nfds_t)n, wait);
    if (got < 0)
        return errno == EINTR ? 0 : -1;
    if (got == 0 && h && h->deadline > 0 && now() >= h->deadline) {
        h->expired = 1;               /* the budget is spent: stop what runs */
        for (int i = 0; i < pl->jobs; i++)
            if (pl->kids[i].pid)
                kill(pl->kids[i].pid, SIGKILL);
        return 0;
    }
    if (fds[0].revents)
        return 1;
    for (int j = 1; j < n; j++)
        if (fds[j].revents && drain(&pl->kids[owner[j] / 2], owner[j] % 2))
            return -1;
    for (int i = 0; i < pl->jobs; i++) {
        child_t *c = &pl->kids[i];
        if (c->pid && c->fd[0] < 0 && c->fd[1] < 0 && finish(pl, c))
            return -1;
    }
    return 0;
}

/* The next point to start, or NULL: none left (*next at the end) or, with
 * hooks, none admitted now. Points are offered in order (s->order, or
 * their own) from *next, the first not yet started; a skipped point is
 * deselected, one told to wait is offered again after the next point
 * finishes. */
static ss_sweep_point_t *next_point(pool_t *pl, size_t *next)
{
    ss_sweep_t *s = pl->s;
    for (size_t at = *next; at < s->npt; at++) {
        size_t i = s->order ? s->order[at] : at;
        ss_sweep_point_t *p = &s->pt[i];
        if (pl->begun[i] || !p->selected || ss_sweep_done(s, p)) {
            if (at == *next)
                ++*next;
            continue;
        }
        int say = s->hooks && s->hooks->admit
                  ? s->hooks->admit(s->hooks->ctx, p, pl->running) : SS_SWEEP_START;
        if (say == SS_SWEEP_WAIT && pl->running)
            continue;
        if (say == SS_SWEEP_SKIP) {
            p->selected = 0;
            pl->todo--;
            continue;
        }
        pl->begun[i] = 1;
        return p;
    }
    return NULL;
}

static int loop(pool_t *pl)
{
    struct pollfd *fds = calloc((size_t)pl->jobs * 2 + 1, sizeof *fds);
    int *owner = calloc((size_t)pl->jobs * 2 + 1, sizeof *owner), rc = 0;
    size_t next = 0;
    if (!fds || !owner)
        rc = -1;
    while (rc == 0 && (pl->running || next < pl->s->npt)) {
        for (int i = 0; rc == 0 && i < pl->jobs; i++) {
            ss_sweep_point_t *p;
            if (pl->kids[i].pid || !(p = next_point(pl, &next)))
                continue;
            if (spawn(pl, &pl->kids[i], p)) {
                ss_fail(SS_EXIT_SYSTEM, "cannot start a child: %s",
                        strerror(errno));
                rc = -1;
            }
        }
        if (rc == 0 && pl->running)
            rc = step(pl, fds, owner);
    }
    free(fds);
    free(owner);
    return rc;
}

int ss_sweep_run(ss_sweep_t *s, const char *out, int jobs)
{
    pool_t pl = {s, out, -1, NULL, jobs, 0, 0, 0, 0, now(), isatty(2), NULL};
    struct sigaction old[2];
    for (size_t i = 0; i < s->npt; i++)
        pl.todo += s->pt[i].selected && !ss_sweep_done(s, &s->pt[i]);
    if (!pl.todo)
        return 0;
    pl.kids = calloc((size_t)jobs, sizeof *pl.kids);
    pl.begun = calloc(s->npt, 1);
    pl.outfd = open(out, O_WRONLY | O_APPEND);
    if (!pl.kids || !pl.begun || pl.outfd < 0 || catch_signals(old)) {
        free(pl.kids);
        free(pl.begun);
        if (pl.outfd >= 0)
            close(pl.outfd);
        return ss_fail(SS_EXIT_SYSTEM, "cannot append to '%s': %s", out,
                       strerror(errno));
    }
    cloexec(pl.outfd, 0);
    int rc = loop(&pl);
    if (rc)
        kill_all(&pl);
    restore_signals(old);
    close(pl.outfd);
    free(pl.kids);
    free(pl.begun);
    if (rc > 0) {
        fprintf(stderr, "shmemsim: sweep interrupted: %zu of %zu points finished "
                "and kept in '%s'; run the same command again to resume\n",
                pl.finished - pl.failed, pl.todo, out);
        return SS_EXIT_INTERRUPTED;
    }
    return rc < 0 ? SS_EXIT_SYSTEM : pl.failed ? SS_EXIT_FAILED : SS_EXIT_OK;
}
