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
    const char *why;       /* with no effect: why, for the one line said about it */
} KleeOption;

/* The KLEE option named name[0..len), or NULL. */
const KleeOption *klee_option(const char *name, size_t len);

#endif
