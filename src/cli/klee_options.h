/* KLEE's option names that are not symplex's own (klee_options.c). */
#ifndef SYMPLEX_KLEE_OPTIONS_H
#define SYMPLEX_KLEE_OPTIONS_H
#include <stdbool.h>
#include <stddef.h>

typedef struct KleeOption {
    const char *name;
    const char *symplex;   /* the symplex option it stands for, or NULL: no effect here */
    const char *value;     /* a fixed value for that option, or NULL: the one given */
    bool takes_value;      /* with no effect: KLEE's option takes a value (`--opt v` consumes v) */
    const char *why;       /* with no effect, or refused: why, for the one line said about it */
    bool refused;          /* symplex cannot do what it asks: one error line, exit status 1 ... */
    const char *inert;     /* ... unless given this value (KLEE's default; NULL: false or 0) */
    const char *value_false; /* a flag given false (=false, =0) stands for the symplex option with this value */
} KleeOption;

/* The KLEE option named name[0..len), or NULL. */
const KleeOption *klee_option(const char *name, size_t len);

#endif
