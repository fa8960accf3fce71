/* symplex-test
 * args: --posix --sym-arg 1 --sym-files 1 3 --search=dfs
 * paths: 7
 * A symbolic file under --posix (KLEE's --sym-files): the program opens the
 * file its argument names, stats it and reads it. Only "A" exists (any other
 * name is ENOENT, "." and "/" are directories); A holds 3 symbolic bytes
 * and is a regular file of size 3. Paths: the names that do not exist (the
 * empty one or any other), the 2 directories, and 4 for the contents of A
 * (the three ways not to be "GIF", and "GIF"). Replay creates A in a scratch
 * directory with the test's bytes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    struct stat st;
    if (stat(argv[1], &st) != 0)
        return errno == ENOENT ? 1 : 9;
    if (!S_ISREG(st.st_mode))
        return 8; /* the directory */
    if (st.st_size != 3)
        return 10; /* never */
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0)
        return 7; /* never */
    char buf[8];
    ssize_t n = read(fd, buf, sizeof buf);
    close(fd);
    if (n != 3)
        return 6; /* never */
    if (buf[0] == 'G' && buf[1] == 'I' && buf[2] == 'F')
        return 2;
    FILE *f = fopen("A", "r");
    if (!f)
        return 5; /* never */
    int c = fgetc(f);
    fclose(f);
    return c == buf[0] ? 3 : 4;
}
