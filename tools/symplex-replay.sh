#!/usr/bin/env bash
# symplex-replay: run a C program natively on one generated test.
#
#   symplex-replay [--check-overflow] [--no-check-shift] [--cc=CLANG] prog.c|prog.bc test.ktest|test.xml [args...]
#
# Builds the program once per (preprocessed source, options) with clang-16,
# AddressSanitizer and UndefinedBehaviorSanitizer stopping at the first report,
# linked with libsymplex-replay-rt.a, which feeds the test's objects (a .ktest, or
# the values of a Test-Comp testcase .xml) to the
# program's make_symbolic / nondet calls in order. Then runs it and exits with
# its status (128+N when killed by signal N). Exit 2: bad usage, missing file
# or compile error. Exit 3/4 come from the replay library (test does not fit
# the program / assumption violated).
set -u

die() {
    echo "symplex-replay: $*" >&2
    exit 2
}

usage() {
    echo "usage: symplex-replay [--check-overflow] [--no-check-shift] [--cc=CLANG] prog.c|prog.bc test.ktest|test.xml [program args...]" >&2
    exit 2
}

check_overflow=0
check_shift=1
cc=""
while [ $# -gt 0 ]; do
    case "$1" in
        --check-overflow) check_overflow=1 ;;
        --check-shift) check_shift=1 ;;
        --no-check-shift) check_shift=0 ;;
        --cc=*) cc="${1#--cc=}" ;;
        -h|--help) usage ;;
        --) shift; break ;;
        -*) die "unknown option '$1'" ;;
        *) break ;;
    esac
    shift
done
[ $# -ge 2 ] || usage
prog="$1"
ktest="$2"
shift 2

[ -f "$prog" ] || die "no such program: $prog"
[ -f "$ktest" ] || die "no such test: $ktest"
ktest="$(cd "$(dirname "$ktest")" && pwd)/$(basename "$ktest")"

bindir="$(cd "$(dirname "$(readlink -f "$0")")" && pwd)"
incdir="$bindir/../include"
lib="$bindir/../lib/libsymplex-replay-rt.a"
[ -f "$lib" ] || die "replay library not found: $lib"

if [ -z "$cc" ]; then
    if [ -x /usr/lib/llvm-16/bin/clang ]; then
        cc=/usr/lib/llvm-16/bin/clang
    elif command -v clang-16 >/dev/null 2>&1; then
        cc="$(command -v clang-16)"
    else
        die "clang-16 not found (use --cc=CLANG)"
    fi
fi
command -v "$cc" >/dev/null 2>&1 || die "compiler not found: $cc"

# The engine reports signed overflow only when asked and oversized shifts unless
# told not to (--no-check-shift), so the sanitizer does the same. The engine's shift check is about the shift
# amount only, hence shift-base stays off even with --check-shift. Misaligned
# accesses (through a pointer to a packed struct's member, say) are not
# errors the engine reports, and x86-64 performs them: alignment stays off.
nosan="shift-base,alignment"
[ $check_shift = 1 ] || nosan="shift"
[ $check_overflow = 1 ] || nosan="$nosan,signed-integer-overflow"
cflags=(-g -O0 -fno-omit-frame-pointer -fsanitize=address,undefined
        -fno-sanitize-recover=all "-fno-sanitize=$nosan" "-I$incdir")

case "$prog" in
    *.bc|*.ll) key_src="$(cat "$prog" | sha256sum)" ;;
    # Hashing the preprocessed text means edits to included headers rebuild.
    *) key_src="$("$cc" -E -w "-I$incdir" "$prog" 2>/dev/null | sha256sum)" ;;
esac
key="$(printf '%s\n' "$key_src" "$(sha256sum < "$prog")" "$cc" "${cflags[*]}" "$(sha256sum < "$lib")" | sha256sum | cut -c1-32)"
cache="${SYMPLEX_REPLAY_CACHE:-${TMPDIR:-/tmp}/symplex-replay-cache}/$key"
exe="$cache/prog"

if [ ! -x "$exe" ]; then
    mkdir -p "$cache" || die "cannot create cache directory $cache"
    # Build under a private name and rename: concurrent replays of the same
    # program never see a half-written executable.
    tmp="$(mktemp "$cache/prog.XXXXXX")" || die "cannot create a file in $cache"
    log="$tmp.log"
    if ! "$cc" "${cflags[@]}" -o "$tmp" "$prog" "$lib" -lm >"$log" 2>&1; then
        first="$(grep -m1 -E 'error' "$log" || head -n1 "$log")"
        rm -f "$tmp" "$log"
        die "cannot compile $prog: ${first:-compiler failed}"
    fi
    rm -f "$log"
    mv -f "$tmp" "$exe" || die "cannot write $exe"
fi

symbolizer=""
for s in /usr/lib/llvm-16/bin/llvm-symbolizer "$(command -v llvm-symbolizer-16 2>/dev/null)"; do
    if [ -n "$s" ] && [ -x "$s" ]; then symbolizer="$s"; break; fi
done

# Our settings come last so they win over inherited ones: leaks are not bugs
# the engine reports, and the report must end the run with a plain exit code.
export SYMPLEX_KTEST="$ktest"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0:abort_on_error=0"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:halt_on_error=1"
[ -n "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$symbolizer"

# The program writes to the original stderr (fd 3); bash's own "Aborted"
# notice for a signalled child goes to the group's stderr, which is discarded.
# A .ktest goes through symplex-posix-run, which gives a test written under
# --posix its arguments, files and stdin (and runs any other test as it is).
runner=()
case "$(head -c 5 "$ktest")" in
    KTEST|BOUT*) runner=("$bindir/symplex-posix-run" "$ktest") ;;
esac
exec 3>&2
{ "${runner[@]}" "$exe" "$@" 2>&3 3>&-; } 2>/dev/null
exit $?
