/* Prints dirname and basename of every path of up to 7 characters over
 * "/a.". Built once against glibc and once against musl with
 * runtime/posix/libgen.c linked over musl's (tests/test_glibc_native.py). */
#include <libgen.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    const char alphabet[] = "/a.";
    for (int len = 0; len <= 7; len++) {
        int digits[8] = {0};
        for (;;) {
            char path[8], a[8], b[8];
            for (int i = 0; i < len; i++) path[i] = alphabet[digits[i]];
            path[len] = 0;
            strcpy(a, path);
            strcpy(b, path);
            printf("[%s] [%s] [%s]\n", path, dirname(a), basename(b));
            int i = 0;
            while (i < len && ++digits[i] == 3) digits[i++] = 0;
            if (i == len) break;
        }
    }
    return 0;
}
