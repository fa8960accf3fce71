/*
 * sched_queue.c -- a process scheduler simulation: multi-level ready queues
 *                  kept as singly linked lists over a fixed node pool, a
 *                  blocked list and a zombie list, driven by an event trace.
 *
 * Workload class: kernel-style data structure manipulation (index-linked
 * lists, allocation from a pool, state machines per process, priority
 * decay and boosting, structural invariants checked after every event).
 *
 * Model: 4 process slots (slots 0 and 1 start ready, the CPU idle),
 * 3 priority levels (0 highest), quanta 1/2/4 ticks. Each event byte e decodes as op = e & 7, pid = (e >> 3) & 3,
 * flag = (e >> 5) & 1:
 *   0 SPAWN pid     free slot -> ready (flag: start at top priority);
 *                   an idle CPU dispatches at once
 *   1 TICK          dispatch if idle, else burn one tick of the quantum;
 *                   an expired quantum demotes and requeues the process
 *   2 BLOCK         running process waits -> blocked list
 *   3 UNBLOCK pid   a blocked process -> ready at top priority
 *   4 EXIT          running process -> zombie list
 *   5 REAP pid      zombie -> free slot
 *   6 YIELD         running process -> tail of its ready queue
 *   7 BOOST         (flag set) every ready process -> top priority;
 *                   (flag clear) idle tick, only accounting
 * After every event the program asserts that each live process is in
 * exactly one place (one ready queue, the blocked list, the zombie list or
 * the CPU), that free slots are nowhere, and that the pool's in-use count
 * matches the list lengths.
 *
 * Symbolic inputs: NEVENTS = 10 calls to __VERIFIER_nondet_uchar(), one per
 * event, unconstrained (0..255), all drawn before the simulation starts.
 *
 * Planted bug:
 *   do_unblock() rejects free, ready and running processes but forgets the
 *   zombie state. A process that was dispatched and exited is still
 *   "unblockable": the blocked-list removal silently finds nothing and the
 *   process is pushed on a ready queue while it also sits on the zombie
 *   list, so the invariant assert fails. Shortest trace: TICK (dispatches
 *   pid 0), EXIT, UNBLOCK 0 -- three specific events out of ten; other
 *   events in between must not disturb which process is running when
 *   EXIT arrives, and the UNBLOCK pid must match the exited process.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

extern unsigned char __VERIFIER_nondet_uchar(void);

#define NPROC   4
#define NPRIO   3
#define POOL    8
#define NEVENTS 10
#define NIL     (-1)

enum pstate { P_FREE, P_READY, P_RUNNING, P_BLOCKED, P_ZOMBIE };

struct node {
    int8_t next;
    uint8_t pid;
    bool used;
};

struct list {
    int8_t head;
    int8_t tail;
    uint8_t len;
};

struct proc {
    enum pstate state;
    uint8_t prio;
    uint8_t slice;
    uint8_t ran;
};

static struct node pool[POOL];
static unsigned pool_used;
static struct list ready[NPRIO];
static struct list blocked;
static struct list zombies;
static struct proc procs[NPROC];
static int current = NIL;
static unsigned switches;

static const uint8_t quantum[NPRIO] = {1, 2, 4};

static int8_t node_alloc(uint8_t pid)
{
    for (int8_t i = 0; i < POOL; i++) {
        if (!pool[i].used) {
            pool[i].used = true;
            pool[i].pid = pid;
            pool[i].next = NIL;
            pool_used++;
            return i;
        }
    }
    return NIL;
}

static void node_free(int8_t i)
{
    pool[i].used = false;
    pool[i].next = NIL;
    pool_used--;
}

static void list_init(struct list *l)
{
    l->head = NIL;
    l->tail = NIL;
    l->len = 0;
}

static bool list_push(struct list *l, uint8_t pid)
{
    int8_t n = node_alloc(pid);
    if (n == NIL)
        return false;
    if (l->tail == NIL)
        l->head = n;
    else
        pool[l->tail].next = n;
    l->tail = n;
    l->len++;
    return true;
}

static int list_pop(struct list *l)
{
    int8_t n = l->head;
    if (n == NIL)
        return NIL;
    l->head = pool[n].next;
    if (l->head == NIL)
        l->tail = NIL;
    l->len--;
    int pid = pool[n].pid;
    node_free(n);
    return pid;
}

static bool list_remove(struct list *l, uint8_t pid)
{
    int8_t prev = NIL;
    for (int8_t n = l->head; n != NIL; n = pool[n].next) {
        if (pool[n].pid != pid) {
            prev = n;
            continue;
        }
        if (prev == NIL)
            l->head = pool[n].next;
        else
            pool[prev].next = pool[n].next;
        if (l->tail == n)
            l->tail = prev;
        l->len--;
        node_free(n);
        return true;
    }
    return false;
}

static unsigned list_count(const struct list *l, uint8_t pid)
{
    unsigned c = 0;
    for (int8_t n = l->head; n != NIL; n = pool[n].next)
        if (pool[n].pid == pid)
            c++;
    return c;
}

static void dispatch(void)
{
    if (current != NIL)
        return;
    for (unsigned p = 0; p < NPRIO; p++) {
        int pid = list_pop(&ready[p]);
        if (pid != NIL) {
            current = pid;
            procs[pid].state = P_RUNNING;
            procs[pid].slice = quantum[procs[pid].prio];
            switches++;
            return;
        }
    }
}

static void make_ready(uint8_t pid)
{
    struct proc *p = &procs[pid];
    p->state = P_READY;
    if (!list_push(&ready[p->prio], pid))
        assert(!"node pool exhausted");
}

static void do_spawn(uint8_t pid, bool top)
{
    struct proc *p = &procs[pid];
    if (p->state != P_FREE)
        return;
    p->prio = top ? 0 : 1;
    p->ran = 0;
    make_ready(pid);
    dispatch();                       /* an idle CPU takes it at once */
}

