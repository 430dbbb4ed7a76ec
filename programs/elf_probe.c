/* elf_probe.c - reading section and symbol names of a 64-bit ELF file
 * (elf_probe.h): the file is mapped read-only and every offset checked
 * against its size before use. */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf_probe.h"

typedef struct elf {
    const unsigned char *b;
    size_t n;
    const Elf64_Shdr *sh;
    size_t nsh;
} elf_t;

static int in(const elf_t *e, size_t off, size_t len)
{
    return off <= e->n && len <= e->n - off;
}

static int open_elf(const char *path, elf_t *e, char *err, size_t errlen)
{
    struct stat st;
    int fd = open(path, O_RDONLY);
    memset(e, 0, sizeof *e);
    if (fd < 0 || fstat(fd, &st)) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    e->n = (size_t)st.st_size;
    void *m = e->n >= sizeof(Elf64_Ehdr) ? mmap(NULL, e->n, PROT_READ, MAP_PRIVATE, fd, 0)
                                          : MAP_FAILED;
    close(fd);
    const Elf64_Ehdr *h = m;
    if (m == MAP_FAILED || memcmp(h->e_ident, ELFMAG, SELFMAG) ||
        h->e_ident[EI_CLASS] != ELFCLASS64 || h->e_shentsize != sizeof(Elf64_Shdr) ||
        !in(&(elf_t){m, e->n, 0, 0}, h->e_shoff, (size_t)h->e_shnum * sizeof(Elf64_Shdr))) {
        if (m != MAP_FAILED)
            munmap(m, e->n);
        snprintf(err, errlen, "%s is not a 64-bit ELF program", path);
        return -1;
    }
    e->b = m;
    e->sh = (const Elf64_Shdr *)(e->b + h->e_shoff);
    e->nsh = h->e_shnum;
    return 0;
}

static void close_elf(elf_t *e)
{
    munmap((void *)e->b, e->n);
}

/* The NUL-terminated string at off of string table section s, or "". */
static const char *str(const elf_t *e, size_t s, size_t off)
{
    if (s >= e->nsh || !in(e, e->sh[s].sh_offset, e->sh[s].sh_size) ||
        off >= e->sh[s].sh_size)
        return "";
    const char *p = (const char *)e->b + e->sh[s].sh_offset + off;
    return memchr(p, 0, e->sh[s].sh_size - off) ? p : "";
}

int ss_elf_sections(const char *path,
                    void (*fn)(void *arg, const char *name, unsigned type,
                               unsigned long flags),
                    void *arg, char *err, size_t errlen)
{
    elf_t e;
    if (open_elf(path, &e, err, errlen))
        return -1;
    size_t names = ((const Elf64_Ehdr *)e.b)->e_shstrndx;
    for (size_t i = 0; i < e.nsh; i++)
        fn(arg, str(&e, names, e.sh[i].sh_name), e.sh[i].sh_type,
           (unsigned long)e.sh[i].sh_flags);
    close_elf(&e);
    return 0;
}

typedef struct wanted {
    const char *name;
    int found;
} wanted_t;

static void match(void *arg, const char *name, unsigned type, unsigned long flags)
{
    wanted_t *w = arg;
    (void)type;
    (void)flags;
    w->found |= !strcmp(name, w->name);
}

int ss_elf_has_section(const char *path, const char *name, char *err,
                       size_t errlen)
{
    wanted_t w = {name, 0};
    return ss_elf_sections(path, match, &w, err, errlen) ? -1 : w.found;
}

static int defined_in(const elf_t *e, const Elf64_Shdr *s, const char *name)
{
    if (s->sh_entsize != sizeof(Elf64_Sym) || !in(e, s->sh_offset, s->sh_size))
        return 0;
    const Elf64_Sym *sym = (const Elf64_Sym *)(e->b + s->sh_offset);
    for (size_t k = 0; k < s->sh_size / sizeof *sym; k++) {
        int bind = ELF64_ST_BIND(sym[k].st_info);
        if (sym[k].st_shndx != SHN_UNDEF && (bind == STB_GLOBAL || bind == STB_WEAK) &&
            !strcmp(str(e, s->sh_link, sym[k].st_name), name))
            return 1;
    }
    return 0;
}

int ss_elf_defines(const char *path, const char *name, char *err, size_t errlen)
{
    elf_t e;
    if (open_elf(path, &e, err, errlen))
        return -1;
    int found = 0;
    for (size_t i = 0; i < e.nsh && !found; i++)
        if (e.sh[i].sh_type == SHT_SYMTAB)
            found = defined_in(&e, &e.sh[i], name);
    close_elf(&e);
    return found;
}
