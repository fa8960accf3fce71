/* printf-style formatting for the runtime's stdio models. Arguments are taken
 * from an x86-64 va_list in simulated memory as clang's va_arg code takes
 * them (exec_varargs.c lays them out): integers and pointers from the
 * register save area while gp_offset < 48, doubles while fp_offset < 176,
 * the rest and every long double from the overflow area. Each conversion is
 * formatted by the host's snprintf with the same conversion spec, so the
 * output matches the native run byte for byte. */
#include "executor.h"
#include "../util/util.h"
#include <stdio.h>
#include <string.h>

/* pin: constrain symbolic arguments to the values formatted (the text lands in
 * program memory, sprintf) or only sample them (the text goes to the terminal:
 * printing must not prune the paths the program can take). The va_list's
 * fields are read once; the caller's va_list is left as it was. */
typedef struct VaCursor { uint64_t gp_offset, fp_offset, overflow, save_area; bool pin; } VaCursor;
typedef VEC(char) CharVec;

/* How an argument travels: in a general register, a vector register, or
 * always in memory aligned to 16 (long double). */
typedef enum VaClass { VA_GP, VA_SSE, VA_MEM16 } VaClass;

static bool va_next(Executor *ex, State *s, VaCursor *va, VaClass cls, unsigned bytes, u128 *out) {
    uint64_t addr;
    if (cls == VA_GP && va->gp_offset < 48) {
        addr = va->save_area + va->gp_offset;
        va->gp_offset += 8;
    } else if (cls == VA_SSE && va->fp_offset < 176) {
        addr = va->save_area + va->fp_offset;
        va->fp_offset += 16;
    } else {
        unsigned slot = cls == VA_MEM16 ? 16 : 8;
        addr = (va->overflow + slot - 1) / slot * slot;
        va->overflow = addr + slot;
    }
    Value v;
    if (!exec_load(ex, s, value_concrete(addr), bytes, &v)) return false;
    *out = va->pin ? exec_concretize(ex, s, v, bytes * 8, "printf argument") : exec_example(ex, s, v);
    value_release(&v);
    return true;
}

/* The va_list's field of `bytes` bytes at offset off. */
static bool va_field(Executor *ex, State *s, uint64_t va_list_addr, unsigned off, unsigned bytes, uint64_t *out) {
    Value v;
    if (!exec_load(ex, s, value_concrete(va_list_addr + off), bytes, &v)) return false;
    *out = (uint64_t)(v.e ? exec_concretize(ex, s, v, bytes * 8, "va_list") : v.c);
    value_release(&v);
    return true;
}

static bool va_cursor(Executor *ex, State *s, uint64_t va_list_addr, bool pin, VaCursor *va) {
    va->pin = pin;
    return va_field(ex, s, va_list_addr, 0, 4, &va->gp_offset) && va_field(ex, s, va_list_addr, 4, 4, &va->fp_offset) &&
           va_field(ex, s, va_list_addr, 8, 8, &va->overflow) && va_field(ex, s, va_list_addr, 16, 8, &va->save_area);
}

static void out_append(CharVec *out, const char *p, size_t n) {
    VEC_RESERVE(*out, out->len + n + 1);
    memcpy(out->data + out->len, p, n);
    out->len += n;
}

