/* bit-vectors, reachable: CRC-8 (polynomial 0x07) of 'O' and one more byte equals 0xA5 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bv_crc8.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);

/* A bitwise CRC that branches on the top bit: 16 branches, 2^16 paths, one
 * input per path. With the first byte fixed the CRC is a bijection of the
 * second, so exactly one path of the 65536 reaches the error: bytes 'O'
 * and 0xBC. */
int main(void) {
    unsigned char msg[2];
    msg[0] = __VERIFIER_nondet_uchar();
    msg[1] = __VERIFIER_nondet_uchar();
    unsigned int crc = 0;
    for (int i = 0; i < 2; i++) {
        crc ^= msg[i];
        for (int b = 0; b < 8; b++) {
            if (crc & 0x80u)
                crc = ((crc << 1) ^ 0x07u) & 0xFFu;
            else
                crc = (crc << 1) & 0xFFu;
        }
    }
    if (crc == 0xA5u && msg[0] == 'O')
        reach_error();
    return 0;
}
