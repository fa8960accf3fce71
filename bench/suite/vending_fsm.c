/* vending_fsm.c -- table-driven vending machine controller.
 *
 * Models: the firmware main loop of a snack machine.  A transition table
 * lists, per state, the events handled there with an action and a default
 * next state (actions may override it); it is sorted and binary-searched.
 * Customers insert coins (5, 10, 25), select a slot or cancel; the vend motor
 * reports "dispensed", or the vend timer ticks, which means the item is stuck
 * and the customer is refunded.  An operator key followed by the PIN (sent by
 * the keypad as four BCD digits) enters service mode, where slots can be
 * refilled and re-priced; two wrong PINs in a row lock the machine.  After
 * every event the controller checks its accounting invariant -- every coin
 * inserted is in the cash box, still credited, refunded, returned as change
 * or rejected to the cup -- and the stock bounds.
 *
 * Workload class: reactive state machine (event sequence, sorted transition
 * table, counters, an invariant over the whole history).
 *
 * Symbolic inputs (SV-COMP API, read one event at a time, at most MAX_STEPS
 * = 12 events):
 *   code   -- __VERIFIER_nondet_uchar(), one event code per step, assumed
 *             < EV_COUNT; EV_STOP ends the session early.
 *   args   -- __VERIFIER_nondet_uchar() after EV_SELECT (slot, assumed < 4),
 *             EV_PIN (two BCD bytes, unconstrained), EV_REFILL (slot, then
 *             quantity <= 6) and EV_SET_PRICE (slot, then price in cents,
 *             unconstrained).
 *
 * Planted bugs:
 *   1. act_jam() refunds the price of a stuck item but leaves the sale in the
 *      cash box, so the money is counted twice and the accounting invariant
 *      fails (reach_error).  Needs a coin, a selection the credit covers and
 *      a tick: 3 events.
 *   2. act_set_price() validates a new price (at most 250, multiple of 5) but
 *      accepts 0.  A later selection of that slot computes how many items the
 *      credit could buy, credit / price (division by zero).  Needs the
 *      service key, the right PIN, the price change, leaving service mode, a
 *      coin and the selection: 6 events, deep.
 */
#include <stdbool.h>

extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int cond);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "vending_fsm.c", __LINE__, "reach_error"); }

#define MAX_STEPS 12
#define N_SLOTS 4
#define SLOT_CAP 6
#define MAX_PRICE 250
#define MAX_PIN_FAILS 2

enum state { S_IDLE, S_CREDIT, S_VENDING, S_AUTH, S_SERVICE, S_LOCKED, S_COUNT };

enum event {
    EV_COIN5, EV_COIN10, EV_COIN25, EV_SELECT, EV_CANCEL, EV_DISPENSED, EV_TICK,
    EV_SERVICE_KEY, EV_PIN, EV_REFILL, EV_SET_PRICE, EV_EXIT, EV_STOP, EV_COUNT
};

enum action {
    A_COIN, A_SELECT, A_CANCEL, A_DISPENSED, A_TICK, A_AUTH_START,
    A_PIN, A_REFILL, A_SET_PRICE, A_EXIT_SERVICE, A_RETURN_COIN
};

/* The transition table, one row per handled (state, event) pair; pairs not
 * listed are ignored in that state.  Rows are sorted by (state, event) so
 * that lookup() can binary-search them. */
struct trans {
    unsigned char state, event, next, action;
};

