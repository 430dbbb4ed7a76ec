/* elf_probe.h - what shmemsim-run and shmemsim-cc need to know about an
 * ELF file without running it: whether it has a section (a program
 * built with shmemsim-cc has "shmemsim_program"), its sections, and
 * whether it defines a symbol (the program's main). Internal to programs/. */
#ifndef SS_ELF_PROBE_H
#define SS_ELF_PROBE_H

#include <stddef.h>

/* 1 if the 64-bit ELF file at path has a section of that name, 0 if not,
 * -1 if it is not one (err says why). */
int ss_elf_has_section(const char *path, const char *name, char *err,
                       size_t errlen);

/* 1 if its symbol table defines a global or weak symbol of that name, 0
 * if not, -1 if it is not a 64-bit ELF file (err says why). */
int ss_elf_defines(const char *path, const char *name, char *err,
                   size_t errlen);

/* Calls fn(arg, name, type, flags) for each section (SHT_*, SHF_*);
 * 0, or -1 if it is not a 64-bit ELF file (err says why). */
int ss_elf_sections(const char *path,
                    void (*fn)(void *arg, const char *name, unsigned type,
                               unsigned long flags),
                    void *arg, char *err, size_t errlen);

#endif
