/* symplex-ktest: print .ktest files the way KLEE's ktest-tool does, so
 * scripts and eyes used to ktest-tool read ours unchanged.
 *   symplex-ktest FILE.ktest...
 * A file that cannot be read gets one error line; the exit status is then 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out/ktest.h"

/* Bytes as a Python bytes literal (b'...'), the way ktest-tool shows data. */
static void print_escaped(const unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        if (c == '\\' || c == '\'')
            printf("\\%c", c);
        else if (c == '\n')
            fputs("\\n", stdout);
        else if (c == '\t')
            fputs("\\t", stdout);
        else if (c == '\r')
            fputs("\\r", stdout);
        else if (c >= 0x20 && c < 0x7f)
            putchar(c);
        else
            printf("\\x%02x", c);
    }
}

/* Little-endian integer of a 1, 2, 4 or 8 byte object, sign-extended for
 * the `int` line. */
static void print_ints(const char *prefix, const KTestObject *o) {
    uint64_t u = 0;
    for (uint32_t i = o->nbytes; i > 0; i--)
        u = u << 8 | o->bytes[i - 1];
    unsigned bits = o->nbytes * 8;
    int64_t s = bits == 64 ? (int64_t)u : (int64_t)(u ^ (1ull << (bits - 1))) - (int64_t)(1ull << (bits - 1));
    printf("%sint : %lld\n", prefix, (long long)s);
    printf("%suint: %llu\n", prefix, (unsigned long long)u);
}

static void print_object(uint32_t idx, const KTestObject *o) {
    char prefix[32];
    snprintf(prefix, sizeof prefix, "object %u: ", idx);
    printf("%sname: '", prefix);
    print_escaped((const unsigned char *)o->name, strlen(o->name));
    printf("'\n%ssize: %u\n%sdata: b'", prefix, o->nbytes, prefix);
    print_escaped(o->bytes, o->nbytes);
    printf("'\n%shex : 0x", prefix);
    for (uint32_t i = 0; i < o->nbytes; i++)
        printf("%02x", o->bytes[i]);
    putchar('\n');
    if (o->nbytes == 1 || o->nbytes == 2 || o->nbytes == 4 || o->nbytes == 8)
        print_ints(prefix, o);
    printf("%stext: ", prefix);
    for (uint32_t i = 0; i < o->nbytes; i++)
        putchar(o->bytes[i] >= 0x20 && o->bytes[i] < 0x7f ? o->bytes[i] : '.');
    putchar('\n');
}

static void print_test(const char *path, const KTest *t) {
    printf("ktest file : '%s'\nargs       : [", path);
    for (uint32_t i = 0; i < t->nargs; i++) {
        printf("%s'", i ? ", " : "");
        print_escaped((const unsigned char *)t->args[i], strlen(t->args[i]));
        putchar('\'');
    }
    printf("]\nnum objects: %u\n", t->nobjects);
    for (uint32_t i = 0; i < t->nobjects; i++)
        print_object(i, &t->objects[i]);
}

int main(int argc, char **argv) {
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        puts("usage: symplex-ktest FILE.ktest...\n\nprints each test's arguments and objects: name, size, bytes, and the\n"
             "bytes read as text and as integers of the object's width");
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--version") == 0) {
        puts("symplex-ktest (symplex) " SYMPLEX_VERSION);
        return 0;
    }
    if (argc < 2) {
        fprintf(stderr, "usage: symplex-ktest FILE.ktest...\n");
        return 1;
    }
    int status = 0;
    for (int i = 1; i < argc; i++) {
        char *err = NULL;
        KTest *t = ktest_read(argv[i], &err);
        if (!t) {
            fflush(stdout);
            fprintf(stderr, "symplex-ktest: %s\n", err ? err : argv[i]);
            free(err);
            status = 1;
            continue;
        }
        if (i > 1)
            putchar('\n');
        print_test(argv[i], t);
        ktest_free(t);
    }
    return status;
}
