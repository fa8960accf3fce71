/* The watcher: a thread that cuts the solver query in flight when the run
 * must not wait for it, because a signal asked to stop or because the
 * resident size reached the memory cap's hard line.
 *
 * Interrupting a run (SIGINT, SIGTERM) keeps its results, as in KLEE: the
 * first signal halts exploration as the time budget would (states still alive
 * get a test with reason "interrupted", summary and statistics are written,
 * exit status 0); a second one ends the process at once (src/util/interrupt.c).
 * The engine polls the flag where it checks the time budget, between two runs
 * of a state; but a solver query can take seconds or minutes, and the main
 * thread is inside it. The signal handler cannot cut it itself:
 * Z3_solver_interrupt takes a mutex and is not async-signal-safe (the signal
 * may arrive while the main thread holds that very mutex). So this thread
 * waits on the handler's semaphore and calls solver_interrupt(), which is made
 * for calls from another thread; it repeats the call every few milliseconds
 * until the engine has seen the flag, which closes the window in which a
 * check is registered but has not yet installed the handler Z3's interrupt
 * reaches.
 *
 * Memory: between two runs of a state the engine keeps the RSS under the cap
 * itself (engine_memory.c); during a query only this thread can look, and a
 * hard query grows the RSS by tens of MB in a fraction of a second. With a cap
 * set it reads the RSS every ENGINE_WATCH_PERIOD and cuts the query running
 * when it reaches the hard line (the state ends with reason max-memory, and
 * is set aside to be rebuilt; or, when the query alone grew the RSS by half
 * the budget, with reason "solver memory": engine_memory.c). A state a
 * seed's loop holds (engine_run_held) is spared the hard line: only its
 * query's own growth cuts it, and the next tick ends other states. */
#include "engine.h"
#include "../util/interrupt.h"
#include "../util/memory.h"
#include "../util/util.h"
#include <signal.h>

#define ENGINE_WATCH_PERIOD 0.002 /* s between two looks (and two cuts after a signal) */

static void *engine_watch_main(void *arg) {
    Engine *e = arg;
    bool polling = e->mem.hard != 0;
    while (!atomic_load(&e->watch.stop)) {
        bool signalled = polling ? interrupt_wait_for(ENGINE_WATCH_PERIOD) : interrupt_wait();
        if (atomic_load(&e->watch.stop)) break;
        if (signalled) {
            solver_interrupt(e->solver, true);
            polling = true; /* repeat the cut until the engine has seen the flag */
        } else if (e->mem.hard) {
            solver_watch_memory(e->solver, memory_rss_bytes(), e->mem.hard, atomic_load(&e->watch.held_running));
        }
    }
    return NULL;
}

void engine_watch_start(Engine *e) {
    interrupt_install();
    atomic_store(&e->watch.stop, false);
    atomic_store(&e->watch.held_running, false);
    /* the watcher blocks both signals, so the handler runs on the main thread
     * (or a solver thread), never cutting the watcher's own waits short */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    e->watch.running = pthread_create(&e->watch.thread, NULL, engine_watch_main, e) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!e->watch.running) util_warn("cannot start the watcher thread: solver queries run to their time-out");
}

void engine_watch_stop(Engine *e) {
    if (!e->watch.running) return;
    atomic_store(&e->watch.stop, true);
    interrupt_wake();
    pthread_join(e->watch.thread, NULL);
    e->watch.running = false;
    solver_interrupt(e->solver, false); /* the tests of the states left need the solver */
}
