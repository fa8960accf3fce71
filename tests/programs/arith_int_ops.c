/* symplex-test
 * paths: 1
 * Integer semantics at every width (char, short, int, long long, __int128,
 * signed and unsigned): each assert is an identity that holds for all inputs
 * under C semantics, so a correct engine finds no counterexample and never
 * forks. Divisors are made odd (never zero) and dividends fit in 16 bits, so
 * INT_MIN / -1 cannot occur.
 */
#include <assert.h>
#include <symplex.h>

int main(void) {
    unsigned char a, b;
    signed char sc;
    short s;
    unsigned short us;
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    symplex_make_symbolic(&sc, sizeof sc, "sc");
    symplex_make_symbolic(&s, sizeof s, "s");
    symplex_make_symbolic(&us, sizeof us, "us");
    assert(a + b <= 510);
    assert((unsigned char)(a + b) == ((a + b) & 0xff));
    assert(((a ^ b) ^ b) == a);
    assert((a | b) >= a);
    assert((a & b) <= b);
    assert(~~a == a);
    assert(a * b <= 65025);
    assert(a - b + b == a);
    unsigned char d = b | 1;
    assert((a / d) * d + a % d == a);
    assert(a % d < d);
    int n = sc, m = s | 1;
    assert((n / m) * m + n % m == n);
    assert((n % m == 0) | ((n % m < 0) == (n < 0)));
    assert(-n == 0 - n);
    unsigned short w = (unsigned short)(us + 1);
    assert((w == 0) == (us == 65535));
    unsigned u32 = (unsigned)us * 65537u;
    assert((u32 & 0xffff) == us);
    assert((u32 >> 16) == us);
    assert(0xffffffffu + (unsigned)a == (unsigned)a - 1u);
    long long ll = (long long)s * 1048576LL;
    assert((ll >> 20) == s);
    assert((unsigned long long)ll % 1048576ULL == 0);
    unsigned long long ull = (unsigned long long)(long long)sc;
    assert((ull >> 63) == (sc < 0));
    __int128 big = (__int128)s * 65536 * 65536 * 65536;
    assert((short)(big >> 48) == s);
    assert((big < 0) == (s < 0));
    unsigned __int128 ub = (unsigned __int128)us << 100;
    assert((unsigned)(ub >> 100) == us);
    assert((unsigned long long)ub == 0);
    return 0;
}
