/* check_platform.c - a platform is checked before SimGrid sees it,
 * because SimGrid reports most mistakes by aborting the process, and
 * some not at all. A spec is parsed (topo.c); a file is read
 * (read_file.c), streamed through the format and value checks
 * (stream.c, check_elements.c) and checked as a whole
 * (check_whole_file.c). What the file says of zones and routes is kept
 * for the route check once PEs are placed (check_routes.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_routes.h"
#include "checker.h"
#include "oneline.h"
#include "platform.h"
#include "topo.h"
#include "xml/read_file.h"

static ss_pmodel_t *checked;        /* the model of the last file checked */

/* SimGrid warns about unit-less values, but shmemsim runs it with its
 * warnings off: the warning is given here, once. */
static void warn_unitless(const ss_checker_t *b)
{
    if (b->unitless)
        fprintf(stderr, "shmemsim: warning: platform '%s': %s%s; SimGrid deprecates "
                "values without a unit: write one (Bps, s, f, ...)\n", b->path,
                b->unitless_first, b->unitless > 1 ? " (and more values without unit)" : "");
}

/* The checks of the file's text (buf[len] a NUL; the walk blanks out its
 * declaration and comments), kept apart from the reading so that text
 * can be checked from memory too. */
static int check_text(const char *path, char *buf, size_t len, char *err, size_t errlen)
{
    static const ss_pxml_calls_t calls = {ss_ck_start, ss_ck_end};
    if (ss_pfile_check_bytes(path, buf, len, err, errlen))
        return -1;
    ss_checker_t *b = calloc(1, sizeof *b);
    ss_pmodel_t *m = ss_pmodel_new();
    int rc = -1;
    if (!b || !m) {
        snprintf(err, errlen, "platform '%s': out of memory", path);
    } else {
        *b = (ss_checker_t){.m = m, .path = path, .e = {path, err, errlen}, .zone = -1};
        err[0] = '\0';
        rc = ss_pxml_walk(path, buf, len, &calls, b, err, errlen) || ss_ck_finish(b) ? -1 : 0;
        if (!rc)
            warn_unitless(b);
        free(b->links);
        free(b->hostlinks);
    }
    free(b);
    if (rc)
        ss_pmodel_free(m);
    else
        checked = m;
    return rc;
}

static int check_file(const char *path, char *err, size_t errlen)
{
    size_t len;
    char *buf = ss_pfile_read(path, &len, err, errlen);
    if (!buf)
        return -1;
    int rc = check_text(path, buf, len, err, errlen);
    free(buf);
    return rc;
}

int ss_platform_ppn(const char *platform)
{
    int ppn = ss_topo_default_ppn(platform);
    return ppn > 0 ? ppn : 1;
}

int ss_platform_check(const char *platform, char *err, size_t errlen)
{
    ss_pmodel_free(checked);
    checked = NULL;
    if (ss_topo_is_spec(platform)) {
        ss_topo_t t;
        char why[400];
        if (ss_topo_parse(platform, &t, why, sizeof why) == 0)
            return 0;
        /* clipped: a long spec would push the reason out of err */
        snprintf(err, errlen, "platform spec '%.80s%s': %s", platform,
                 strlen(platform) > 80 ? "..." : "", why);
        ss_one_line(err);
        return -1;
    }
    return check_file(platform, err, errlen) ? ss_one_line(err), -1 : 0;
}

int ss_platform_check_text(const char *name, char *buf, size_t len, char *err,
                           size_t errlen)
{
    ss_pmodel_free(checked);
    checked = NULL;
    return check_text(name, buf, len, err, errlen) ? ss_one_line(err), -1 : 0;
}

int ss_platform_check_routes(const char *platform, sg_host_t *hosts, const size_t *slot,
                             size_t npes, char *err, size_t errlen)
{
    ss_perr_t e = {platform, err, errlen};
    err[0] = '\0';
    int rc = ss_routes_check(checked, hosts, slot, npes, &e);
    ss_pmodel_free(checked);   /* not needed during the simulation */
    checked = NULL;
    return rc;
}
