/* runtime/libc/ctype.c's tables must equal glibc's C-locale tables entry by
 * entry (-128..255), since <ctype.h> macros index them directly. Driven by
 * test_runtime_libc.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdint.h>
const unsigned short **my_b_loc(void);
const int32_t **my_lo_loc(void);
const int32_t **my_up_loc(void);
int main(void) {
    int bad = 0;
    for (int c = -128; c < 256; c++) {
        if ((*my_b_loc())[c] != (*__ctype_b_loc())[c]) { printf("b %d: %x vs %x\n", c, (*my_b_loc())[c], (*__ctype_b_loc())[c]); bad++; }
        if ((*my_lo_loc())[c] != (*__ctype_tolower_loc())[c]) { printf("lo %d: %d vs %d\n", c, (*my_lo_loc())[c], (*__ctype_tolower_loc())[c]); bad++; }
        if ((*my_up_loc())[c] != (*__ctype_toupper_loc())[c]) { printf("up %d\n", c); bad++; }
    }
    printf("bad=%d\n", bad);
    return bad != 0;
}
