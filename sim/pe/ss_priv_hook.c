#define _GNU_SOURCE   /* RTLD_NEXT */
/* ss_priv_hook.c - how the runtime learns that SimGrid resumed a PE, so
 * that the PE's copy of the program's globals is put in place first
 * (ss_priv.c).
 *
 * SimGrid 3.32 has no public hook on context switches (SMPI's own,
 * smpi_switch_data_segment, is internal). Every actor gives up the CPU
 * in SwappedContext::suspend(), a virtual function that the raw, boost
 * and ucontext factories share and that returns when the actor is
 * resumed; libsimgrid reaches it through its vtable, whose entry is a
 * dynamic relocation against the exported symbol. So the executable may
 * define the same symbol: the entry then points here, and this calls
 * SimGrid's own (found with RTLD_NEXT) and, once it returns (the actor
 * runs again), ss_priv_resume(). That covers every SimGrid call a PE
 * makes, blocking or not, wherever the runtime makes it.
 *
 * This object is linked only into programs that call ss_priv_enable
 * (shmemsim-cc's); `shmemsim` and the tests do not carry the hook.
 * ss_priv_enter() stops the run with a clear error if the hook is not
 * called (another SimGrid, the thread factory). */
#include <dlfcn.h>
#include <stdio.h>

#include "ss_internal.h"
#include "ss_priv.h"

#define SS_SUSPEND "_ZN7simgrid6kernel7context14SwappedContext7suspendEv"

static void (*sg_suspend)(void *ctx);

static void find_suspend(void)
{
    if (!sg_suspend)
        *(void **)&sg_suspend = dlsym(RTLD_NEXT, SS_SUSPEND);
}

void ss_priv_suspend(void *ctx) __asm__(SS_SUSPEND);
void ss_priv_suspend(void *ctx)
{
    find_suspend();
    sg_suspend(ctx);
    ss_priv_resume();
}

int ss_priv_enable(const ss_priv_region_t *r, int n, int npes,
                   const ss_priv_hooks_t *hooks, char *err, size_t errlen)
{
    find_suspend();
    if (!sg_suspend || sg_suspend == ss_priv_suspend) {
        snprintf(err, errlen, "this SimGrid has no %s to hook (private globals "
                 "need SimGrid 3.32)", SS_SUSPEND);
        return -1;
    }
    return ss_priv_setup(r, n, npes, hooks, err, errlen);
}