/* One conversion: spec holds "%[flags][width][.prec][len]conv". */
static bool fmt_one(Executor *ex, State *s, VaCursor *va, char *spec, char conv, const char *len, CharVec *out) {
    char buf[512];
    char *big = NULL;
    int n = 0;
    u128 v;
    if (strchr(spec, '*')) { /* width/precision from arguments: substitute them */
        char fixed[128];
        size_t k = 0;
        for (const char *p = spec; *p && k + 24 < sizeof fixed; p++) {
            if (*p != '*') { fixed[k++] = *p; continue; }
            if (!va_next(ex, s, va, VA_GP, 4, &v)) return false;
            k += (size_t)snprintf(fixed + k, sizeof fixed - k, "%d", (int)(int32_t)v);
        }
        fixed[k] = 0;
        strcpy(spec, fixed);
    }
    switch (conv) {
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'c': {
        bool wide = strchr(len, 'l') || strchr(len, 'z') || strchr(len, 'j') || strchr(len, 't');
        if (!va_next(ex, s, va, VA_GP, wide ? 8 : 4, &v)) return false;
        if (wide) {
            /* rewrite the length to ll so one host call handles l, ll, z, j, t */
            char spec2[160];
            size_t base = strlen(spec) - strlen(len) - 1;
            snprintf(spec2, sizeof spec2, "%.*sll%c", (int)base, spec, conv);
            n = snprintf(buf, sizeof buf, spec2, (long long)(uint64_t)v);
        } else {
            n = snprintf(buf, sizeof buf, spec, (int)(uint32_t)v);
        }
        break;
    }
    case 'p':
        if (!va_next(ex, s, va, VA_GP, 8, &v)) return false;
        n = snprintf(buf, sizeof buf, spec, (void *)(uintptr_t)(uint64_t)v);
        break;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
        if (strchr(len, 'L')) {
            if (!va_next(ex, s, va, VA_MEM16, 16, &v)) return false;
            long double d = 0;
            memcpy(&d, &v, 10);
            n = snprintf(buf, sizeof buf, spec, d);
        } else {
            if (!va_next(ex, s, va, VA_SSE, 8, &v)) return false;
            double d;
            uint64_t bits = (uint64_t)v;
            memcpy(&d, &bits, 8);
            n = snprintf(buf, sizeof buf, spec, d);
        }
        break;
    case 's': {
        if (!va_next(ex, s, va, VA_GP, 8, &v)) return false;
        char *str = v ? exec_read_string_pin(ex, s, (uint64_t)v, va->pin) : util_strdup("(null)");
        if (!str) return false;
        n = snprintf(NULL, 0, spec, str);
        big = util_malloc((size_t)n + 1);
        snprintf(big, (size_t)n + 1, spec, str);
        free(str);
        break;
    }
    case 'n':
        if (!va_next(ex, s, va, VA_GP, 8, &v)) return false; /* %n writes are not modelled */
        return true;
    default:
        n = snprintf(buf, sizeof buf, "%s", spec);
        break;
    }
    if (n < 0) n = 0;
    if (big) { out_append(out, big, (size_t)n); free(big); }
    else out_append(out, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
    return true;
}

bool exec_vformat(Executor *ex, State *s, uint64_t fmt_addr, uint64_t va_list_addr, bool pin, char **result, size_t *result_len) {
    char *fmt = exec_read_string(ex, s, fmt_addr);
    if (!fmt) return false;
    VaCursor va;
    if (!va_cursor(ex, s, va_list_addr, pin, &va)) { free(fmt); return false; }
    CharVec out = {0};
    bool ok = true;
    for (const char *p = fmt; *p && ok;) {
        if (*p != '%') {
            const char *q = strchr(p, '%');
            size_t n = q ? (size_t)(q - p) : strlen(p);
            out_append(&out, p, n);
            p += n;
            continue;
        }
        if (p[1] == '%') { out_append(&out, "%", 1); p += 2; continue; }
        char spec[160];
        size_t k = 0;
        spec[k++] = *p++;
        while (*p && strchr("-+ #0'", *p) && k < 100) spec[k++] = *p++;
        while (*p && (strchr("0123456789.*", *p)) && k < 100) spec[k++] = *p++;
        const char *len_start = p;
        while (*p && strchr("hlLqjzt", *p) && k < 100) spec[k++] = *p++;
        char len[8] = {0};
        memcpy(len, len_start, (size_t)(p - len_start) < 7 ? (size_t)(p - len_start) : 7);
        if (!*p) break;
        char conv = *p++;
        spec[k++] = conv;
        spec[k] = 0;
        ok = fmt_one(ex, s, &va, spec, conv, len, &out);
    }
    free(fmt);
    if (!ok) { VEC_FREE(out); return false; }
    VEC_RESERVE(out, out.len + 1);
    out.data[out.len] = 0;
    *result = out.data;
    *result_len = out.len;
    return true;
}
