/*
 * elevator_ctl.c -- an elevator controller: request queue, door sequencing,
 *                   overload and obstruction handling, emergency stop with
 *                   rescue door opening.
 *
 * Workload class: reactive state machine (event handlers per state, a small
 * FIFO request queue, timers) checked against safety properties.
 *
 * The car serves NFLOORS floors. Its position is tracked in half floors
 * (one tick of travel moves it half a floor), so it is level with a landing
 * only at even positions. Hall and car calls go into a FIFO queue of
 * QUEUE_CAP floors (duplicates merged, overflow dropped); the car travels
 * towards the oldest call and stops at every queued floor it passes. Doors
 * open, hold for HOLD_TICKS ticks, and close; an obstruction or the open
 * button reopens a closing door; a load above MAX_LOAD keeps the doors open
 * until the load drops. The emergency stop cuts the motor at once; once the
 * brake has settled and the car is level, the open button opens the doors
 * for rescue; releasing the stop resumes an interrupted trip. After every
 * event the safety properties are checked: the motor never runs while the
 * doors are not closed, the car stays within the shaft, and an overloaded
 * car does not travel.
 *
 * Symbolic input (SV-COMP style, no symplex.h):
 *   up to MAX_EVENTS (14) events. Before each, __VERIFIER_nondet_int()
 *   decides whether the sequence goes on (non-zero). The event kind is a
 *   __VERIFIER_nondet_uchar() assumed < NUM_EVENTS (9): tick, hall call,
 *   car call, door obstruction, load reading, emergency stop, stop release,
 *   open button, close button. Calls read a floor (nondet uchar assumed
 *   < NFLOORS = 5), load readings a weight (nondet uchar, kg / 4).
 *
 * Planted bug:
 *   Releasing the emergency stop restarts an interrupted trip by switching
 *   the motor back on without looking at the doors: the rescue opening was
 *   added to the stop state later. The shortest violating sequence is a call
 *   to another floor (an idle car leaves at once), the stop while the car is
 *   still level with its landing, a tick for the brake, the open button and
 *   the release -- five specific events out of nine kinds, one with a
 *   parameter; stopping level with a landing later in the trip takes two
 *   more ticks per floor. The motor then runs with open doors:
 *   reach_error(). (With the doors open, a load reading above the limit
 *   before the release also makes the restarted car travel overloaded.)
 */
#include <stdbool.h>

extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));

void reach_error(void) {
    __assert_fail("0", "elevator_ctl.c", __LINE__, "reach_error");
}

#define NFLOORS 5
#define TOP_POS (2 * (NFLOORS - 1)) /* position in half floors */
#define QUEUE_CAP 4
#define HOLD_TICKS 2
#define BRAKE_TICKS 1
#define MAX_LOAD 160 /* in units of 4 kg: 640 kg */
#define MAX_EVENTS 14

enum state { ST_IDLE, ST_MOVING, ST_DOOR_OPENING, ST_DOOR_OPEN, ST_DOOR_CLOSING, ST_OVERLOAD, ST_ESTOP };
enum door { DOOR_CLOSED, DOOR_OPENING, DOOR_OPEN, DOOR_CLOSING };

enum event {
    EV_TICK,
    EV_HALL_CALL,
    EV_CAR_CALL,
    EV_OBSTRUCT,
    EV_LOAD,
    EV_ESTOP,
    EV_ESTOP_RELEASE,
    EV_OPEN_BUTTON,
    EV_CLOSE_BUTTON,
    NUM_EVENTS
};

struct car {
    enum state state;
    enum door door;
    int pos; /* half floors, 0..TOP_POS */
    int dir; /* -1, 0, +1 */
    bool motor;
    int queue[QUEUE_CAP];
    int qlen;
    int load;
    int hold;        /* ticks the doors have been open */
    int stop_ticks;  /* ticks since the emergency stop */
    bool was_moving; /* a trip was interrupted by the stop */
    /* statistics */
    int dropped, reopenings, overloads, stops_served, estops, trips_up, trips_down;
};

static bool level(const struct car *c) {
    return c->pos % 2 == 0;
}

static int floor_of(const struct car *c) {
    return c->pos / 2;
}

/* Add a call unless it is already queued; a full queue drops it (the
 * button lamp does not light and the passenger presses again). */
static void enqueue(struct car *c, int f) {
    for (int i = 0; i < c->qlen; i++)
        if (c->queue[i] == f) return;
    if (c->qlen == QUEUE_CAP) {
        c->dropped++;
        return;
    }
    c->queue[c->qlen++] = f;
}

static bool queued(const struct car *c, int f) {
    for (int i = 0; i < c->qlen; i++)
        if (c->queue[i] == f) return true;
    return false;
}

static void remove_call(struct car *c, int f) {
    int j = 0;
    for (int i = 0; i < c->qlen; i++)
        if (c->queue[i] != f) c->queue[j++] = c->queue[i];
    c->qlen = j;
}

static void open_doors(struct car *c) {
    c->state = ST_DOOR_OPENING;
    c->door = DOOR_OPENING;
}

/* With the doors closed and the car level: head for the oldest call. */
static void dispatch(struct car *c) {
    if (c->qlen == 0) {
        c->state = ST_IDLE;
        c->dir = 0;
        return;
    }
    int target = c->queue[0];
    if (target == floor_of(c)) {
        remove_call(c, target);
        open_doors(c);
        return;
    }
    if (target > floor_of(c)) {
        c->dir = 1;
        c->trips_up++;
    } else {
        c->dir = -1;
        c->trips_down++;
    }
    c->motor = true;
    c->state = ST_MOVING;
}

