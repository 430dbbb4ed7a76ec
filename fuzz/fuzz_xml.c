/* fuzz_xml.c - platform XML files through every check shmemsim makes
 * before SimGrid sees them (platforms/checks/check_platform.c: the bytes,
 * the XML and its prolog, the format and the values, the file as a
 * whole). */
#include <stdlib.h>

#include "fuzz_input.h"
#include "platform.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    char *text = fuzz_text(data, n);
    char err[1024];
    fuzz_verdict(ss_platform_check_text("fuzz.xml", text, n, err, sizeof err), err,
                 "fuzz.xml");
    free(text);
    return 0;
}
