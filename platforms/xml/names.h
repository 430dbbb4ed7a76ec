/* names.h - interned strings: each distinct name of a platform file gets a
 * small integer id once, so that the checks compare and index by id.
 * A platform file can name 100,000 hosts: lookups are hashed, and the
 * strings live in a few large blocks instead of one allocation each. */
#ifndef SS_NAMES_H
#define SS_NAMES_H

#include <stddef.h>

typedef struct ss_names ss_names_t;

ss_names_t *ss_names_new(void);
void ss_names_free(ss_names_t *n);

/* The id of s[0..len) (added if new); -1 when out of memory. */
int ss_names_intern(ss_names_t *n, const char *s, size_t len);

/* The id of s, or -1 if it was never interned. */
int ss_names_find(const ss_names_t *n, const char *s);

const char *ss_names_str(const ss_names_t *n, int id);
int ss_names_count(const ss_names_t *n);

#endif
