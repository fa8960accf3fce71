/* The default's choice of layers by what the program contains (issue 31).
 * The loaded module is read once before exploration; a layer that pays for
 * such a program is switched on unless its option was given, and --plain
 * switches the choice off. What was chosen, and the features that chose it,
 * go to the first lines of the run and to summary.json's "configuration". */
#ifndef SYMPLEX_AUTO_CONFIG_H
#define SYMPLEX_AUTO_CONFIG_H
#include "../ir/ir.h"
#include "options.h"

/* What the user's own code contains (not the runtime's, not musl's). */
typedef struct ProgramFeatures {
    uint32_t instructions;
    uint32_t float_ops;         /* floating-point arithmetic, comparisons and conversions */
    uint32_t math_calls;        /* math functions: sqrt, floor, ..., and libm's (sin, exp, ...) */
    uint32_t nonlinear_ops;     /* multiplications, divisions and remainders of two variables */
    uint32_t indexed_stores;    /* stores through an address with a variable index */
} ProgramFeatures;

/* One layer the default considered: switched on or left off, and why. */
typedef struct AutoChoice {
    const char *option;         /* as it would be given: "--fp-search=first" */
    bool on;
    char *reason;               /* owned */
} AutoChoice;

typedef struct AutoConfig {
    ProgramFeatures features;
    AutoChoice choices[6];
    size_t nchoices;
    bool plain;
} AutoConfig;

void auto_config_scan(const IrModule *m, ProgramFeatures *f);
/* Scans m and applies the default's choices to o (none under --plain). */
void auto_config_apply(AutoConfig *ac, const IrModule *m, CliOptions *o);
/* The "symplex: default for this program: ..." line (nothing when no layer
 * was switched on). */
void auto_config_announce(const AutoConfig *ac, FILE *f);
/* summary.json's "configuration" object (caller frees). */
char *auto_config_json(const AutoConfig *ac);
void auto_config_free(AutoConfig *ac);

#endif
