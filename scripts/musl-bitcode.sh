#!/usr/bin/env bash
# musl-bitcode.sh WORKDIR ARCHDIR CLANG LLVM_LINK OUT_BC OUT_INCLUDE
#
# Builds musl, the C library that --posix links into the program under test,
# as one LLVM bitcode file, and installs its public headers (the program is
# compiled against them). musl's sources come from Debian's `musl` source
# package (scripts/debian-source.sh), fetched once into WORKDIR; they are
# never copied into the repository.
#
# What is built, and what is left out on purpose:
#   - the portable C of every part of musl a program may call (src/<dir>/*.c;
#     the per-architecture assembly under src/<dir>/x86_64 is not used);
#   - musl's x86_64 headers and structure layouts, with three of its internal
#     architecture headers replaced by ARCHDIR's (runtime/posix/arch): system
#     calls go to the environment model instead of the `syscall` instruction,
#     the thread pointer is a static object, atomics are compiler builtins;
#   - not built: the heap (malloc and friends are the engine's own, so that
#     it checks every access), abort and __assert_fail (the engine reports
#     them as errors), the program start-up and TLS set-up (runtime/posix
#     starts the program), thread cancellation (assembly), the dynamic linker.
set -euo pipefail
work=$1 archdir=$2 clang=$3 llvm_link=$4 out_bc=$5 out_inc=$6
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)

src="$work/musl-src"
if [ ! -f "$src/VERSION" ]; then
  tarball=$("$here/debian-source.sh" musl "$work/download")
  rm -rf "$src.tmp" && mkdir -p "$src.tmp"
  tar xf "$tarball" -C "$src.tmp" --strip-components=1
  mv "$src.tmp" "$src"
fi
version=$(cat "$src/VERSION")

# generated headers, as musl's Makefile makes them
gen="$work/gen"
mkdir -p "$gen/include/bits" "$gen/src/internal"
sed -f "$src/tools/mkalltypes.sed" "$src/arch/x86_64/bits/alltypes.h.in" "$src/include/alltypes.h.in" \
  > "$gen/include/bits/alltypes.h"
cp "$src/arch/x86_64/bits/syscall.h.in" "$gen/include/bits/syscall.h"
sed -n -e s/__NR_/SYS_/p < "$src/arch/x86_64/bits/syscall.h.in" >> "$gen/include/bits/syscall.h"
echo "#define VERSION \"$version\"" > "$gen/src/internal/version.h"

dirs="complex conf ctype dirent env errno exit fcntl fenv internal legacy linux locale math misc mman multibyte
      passwd prng process regex sched search select signal stat stdio stdlib string temp termios thread time unistd"
excluded="malloc/calloc.c malloc/free.c malloc/libc_calloc.c malloc/lite_malloc.c malloc/memalign.c
          malloc/posix_memalign.c malloc/realloc.c malloc/replaced.c
          exit/abort.c exit/abort_lock.c exit/assert.c
          env/__libc_start_main.c env/__init_tls.c env/__reset_tls.c
          thread/pthread_cancel.c internal/vdso.c"
files=()
for d in $dirs; do
  for f in "$src"/src/$d/*.c; do
    rel=${f#"$src/src/"}
    case " $(echo $excluded) " in *" $rel "*) continue ;; esac
    files+=("$rel")
  done
done
files+=(malloc/reallocarray.c)
# Files built with some of musl's own functions renamed, as path:tag; the
# renamed copy replaces the file:
#   mb       musl's mbtowc and mbrtowc (__musl_mbtowc, __musl_mbrtowc), kept
#            for its regex, fnmatch and iconv: runtime/posix/multibyte.c gives
#            the program glibc's conversions, while in the C locale glibc's
#            regex and fnmatch match bytes, as musl's mapped bytes do;
#   scan     musl's number scanners (__musl_intscan, __musl_floatscan), which
#            runtime/posix/strto.c wraps to leave errno as glibc's strtol does;
#   getopt   musl's getopt_long and getopt_long_only (__musl_getopt_long...),
#            which runtime/posix/getopt.c wraps to read POSIXLY_CORRECT.
renamed="regex/fnmatch.c:mb regex/regcomp.c:mb regex/regexec.c:mb locale/iconv.c:mb multibyte/mbtowc.c:mb
         multibyte/mbrtowc.c:mb internal/intscan.c:scan internal/floatscan.c:scan misc/getopt_long.c:getopt"
kept=()
for rel in "${files[@]}"; do
  case " $(echo $renamed) " in *" $rel:"*) ;; *) kept+=("$rel") ;; esac
done
files=("${kept[@]}" $renamed)

objs="$work/bc"
mkdir -p "$objs"
flags=(-std=c99 -ffreestanding -nostdinc -fno-builtin -fno-stack-protector -D_XOPEN_SOURCE=700
       -I"$archdir" -I"$src/arch/x86_64" -I"$src/arch/generic" -I"$gen/src/internal" -I"$src/src/include"
       -I"$src/src/internal" -I"$gen/include" -I"$src/include"
       -emit-llvm -c -g -O1 -Xclang -disable-llvm-passes -w)
# the flags file doubles as the build's stamp: rewritten (and every file
# rebuilt) when the flags or the replaced architecture headers change
printf '%s\n' "${flags[@]}" > "$work/flags.new"
if ! cmp -s "$work/flags.new" "$work/flags.rsp" || [ -n "$(find "$archdir" -newer "$work/flags.rsp" 2>/dev/null)" ]; then
  mv "$work/flags.new" "$work/flags.rsp"
fi
export clang src objs work
# one clang per file, as many at once as there are cores; a file already
# built from the same source and flags is kept
bc_name() { echo "$objs/$(echo "$1" | tr /: __).bc"; }
export -f bc_name
printf '%s\n' "${files[@]}" | xargs -P "$(nproc)" -I{} bash -c '
  out=$(bc_name "{}") rel="{}" extra=()
  case "$rel" in
    *:mb) rel=${rel%:mb} extra=(-Dmbtowc=__musl_mbtowc -Dmbrtowc=__musl_mbrtowc) ;;
    *:scan) rel=${rel%:scan} extra=(-D__intscan=__musl_intscan -D__floatscan=__musl_floatscan) ;;
    *:getopt) rel=${rel%:getopt} extra=(-Dgetopt_long=__musl_getopt_long -Dgetopt_long_only=__musl_getopt_long_only) ;;
  esac
  if [ "$out" -nt "$src/src/$rel" ] && [ "$out" -nt "$work/flags.rsp" ]; then exit 0; fi
  "$clang" @"$work/flags.rsp" "${extra[@]}" -o "$out" "$src/src/$rel"'
bcs=()
for rel in "${files[@]}"; do bcs+=("$(bc_name "$rel")"); done
"$llvm_link" -o "$out_bc" "${bcs[@]}"

# public headers, laid out as `make install-headers` lays them out
rm -rf "$out_inc.tmp" && mkdir -p "$out_inc.tmp/bits"
cp -R "$src/include/." "$out_inc.tmp/"
rm -f "$out_inc.tmp/alltypes.h.in"
cp "$src/arch/generic/bits/"*.h "$out_inc.tmp/bits/"
cp "$src/arch/x86_64/bits/"*.h "$out_inc.tmp/bits/"
cp "$gen/include/bits/"*.h "$out_inc.tmp/bits/"
rm -rf "$out_inc" && mv "$out_inc.tmp" "$out_inc"
