/* The options taken together: combinations that mean nothing are refused
 * (one line, not silently ignored), and settings that follow from others
 * are made (--target's search and solver layer, --optimize's shift check). */
#ifndef SYMPLEX_OPTIONS_CHECK_H
#define SYMPLEX_OPTIONS_CHECK_H
#include "options.h"

/* false + *err (one line, caller frees) for a combination that means nothing. */
bool cli_options_resolve(CliOptions *o, char **err);

#endif
