/* bytewise.c: byte-at-a-time versions of the musl string functions that
 * read memory a machine word at a time (memccpy here; stpcpy, stpncpy,
 * strchrnul and strlcpy are runtime/libc/string.c's, and musl's internal
 * names for them call those). Natively a word read that runs past the end of a string cannot
 * fault when it stays in the word the string ends in; for symplex it is an
 * out-of-bounds read of the string's object (and a symbolic word is costlier
 * than its bytes). They replace musl's at build time (llvm-link --override),
 * like runtime/libc/string.c's memcpy, strlen, ... */
#include <string.h>

void *memccpy(void *restrict dst, const void *restrict src, int c, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    for (size_t i = 0; i < n; i++) {
        d[i] = s[i];
        if (s[i] == (unsigned char)c) return d + i + 1;
    }
    return 0;
}

char *__strchrnul(const char *s, int c) {
    return strchrnul(s, c);
}

char *__stpcpy(char *restrict dst, const char *restrict src) {
    return stpcpy(dst, src);
}

char *__stpncpy(char *restrict dst, const char *restrict src, size_t n) {
    return stpncpy(dst, src, n);
}

