/* meminfo.c - see meminfo.h. */
#include "meminfo.h"

#include <stdio.h>
#include <string.h>

unsigned long long ss_meminfo(const char *key)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    unsigned long long kib = 0;
    size_t n = strlen(key);
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, key, n) && sscanf(line + n, ": %llu kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib * 1024;
}
