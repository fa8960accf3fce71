/* ktest.c: reading and writing KLEE's .ktest files (format in ktest.h).
 * The reader never trusts a length field: every count is checked against the
 * bytes actually left before anything is allocated, so a corrupt or hostile
 * file yields an error message, never a crash or a huge allocation. */
#include "out/ktest.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Set *err (when wanted) to a malloc'd formatted message. */
static void ktest_error(char **err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ktest_error(char **err, const char *fmt, ...) {
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    *err = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (*err) {
        va_start(ap, fmt);
        vsnprintf(*err, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
}

/* A read cursor over the file image. */
typedef struct KTestReader {
    const unsigned char *p;
    size_t left;
} KTestReader;

static bool ktest_get_u32(KTestReader *r, uint32_t *out) {
    if (r->left < 4)
        return false;
    *out = (uint32_t)r->p[0] << 24 | (uint32_t)r->p[1] << 16 | (uint32_t)r->p[2] << 8 | r->p[3];
    r->p += 4;
    r->left -= 4;
    return true;
}

/* A length-prefixed byte string, copied with a NUL appended so names and
 * arguments can be used as C strings. NULL when truncated or out of memory. */
static char *ktest_get_blob(KTestReader *r, uint32_t *len) {
    uint32_t n;
    if (!ktest_get_u32(r, &n) || r->left < n)
        return NULL;
    char *out = malloc((size_t)n + 1);
    if (!out)
        return NULL;
    memcpy(out, r->p, n);
    out[n] = '\0';
    r->p += n;
    r->left -= n;
    if (len)
        *len = n;
    return out;
}

static bool ktest_parse_header(KTestReader *r, KTest *t, char **err) {
    if (r->left < 5 || (memcmp(r->p, "KTEST", 5) != 0 && memcmp(r->p, "BOUT\n", 5) != 0)) {
        ktest_error(err, "not a ktest file (bad magic)");
        return false;
    }
    r->p += 5;
    r->left -= 5;
    if (!ktest_get_u32(r, &t->version)) {
        ktest_error(err, "truncated file (version)");
        return false;
    }
    if (t->version < 1 || t->version > KTEST_VERSION) {
        ktest_error(err, "unsupported ktest version %u", t->version);
        return false;
    }
    return true;
}

static bool ktest_parse_args(KTestReader *r, KTest *t, char **err) {
    uint32_t n;
    /* Each argument takes at least its 4-byte length. */
    if (!ktest_get_u32(r, &n) || n > r->left / 4) {
        ktest_error(err, "truncated file (arguments)");
        return false;
    }
    t->args = calloc(n ? n : 1, sizeof *t->args);
    if (!t->args) {
        ktest_error(err, "out of memory");
        return false;
    }
    for (; t->nargs < n; t->nargs++) {
        if (!(t->args[t->nargs] = ktest_get_blob(r, NULL))) {
            ktest_error(err, "truncated file (argument %u)", t->nargs);
            return false;
        }
    }
    if (t->version >= 2 &&
        (!ktest_get_u32(r, &t->sym_argvs) || !ktest_get_u32(r, &t->sym_argv_len))) {
        ktest_error(err, "truncated file (symbolic argv counts)");
        return false;
    }
    return true;
}

static bool ktest_parse_objects(KTestReader *r, KTest *t, char **err) {
    uint32_t n;
    /* Each object takes at least its two 4-byte lengths. */
    if (!ktest_get_u32(r, &n) || n > r->left / 8) {
        ktest_error(err, "truncated file (objects)");
        return false;
    }
    t->objects = calloc(n ? n : 1, sizeof *t->objects);
    if (!t->objects) {
        ktest_error(err, "out of memory");
        return false;
    }
    for (; t->nobjects < n; t->nobjects++) {
        KTestObject *o = &t->objects[t->nobjects];
        if (!(o->name = ktest_get_blob(r, NULL))) {
            ktest_error(err, "truncated file (object %u name)", t->nobjects);
            return false;
        }
        if (!(o->bytes = (unsigned char *)ktest_get_blob(r, &o->nbytes))) {
            ktest_error(err, "truncated file (object %u bytes)", t->nobjects);
            t->nobjects++; /* its name is allocated: let ktest_free see it */
            return false;
        }
    }
    return true;
}

KTest *ktest_parse(const unsigned char *buf, size_t len, char **err) {
    KTestReader r = {buf, len};
    KTest *t = calloc(1, sizeof *t);
    if (!t) {
        ktest_error(err, "out of memory");
        return NULL;
    }
    if (!ktest_parse_header(&r, t, err) || !ktest_parse_args(&r, t, err) ||
        !ktest_parse_objects(&r, t, err)) {
        ktest_free(t);
        return NULL;
    }
    return t;
}

/* Whole file into memory; *len set. NULL with *err set on failure. */
static unsigned char *ktest_slurp(const char *path, size_t *len, char **err) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        ktest_error(err, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        unsigned char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
        } else {
            buf = bigger;
            cap *= 2;
        }
    }
    bool failed = !buf || ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        ktest_error(err, "%s: read error", path);
        return NULL;
    }
    *len = n;
    return buf;
}

