/* fuzz_topo.c - topology specs (platforms/topo.c) as the command line
 * gives them and as a .spec file holds them, through ss_platform_check,
 * then what is asked of a spec before loading (hosts, span, the XML of
 * `shmemsim platform`). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_input.h"
#include "platform.h"
#include "topo.h"

/* tmpfs: on a disk, rewriting the file each input costs a flush. */
static char dir[] = "/dev/shm/shmemsim-fuzz-XXXXXX", spec_path[64];

static void remove_spec_file(void)
{
    unlink(spec_path);
    rmdir(dir);
}

/* One file for the whole run: creating one per input would cost more
 * than the parse. */
static const char *spec_file(const char *text, size_t n)
{
    static int made;
    if (!made) {
        if (!mkdtemp(dir))
            abort();
        snprintf(spec_path, sizeof spec_path, "%s/fuzz.spec", dir);
        atexit(remove_spec_file);
        made = 1;
    }
    FILE *f = fopen(spec_path, "w");
    if (!f || fwrite(text, 1, n, f) != n || fclose(f))
        abort();
    return spec_path;
}

/* What the planning commands ask of an accepted spec must not fail. */
static void use(const char *spec)
{
    ss_topo_t t;
    char err[512];
    ss_span_t span;
    if (ss_topo_parse(spec, &t, err, sizeof err))
        abort();                       /* accepted once, refused now */
    size_t hosts = ss_topo_hosts(&t);
    if (hosts == 0 || ss_platform_hosts(spec) != hosts || ss_topo_default_ppn(spec) < 1)
        abort();
    for (size_t nodes = 1; nodes <= hosts; nodes = nodes * 7 + 1)
        ss_platform_span(spec, nodes, &span);
    FILE *out = fopen("/dev/null", "w");
    if (!out)
        abort();
    ss_topo_write_xml(out, &t);
    fclose(out);
}

static void check(const char *spec, const char *name)
{
    char err[1024];
    int rc = ss_platform_check(spec, err, sizeof err);
    fuzz_verdict(rc, err, name);
    if (rc == 0)
        use(spec);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    char *text = fuzz_text(data, n);
    /* Names that do not look like specs are files: the XML target's. */
    if (!strncmp(text, "fat-tree:", 9) || !strncmp(text, "dragonfly:", 10) ||
        !strncmp(text, "dragonfly-plus:", 15))
        check(text, "platform spec");
    check(spec_file(text, n), spec_path);
    free(text);
    return 0;
}
