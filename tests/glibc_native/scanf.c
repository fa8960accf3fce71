/* Reads lines FORMAT<TAB>INPUT and prints, for sscanf and for fscanf on a
 * stream, what the call returned, the first 16 bytes of each of four
 * destinations and the next character of the stream. Built once against
 * glibc and once against musl with runtime/posix/scanf.c (tests/test_glibc_native.py). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A format starting with %m[ or %ms stores a malloc'd string's address: the
 * string is shown (after a 0xbb marker) in place of the address. */
static void show_allocated(const char *fmt, unsigned char dest[64]) {
    char *p;
    memcpy(&p, dest, sizeof p);
    if (strncmp(fmt, "%m", 2) || !p || (uintptr_t)p == (uintptr_t)0xaaaaaaaaaaaaaaaaull) return;
    memset(dest, 0xbb, 64);
    memcpy(dest + 1, p, strnlen(p, 14) + 1);
    free(p);
}

static void show(const char *how, int r, unsigned char dest[4][64], int next) {
    printf("%s %d %d", how, r, next);
    for (int k = 0; k < 4; k++) {
        printf(" ");
        for (int i = 0; i < 16; i++) printf("%02x", dest[k][i]);
    }
    printf("\n");
}

int main(void) {
    static char line[4096];
    unsigned char dest[4][64];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        const char *fmt = line, *in = tab + 1;
        memset(dest, 0xaa, sizeof dest);
        int r = sscanf(in, fmt, dest[0], dest[1], dest[2], dest[3]);
        show_allocated(fmt, dest[0]);
        show("s", r, dest, -2);
        memset(dest, 0xaa, sizeof dest);
        FILE *f = *in ? fmemopen((void *)in, strlen(in), "r") : fopen("/dev/null", "r");
        r = fscanf(f, fmt, dest[0], dest[1], dest[2], dest[3]);
        show_allocated(fmt, dest[0]);
        show("f", r, dest, fgetc(f));
        fclose(f);
    }
    return 0;
}
