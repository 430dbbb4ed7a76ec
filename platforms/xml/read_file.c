#define _POSIX_C_SOURCE 200809L
/* read_file.c - a platform file's bytes, or why there are none
 * (read_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "read_file.h"

#define HOW "give a SimGrid platform XML file, a fat-tree:/dragonfly:/dragonfly-plus: " \
            "spec or a preset (`shmemsim list` shows the presets)"

static const char *file_type(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

/* Refuses what is not a regular file before opening it: opening a FIFO
 * with no writer would block for ever. */
static int check_kind(const char *path, char *err, size_t n)
{
    struct stat st;
    if (stat(path, &st)) {
        int e = errno;
        snprintf(err, n, "platform '%s': %s (%s)", path, strerror(e),
                 e == ENOENT ? HOW : e == ENOTDIR ? "a part of the path is a file, "
                 "not a directory" : "check the path and its permissions");
        return -1;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(err, n, "platform '%s': is a directory; give one platform XML "
                 "file in it, e.g. %s/platform.xml", path, path);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, n, "platform '%s': is %s, not a regular file; SimGrid reads "
                 "the platform again after shmemsim checks it, so write it to a "
                 "file first", path, file_type(st.st_mode));
        return -1;
    }
    if (st.st_size > INT_MAX) {
        snprintf(err, n, "platform '%s': is %lld bytes; platform files over 2 GiB "
                 "are not supported", path, (long long)st.st_size);
        return -1;
    }
    return 0;
}

/* Whole file, growing the buffer: st_size is not trusted (/proc files
 * report 0). */
static char *slurp(int fd, size_t *len, int *e)
{
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap + 1);
    for (ssize_t r = 1; buf && r > 0; n += (size_t)r) {
        if (n == cap) {
            char *b = cap < INT_MAX ? realloc(buf, 2 * cap + 1) : NULL;
            if (!b) {
                free(buf);
                *e = ENOMEM;
                return NULL;
            }
            buf = b;
            cap *= 2;
        }
        while ((r = read(fd, buf + n, cap - n)) < 0 && errno == EINTR)
            ;
        if (r < 0) {
            *e = errno;
            free(buf);
            return NULL;
        }
    }
    if (!buf)
        *e = ENOMEM;
    else
        buf[*len = n] = '\0';
    return buf;
}

static const char *compressed(const unsigned char *b, size_t n)
{
    if (n >= 2 && b[0] == 0x1f && b[1] == 0x8b)
        return "gzip";
    if (n >= 3 && !memcmp(b, "BZh", 3))
        return "bzip2";
    if (n >= 6 && !memcmp(b, "\xfd" "7zXZ", 5))
        return "xz";
    if (n >= 4 && !memcmp(b, "\x28\xb5\x2f\xfd", 4))
        return "zstd";
    if (n >= 4 && !memcmp(b, "PK\x03\x04", 4))
        return "zip";
    return NULL;
}

int ss_pfile_check_bytes(const char *path, const char *b, size_t n, char *err, size_t en)
{
    const char *z = compressed((const unsigned char *)b, n);
    const char *nul = memchr(b, '\0', n);
    if (strspn(b, " \t\r\n") == n)
        snprintf(err, en, "platform '%s': is empty%s; write a SimGrid platform in it "
                 "(`shmemsim platform SPEC -o FILE` writes one)", path, n ? " (blanks only)" : "");
    else if (z)
        snprintf(err, en, "platform '%s': is %s-compressed; decompress it first", path, z);
    else if (nul)
        snprintf(err, en, "platform '%s': is a binary file (a NUL byte at offset "
                 "%zu), not a platform XML file", path, (size_t)(nul - b));
    else if (n >= 3 && !memcmp(b, "\xef\xbb\xbf", 3))
        snprintf(err, en, "platform '%s': starts with a UTF-8 byte-order mark, which "
                 "SimGrid's parser refuses; save the file without it", path);
    else
        return 0;
    return -1;
}

char *ss_pfile_read(const char *path, size_t *len, char *err, size_t errlen)
{
    if (check_kind(path, err, errlen))
        return NULL;
    int fd = open(path, O_RDONLY | O_NONBLOCK), e = 0;
    char *buf = fd < 0 ? NULL : slurp(fd, len, &e);
    if (fd < 0)
        e = errno;
    else
        close(fd);
    if (!buf) {
        snprintf(err, errlen, "platform '%s': cannot be read: %s%s", path, strerror(e),
                 e == EACCES ? " (check its permissions)" : "");
        return NULL;
    }
    return buf;
}
