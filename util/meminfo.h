/* meminfo.h - what the kernel says of the machine's memory, for the
 * runtime's budget of symmetric copies and the default number of
 * simulations run at once. */
#ifndef SS_MEMINFO_H
#define SS_MEMINFO_H

/* Bytes of /proc/meminfo's field key (e.g. "MemAvailable"), or 0 when it
 * cannot be read. */
unsigned long long ss_meminfo(const char *key);

#endif
