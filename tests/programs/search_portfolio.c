/* symplex-test
 * args: --search=portfolio
 * paths: 56
 * exits: 0 1 2 3 4 5 8
 * --search=portfolio (search_portfolio.c) explores the whole tree as any
 * complete searcher must, whichever arm happens to pick each state: 32
 * paths through five independent branches on the input's bytes; the 16 with
 * b[0] <= 100 split on b[0] == 'Z', and the 8 of those with b[1] <= 100 on
 * b[1] == 'Z' + 1 (16 + 32 + 8 = 56).
 */
#include <symplex.h>

int main(void) {
    unsigned char b[5];
    symplex_make_symbolic(b, sizeof b, "b");
    int n = 0;
    for (int i = 0; i < 5; i++)
        if (b[i] > 100) n++;
    if (b[0] == 'Z' && b[1] == 'Z' + 1) return 8;
    return n;
}
