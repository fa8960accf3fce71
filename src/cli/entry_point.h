/* --entry-point=FN, KLEE's: the run starts in FN instead of main, called as
 * KLEE calls it, with main's arguments as far as FN takes them; a value it
 * returns is the exit status. Native runs (symplex-replay, symplex-cov) start
 * there too, through a driver the run writes beside its tests. */
#ifndef SYMPLEX_ENTRY_POINT_H
#define SYMPLEX_ENTRY_POINT_H
#include "../ir/ir.h"
#include "../out/out.h"
#include "options.h"

/* The function the run starts in is defined, and with --entry-point one a
 * native build can call as the run does (exported, the program's own, main's
 * parameters or fewer, an integer or nothing returned); its parameters and
 * return go into o for the driver. NULL when it fits, else the error line
 * (caller frees). */
char *cli_entry_check(const IrModule *m, CliOptions *o);
/* entry.c in the output directory: a __wrap_main calling FN as the run did
 * (linked with -Wl,--wrap=main, the C runtime's call of main reaches it and
 * the program's own main, if any, stays unused). Its path (caller frees), or
 * NULL without --entry-point or when it cannot be written. */
char *cli_entry_write_driver(const OutDir *out, const CliOptions *o);

#endif
