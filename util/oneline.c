/* oneline.c - messages kept to one line (oneline.h). */
#include "oneline.h"

char *ss_one_line(char *s)
{
    for (unsigned char *c = (unsigned char *)s; *c; c++)
        if ((*c < 0x20 && *c != '\t') || *c == 0x7f)
            *c = '?';
    return s;
}
