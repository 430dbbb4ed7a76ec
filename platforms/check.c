/* check.c - a platform is checked before SimGrid sees it, because SimGrid
 * reports most mistakes by aborting the process. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "platform.h"
#include "topo.h"

int ss_platform_ppn(const char *platform)
{
    int ppn = ss_topo_default_ppn(platform);
    return ppn > 0 ? ppn : 1;
}

int ss_platform_check(const char *platform, char *err, size_t errlen)
{
    if (ss_topo_is_spec(platform)) {
        ss_topo_t t;
        char why[400];
        if (ss_topo_parse(platform, &t, why, sizeof why) == 0)
            return 0;
        snprintf(err, errlen, "platform spec '%s': %s", platform, why);
        return -1;
    }
    FILE *f = fopen(platform, "r");
    if (!f) {
        snprintf(err, errlen, "cannot open platform '%s': %s (give a SimGrid "
                 "XML file, a fat-tree:/dragonfly: spec or a preset; `shmemsim "
                 "list` shows the presets)", platform, strerror(errno));
        return -1;
    }
    fclose(f);
    return 0;
}
