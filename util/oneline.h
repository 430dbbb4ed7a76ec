/* oneline.h - error messages quote what they were given (a spec, a
 * field, an attribute), and what they were given can hold line breaks or
 * other control bytes; a message must stay the one line it promises. */
#ifndef SS_ONELINE_H
#define SS_ONELINE_H

/* Replaces every control byte of s (below 0x20 but tab, and 0x7f) by
 * '?', in place; returns s. */
char *ss_one_line(char *s);

#endif