static void do_spawn_boot(uint8_t pid, bool top)
{
    procs[pid].prio = top ? 0 : 1;
    make_ready(pid);
}

static void do_tick(void)
{
    if (current == NIL) {
        dispatch();
        return;
    }
    struct proc *p = &procs[current];
    p->ran++;
    if (--p->slice > 0)
        return;
    /* Quantum expired: demote and requeue behind its new peers. */
    if (p->prio < NPRIO - 1)
        p->prio++;
    uint8_t pid = (uint8_t)current;
    current = NIL;
    make_ready(pid);
    dispatch();
}

static void do_block(void)
{
    if (current == NIL)
        return;
    uint8_t pid = (uint8_t)current;
    current = NIL;
    procs[pid].state = P_BLOCKED;
    if (!list_push(&blocked, pid))
        assert(!"node pool exhausted");
    dispatch();
}

static void do_unblock(uint8_t pid)
{
    struct proc *p = &procs[pid];
    if (p->state == P_FREE || p->state == P_READY || p->state == P_RUNNING)
        return;
    /* BUG: P_ZOMBIE is not rejected above. */
    list_remove(&blocked, pid);
    p->prio = 0;                      /* I/O-bound bonus */
    make_ready(pid);
}

static void do_exit(void)
{
    if (current == NIL)
        return;
    uint8_t pid = (uint8_t)current;
    current = NIL;
    procs[pid].state = P_ZOMBIE;
    if (!list_push(&zombies, pid))
        assert(!"node pool exhausted");
    dispatch();
}

static void do_reap(uint8_t pid)
{
    if (procs[pid].state != P_ZOMBIE)
        return;
    if (list_remove(&zombies, pid)) {
        procs[pid].state = P_FREE;
    }
}

static void do_yield(void)
{
    if (current == NIL)
        return;
    uint8_t pid = (uint8_t)current;
    current = NIL;
    make_ready(pid);
    dispatch();
}

static void do_boost(void)
{
    for (unsigned p = 1; p < NPRIO; p++) {
        int pid;
        while ((pid = list_pop(&ready[p])) != NIL) {
            procs[pid].prio = 0;
            if (!list_push(&ready[0], (uint8_t)pid))
                assert(!"node pool exhausted");
        }
    }
}

static void check_invariants(void)
{
    unsigned listed = blocked.len + zombies.len;
    for (unsigned p = 0; p < NPRIO; p++)
        listed += ready[p].len;
    assert(listed == pool_used);

    for (uint8_t pid = 0; pid < NPROC; pid++) {
        unsigned places = list_count(&blocked, pid) + list_count(&zombies, pid);
        for (unsigned p = 0; p < NPRIO; p++)
            places += list_count(&ready[p], pid);
        if (current == pid)
            places++;
        if (procs[pid].state == P_FREE)
            assert(places == 0);
        else
            assert(places == 1);
    }
}

/* Decode the pid bits with explicit comparisons so each path works on a
 * concrete slot number (the tables are then indexed concretely). */
static uint8_t decode_pid(unsigned char e)
{
    switch ((e >> 3) & 3) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 2;
    default: return 3;
    }
}

int main(void)
{
    for (unsigned p = 0; p < NPRIO; p++)
        list_init(&ready[p]);
    list_init(&blocked);
    list_init(&zombies);

    /* Boot: init (pid 0) and a daemon (pid 1) are ready, the CPU idle. */
    do_spawn_boot(0, true);
    do_spawn_boot(1, false);

    /* Draw the whole trace first, so every run creates all its inputs. */
    unsigned char trace[NEVENTS];
    for (unsigned i = 0; i < NEVENTS; i++)
        trace[i] = __VERIFIER_nondet_uchar();

    unsigned idle = 0;
    for (unsigned i = 0; i < NEVENTS; i++) {
        unsigned char e = trace[i];
        uint8_t op = e & 7;
        switch (op) {
        case 0: do_spawn(decode_pid(e), (e >> 5) & 1); break;
        case 1: do_tick(); break;
        case 2: do_block(); break;
        case 3: do_unblock(decode_pid(e)); break;
        case 4: do_exit(); break;
        case 5: do_reap(decode_pid(e)); break;
        case 6: do_yield(); break;
        default:
            if ((e >> 5) & 1)
                do_boost();
            else
                idle++;
            break;
        }
        check_invariants();
    }

    unsigned live = 0;
    for (uint8_t pid = 0; pid < NPROC; pid++)
        if (procs[pid].state != P_FREE)
            live++;
    if (live == 0)
        return 0;
    return switches > idle ? 1 : 2;
}