KTest *ktest_read(const char *path, char **err) {
    size_t len = 0;
    unsigned char *buf = ktest_slurp(path, &len, err);
    if (!buf)
        return NULL;
    char *why = NULL;
    KTest *t = ktest_parse(buf, len, &why);
    free(buf);
    if (!t) {
        ktest_error(err, "%s: %s", path, why ? why : "out of memory");
        free(why);
    }
    return t;
}

/* --- writing ------------------------------------------------------------- */

static unsigned char *ktest_put_u32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
    return p + 4;
}

static unsigned char *ktest_put_blob(unsigned char *p, const void *data, uint32_t n) {
    p = ktest_put_u32(p, n);
    if (n)
        memcpy(p, data, n);
    return p + n;
}

unsigned char *ktest_serialize(const KTest *t, size_t *len) {
    size_t size = 5 + 4 + 4 + 8 + 4;
    for (uint32_t i = 0; i < t->nargs; i++)
        size += 4 + strlen(t->args[i]);
    for (uint32_t i = 0; i < t->nobjects; i++)
        size += 8 + strlen(t->objects[i].name) + t->objects[i].nbytes;
    unsigned char *buf = malloc(size), *p = buf;
    if (!buf)
        return NULL;
    memcpy(p, "KTEST", 5);
    p = ktest_put_u32(p + 5, KTEST_VERSION);
    p = ktest_put_u32(p, t->nargs);
    for (uint32_t i = 0; i < t->nargs; i++)
        p = ktest_put_blob(p, t->args[i], (uint32_t)strlen(t->args[i]));
    p = ktest_put_u32(p, t->sym_argvs);
    p = ktest_put_u32(p, t->sym_argv_len);
    p = ktest_put_u32(p, t->nobjects);
    for (uint32_t i = 0; i < t->nobjects; i++) {
        const KTestObject *o = &t->objects[i];
        p = ktest_put_blob(p, o->name, (uint32_t)strlen(o->name));
        p = ktest_put_blob(p, o->bytes, o->nbytes);
    }
    *len = (size_t)(p - buf);
    return buf;
}

bool ktest_write(const char *path, const KTest *t, char **err) {
    size_t len;
    unsigned char *buf = ktest_serialize(t, &len);
    if (!buf) {
        ktest_error(err, "%s: out of memory", path);
        return false;
    }
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(buf, 1, len, f) == len;
    int saved = errno;
    if (f && fclose(f) != 0) {
        ok = false;
        saved = errno;
    }
    free(buf);
    if (!ok)
        ktest_error(err, "%s: cannot write: %s", path, strerror(saved));
    errno = saved; /* the caller may say why too */
    return ok;
}

void ktest_free(KTest *t) {
    if (!t)
        return;
    for (uint32_t i = 0; i < t->nargs; i++)
        free(t->args[i]);
    free(t->args);
    for (uint32_t i = 0; i < t->nobjects; i++) {
        free(t->objects[i].name);
        free(t->objects[i].bytes);
    }
    free(t->objects);
    free(t);
}
