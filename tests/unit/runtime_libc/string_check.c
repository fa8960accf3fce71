/* Differential check of runtime/libc/string.c (compiled natively with its
 * functions renamed my_*) against glibc. Driven by test_runtime_libc.c. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#define SGN(x) (((x) > 0) - ((x) < 0))
void *my_memcpy(void*, const void*, size_t); void *my_memmove(void*, const void*, size_t); void *my_memset(void*, int, size_t);
int my_memcmp(const void*, const void*, size_t); void *my_memchr(const void*, int, size_t); size_t my_strlen(const char*);
size_t my_strnlen(const char*, size_t); int my_strcmp(const char*, const char*); int my_strncmp(const char*, const char*, size_t);
char *my_strcpy(char*, const char*); char *my_strncpy(char*, const char*, size_t); char *my_strcat(char*, const char*);
char *my_strncat(char*, const char*, size_t); char *my_strchr(const char*, int); char *my_strrchr(const char*, int);
char *my_strstr(const char*, const char*); char *my_strdup(const char*); char *my_strndup(const char*, size_t);
size_t my_strspn(const char*, const char*); size_t my_strcspn(const char*, const char*); char *my_strpbrk(const char*, const char*);
int my_strcasecmp(const char*, const char*); int my_strncasecmp(const char*, const char*, size_t); char *my_strtok(char*, const char*);
int my_bcmp(const void*, const void*, size_t); void *my_mempcpy(void*, const void*, size_t); char *my_stpcpy(char*, const char*);
char *my_stpncpy(char*, const char*, size_t); int my_strcoll(const char*, const char*); size_t my_strxfrm(char*, const char*, size_t);
char *my_strchrnul(const char*, int); void *my_memrchr(const void*, int, size_t); char *my_index(const char*, int); char *my_rindex(const char*, int);
/* the extras KLEE's klee-libc also models, against glibc in the C locale */
static int check_extras(const char **S, size_t N) {
    int bad = 0;
    for (size_t i = 0; i < N; i++) {
        const char *a = S[i];
        size_t la = strlen(a);
        for (int c = 0; c < 256; c++) {
            if (strchrnul(a, c) != my_strchrnul(a, c)) { bad++; printf("strchrnul %zu %d\n", i, c); }
            if (memrchr(a, c, la) != my_memrchr(a, c, la)) { bad++; printf("memrchr %zu %d\n", i, c); }
            if (index(a, c) != my_index(a, c) || rindex(a, c) != my_rindex(a, c)) { bad++; printf("index %zu %d\n", i, c); }
        }
        for (size_t j = 0; j < N; j++) {
            const char *b = S[j];
            if (SGN(strcoll(a, b)) != SGN(my_strcoll(a, b))) { bad++; printf("strcoll '%s' '%s'\n", a, b); }
            size_t k = la < strlen(b) ? la : strlen(b);
            for (size_t m = 0; m <= k; m++)
                if ((bcmp(a, b, m) == 0) != (my_bcmp(a, b, m) == 0)) { bad++; printf("bcmp\n"); }
        }
        char x1[64], x2[64];
        memset(x1, 'Q', 64); memset(x2, 'Q', 64);
        if (stpcpy(x1, a) - x1 != my_stpcpy(x2, a) - x2 || memcmp(x1, x2, 64)) { bad++; printf("stpcpy\n"); }
        for (size_t m = 0; m < 8; m++) {
            memset(x1, 'Q', 64); memset(x2, 'Q', 64);
            if (stpncpy(x1, a, m) - x1 != my_stpncpy(x2, a, m) - x2 || memcmp(x1, x2, 64)) { bad++; printf("stpncpy %zu\n", m); }
            memset(x1, 'Q', 64); memset(x2, 'Q', 64);
            /* a result of m or more leaves the array's contents unspecified: only the length is compared */
            size_t r1 = strxfrm(x1, a, m), r2 = my_strxfrm(x2, a, m);
            if (r1 != r2 || (r1 < m && memcmp(x1, x2, 64))) { bad++; printf("strxfrm %zu\n", m); }
            memset(x1, 'Q', 64); memset(x2, 'Q', 64);
            if ((char *)mempcpy(x1, a, m) - x1 != (char *)my_mempcpy(x2, a, m) - x2 || memcmp(x1, x2, 64)) {
                bad++; printf("mempcpy\n");
            }
        }
    }
    return bad;
}

