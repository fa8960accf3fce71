/* symplex-test
 * args: --posix --sym-args 1 2 3
 * paths: 122
 * coverage: 100
 * stdout: help requested
 * stdout: count given
 * getopt_long (musl's, with glibc's getopt for the short options: one byte
 * each, where musl's decoded multibyte characters, 140 paths) over one or
 * two symbolic arguments of up to 3 bytes:
 * `-h`/`--h` (a prefix of --help) prints help, `-c N` or `-cN` takes a count,
 * `-v` counts verbosity; every option and the error paths must be reached.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

static const struct option longopts[] = {
    {"help", no_argument, 0, 'h'},
    {"count", required_argument, 0, 'c'},
    {0, 0, 0, 0},
};

int main(int argc, char **argv) {
    int verbose = 0, c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "hc:v", longopts, 0)) != -1) {
        switch (c) {
        case 'h':
            printf("help requested\n");
            return 0;
        case 'c':
            printf("count given\n");
            return optarg[0] == '7' ? 7 : 1;
        case 'v':
            verbose++;
            break;
        default:
            return 2;
        }
    }
    return verbose ? 3 : optind < argc ? 4 : 5;
}
