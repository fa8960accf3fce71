/*
 * traffic_light.c -- a table-driven controller for a two-way intersection
 *                    with pedestrian calls, emergency-vehicle preemption and
 *                    lamp-fault handling.
 *
 * Workload class: reactive state machine (transition table scanned per
 * event, guards, timers, entry actions) checked against a safety property.
 *
 * The controller cycles NS green -> NS yellow -> all red -> EW green -> EW
 * yellow -> all red, with minimum/maximum green times driven by vehicle
 * detectors, a pedestrian phase served after the EW phase when the button
 * was pressed, emergency preemption (the running green is ended through
 * yellow and all-red before the emergency direction gets green, but only
 * after the running green has had its minimum time), and a
 * flashing-red fault mode. After power-up it spends a few ticks in a
 * start-up all-red phase. Every step is followed by a check of the safety
 * properties: never green in both directions, pedestrians walk only when all
 * vehicle lamps are red, and in fault mode all lamps flash.
 *
 * Symbolic input (SV-COMP style, no symplex.h):
 *   up to MAX_EVENTS (16) events, each __VERIFIER_nondet_uchar() assumed
 *   < NUM_EVENTS (9): tick, pedestrian button, NS/EW vehicle detected, NS/EW
 *   emergency request, emergency clear, lamp fault, fault cleared. Before
 *   each event a __VERIFIER_nondet_int() decides whether the sequence ends
 *   (non-zero continues).
 *
 * Planted bug:
 *   An emergency call that clears within its first tick is treated as a
 *   detector glitch and the preempted phase is resumed directly. Resuming
 *   re-runs that phase's entry action, and the green entry actions only
 *   switch their own direction to green (normally the all-red phase before
 *   them has set everything red). If NS green was preempted by an EW
 *   emergency, resuming it leaves the EW emergency green on: both directions
 *   green, reach_error(). It takes the two start-up ticks, an EW call, the
 *   minimum NS green (two ticks), yellow and all-red (one tick each) and an
 *   immediate clear: eight specific events among the nine kinds.
 */
#include <stdbool.h>

extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));

void reach_error(void) {
    __assert_fail("0", "traffic_light.c", __LINE__, "reach_error");
}

#define MAX_EVENTS 16

enum lamp { RED, YELLOW, GREEN, FLASH_RED };
enum ped_lamp { DONT_WALK, WALK, PED_FLASH };

enum state {
    S_STARTUP, /* all red after power-up */
    S_NS_GREEN,
    S_NS_YELLOW,
    S_RED_AFTER_NS,
    S_EW_GREEN,
    S_EW_YELLOW,
    S_RED_AFTER_EW,
    S_PED_WALK,
    S_PED_CLEAR,
    S_EMERG_NS,
    S_EMERG_EW,
    S_FAULT,
    NUM_STATES,
    /* pseudo-states used in the table only */
    S_ANY,    /* "from": matches every state */
    S_SAME,   /* "to": stay, no entry action */
    S_RESUME, /* "to": the phase an emergency preempted */
};

enum event {
    EV_TICK,
    EV_PED_BUTTON,
    EV_CAR_NS,
    EV_CAR_EW,
    EV_EMERG_NS,
    EV_EMERG_EW,
    EV_EMERG_CLEAR,
    EV_LAMP_FAULT,
    EV_FAULT_CLEAR,
    NUM_EVENTS
};

enum guard {
    G_ALWAYS,
    G_TIMER_DONE,    /* the state's minimum time has elapsed */
    G_GREEN_CAN_END, /* min green done and someone waits, or max green reached */
    G_PED_WAITING,   /* timer done and the pedestrian button was pressed */
    G_PREEMPT_NS,    /* timer done and an NS emergency is pending */
    G_PREEMPT_EW,    /* timer done and an EW emergency is pending */
    G_GLITCH,        /* emergency cleared before its first tick */
    G_NOT_GLITCH,
};

enum action { A_NONE, A_LATCH_PED, A_LATCH_CAR, A_REQ_NS, A_REQ_EW, A_CLEAR_EMERG, A_FAULT };

enum emergency { EM_NONE, EM_NS, EM_EW };

struct transition {
    enum state from;
    enum event ev;
    enum guard guard;
    enum state to;
    enum action action;
};

/* Scanned in order; the first row whose state, event and guard match
 * fires. */