static const struct trans table[] = {
    { S_IDLE, EV_COIN5, S_CREDIT, A_COIN },
    { S_IDLE, EV_COIN10, S_CREDIT, A_COIN },
    { S_IDLE, EV_COIN25, S_CREDIT, A_COIN },
    { S_IDLE, EV_SERVICE_KEY, S_AUTH, A_AUTH_START },
    { S_CREDIT, EV_COIN5, S_CREDIT, A_COIN },
    { S_CREDIT, EV_COIN10, S_CREDIT, A_COIN },
    { S_CREDIT, EV_COIN25, S_CREDIT, A_COIN },
    { S_CREDIT, EV_SELECT, S_VENDING, A_SELECT },
    { S_CREDIT, EV_CANCEL, S_IDLE, A_CANCEL },
    /* Coins inserted while the motor runs drop straight to the return cup. */
    { S_VENDING, EV_COIN5, S_VENDING, A_RETURN_COIN },
    { S_VENDING, EV_COIN10, S_VENDING, A_RETURN_COIN },
    { S_VENDING, EV_COIN25, S_VENDING, A_RETURN_COIN },
    { S_VENDING, EV_DISPENSED, S_IDLE, A_DISPENSED },
    { S_VENDING, EV_TICK, S_VENDING, A_TICK },
    { S_AUTH, EV_CANCEL, S_IDLE, A_EXIT_SERVICE },
    { S_AUTH, EV_PIN, S_AUTH, A_PIN },
    { S_SERVICE, EV_REFILL, S_SERVICE, A_REFILL },
    { S_SERVICE, EV_SET_PRICE, S_SERVICE, A_SET_PRICE },
    { S_SERVICE, EV_EXIT, S_IDLE, A_EXIT_SERVICE },
    /* Locked: coins are returned, nothing else works. */
    { S_LOCKED, EV_COIN5, S_LOCKED, A_RETURN_COIN },
    { S_LOCKED, EV_COIN10, S_LOCKED, A_RETURN_COIN },
    { S_LOCKED, EV_COIN25, S_LOCKED, A_RETURN_COIN },
};

static unsigned key_of(unsigned st, unsigned ev) { return st * 16u + ev; }

static const struct trans *lookup(enum state st, enum event e) {
    unsigned want = key_of(st, e);
    unsigned lo = 0, hi = sizeof table / sizeof table[0];
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        unsigned k = key_of(table[mid].state, table[mid].event);
        if (k == want) return &table[mid];
        if (k < want) lo = mid + 1;
        else hi = mid;
    }
    return 0;
}

/* The operator PIN, as the keypad sends it: four BCD digits in two bytes. */
#define PIN_CODE 4719

struct machine {
    enum state st;
    int price[N_SLOTS];
    int stock[N_SLOTS];
    int credit;
    int cash_box;
    /* accounting */
    int inserted;
    int refunded;
    int change;
    int returned; /* coins rejected straight to the cup */
    /* vending */
    int vend_slot;
    int sold;
    /* service */
    int pin_fails;
    int keypad_errors;
    int multi_buy_offers;
};

static int coin_value(enum event e) {
    switch (e) {
    case EV_COIN5: return 5;
    case EV_COIN10: return 10;
    case EV_COIN25: return 25;
    default: return 0;
    }
}

static unsigned char read_arg(unsigned char limit) {
    unsigned char a = __VERIFIER_nondet_uchar();
    __VERIFIER_assume(a < limit);
    return a;
}

static enum state act_select(struct machine *m) {
    int slot = read_arg(N_SLOTS);
    if (m->stock[slot] == 0) return S_CREDIT;          /* sold out */
    if (m->credit < m->price[slot]) return S_CREDIT;   /* insert more */
    /* Offer a second item when the credit covers two or more. */
    int could_buy = m->credit / m->price[slot];
    if (could_buy >= 2) m->multi_buy_offers++;
    m->credit -= m->price[slot];
    m->cash_box += m->price[slot];
    m->stock[slot]--;
    m->vend_slot = slot;
    return S_VENDING;
}

static void pay_change(struct machine *m) {
    m->change += m->credit;
    m->credit = 0;
}

static enum state act_jam(struct machine *m) {
    /* The motor controller retries on its own; a vend-timer tick means it
     * gave up and the item is stuck: refund the customer. */
    int p = m->price[m->vend_slot];
    m->refunded += p;
    /* BUG: the sale must be taken back out of the cash box (cash_box -= p). */
    m->stock[m->vend_slot]++; /* the item is still in the spiral */
    pay_change(m);
    return S_IDLE;
}

