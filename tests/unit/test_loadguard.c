#define _POSIX_C_SOURCE 200809L
/* test_loadguard.c - cmocka tests for platforms/builders/loadguard.c: a
 * SimGrid abort, crash or exit while a platform loads ends as one error
 * line and exit status 2; SimGrid's output of a load that succeeds is
 * kept. Each case runs in a forked child whose stderr comes back through
 * a file. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "builders/loadguard.h"
#include "simtest.h"

typedef struct child { int status; char *err; } child_t;

/* Runs fn in a child with the guard on, as ss_platform_load does. */
static child_t run(void (*fn)(void))
{
    FILE *err = tmpfile();
    assert_non_null(err);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fileno(err), 2);
        ss_loadguard_begin("some.xml");
        fn();
        ss_loadguard_end(1);
        fprintf(stderr, "after\n");
        _exit(0);
    }
    child_t c;
    assert_true(waitpid(pid, &c.status, 0) == pid);
    c.err = simtest_slurp(err);
    assert_non_null(c.err);
    return c;
}

static void one_line(const child_t *c, const char *want)
{
    if (!WIFEXITED(c->status) || WEXITSTATUS(c->status) != 2)
        fail_msg("status %d, want exit 2; stderr: %s", c->status, c->err);
    if (strncmp(c->err, "shmemsim: error: platform 'some.xml': SimGrid ", 46) ||
        !strstr(c->err, want) || strchr(c->err, '\n') != c->err + strlen(c->err) - 1)
        fail_msg("stderr \"%s\" is not one line with \"%s\"", c->err, want);
}

static void critical_then_abort(void)
{
    fprintf(stderr, "[0.000000] ./src/x.cpp:23: [root/CRITICAL] Link 'l' declared several "
            "times in the platform.\nBacktrace (displayed in actor maestro):\n  -> 0# x\n");
    abort();
}

static void uncaught(void)
{
    fprintf(stderr, "[0.000000] ./src/xbt/exception.cpp:40: [xbt_exception/CRITICAL] "
            "Uncaught exception simgrid::AssertionError by maestro/0: Empty route.\n");
    abort();
}

static void crash(void)
{
    raise(SIGSEGV);
}

static void flex_exit(void)
{
    fprintf(stderr, "input in flex scanner failed\n");
    exit(2);
}

static void chatty_success(void)
{
    fprintf(stderr, "[0.000000] [xbt_cfg/INFO] Configuration change\n");
}

static void test_abort(void **state)
{
    (void)state;
    child_t c = run(critical_then_abort);
    one_line(&c, "SimGrid aborted while loading it: Link 'l' declared several times");
    free(c.err);
    c = run(uncaught);
    one_line(&c, "SimGrid aborted while loading it: Empty route.");
    free(c.err);
}

static void test_crash_and_exit(void **state)
{
    (void)state;
    child_t c = run(crash);
    one_line(&c, "SimGrid crashed while loading it");
    free(c.err);
    c = run(flex_exit);
    one_line(&c, "SimGrid exited while loading it: input in flex scanner failed");
    free(c.err);
}

static void test_success_keeps_output(void **state)
{
    (void)state;
    child_t c = run(chatty_success);
    assert_true(WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0);
    assert_string_equal(c.err, "[0.000000] [xbt_cfg/INFO] Configuration change\nafter\n");
    free(c.err);
}

static void test_one_line(void **state)
{
    (void)state;
    char out[200];
    ss_loadguard_one_line("Parse error at dir/p.xml:4: Invalid XML (state 2): bad.\n"
                          "If you are using an XML v3 file...", out, sizeof out);
    assert_string_equal(out, "line 4: Invalid XML (state 2): bad.");
    ss_loadguard_one_line("Bad config key: no/such\nExisting keys: a b", out, sizeof out);
    assert_string_equal(out, "Bad config key: no/such");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_abort),
        cmocka_unit_test(test_crash_and_exit),
        cmocka_unit_test(test_success_keeps_output),
        cmocka_unit_test(test_one_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
