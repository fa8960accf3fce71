/* bytewise.c: byte-at-a-time versions of the musl string functions that
 * read memory a machine word at a time (memccpy, stpcpy, stpncpy, strchrnul,
 * strlcpy). Natively a word read that runs past the end of a string cannot
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

char *stpcpy(char *restrict dst, const char *restrict src) {
    while ((*dst = *src)) dst++, src++;
    return dst;
}

char *stpncpy(char *restrict dst, const char *restrict src, size_t n) {
    size_t i = 0;
    for (; i < n && src[i]; i++) dst[i] = src[i];
    char *end = dst + i;
    for (; i < n; i++) dst[i] = 0;
    return end;
}

char *strchrnul(const char *s, int c) {
    while (*s && *(const unsigned char *)s != (unsigned char)c) s++;
    return (char *)s;
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

size_t strlcpy(char *restrict dst, const char *restrict src, size_t n) {
    size_t len = strlen(src);
    if (n) {
        size_t k = len < n - 1 ? len : n - 1;
        memcpy(dst, src, k);
        dst[k] = 0;
    }
    return len;
}
