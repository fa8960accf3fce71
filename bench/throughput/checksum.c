/* Concrete-only workload for bench/throughput: bench/scaling/memloop's checksum
 * over a 1 MiB byte buffer. No symbolic input, so it measures the interpreter's
 * concrete path. */
#define SIZE (1u << 20)
#include "../scaling/memloop/memloop.c"
