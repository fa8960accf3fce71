"""bench/scaling/load/gen.py: the C source of a program of n five-line functions.

Each function does signed arithmetic (nsw: its flags are read when lowering), a
branch and a shift; main calls every one once, so none is dead. 3000 functions
compiled with clang-16 -g -O0 are 1.5 MB of bitcode, GNU grep's size.
`python3 gen.py N` prints it."""
import sys


def source(n):
    parts = []
    for k in range(n):
        parts.append("int f%d(int x) {\n  int y = x * %d + 1;\n  if (y > 100) y -= %d;\n  return y ^ (x >> 1);\n}\n"
                     % (k, k + 2, k))
    parts.append("int main(void) {\n  int s = 0;\n")
    parts.extend("  s += f%d(%d);\n" % (k, k) for k in range(n))
    parts.append("  return s == 12345;\n}\n")
    return "".join(parts)


if __name__ == "__main__":
    sys.stdout.write(source(int(sys.argv[1])))
