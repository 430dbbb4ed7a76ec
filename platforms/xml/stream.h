/* stream.h - a platform file's XML, streamed element by element (libxml2's
 * SAX parser: memory stays small on files of millions of routes), with
 * the checks of its prolog that SimGrid 3.32's own parser makes: the
 * DOCTYPE line it requires, and <platform version="4.0".."4.1">. */
#ifndef SS_STREAM_H
#define SS_STREAM_H

#include <stddef.h>

#define SS_PXML_MAX_ATTRS 24

typedef struct ss_pxml_elem {
    const char *name;
    int line;
    int nattr;
    const char *attr[SS_PXML_MAX_ATTRS][2];   /* name, value */
} ss_pxml_elem_t;

typedef struct ss_pxml_calls {
    /* Each returns 0 to go on, -1 to stop (having set the error). */
    int (*start)(void *user, const ss_pxml_elem_t *e);
    int (*end)(void *user, const char *name, int line);
} ss_pxml_calls_t;

/* Walks buf (a whole file, len bytes, NUL-terminated; its XML declaration
 * and comments get blanked out) calling calls for every element; -1 with
 * "platform 'FILE': ..." in err on malformed XML or a prolog SimGrid
 * would refuse, or when a call returned -1 (err is then its). */
int ss_pxml_walk(const char *path, char *buf, size_t len,
                 const ss_pxml_calls_t *calls, void *user, char *err, size_t errlen);

/* The value of attribute name of e, or NULL. */
const char *ss_pxml_attr(const ss_pxml_elem_t *e, const char *name);

#endif
