#!/bin/sh
# posix-sysnames.sh SYSCALL_H OUT
#
# The names of musl's x86-64 system calls, from the SYS_* macros of its
# bits/syscall.h, as the X-macro list POSIX_SYSNAME(read) ... that
# runtime/posix/syscall.c names a call by when the model cannot make it.
set -eu
sed -n 's/^#define SYS_\([a-z0-9_]*\)[[:space:]].*/POSIX_SYSNAME(\1)/p' "$1" > "$2.tmp"
mv "$2.tmp" "$2"
