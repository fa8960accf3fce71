/* wctype-tables.c: writes the wide character classes, widths and case
 * mappings of the host C library's C.UTF-8 locale as C tables, for
 * runtime/posix/wctype.c (a --posix program's tests replay on this library).
 * Built and run by the build; its output goes to the build directory.
 *
 * Below WCT_SPLIT each property is a two-level table: a block number per
 * 2^shift code points, then the block (a bitmap for a class and for the
 * widths 0 and 2, a number per code point for a case mapping's delta); equal
 * blocks are stored once. Above it the properties come in long runs and are
 * a list of ranges. Usage: wctype-tables OUT.h */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#define SPLIT 0x40000u
#define LIMIT 0x110000u

static const char *const class_names[] = {"alnum", "alpha", "blank", "cntrl", "digit", "graph",
                                          "lower", "print", "punct", "space", "upper", "xdigit"};
#define NCLASSES (sizeof class_names / sizeof class_names[0])
#define CLASS_PRINT 7 /* class_names[CLASS_PRINT] */

static wctype_t classes[NCLASSES];

/* Everything known of one code point. */
typedef struct {
    unsigned mask;
    int width, upper, lower;
} Props;

static Props props_of(unsigned c) {
    Props p = {0, wcwidth((wchar_t)c), (int)towupper(c) - (int)c, (int)towlower(c) - (int)c};
    for (unsigned k = 0; k < NCLASSES; k++)
        if (iswctype(c, classes[k])) p.mask |= 1u << k;
    return p;
}

/* A pool of distinct blocks of `size` bytes. */
typedef struct {
    unsigned char *data;
    size_t size, count;
} Pool;

static unsigned pool_add(Pool *pool, const unsigned char *block) {
    for (size_t i = 0; i < pool->count; i++)
        if (!memcmp(pool->data + i * pool->size, block, pool->size)) return (unsigned)i;
    pool->data = realloc(pool->data, (pool->count + 1) * pool->size);
    if (!pool->data) {
        fprintf(stderr, "wctype-tables: out of memory\n");
        exit(1);
    }
    memcpy(pool->data + pool->count * pool->size, block, pool->size);
    return (unsigned)pool->count++;
}

static Props table[LIMIT];

/* A property's value for a code point: `bits` wide (1 or 8). */
typedef unsigned (*Value)(unsigned c, unsigned arg);

static void write_array(FILE *out, const char *name, const char *part, const unsigned char *data, size_t n) {
    fprintf(out, "static const unsigned char wct_%s_%s[%zu] = {", name, part, n);
    for (size_t i = 0; i < n; i++) fprintf(out, "%s%u,", i % 32 ? "" : "\n    ", data[i]);
    fprintf(out, "\n};\n");
}

/* One property below SPLIT, as two byte arrays: a block number per 2^shift
 * code points, then the distinct blocks. The engine's solver reads a table
 * of constants at a symbolic index as a multiplexer up to 4096 bytes (beyond,
 * through the array theory, which times out on these): the largest blocks
 * that keep both arrays within that are chosen. */
static void write_property(FILE *out, const char *name, unsigned bits, Value value, unsigned arg) {
    for (unsigned shift = 8; shift >= 4; shift--) {
        unsigned per = 1u << shift, nblocks = SPLIT >> shift, size = per * bits / 8;
        unsigned char *index = malloc(nblocks), block[256];
        Pool pool = {NULL, size, 0};
        for (unsigned b = 0; b < nblocks && pool.count <= 256; b++) {
            memset(block, 0, size);
            for (unsigned i = 0; i < per; i++) {
                unsigned v = value(b * per + i, arg);
                if (bits == 1) block[i >> 3] |= (unsigned char)(v << (i & 7));
                else block[i] = (unsigned char)v;
            }
            index[b] = (unsigned char)pool_add(&pool, block);
        }
        if (pool.count <= 256 && nblocks <= 4096 && pool.count * size <= 4096) {
            fprintf(out, "#define WCT_%s_SHIFT %uu\n", name, shift);
            write_array(out, name, "index", index, nblocks);
            write_array(out, name, "blocks", pool.data, pool.count * size);
            free(index);
            free(pool.data);
            return;
        }
        free(index);
        free(pool.data);
    }
    fprintf(stderr, "wctype-tables: %s does not fit tables of 4096 bytes\n", name);
    exit(1);
}

