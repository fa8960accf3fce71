/* Two million concrete branches before the symbolic one: more decisions
 * than a .path file stores (PATH_STORED_MAX), so count and hash decide
 * the rest. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    unsigned h = 0;
    for (int i = 0; i < 2000000; i++)
        if (i & 1)
            h += (unsigned)i;
    return x > 5 ? (int)(h & 1) : 2;
}