int main(void) {
    const char *S[] = {"", "a", "abc", "abd", "ABC", "aBd", "hello world", "hello", "\xff\x01", "\x01", "lo", "o w", "xyz", "  a,b;;c ", ",;", "Zebra[", "zebra{"};
    size_t N = sizeof S / sizeof *S; int bad = 0;
    for (size_t i = 0; i < N; i++) {
        if (strlen(S[i]) != my_strlen(S[i])) bad++;
        for (size_t m = 0; m < 5; m++) if (strnlen(S[i], m) != my_strnlen(S[i], m)) bad++;
        for (int c = 0; c < 256; c += 1) {
            if (strchr(S[i], c) != my_strchr(S[i], c)) { bad++; printf("strchr %zu %d\n", i, c); }
            if (strrchr(S[i], c) != my_strrchr(S[i], c)) { bad++; printf("strrchr %zu %d\n", i, c); }
            if (memchr(S[i], c, strlen(S[i])) != my_memchr(S[i], c, strlen(S[i]))) bad++;
        }
        char *d1 = strdup(S[i]), *d2 = my_strdup(S[i]); if (strcmp(d1, d2)) bad++; free(d1); free(d2);
        for (size_t m = 0; m < 4; m++) { d1 = strndup(S[i], m); d2 = my_strndup(S[i], m); if (strcmp(d1, d2)) bad++; free(d1); free(d2); }
        for (size_t j = 0; j < N; j++) {
            const char *a = S[i], *b = S[j];
            if (SGN(strcmp(a, b)) != SGN(my_strcmp(a, b))) { bad++; printf("strcmp %s %s\n", a, b); }
            if (SGN(strcasecmp(a, b)) != SGN(my_strcasecmp(a, b))) { bad++; printf("strcasecmp '%s' '%s' %d %d\n", a, b, strcasecmp(a,b), my_strcasecmp(a,b)); }
            for (size_t m = 0; m < 6; m++) {
                if (SGN(strncmp(a, b, m)) != SGN(my_strncmp(a, b, m))) { bad++; printf("strncmp\n"); }
                if (SGN(strncasecmp(a, b, m)) != SGN(my_strncasecmp(a, b, m))) { bad++; printf("strncasecmp\n"); }
                size_t k = m < strlen(a) + 1 && m < strlen(b) + 1 ? m : 0;
                if (SGN(memcmp(a, b, k)) != SGN(my_memcmp(a, b, k))) { bad++; printf("memcmp\n"); }
            }
            if (strstr(a, b) != my_strstr(a, b)) { bad++; printf("strstr '%s' '%s'\n", a, b); }
            if (strspn(a, b) != my_strspn(a, b)) bad++;
            if (strcspn(a, b) != my_strcspn(a, b)) bad++;
            if (strpbrk(a, b) != my_strpbrk(a, b)) bad++;
            char x1[64], x2[64];
            memset(x1, 'Q', 64); memset(x2, 'Q', 64);
            strcpy(x1, a); my_strcpy(x2, a); strcat(x1, b); my_strcat(x2, b); if (memcmp(x1, x2, 64)) { bad++; printf("strcat\n"); }
            for (size_t m = 0; m < 6; m++) {
                memset(x1, 'Q', 64); memset(x2, 'Q', 64);
                strncpy(x1, a, m); my_strncpy(x2, a, m); if (memcmp(x1, x2, 64)) { bad++; printf("strncpy\n"); }
                strcpy(x1, a); my_strcpy(x2, a); strncat(x1, b, m); my_strncat(x2, b, m); if (memcmp(x1, x2, 64)) { bad++; printf("strncat\n"); }
            }
        }
    }
    char buf1[32], buf2[32];
    for (int off = 0; off < 8; off++) for (int len = 0; len < 16; len++) {
        for (int k = 0; k < 32; k++) buf1[k] = buf2[k] = (char)k;
        memmove(buf1 + off, buf1 + 4, len); my_memmove(buf2 + off, buf2 + 4, len);
        if (memcmp(buf1, buf2, 32)) { bad++; printf("memmove %d %d\n", off, len); }
    }
    my_memset(buf1, 0x1ff, 5); if (buf1[4] != (char)0xff) bad++;
    my_memcpy(buf2, "abcdef", 7); if (strcmp(buf2, "abcdef")) bad++;
    char t1[] = "  a,b;;c ,", t2[] = "  a,b;;c ,"; char *p1 = strtok(t1, " ,;"), *p2 = my_strtok(t2, " ,;");
    while (p1 || p2) { if (!p1 || !p2 || p1 - t1 != p2 - t2) { bad++; printf("strtok\n"); break; } p1 = strtok(NULL, " ,;"); p2 = my_strtok(NULL, " ,;"); }
    bad += check_extras(S, N);
    printf("bad=%d\n", bad); return bad != 0;
}