static const struct transition table[] = {
    /* power-up */
    {S_STARTUP, EV_TICK, G_TIMER_DONE, S_NS_GREEN, A_NONE},
    /* NS phase; once its minimum green has run, an emergency from the other
     * side ends it through yellow, one from this side keeps it green */
    {S_NS_GREEN, EV_TICK, G_PREEMPT_NS, S_EMERG_NS, A_NONE},
    {S_NS_GREEN, EV_TICK, G_PREEMPT_EW, S_NS_YELLOW, A_NONE},
    {S_NS_GREEN, EV_TICK, G_GREEN_CAN_END, S_NS_YELLOW, A_NONE},
    {S_NS_YELLOW, EV_TICK, G_TIMER_DONE, S_RED_AFTER_NS, A_NONE},
    {S_RED_AFTER_NS, EV_TICK, G_PREEMPT_EW, S_EMERG_EW, A_NONE},
    {S_RED_AFTER_NS, EV_TICK, G_PREEMPT_NS, S_EMERG_NS, A_NONE},
    {S_RED_AFTER_NS, EV_TICK, G_TIMER_DONE, S_EW_GREEN, A_NONE},
    /* EW phase */
    {S_EW_GREEN, EV_TICK, G_PREEMPT_EW, S_EMERG_EW, A_NONE},
    {S_EW_GREEN, EV_TICK, G_PREEMPT_NS, S_EW_YELLOW, A_NONE},
    {S_EW_GREEN, EV_TICK, G_GREEN_CAN_END, S_EW_YELLOW, A_NONE},
    {S_EW_YELLOW, EV_TICK, G_TIMER_DONE, S_RED_AFTER_EW, A_NONE},
    {S_RED_AFTER_EW, EV_TICK, G_PREEMPT_NS, S_EMERG_NS, A_NONE},
    {S_RED_AFTER_EW, EV_TICK, G_PREEMPT_EW, S_EMERG_EW, A_NONE},
    {S_RED_AFTER_EW, EV_TICK, G_PED_WAITING, S_PED_WALK, A_NONE},
    {S_RED_AFTER_EW, EV_TICK, G_TIMER_DONE, S_NS_GREEN, A_NONE},
    /* pedestrian phase, after EW */
    {S_PED_WALK, EV_TICK, G_TIMER_DONE, S_PED_CLEAR, A_NONE},
    {S_PED_CLEAR, EV_TICK, G_TIMER_DONE, S_NS_GREEN, A_NONE},
    /* emergency phases: a glitch resumes the preempted phase, a real call
     * ends through yellow */
    {S_EMERG_NS, EV_EMERG_CLEAR, G_GLITCH, S_RESUME, A_CLEAR_EMERG},
    {S_EMERG_NS, EV_EMERG_CLEAR, G_NOT_GLITCH, S_NS_YELLOW, A_CLEAR_EMERG},
    {S_EMERG_EW, EV_EMERG_CLEAR, G_GLITCH, S_RESUME, A_CLEAR_EMERG},
    {S_EMERG_EW, EV_EMERG_CLEAR, G_NOT_GLITCH, S_EW_YELLOW, A_CLEAR_EMERG},
    /* faults win everywhere; only a repair leaves the fault state */
    {S_ANY, EV_LAMP_FAULT, G_ALWAYS, S_FAULT, A_FAULT},
    {S_FAULT, EV_FAULT_CLEAR, G_ALWAYS, S_STARTUP, A_NONE},
    {S_FAULT, EV_TICK, G_ALWAYS, S_SAME, A_NONE},
    /* requests are latched in every state that does not act on them */
    {S_ANY, EV_PED_BUTTON, G_ALWAYS, S_SAME, A_LATCH_PED},
    {S_ANY, EV_CAR_NS, G_ALWAYS, S_SAME, A_LATCH_CAR},
    {S_ANY, EV_CAR_EW, G_ALWAYS, S_SAME, A_LATCH_CAR},
    {S_ANY, EV_EMERG_NS, G_ALWAYS, S_SAME, A_REQ_NS},
    {S_ANY, EV_EMERG_EW, G_ALWAYS, S_SAME, A_REQ_EW},
};

/* Minimum and maximum ticks per state (0: no limit). */
static const unsigned char min_ticks[NUM_STATES] = {
    [S_STARTUP] = 2, [S_NS_GREEN] = 2, [S_NS_YELLOW] = 1, [S_RED_AFTER_NS] = 1,
    [S_EW_GREEN] = 2, [S_EW_YELLOW] = 1, [S_RED_AFTER_EW] = 1, [S_PED_WALK] = 2,
    [S_PED_CLEAR] = 1, [S_EMERG_NS] = 0, [S_EMERG_EW] = 0, [S_FAULT] = 0,
};
static const unsigned char max_ticks[NUM_STATES] = {[S_NS_GREEN] = 4, [S_EW_GREEN] = 4};

struct controller {
    enum state state;
    int timer; /* ticks spent in the current state */
    enum lamp ns, ew;
    enum ped_lamp ped;
    bool ped_pending, car_ns, car_ew;
    enum emergency emerg;
    enum state resume; /* phase to resume after a glitch */
    int glitches, faults, phases, calls;
};

/* Entry actions. The all-red phases set every lamp; a green phase only
 * switches its own direction, since it is always entered from all red. */
