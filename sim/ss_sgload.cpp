// ss_sgload.cpp - the one C++ file: SimGrid reports a malformed platform
// by throwing a C++ exception, which C cannot catch. This turns it into an
// error message so that a bad platform is a clear error, not an abort.
#include <simgrid/engine.h>

#include <cstdio>
#include <exception>

extern "C" int ss_load_platform(const char *file, char *err, size_t errlen)
{
    try {
        simgrid_load_platform(file);
    } catch (const std::exception &e) {
        std::snprintf(err, errlen, "%s", e.what());
        return -1;
    } catch (...) {
        std::snprintf(err, errlen, "unknown error while loading the platform");
        return -1;
    }
    return 0;
}