/* Two BCD bytes to a four-digit number, or -1 if a nibble is not a digit. */
static int bcd4(unsigned char hi, unsigned char lo) {
    int d[4] = { hi >> 4, hi & 15, lo >> 4, lo & 15 };
    int v = 0;
    for (int k = 0; k < 4; k++) {
        if (d[k] > 9) return -1;
        v = v * 10 + d[k];
    }
    return v;
}

static enum state act_pin(struct machine *m) {
    unsigned char hi = __VERIFIER_nondet_uchar();
    unsigned char lo = __VERIFIER_nondet_uchar();
    int code = bcd4(hi, lo);
    if (code < 0) {
        /* A garbled keypad message is not a wrong PIN: ask again. */
        m->keypad_errors++;
        return S_AUTH;
    }
    if (code == PIN_CODE) {
        m->pin_fails = 0;
        return S_SERVICE;
    }
    if (++m->pin_fails >= MAX_PIN_FAILS) return S_LOCKED;
    return S_IDLE;
}

static void act_refill(struct machine *m) {
    int slot = read_arg(N_SLOTS);
    int qty = read_arg(SLOT_CAP + 1);
    if (m->stock[slot] + qty > SLOT_CAP) return; /* would not fit: refused */
    m->stock[slot] += qty;
}

static void act_set_price(struct machine *m) {
    int slot = read_arg(N_SLOTS);
    int price = __VERIFIER_nondet_uchar();
    /* BUG: a price of 0 passes this validation. */
    if (price > MAX_PRICE || price % 5 != 0) return;
    m->price[slot] = price;
}

static enum state dispatch(struct machine *m, enum event e) {
    const struct trans *t = lookup(m->st, e);
    if (!t) return m->st; /* not handled in this state */
    enum state next = (enum state)t->next;
    switch ((enum action)t->action) {
    case A_COIN:
        m->inserted += coin_value(e);
        m->credit += coin_value(e);
        break;
    case A_RETURN_COIN:
        m->inserted += coin_value(e);
        m->returned += coin_value(e);
        break;
    case A_SELECT:
        next = act_select(m);
        break;
    case A_CANCEL:
        pay_change(m);
        break;
    case A_DISPENSED:
        m->sold++;
        pay_change(m);
        break;
    case A_TICK:
        next = act_jam(m);
        break;
    case A_AUTH_START:
        break;
    case A_PIN:
        next = act_pin(m);
        break;
    case A_REFILL:
        act_refill(m);
        break;
    case A_SET_PRICE:
        act_set_price(m);
        break;
    case A_EXIT_SERVICE:
        break;
    }
    return next;
}

static bool books_balance(const struct machine *m) {
    return m->inserted == m->cash_box + m->credit + m->refunded + m->change + m->returned &&
           m->credit >= 0 && m->cash_box >= 0;
}

int main(void) {
    struct machine m = {
        .st = S_IDLE,
        .price = { 50, 65, 100, 25 },
        .stock = { 2, 1, 0, 3 },
    };

    for (int step = 0; step < MAX_STEPS; step++) {
        unsigned char code = __VERIFIER_nondet_uchar();
        __VERIFIER_assume(code < EV_COUNT);
        enum event ev = (enum event)code;
        if (ev == EV_STOP) break;
        m.st = dispatch(&m, ev);
        if (!books_balance(&m)) reach_error();
        for (int s = 0; s < N_SLOTS; s++)
            if (m.stock[s] < 0 || m.stock[s] > SLOT_CAP) reach_error();
    }
    if (m.st == S_LOCKED) return 5;
    if (m.sold > 0) return m.multi_buy_offers > 0 ? 6 : 0;
    return 1;
}
