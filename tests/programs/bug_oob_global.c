/* symplex-test
 * paths: 2
 * error: oob-read 18
 * error: oob-write 19
 * Global array accessed past its end: a read at a symbolic index in 0..5
 * (5 elements: index 5 is out of bounds), and a write at a symbolic index
 * that is in bounds unless sel == 2. Normal paths: sel != 2 with the value
 * read > 25 or not.
 */
#include <klee/klee.h>

int tab[5] = {10, 20, 30, 40, 50};
int out[3];

int main(void) {
    int i = klee_range(0, 6, "i");
    int sel = klee_range(0, 3, "sel");
    int v = tab[i]; /*@A*/
    out[sel + (sel == 2)] = v; /*@B*/
    if (v > 25)
        return 1;
    return 0;
}
