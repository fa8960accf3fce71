/* interrupt: SIGINT and SIGTERM as a request to stop, as in KLEE.
 *
 * The first signal only records the request; whoever runs the work polls
 * interrupt_requested() and winds down in an orderly way (results written).
 * A second signal ends the process at once, with the status the signal's
 * default action gives (130 for SIGINT, 143 for SIGTERM in a shell): a user
 * who presses Ctrl-C twice does not want to wait. */
#ifndef SYMPLEX_INTERRUPT_H
#define SYMPLEX_INTERRUPT_H
#include <stdbool.h>

/* Installs the handlers for SIGINT and SIGTERM (idempotent). */
void interrupt_install(void);
/* A first signal has arrived. Async-signal-safe to read; cheap enough for a loop. */
bool interrupt_requested(void);
/* Blocks until a signal arrives or interrupt_wake() is called (for a thread
 * that acts on the request while the main thread is busy). Returns
 * interrupt_requested(). */
bool interrupt_wait(void);
/* The same, giving up after `seconds`. */
bool interrupt_wait_for(double seconds);
/* Wakes one interrupt_wait(), to let a waiting thread finish. */
void interrupt_wake(void);

#endif
