/* loadguard.h - SimGrid's fatal exits while it loads a platform, turned
 * into the one error line of a platform check.
 *
 * SimGrid reports many platform mistakes by logging a CRITICAL line and a
 * backtrace and then aborting (or crashing, or calling exit). Between
 * begin and end, its stderr goes to a temporary file, and an abort, a
 * crash or an exit prints instead "shmemsim: error: platform 'FILE':
 * SimGrid ...: <its message>" and exits with status 2. */
#ifndef SS_LOADGUARD_H
#define SS_LOADGUARD_H

#ifdef __cplusplus
extern "C" {
#endif

void ss_loadguard_begin(const char *platform);

/* ok: SimGrid's output while loading goes to stderr as it was; not ok
 * (the caller reports the error): it is dropped. */
void ss_loadguard_end(int ok);

/* SimGrid's message (an exception's what()) as one line: its first line,
 * "Parse error at FILE:N: " shortened to "line N: ". */
void ss_loadguard_one_line(const char *msg, char *out, unsigned long len);

#ifdef __cplusplus
}
#endif

#endif
