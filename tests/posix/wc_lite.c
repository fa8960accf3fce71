/* A small real program for tests/test_posix.py: counts the lines, words and
 * bytes of its file arguments (or stdin), like wc, through musl's stdio, and
 * exits 1 when a file cannot be opened. Written for symplex's tests. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

static int count(FILE *f, const char *name) {
    long lines = 0, words = 0, bytes = 0;
    int c, in_word = 0;
    while ((c = getc(f)) != EOF) {
        bytes++;
        if (c == '\n')
            lines++;
        if (isspace(c))
            in_word = 0;
        else if (!in_word) {
            in_word = 1;
            words++;
        }
    }
    printf("%ld %ld %ld %s\n", lines, words, bytes, name);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2)
        return count(stdin, "-");
    int status = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = strcmp(argv[i], "-") == 0 ? stdin : fopen(argv[i], "r");
        if (!f) {
            fprintf(stderr, "wc_lite: %s: %s\n", argv[i], strerror(errno));
            status = 1;
            continue;
        }
        count(f, argv[i]);
        if (f != stdin)
            fclose(f);
    }
    return status;
}