static unsigned value_class(unsigned c, unsigned k) {
    return table[c].mask >> k & 1;
}

static unsigned value_width(unsigned c, unsigned width) {
    return table[c].width == (int)width;
}

/* The case mappings' deltas, numbered: the blocks hold numbers, not deltas. */
static int deltas[256];
static unsigned ndeltas = 1; /* deltas[0] = 0 */

static unsigned delta_number(int delta) {
    for (unsigned i = 0; i < ndeltas; i++)
        if (deltas[i] == delta) return i;
    if (ndeltas == 256) {
        fprintf(stderr, "wctype-tables: more than 256 distinct case deltas\n");
        exit(1);
    }
    deltas[ndeltas] = delta;
    return ndeltas++;
}

static unsigned value_case(unsigned c, unsigned upper) {
    return delta_number(upper ? table[c].upper : table[c].lower);
}

/* glibc's width is -1 exactly where a character is not printable (but for
 * U+0000, 0): the width is then two bitmaps, of width 0 and of width 2. */
static void check_width_rule(void) {
    for (unsigned c = 1; c < LIMIT; c++)
        if ((table[c].width < 0) != !(table[c].mask >> CLASS_PRINT & 1) || table[c].width > 2) {
            fprintf(stderr, "wctype-tables: U+%04X has width %d: the width is no longer two bitmaps\n", c,
                    table[c].width);
            exit(1);
        }
}

/* Above SPLIT: runs of code points with the same properties. */
static void write_ranges(FILE *out) {
    unsigned start = SPLIT, n = 0;
    fprintf(out, "static const WctRange wct_ranges[] = {\n");
    for (unsigned c = SPLIT + 1; c <= LIMIT; c++) {
        if (c < LIMIT && !memcmp(&table[c], &table[start], sizeof(Props))) continue;
        const Props *p = &table[start];
        fprintf(out, "    {0x%x, 0x%x, 0x%x, %d, %d, %d},\n", start, c, p->mask, p->width, p->upper, p->lower);
        start = c;
        n++;
    }
    fprintf(out, "};\n");
    if (n > 64) {
        fprintf(stderr, "wctype-tables: %u ranges above 0x%x: the layout no longer fits this C library\n", n, SPLIT);
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: wctype-tables OUT.h\n");
        return 2;
    }
    if (!setlocale(LC_ALL, "C.UTF-8")) {
        fprintf(stderr, "wctype-tables: the host C library has no C.UTF-8 locale\n");
        return 1;
    }
    for (unsigned k = 0; k < NCLASSES; k++) classes[k] = wctype(class_names[k]);
    for (unsigned c = 0; c < LIMIT; c++) table[c] = props_of(c);
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror(argv[1]);
        return 1;
    }
    fprintf(out, "/* generated by scripts/wctype-tables.c from the host C library's C.UTF-8 locale */\n");
    fprintf(out, "#define WCT_SPLIT 0x%xu\n", SPLIT);
    for (unsigned k = 0; k < NCLASSES; k++) fprintf(out, "#define WCT_BIT_%s %u\n", class_names[k], k);
    fprintf(out, "typedef struct {\n    unsigned lo, hi, mask;\n    int width, upper, lower;\n} WctRange;\n");
    check_width_rule();
    for (unsigned k = 0; k < NCLASSES; k++) write_property(out, class_names[k], 1, value_class, k);
    write_property(out, "width0", 1, value_width, 0);
    write_property(out, "width2", 1, value_width, 2);
    write_property(out, "toupper", 8, value_case, 1);
    write_property(out, "tolower", 8, value_case, 0);
    fprintf(out, "static const int wct_deltas[%u] = {", ndeltas);
    for (unsigned i = 0; i < ndeltas; i++) fprintf(out, "%s%d,", i % 16 ? "" : "\n    ", deltas[i]);
    fprintf(out, "\n};\n");
    write_ranges(out);
    if (fclose(out)) {
        perror(argv[1]);
        return 1;
    }
    return 0;
}
