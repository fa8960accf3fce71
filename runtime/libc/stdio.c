/* stdio.c: <stdio.h> output models. The program's stdout and stderr are
 * dummy FILE objects that only serve as identities: every write goes straight
 * to the engine (symplex_output / symplex_vformat), which owns buffering and
 * formatting. Writes to any other stream are accepted and discarded, so the
 * return values (lengths) stay what the program expects. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <symplex.h>

static FILE stdio_in, stdio_out, stdio_err;
FILE *stdin = &stdio_in;
FILE *stdout = &stdio_out;
FILE *stderr = &stdio_err;

/* The host fd a stream writes to, or -1 for a stream whose output is dropped. */
static int stdio_fd(FILE *f) {
    return f == stderr ? 2 : f == stdout ? 1 : -1;
}

static void stdio_write(FILE *f, const void *p, size_t n) {
    int fd = stdio_fd(f);
    if (fd > 0)
        symplex_output(fd, p, n);
}

/* A stream without an fd still formats (fd -1, capacity 0) so that the
 * returned length is right. */
int vfprintf(FILE *restrict f, const char *restrict fmt, va_list ap) {
    return symplex_vformat(stdio_fd(f), NULL, 0, fmt, ap);
}

int vprintf(const char *restrict fmt, va_list ap) {
    return symplex_vformat(1, NULL, 0, fmt, ap);
}

int vsnprintf(char *restrict buf, size_t cap, const char *restrict fmt, va_list ap) {
    return symplex_vformat(-1, buf, cap, fmt, ap);
}

/* No bound known: the engine's bounds checks on the written bytes catch an
 * overflowing sprintf like any other out-of-bounds store. */
int vsprintf(char *restrict buf, const char *restrict fmt, va_list ap) {
    return symplex_vformat(-1, buf, SIZE_MAX, fmt, ap);
}

int printf(const char *restrict fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vprintf(fmt, ap);
    va_end(ap);
    return n;
}

int fprintf(FILE *restrict f, const char *restrict fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(f, fmt, ap);
    va_end(ap);
    return n;
}

int sprintf(char *restrict buf, const char *restrict fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsprintf(buf, fmt, ap);
    va_end(ap);
    return n;
}

int snprintf(char *restrict buf, size_t cap, const char *restrict fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}

int fputs(const char *restrict s, FILE *restrict f) {
    stdio_write(f, s, strlen(s));
    return 1;
}

int puts(const char *s) {
    stdio_write(stdout, s, strlen(s));
    stdio_write(stdout, "\n", 1);
    return 1;
}

int fputc(int c, FILE *f) {
    unsigned char ch = (unsigned char)c;
    stdio_write(f, &ch, 1);
    return ch;
}

int(putc)(int c, FILE *f) {
    return fputc(c, f);
}

int(putchar)(int c) {
    return fputc(c, stdout);
}

size_t fwrite(const void *restrict p, size_t size, size_t n, FILE *restrict f) {
    stdio_write(f, p, size * n);
    return size ? n : 0;
}

/* Output is unbuffered on our side, so there is nothing to flush. */
int fflush(FILE *f) {
    return 0;
}