static void enter(struct controller *c, enum state s) {
    c->state = s;
    c->timer = 0;
    c->phases++;
    switch (s) {
    case S_STARTUP:
    case S_RED_AFTER_NS:
    case S_RED_AFTER_EW:
        c->ns = RED;
        c->ew = RED;
        c->ped = DONT_WALK;
        break;
    case S_NS_GREEN:
        c->ns = GREEN;
        c->ped = DONT_WALK;
        c->car_ns = false;
        break;
    case S_NS_YELLOW: c->ns = YELLOW; break;
    case S_EW_GREEN:
        c->ew = GREEN;
        c->ped = DONT_WALK;
        c->car_ew = false;
        break;
    case S_EW_YELLOW: c->ew = YELLOW; break;
    case S_PED_WALK:
        c->ped = WALK;
        c->ped_pending = false;
        break;
    case S_PED_CLEAR: c->ped = PED_FLASH; break;
    case S_EMERG_NS:
        c->ns = GREEN;
        c->ew = RED;
        c->ped = DONT_WALK;
        break;
    case S_EMERG_EW:
        c->ew = GREEN;
        c->ns = RED;
        c->ped = DONT_WALK;
        break;
    case S_FAULT:
    default:
        c->ns = FLASH_RED;
        c->ew = FLASH_RED;
        c->ped = DONT_WALK;
        break;
    }
}

static bool guard_holds(const struct controller *c, enum guard g) {
    bool timer_done = c->timer >= min_ticks[c->state];
    switch (g) {
    case G_ALWAYS: return true;
    case G_TIMER_DONE: return timer_done;
    case G_GREEN_CAN_END: {
        bool other_waits = c->state == S_NS_GREEN ? c->car_ew : c->car_ns;
        return timer_done && (other_waits || c->ped_pending || c->timer >= max_ticks[c->state]);
    }
    case G_PED_WAITING: return timer_done && c->ped_pending;
    case G_PREEMPT_NS: return timer_done && c->emerg == EM_NS;
    case G_PREEMPT_EW: return timer_done && c->emerg == EM_EW;
    case G_GLITCH: return c->timer == 0 && c->glitches < 2;
    case G_NOT_GLITCH: return !(c->timer == 0 && c->glitches < 2);
    }
    return false;
}

/* One emergency call is served at a time. */
static void request_emergency(struct controller *c, enum emergency dir) {
    if (c->emerg != EM_NONE) return;
    c->calls++;
    c->emerg = dir;
    c->resume = c->state;
}

static void run_action(struct controller *c, enum action a, enum event ev) {
    switch (a) {
    case A_NONE: break;
    case A_LATCH_PED: c->ped_pending = true; break;
    case A_LATCH_CAR:
        if (ev == EV_CAR_NS) c->car_ns = true;
        else c->car_ew = true;
        break;
    case A_REQ_NS: request_emergency(c, EM_NS); break;
    case A_REQ_EW: request_emergency(c, EM_EW); break;
    case A_CLEAR_EMERG: c->emerg = EM_NONE; break;
    case A_FAULT:
        c->faults++;
        c->emerg = EM_NONE;
        break;
    }
}

/* Feed one event; returns false when no row matched (event ignored). */
static bool step(struct controller *c, enum event ev) {
    if (ev == EV_TICK) c->timer++;
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++) {
        const struct transition *t = &table[i];
        if (t->ev != ev) continue;
        if (t->from != S_ANY && t->from != c->state) continue;
        if (!guard_holds(c, t->guard)) continue;
        run_action(c, t->action, ev);
        enum state to = t->to;
        if (to == S_SAME) return true;
        if (to == S_RESUME) {
            c->glitches++;
            to = c->resume;
        }
        enter(c, to);
        return true;
    }
    return false;
}

static void check_safety(const struct controller *c) {
    /* conflicting greens */
    if (c->ns == GREEN && c->ew == GREEN) reach_error();
    /* pedestrians walk only across stopped traffic */
    if (c->ped == WALK && (c->ns != RED || c->ew != RED)) reach_error();
    /* fault mode flashes everything */
    if (c->state == S_FAULT && (c->ns != FLASH_RED || c->ew != FLASH_RED)) reach_error();
}

int main(void) {
    struct controller c = {0};
    enter(&c, S_STARTUP);
    c.phases = 0;

    int ignored = 0;
    for (int i = 0; i < MAX_EVENTS; i++) {
        if (!__VERIFIER_nondet_int()) break;
        unsigned char ev = __VERIFIER_nondet_uchar();
        __VERIFIER_assume(ev < NUM_EVENTS);
        if (!step(&c, (enum event)ev)) ignored++;
        check_safety(&c);
    }

    /* report how the run ended */
    if (c.faults > 0) return c.state == S_FAULT ? 1 : 2;
    if (c.glitches > 0) return 3;
    if (c.state == S_PED_WALK || c.state == S_PED_CLEAR) return 4;
    if (c.phases >= 6) return 5;
    if (ignored > 3) return 6;
    return 0;
}
