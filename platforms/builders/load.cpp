// load.cpp - loading a platform into SimGrid.
// - A platform XML file through SimGrid's loader, after
//   xml/check_platform.c has refused what SimGrid would refuse or
//   misread. SimGrid reports what is left by throwing a C++ exception,
//   which C cannot catch (here it becomes the one error line), or by
//   aborting (loadguard.c).
// - A topology spec (topo.h) through SimGrid's C++ zone API, which
//   skips XML parsing for large machines: fattree.cpp, dragonfly.cpp,
//   dragonfly_simgrid.cpp, dragonfly_plus.cpp.
#include <simgrid/engine.h>

#include <cstdio>
#include <exception>

extern "C" {
#include "platform.h"
#include "topo.h"
}
#include "builders.hpp"
#include "dragonfly.hpp"
#include "dragonfly_plus.hpp"
#include "loadguard.h"

static int build(const ss_topo_t *t, char *err, size_t errlen)
{
    if (t->kind == SS_TOPO_FATTREE) {
        ss_fattree_build(t);
        return 0;
    }
    if (t->kind == SS_TOPO_DRAGONFLY_PLUS) {
        ss_dfp_build(t);
        return 0;
    }
    ss_cabling_t c;
    if (ss_cabling_of(t, &c, err, errlen))
        return -1;
    if (t->simgrid_zone)
        ss_dfly_simgrid_build(t, &c);
    else
        ss_dfly_build(t, &c);
    return 0;
}

static int load(const char *platform, char *err, size_t errlen)
{
    char why[400];
    try {
        ss_topo_t t;
        if (!ss_topo_is_spec(platform)) {
            simgrid_load_platform(platform);
        } else if (ss_topo_parse(platform, &t, why, sizeof why) == 0) {
            if (build(&t, why, sizeof why)) {
                std::snprintf(err, errlen, "platform spec '%s': %s", platform, why);
                return -1;
            }
        } else {
            std::snprintf(err, errlen, "platform spec '%s': %s", platform, why);
            return -1;
        }
    } catch (const std::exception &e) {
        ss_loadguard_one_line(e.what(), why, sizeof why);
        std::snprintf(err, errlen, "platform '%s': SimGrid refused it: %s (fix the "
                      "platform as SimGrid says)", platform, why);
        return -1;
    } catch (...) {
        std::snprintf(err, errlen, "platform '%s': SimGrid refused it with an unknown "
                      "error while loading it", platform);
        return -1;
    }
    return 0;
}

extern "C" int ss_platform_load(const char *platform, char *err, size_t errlen)
{
    ss_loadguard_begin(platform);
    int rc = load(platform, err, errlen);
    ss_loadguard_end(rc == 0);
    return rc;
}
