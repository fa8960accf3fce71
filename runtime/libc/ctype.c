/* ctype.c: <ctype.h> for the "C" locale.
 *
 * glibc's <ctype.h> macros index tables directly through __ctype_b_loc(),
 * __ctype_tolower_loc() and __ctype_toupper_loc(), so those must return
 * tables laid out exactly like glibc's: 384 entries covering -128..255
 * (signed char values and EOF included), the returned pointer aimed at entry
 * 128 (the value 0). The class bits are glibc's own _IS* constants, taken
 * from the header so they cannot drift. The tables are compile-time constants:
 * the engine pays nothing to set them up. */
#include <ctype.h>
#include <stdint.h>

/* Class bits of one ASCII code `c` (0..127); 128..255 are unclassified in
 * the C locale. Built from the standard's definitions of each class. */
#define CT_UP(c) ((c) >= 'A' && (c) <= 'Z')
#define CT_LO(c) ((c) >= 'a' && (c) <= 'z')
#define CT_DI(c) ((c) >= '0' && (c) <= '9')
#define CT_XD(c) (CT_DI(c) || ((c) >= 'a' && (c) <= 'f') || ((c) >= 'A' && (c) <= 'F'))
#define CT_AL(c) (CT_UP(c) || CT_LO(c))
#define CT_GR(c) ((c) > ' ' && (c) < 127)
#define CT_SP(c) ((c) == ' ' || ((c) >= '\t' && (c) <= '\r'))
#define CT_BL(c) ((c) == ' ' || (c) == '\t')
#define CT_CN(c) ((c) < ' ' || (c) == 127)
#define CT_BITS(c)                                                             \
    (unsigned short)((CT_UP(c) ? _ISupper : 0) | (CT_LO(c) ? _ISlower : 0) |   \
                     (CT_AL(c) ? _ISalpha : 0) | (CT_DI(c) ? _ISdigit : 0) |   \
                     (CT_XD(c) ? _ISxdigit : 0) | (CT_SP(c) ? _ISspace : 0) |  \
                     ((CT_GR(c) || (c) == ' ') ? _ISprint : 0) |               \
                     (CT_GR(c) ? _ISgraph : 0) | (CT_BL(c) ? _ISblank : 0) |   \
                     (CT_CN(c) ? _IScntrl : 0) |                               \
                     ((CT_GR(c) && !CT_AL(c) && !CT_DI(c)) ? _ISpunct : 0) |   \
                     ((CT_AL(c) || CT_DI(c)) ? _ISalnum : 0))
#define CT_LOWER(c) (CT_UP(c) ? (c) + 32 : (c))
#define CT_UPPER(c) (CT_LO(c) ? (c) - 32 : (c))

/* Expand F over 8, 32 and 128 consecutive codes starting at b. */
#define CT_8(F, b) F(b), F(b + 1), F(b + 2), F(b + 3), F(b + 4), F(b + 5), F(b + 6), F(b + 7)
#define CT_32(F, b) CT_8(F, b), CT_8(F, b + 8), CT_8(F, b + 16), CT_8(F, b + 24)
#define CT_128(F, b) CT_32(F, b), CT_32(F, b + 32), CT_32(F, b + 64), CT_32(F, b + 96)
#define CT_ZERO(c) 0
#define CT_SELF(c) (c)
/* glibc maps a negative (signed char) index to the unsigned char it stands
 * for, except EOF (-1), which maps to itself. */
#define CT_NEG(c) ((c) == -1 ? -1 : (c) + 256)

static const unsigned short ctype_b[384] = {
    CT_128(CT_ZERO, -128), CT_128(CT_BITS, 0), CT_128(CT_ZERO, 128)};
static const int32_t ctype_lower[384] = {
    CT_128(CT_NEG, -128), CT_128(CT_LOWER, 0), CT_128(CT_SELF, 128)};
static const int32_t ctype_upper[384] = {
    CT_128(CT_NEG, -128), CT_128(CT_UPPER, 0), CT_128(CT_SELF, 128)};

static const unsigned short *ctype_b_ptr = ctype_b + 128;
static const int32_t *ctype_lower_ptr = ctype_lower + 128;
static const int32_t *ctype_upper_ptr = ctype_upper + 128;

const unsigned short **__ctype_b_loc(void) {
    return &ctype_b_ptr;
}

const int32_t **__ctype_tolower_loc(void) {
    return &ctype_lower_ptr;
}

const int32_t **__ctype_toupper_loc(void) {
    return &ctype_upper_ptr;
}

/* The functions share the tables, so macro and function forms agree. The
 * names are parenthesised because <ctype.h> may define them as macros. */
#define CT_CLASS_FN(name, bit)                                                 \
    int(name)(int c) {                                                         \
        return ctype_b_ptr[c] & (bit);                                         \
    }

CT_CLASS_FN(isalnum, _ISalnum)
CT_CLASS_FN(isalpha, _ISalpha)
CT_CLASS_FN(isblank, _ISblank)
CT_CLASS_FN(iscntrl, _IScntrl)
CT_CLASS_FN(isdigit, _ISdigit)
CT_CLASS_FN(isgraph, _ISgraph)
CT_CLASS_FN(islower, _ISlower)
CT_CLASS_FN(isprint, _ISprint)
CT_CLASS_FN(ispunct, _ISpunct)
CT_CLASS_FN(isspace, _ISspace)
CT_CLASS_FN(isupper, _ISupper)
CT_CLASS_FN(isxdigit, _ISxdigit)

int(isascii)(int c) {
    return (c & ~0x7f) == 0;
}

int(toascii)(int c) {
    return c & 0x7f;
}

int(tolower)(int c) {
    return ctype_lower_ptr[c];
}

int(toupper)(int c) {
    return ctype_upper_ptr[c];
}
