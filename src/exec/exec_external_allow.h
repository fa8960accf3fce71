/* The external-call allow-list (exec_external_allow.c): which functions without
 * a body or a model --external-calls=safe lets run natively. */
#ifndef SYMPLEX_EXEC_EXTERNAL_ALLOW_H
#define SYMPLEX_EXEC_EXTERNAL_ALLOW_H
#include <stdbool.h>
#include <stddef.h>

bool ext_allowed(const char *name);
/* The table itself, in order (for its test). */
size_t ext_allowed_count(void);
const char *ext_allowed_name(size_t i);
#endif
