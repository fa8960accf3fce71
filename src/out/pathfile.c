/* pathfile.c: reading and writing .path files (format in pathfile.h). The
 * reader checks the stored count against the bytes there before it
 * allocates anything. */
#define _GNU_SOURCE
#include "out/pathfile.h"
#include "util/path_hash.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char pathfile_magic[8] = "SYMPATH";

static bool pathfile_fail(char **err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool pathfile_fail(char **err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (err && vasprintf(err, fmt, ap) < 0)
        *err = NULL;
    va_end(ap);
    return false;
}

static void put_u32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> 8 * i);
}

static void put_u64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> 8 * i);
}

static uint32_t get_u32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const unsigned char *p) {
    uint64_t v = 0;
    for (int i = 8; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

bool pathfile_write(const char *path, const PathFile *p, char **err) {
    unsigned char h[PATHFILE_HEADER];
    memcpy(h, pathfile_magic, 8);
    put_u32(h + 8, PATHFILE_VERSION);
    put_u32(h + 12, p->end);
    put_u64(h + 16, p->count);
    put_u64(h + 24, p->hash);
    put_u64(h + 32, p->stored);
    FILE *f = fopen(path, "wb");
    if (!f)
        return pathfile_fail(err, "cannot write '%s': %s", path, strerror(errno));
    bool ok = fwrite(h, 1, sizeof h, f) == sizeof h;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    ok = ok && fwrite(p->d, 8, p->stored, f) == p->stored; /* a path of 2^20 decisions: one write */
#else
    unsigned char buf[8 * 512];
    for (uint64_t i = 0; ok && i < p->stored; i += 512) {
        uint64_t n = p->stored - i < 512 ? p->stored - i : 512;
        for (uint64_t k = 0; k < n; k++)
            put_u64(buf + 8 * k, p->d[i + k]);
        ok = fwrite(buf, 8, n, f) == n;
    }
#endif
    if (fclose(f) != 0 || !ok)
        return pathfile_fail(err, "cannot write '%s'", path);
    return true;
}

bool pathfile_read(const char *path, PathFile *p, char **err) {
    memset(p, 0, sizeof *p);
    FILE *f = fopen(path, "rb");
    if (!f)
        return pathfile_fail(err, "cannot open '%s': %s", path, strerror(errno));
    unsigned char h[PATHFILE_HEADER];
    bool ok = fread(h, 1, sizeof h, f) == sizeof h && memcmp(h, pathfile_magic, 8) == 0;
    uint32_t version = ok ? get_u32(h + 8) : 0, end = ok ? get_u32(h + 12) : 0;
    if (!ok || version != PATHFILE_VERSION || end > PATH_END_CUT) {
        fclose(f);
        return pathfile_fail(err, "'%s' is not a path file of version %d", path, PATHFILE_VERSION);
    }
    p->end = end;
    p->count = get_u64(h + 16);
    p->hash = get_u64(h + 24);
    p->stored = get_u64(h + 32);
    long at = ftell(f);
    ok = p->stored == (p->count < PATH_STORED_MAX ? p->count : PATH_STORED_MAX) && fseek(f, 0, SEEK_END) == 0 &&
         (uint64_t)(ftell(f) - at) == 8 * p->stored && fseek(f, at, SEEK_SET) == 0;
    p->d = ok ? malloc(sizeof *p->d * p->stored + 1) : NULL;
    ok = p->d && fread(p->d, 8, p->stored, f) == p->stored;
    for (uint64_t i = 0; ok && i < p->stored; i++) /* the bytes in place as little-endian words */
        p->d[i] = get_u64((const unsigned char *)&p->d[i]);
    fclose(f);
    if (!ok) {
        free(p->d);
        p->d = NULL;
        return pathfile_fail(err, "'%s': truncated or inconsistent path file", path);
    }
    return true;
}
