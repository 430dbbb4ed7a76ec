/* fuzz_input.h - what every fuzz target does with libFuzzer's bytes
 * before handing them to a reader, and the one check every refusal must
 * pass. */
#ifndef SS_FUZZ_INPUT_H
#define SS_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The bytes as a NUL-terminated copy (malloc'd; readers take text, and a
 * copy of exactly n + 1 bytes lets AddressSanitizer catch a read past
 * it). Aborts when out of memory: that is the fuzzer's limit, not a
 * finding in a reader. */
char *fuzz_text(const uint8_t *data, size_t n);

/* text (n bytes) as a read-only stream, for readers that take a FILE. */
FILE *fuzz_stream(char *text, size_t n);

/* A reader's verdict: rc 0 is acceptance; otherwise err must be one
 * non-empty line naming what (name) was read. Aborts, which libFuzzer
 * reports as a finding, when it is not. */
void fuzz_verdict(int rc, const char *err, const char *name);

#endif
