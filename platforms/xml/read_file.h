/* read_file.h - reading a platform file whole, or saying in one line why it
 * cannot be a platform: missing, a directory, not a regular file (a FIFO
 * would block, and SimGrid reads the file again after us), unreadable,
 * empty, too large, binary or compressed, or with a byte-order mark
 * (SimGrid 3.32's parser refuses one). */
#ifndef SS_READ_FILE_H
#define SS_READ_FILE_H

#include <stddef.h>

/* The file's bytes, NUL-terminated (*len without the NUL), malloc'd; NULL
 * with "platform 'FILE': ..." in err. The bytes are not checked yet:
 * ss_pfile_check_bytes does that (on a file's text or one in memory). */
char *ss_pfile_read(const char *path, size_t *len, char *err, size_t errlen);

/* What SimGrid's parser cannot take in the bytes themselves (b[n] is a
 * NUL): blanks only, compressed, binary, a byte-order mark. 0, or -1 with
 * "platform 'FILE': ..." in err. */
int ss_pfile_check_bytes(const char *path, const char *b, size_t n, char *err,
                         size_t errlen);

#endif
