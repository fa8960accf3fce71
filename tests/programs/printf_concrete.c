/* symplex-test
 * paths: 2
 * stdout: hello world 42 -7 ff abc x=1
 * printf/puts with concrete arguments (ints, hex, strings, chars); the
 * symbolic input only picks which final line is printed, on two paths.
 * stdout: big
 * stdout: small
 */
#include <symplex.h>
#include <stdio.h>

int main(void) {
    int n;
    symplex_make_symbolic(&n, sizeof n, "n");
    printf("hello %s %d %d %x %s x=%c\n", "world", 42, -7, 255u, "abc", '1');
    if (n > 1000)
        puts("big");
    else
        printf("%s\n", "small");
    return 0;
}