static void handle_call(struct car *c, int f) {
    if (f == floor_of(c) && level(c) && (c->state == ST_IDLE || c->state == ST_DOOR_OPEN)) {
        if (c->state == ST_IDLE) open_doors(c);
        else c->hold = 0; /* already open: hold longer */
        return;
    }
    enqueue(c, f);
    if (c->state == ST_IDLE) dispatch(c); /* an idle car leaves at once */
}

static void on_tick(struct car *c) {
    switch (c->state) {
    case ST_IDLE: dispatch(c); break;
    case ST_MOVING:
        c->pos += c->dir;
        if (level(c) && queued(c, floor_of(c))) {
            c->motor = false;
            remove_call(c, floor_of(c));
            c->stops_served++;
            open_doors(c);
        }
        break;
    case ST_DOOR_OPENING:
        c->door = DOOR_OPEN;
        c->state = ST_DOOR_OPEN;
        c->hold = 0;
        break;
    case ST_DOOR_OPEN:
        if (++c->hold >= HOLD_TICKS && c->load <= MAX_LOAD) {
            c->state = ST_DOOR_CLOSING;
            c->door = DOOR_CLOSING;
        }
        break;
    case ST_DOOR_CLOSING:
        c->door = DOOR_CLOSED;
        dispatch(c);
        break;
    case ST_OVERLOAD: break; /* the buzzer sounds until the load drops */
    case ST_ESTOP: c->stop_ticks++; break;
    }
}

static void on_estop(struct car *c) {
    if (c->state == ST_ESTOP) return;
    c->estops++;
    c->was_moving = c->motor;
    c->motor = false;
    c->stop_ticks = 0;
    c->state = ST_ESTOP;
}

static void on_estop_release(struct car *c) {
    if (c->state != ST_ESTOP) return;
    if (c->was_moving) {
        /* resume the interrupted trip */
        c->was_moving = false;
        c->motor = true;
        c->state = ST_MOVING;
        return;
    }
    if (c->door == DOOR_OPEN) {
        c->state = ST_DOOR_OPEN;
        c->hold = 0;
    } else if (c->door == DOOR_CLOSED) {
        dispatch(c);
    } else {
        open_doors(c); /* stopped mid-way: open fully, then cycle normally */
    }
}

static void on_open_button(struct car *c) {
    switch (c->state) {
    case ST_IDLE: open_doors(c); break;
    case ST_DOOR_OPEN: c->hold = 0; break;
    case ST_DOOR_CLOSING:
        c->reopenings++;
        open_doors(c);
        break;
    case ST_ESTOP:
        /* rescue: only with the brake settled and the sill level */
        if (c->stop_ticks >= BRAKE_TICKS && level(c)) c->door = DOOR_OPEN;
        break;
    default: break;
    }
}

static void on_load(struct car *c, int w) {
    if (c->door == DOOR_CLOSED) return; /* nobody gets on or off */
    c->load = w;
    if (w > MAX_LOAD && (c->state == ST_DOOR_OPEN || c->state == ST_DOOR_CLOSING)) {
        c->overloads++;
        c->state = ST_OVERLOAD;
        c->door = DOOR_OPEN;
    } else if (w <= MAX_LOAD && c->state == ST_OVERLOAD) {
        c->state = ST_DOOR_OPEN;
        c->hold = 0;
    }
}

static void handle(struct car *c, enum event ev) {
    switch (ev) {
    case EV_TICK: on_tick(c); break;
    case EV_HALL_CALL:
    case EV_CAR_CALL: {
        unsigned char f = __VERIFIER_nondet_uchar();
        __VERIFIER_assume(f < NFLOORS);
        if (c->state != ST_ESTOP) handle_call(c, f);
        break;
    }
    case EV_OBSTRUCT:
        if (c->state == ST_DOOR_CLOSING) {
            c->reopenings++;
            open_doors(c);
        } else if (c->state == ST_DOOR_OPEN) {
            c->hold = 0;
        }
        break;
    case EV_LOAD: on_load(c, __VERIFIER_nondet_uchar()); break;
    case EV_ESTOP: on_estop(c); break;
    case EV_ESTOP_RELEASE: on_estop_release(c); break;
    case EV_OPEN_BUTTON: on_open_button(c); break;
    case EV_CLOSE_BUTTON:
        if (c->state == ST_DOOR_OPEN && c->load <= MAX_LOAD) {
            c->state = ST_DOOR_CLOSING;
            c->door = DOOR_CLOSING;
        }
        break;
    case NUM_EVENTS: break;
    }
}

static void check_safety(const struct car *c) {
    if (c->motor && c->door != DOOR_CLOSED) reach_error();
    if (c->pos < 0 || c->pos > TOP_POS) reach_error();
    if (c->motor && c->load > MAX_LOAD) reach_error();
}

int main(void) {
    struct car c = {0};
    c.state = ST_IDLE;
    c.door = DOOR_CLOSED;

    for (int i = 0; i < MAX_EVENTS; i++) {
        if (!__VERIFIER_nondet_int()) break;
        unsigned char ev = __VERIFIER_nondet_uchar();
        __VERIFIER_assume(ev < NUM_EVENTS);
        handle(&c, (enum event)ev);
        check_safety(&c);
    }

    /* summarise the run */
    if (c.estops > 0) return 1;
    if (c.overloads > 0) return 2;
    if (c.reopenings > 1) return 3;
    if (c.dropped > 0) return 4;
    if (c.stops_served >= 2) return 5;
    if (c.trips_up > 0 && c.trips_down > 0) return 7;
    if (c.state == ST_MOVING) return 6;
    return 0;
}
