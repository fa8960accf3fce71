/* string.c: <string.h> models. Plain byte loops: the engine executes them on
 * symbolic bytes, so each function is the shortest obviously-correct loop,
 * comparing through unsigned char as the standard requires. Allocation goes
 * to the engine's malloc. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
    return dst;
}

/* Copies backwards when dst is above src so overlapping moves are safe. */
void *memmove(void *dst, const void *src, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    if ((uintptr_t)d <= (uintptr_t)s) {
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
    } else {
        for (size_t i = n; i > 0; i--)
            d[i - 1] = s[i - 1];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    unsigned char *d = dst;
    for (size_t i = 0; i < n; i++)
        d[i] = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return x[i] - y[i];
    return 0;
}

void *memchr(const void *s, int c, size_t n) {
    const unsigned char *p = s;
    for (size_t i = 0; i < n; i++)
        if (p[i] == (unsigned char)c)
            return (void *)(p + i);
    return NULL;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

size_t strnlen(const char *s, size_t max) {
    size_t n = 0;
    while (n < max && s[n])
        n++;
    return n;
}

int strcmp(const char *a, const char *b) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    while (*x && *x == *y) {
        x++;
        y++;
    }
    return *x - *y;
}

int strncmp(const char *a, const char *b, size_t n) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (size_t i = 0; i < n; i++) {
        if (x[i] != y[i])
            return x[i] - y[i];
        if (!x[i])
            return 0;
    }
    return 0;
}

char *strcpy(char *restrict dst, const char *restrict src) {
    size_t i = 0;
    while ((dst[i] = src[i]))
        i++;
    return dst;
}

/* Pads with NULs up to n and does not terminate when src is too long, as
 * the standard says. */
char *strncpy(char *restrict dst, const char *restrict src, size_t n) {
    size_t i = 0;
    for (; i < n && src[i]; i++)
        dst[i] = src[i];
    for (; i < n; i++)
        dst[i] = '\0';
    return dst;
}

char *strcat(char *restrict dst, const char *restrict src) {
    strcpy(dst + strlen(dst), src);
    return dst;
}

/* Appends at most n bytes of src and always terminates. */
char *strncat(char *restrict dst, const char *restrict src, size_t n) {
    char *d = dst + strlen(dst);
    size_t i = 0;
    for (; i < n && src[i]; i++)
        d[i] = src[i];
    d[i] = '\0';
    return dst;
}

/* The terminator is part of the string: strchr(s, 0) finds it. */
char *strchr(const char *s, int c) {
    for (;; s++) {
        if (*s == (char)c)
            return (char *)s;
        if (!*s)
            return NULL;
    }
}

char *strrchr(const char *s, int c) {
    const char *last = NULL;
    for (;; s++) {
        if (*s == (char)c)
            last = s;
        if (!*s)
            return (char *)last;
    }
}

char *strstr(const char *hay, const char *needle) {
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncmp(hay, needle, n) == 0)
            return (char *)hay;
    return n == 0 ? (char *)hay : NULL;
}

char *strdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

char *strndup(const char *s, size_t max) {
    size_t n = strnlen(s, max);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

size_t strspn(const char *s, const char *accept) {
    size_t n = 0;
    while (s[n] && strchr(accept, s[n]))
        n++;
    return n;
}

size_t strcspn(const char *s, const char *reject) {
    size_t n = 0;
    while (s[n] && !strchr(reject, s[n]))
        n++;
    return n;
}

char *strpbrk(const char *s, const char *accept) {
    s += strcspn(s, accept);
    return *s ? (char *)s : NULL;
}

/* ASCII lower-casing without a branch, so comparing symbolic strings does not
 * fork on every character's case. */
static unsigned string_lower(unsigned char c) {
    return c + (((unsigned)(c - 'A') < 26u) << 5);
}

int strcasecmp(const char *a, const char *b) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    while (*x && string_lower(*x) == string_lower(*y)) {
        x++;
        y++;
    }
    return (int)string_lower(*x) - (int)string_lower(*y);
}

int strncasecmp(const char *a, const char *b, size_t n) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (size_t i = 0; i < n; i++) {
        if (string_lower(x[i]) != string_lower(y[i]))
            return (int)string_lower(x[i]) - (int)string_lower(y[i]);
        if (!x[i])
            return 0;
    }
    return 0;
}

char *strtok_r(char *restrict s, const char *restrict delim, char **restrict save) {
    if (!s)
        s = *save;
    s += strspn(s, delim);
    if (!*s) {
        *save = s;
        return NULL;
    }
    char *end = s + strcspn(s, delim);
    if (*end)
        *end++ = '\0';
    *save = end;
    return s;
}

char *strtok(char *restrict s, const char *restrict delim) {
    static char *save;
    return strtok_r(s, delim, &save);
}

/* ---- the rest of what KLEE's klee-libc models, and their GNU and BSD
 * relatives: without a model a call ran natively on concretized bytes (or
 * ended the state), losing every path through it. In the C locale strcoll is
 * strcmp and strxfrm a bounded copy. */

int bcmp(const void *a, const void *b, size_t n) { return memcmp(a, b, n); }

void *mempcpy(void *restrict dst, const void *restrict src, size_t n) {
    return (unsigned char *)memcpy(dst, src, n) + n;
}

char *stpcpy(char *restrict dst, const char *restrict src) {
    size_t i = 0;
    while ((dst[i] = src[i]))
        i++;
    return dst + i;
}

/* Returns the end of the copy: its NUL, or dst + n when src was too long. */
char *stpncpy(char *restrict dst, const char *restrict src, size_t n) {
    size_t i = 0;
    for (; i < n && src[i]; i++)
        dst[i] = src[i];
    char *end = dst + i;
    for (; i < n; i++)
        dst[i] = 0;
    return end;
}

int strcoll(const char *a, const char *b) { return strcmp(a, b); }

/* BSD's bounded copy: at most n - 1 bytes and a NUL; src's length back */
size_t strlcpy(char *restrict dst, const char *restrict src, size_t n) {
    size_t len = strlen(src);
    if (n) {
        size_t k = len < n - 1 ? len : n - 1;
        memcpy(dst, src, k);
        dst[k] = 0;
    }
    return len;
}

size_t strxfrm(char *restrict dst, const char *restrict src, size_t n) { return strlcpy(dst, src, n); }

char *strchrnul(const char *s, int c) {
    while (*s && *s != (char)c)
        s++;
    return (char *)s;
}

void *memrchr(const void *s, int c, size_t n) {
    const unsigned char *p = s;
    while (n--)
        if (p[n] == (unsigned char)c)
            return (void *)(p + n);
    return NULL;
}

char *index(const char *s, int c) { return strchr(s, c); }

char *rindex(const char *s, int c) { return strrchr(s, c); }
