#!/usr/bin/env bash
# symplex-replay: run a C program natively on one generated test.
#
#   symplex-replay [options] prog.c|prog.bc test.ktest|test.xml [args...]
#
# The test is replayed as its run ran: the `info` file of its output directory
# (one level up for a Test-Comp test in test-suite/) records the run's compiler
# flags (-I, -D, --cflags; relative paths meant from the run's directory), its
# checks (--check-overflow, --no-check-shift), its --environ, its
# --run-in-dir and its --entry-point (entry.c, which calls the function). The
# same options given here add to (flags) or override (the others) what the
# run recorded; --no-run-flags ignores the record.
#
# Builds the program once per (preprocessed source, options) with clang-16,
# AddressSanitizer and UndefinedBehaviorSanitizer stopping at the first report,
# linked with libsymplex-replay-rt.a, which feeds the test's objects (a .ktest, or
# the values of a Test-Comp testcase .xml) to the
# program's make_symbolic / nondet calls in order. Then runs it and exits with
# its status (128+N when killed by signal N). Exit 2: bad usage, missing file
# or compile error. Exit 3/4 come from the replay library (test does not fit
# the program / assumption violated).
#
# --check-path: first, when the test has a .path file and its output directory
# a path-module.bc (symplex --record-path), the module symplex explored is built
# natively (instrumented at its branches by symplex's loader; cached like the
# program) and run on the test, and the replay library (runtime/replay/path.c)
# holds it to the test's branch decisions. A run that leaves the recorded path
# prints `symplex-replay: path mismatch ...` and exits 6; otherwise the replay
# goes on as without the option.
set -u

# The program is to see the environment this script was started with, as
# symplex passes its own to main: bash has already changed SHLVL and _, and
# the variables exported below are the replay's, so the environment as it
# was at exec goes to the replay library, which restores it before main.
env_saved="$(mktemp "${TMPDIR:-/tmp}/symplex-env.XXXXXX" 2>/dev/null)" && cat "/proc/$$/environ" > "$env_saved" 2>/dev/null &&
    export SYMPLEX_REPLAY_ENVIRON="$env_saved"
path_result=""
trap 'rm -f "$env_saved" ${path_result:+"$path_result"}' EXIT

die() {
    echo "symplex-replay: $*" >&2
    exit 2
}

usage_line="usage: symplex-replay [--check-path] [--check-overflow|--no-check-overflow] [--check-shift|--no-check-shift] [-I DIR] [-D NAME[=V]] [--cflags=FLAGS] [--environ=FILE] [--run-in-dir=DIR] [--no-run-flags] [--cc=CLANG] prog.c|prog.bc test.ktest|test.xml [program args...]"
usage() {
    echo "$usage_line" >&2
    exit 2
}

help() {
    cat <<EOF
$usage_line

Builds the program natively with AddressSanitizer and UndefinedBehaviorSanitizer and runs it on one
test symplex generated, as the run that wrote the test ran it (the flags its output directory's
info file records). Exit status: the program's (128+N when killed by signal N); 2 bad usage or a
compile error; 3 the test does not fit the program; 4 an assumption fails; 6 --check-path: the run
left the test's recorded path.

  --check-path           hold the run to the branch decisions of the test's .path file (symplex --record-path)
  --check-overflow       report signed overflow (default: as the run did)
  --no-check-overflow    do not
  --check-shift          report oversized shift amounts (default: as the run did)
  --no-check-shift       do not
  -I DIR, -D NAME[=V]    compiler flags, added to the run's
  --cflags=FLAGS         compiler flags split at blanks, added to the run's
  --environ=FILE         the program's environment: FILE's NAME=VALUE lines (default: the run's, else this one's)
  --run-in-dir=DIR       the program's working directory (default: the run's, else this one)
  --no-run-flags         ignore what the run recorded
  --cc=CLANG             the compiler (default clang-16)
  --version              print the version
EOF
    exit 0
}

check_overflow=""
check_shift=""
check_path=0
cc=""
use_record=1
environ_file=""
run_dir=""
cli_cflags=()
while [ $# -gt 0 ]; do
    case "$1" in
        --check-path) check_path=1 ;;
        --check-overflow) check_overflow=1 ;;
        --no-check-overflow) check_overflow=0 ;;
        --check-shift) check_shift=1 ;;
        --no-check-shift) check_shift=0 ;;
        --cc=*) cc="${1#--cc=}" ;;
        -I|-D) [ $# -ge 2 ] || die "option '$1' needs a value"; cli_cflags+=("$1" "$2"); shift ;;
        -I?*|-D?*) cli_cflags+=("$1") ;;
        --cflags=*) read -r -a words <<< "${1#--cflags=}"; cli_cflags+=("${words[@]}") ;;
        --environ=*) environ_file="${1#--environ=}"; [ -f "$environ_file" ] || die "no such environment file: $environ_file" ;;
        --run-in-dir=*) run_dir="${1#--run-in-dir=}"; [ -d "$run_dir" ] || die "no such directory: $run_dir" ;;
        --no-run-flags) use_record=0 ;;
        -h|--help) help ;;
        --version) echo "symplex-replay (symplex) 0.1.0"; exit 0 ;;
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
# (parameter expansions rather than dirname and basename: a replay starts some
# twenty processes, and the program tests make a thousand replays)
case "$ktest" in */*) kdir="${ktest%/*}" ;; *) kdir=. ;; esac
kbase="${ktest##*/}"
ktest="$(cd "${kdir:-/}" && pwd)"
ktest="${ktest%/}/$kbase"
[ -z "$environ_file" ] || environ_file="$(readlink -f "$environ_file")"
[ -z "$run_dir" ] || run_dir="$(cd "$run_dir" && pwd)"

# absolute_flags BASE WORDS...: the words (in $flags), with the paths of -I,
# -isystem, -iquote, -idirafter, -include and -imacros made absolute from BASE,
# so flags given in two directories (the run's and this one) compile in either.
absolute_flags() {
    local base="$1" w pending="" opt
    shift
    flags=()
    for w in "$@"; do
        if [ -n "$pending" ]; then
            case "$w" in /*) ;; *) w="$base/$w" ;; esac
            flags+=("$w"); pending=""; continue
        fi
        case "$w" in
            -I|-isystem|-iquote|-idirafter|-include|-imacros) flags+=("$w"); pending=1 ;;
            -I/*) flags+=("$w") ;;
            -I*) flags+=("-I$base/${w#-I}") ;;
            *)
                for opt in -isystem -iquote -idirafter; do
                    case "$w" in "$opt"/*) break ;; "$opt"?*) w="$opt$base/${w#"$opt"}"; break ;; esac
                done
                flags+=("$w") ;;
        esac
    done
}

# The run's record: its output directory's info file.
rec_dir="${ktest%/*}"
[ ! -f "$rec_dir/info" ] && [ "${rec_dir##*/}" = test-suite ] && rec_dir="${rec_dir%/*}"
rec_cwd="$PWD"
rec_cflags=()
entry_driver=""
if [ $use_record = 1 ] && [ -f "$rec_dir/info" ]; then
    while IFS= read -r line; do
        case "$line" in
            "cwd: "*) rec_cwd="${line#cwd: }" ;;
            "cflag: "*) rec_cflags+=("${line#cflag: }") ;;
            "check-overflow: "*) [ -n "$check_overflow" ] || check_overflow="${line#check-overflow: }" ;;
            "check-shift: "*) [ -n "$check_shift" ] || check_shift="${line#check-shift: }" ;;
            "environ: "*) [ -n "$environ_file" ] || environ_file="${line#environ: }" ;;
            "run-in-dir: "*) [ -n "$run_dir" ] || run_dir="${line#run-in-dir: }" ;;
            "entry-driver: "*) entry_driver="${line#entry-driver: }" ;;
        esac
    done < "$rec_dir/info"
    [ -z "$environ_file" ] || [ -f "$environ_file" ] || die "the run's environment file is gone: $environ_file"
    [ -z "$run_dir" ] || [ -d "$run_dir" ] || die "the run's working directory is gone: $run_dir"
    [ -z "$entry_driver" ] || [ -f "$entry_driver" ] || die "the run's --entry-point driver is gone: $entry_driver"
fi
# --entry-point: the run's driver is the native start (the C runtime's call of
# main reaches its __wrap_main, which calls the function as symplex did)
entry_link=()
[ -n "$entry_driver" ] && entry_link=("$entry_driver" -Wl,--wrap=main)
[ -n "$check_overflow" ] || check_overflow=0
[ -n "$check_shift" ] || check_shift=1
absolute_flags "$rec_cwd" "${rec_cflags[@]}"
user_cflags=("${flags[@]}")
absolute_flags "$PWD" "${cli_cflags[@]}"
user_cflags+=("${flags[@]}")
prog="$(readlink -f "$prog")"
# --environ: the program starts with exactly those variables
if [ -n "$environ_file" ] && [ -n "${env_saved:-}" ]; then
    tr '\n' '\0' < "$environ_file" > "$env_saved" || die "cannot read environment file $environ_file"
fi

self="$(readlink -f "$0")"
bindir="${self%/*}"
incdir="$bindir/../include"
lib="$bindir/../lib/symplex/libsymplex-replay-rt.a"
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
        -fno-sanitize-recover=all "-fno-sanitize=$nosan" "-I$incdir" "${user_cflags[@]}")

cache_root="${SYMPLEX_REPLAY_CACHE:-${TMPDIR:-/tmp}/symplex-replay-cache}"

# preprocessed_hash: the hash of the program's preprocessed text, so that edits
# to included headers rebuild. Preprocessing is a clang run, a quarter of a
# replay whose build is cached, so the hash is kept (in pp/) with the files it
# was made from, their times and sizes, and reused while none of them changed.
preprocessed_hash() {
    local memo hash stamp heads tmp deps=() rc
    memo="$(printf '%s\n' "$prog" "$cc" "$incdir" "${user_cflags[@]}" | sha256sum)"
    memo="$cache_root/pp/${memo:0:32}"
    if [ -f "$memo" ]; then
        { IFS= read -r hash; IFS= read -r stamp; mapfile -t deps; } < "$memo"
        if [ ${#deps[@]} -gt 0 ] &&
           [ "$(stat -L -c '%n %.9Y %s' -- "${deps[@]}" 2>/dev/null | sha256sum)" = "$stamp" ]; then
            printf '%s\n' "$hash"
            return
        fi
    fi
    if ! heads="$(mktemp)"; then
        "$cc" -E -w "-I$incdir" "${user_cflags[@]}" "$prog" 2>/dev/null | sha256sum
        return
    fi
    hash="$("$cc" -E -H -w "-I$incdir" "${user_cflags[@]}" "$prog" 2>"$heads" | sha256sum)"
    rc=${PIPESTATUS[0]}
    # -H names each header read, after one dot per level of nesting
    mapfile -t deps < <({ printf '%s\n' "$prog"; sed -n 's/^\.\.* //p' "$heads"; } | sort -u)
    rm -f "$heads"
    printf '%s\n' "$hash"
    [ "$rc" = 0 ] || return 0
    # a header named by a relative path depends on the directory: not kept
    printf '%s\n' "${deps[@]}" | grep -qv '^/' && return 0
    mkdir -p "$cache_root/pp" && tmp="$(mktemp "$memo.XXXXXX")" || return 0
    { printf '%s\n' "$hash"; stat -L -c '%n %.9Y %s' -- "${deps[@]}" | sha256sum; printf '%s\n' "${deps[@]}"; } > "$tmp" &&
        mv -f "$tmp" "$memo" || rm -f "$tmp"
}

case "$prog" in
    *.bc|*.ll) key_src="$(cat "$prog" | sha256sum)" ;;
    *) key_src="$(preprocessed_hash)" ;;
esac

# build_cached KEY WHAT ARGS...: the executable clang builds from ARGS (flags
# and inputs) and the replay library, cached under KEY; its path in $built.
build_cached() {
    local dir="$cache_root/$1" what="$2" tmp log first
    shift 2
    built="$dir/prog"
    [ -x "$built" ] && return 0
    mkdir -p "$dir" || die "cannot create cache directory $dir"
    # Build under a private name and rename: concurrent replays of the same
    # program never see a half-written executable.
    tmp="$(mktemp "$dir/prog.XXXXXX")" || die "cannot create a file in $dir"
    log="$tmp.log"
    if ! "$cc" "$@" -o "$tmp" "$lib" -lm >"$log" 2>&1; then
        first="$(grep -m1 -E 'error' "$log" || head -n1 "$log")"
        rm -f "$tmp" "$log"
        die "cannot compile $what: ${first:-compiler failed}"
    fi
    rm -f "$log"
    mv -f "$tmp" "$built" || die "cannot write $built"
}

key="$(printf '%s\n' "$key_src" "$(sha256sum -- "$prog" "$lib" "${entry_link[@]:0:1}")" "$cc" "${cflags[*]}" | sha256sum)"
build_cached "${key:0:32}" "$prog" "${cflags[@]}" "$prog" "${entry_link[@]}"
exe="$built"

symbolizer=""
for s in /usr/lib/llvm-16/bin/llvm-symbolizer "$(command -v llvm-symbolizer-16 2>/dev/null)"; do
    if [ -n "$s" ] && [ -x "$s" ]; then symbolizer="$s"; break; fi
done

# Our settings come last so they win over inherited ones: leaks are not bugs
# the engine reports, and the report must end the run with a plain exit code.
# A request the allocator refuses returns NULL with errno ENOMEM, as glibc's
# does, not a report (symplex's heap model, src/exec/exec_heap.c).
export SYMPLEX_KTEST="$ktest"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0:abort_on_error=0:allocator_may_return_null=1"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:halt_on_error=1"
[ -n "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$symbolizer"

# A .ktest goes through symplex-posix-run, which gives a test written under
# --posix its arguments, files and stdin (and runs any other test as it is).
runner=()
magic=""
LC_ALL=C read -r -N 5 magic < "$ktest" 2>/dev/null
case "$magic" in
    KTEST|BOUT*) runner=("$bindir/symplex-posix-run" "$ktest") ;;
esac

# --check-path: the test's .path file and its run's path-module.bc and
# path-sites.txt sit beside it (a Test-Comp test in test-suite/: one level up).
check_path() {
    local dir name pathf pmod pkey result verdict rc
    dir="${ktest%/*}"
    name="${ktest##*/}"
    name="${name%.*}"
    [ ! -f "$dir/path-module.bc" ] && [ "${dir##*/}" = test-suite ] && dir="${dir%/*}"
    pathf="$dir/$name.path"
    pmod="$dir/path-module.bc"
    if [ ! -f "$pathf" ] || [ ! -f "$pmod" ]; then
        echo "symplex-replay: --check-path: no $name.path and path-module.bc beside the test" \
             "(symplex --record-path writes them): path not checked" >&2
        return 0
    fi
    local pflags=(-O0 -w -fsanitize=address -fno-omit-frame-pointer)
    pkey="$(printf '%s\n' path "$(sha256sum -- "$pmod" "$lib" "${entry_link[@]:0:1}")" "$cc" "${pflags[*]}" | sha256sum)"
    build_cached "${pkey:0:32}" "$pmod" "${pflags[@]}" "$pmod" "${entry_link[@]}"
    result="$(mktemp "${TMPDIR:-/tmp}/symplex-path.XXXXXX")" || die "cannot create a temporary file"
    path_result="$result"
    # the verdict comes through $result; what the program prints is the replay's business below
    SYMPLEX_PATH_FILE="$pathf" SYMPLEX_PATH_SITES="$dir/path-sites.txt" SYMPLEX_PATH_RESULT="$result" \
        timeout -k 5 "${SYMPLEX_PATH_TIMEOUT:-60}" "${runner[@]}" "$built" "$@" </dev/null >/dev/null 2>&1
    rc=$?
    verdict=""
    IFS= read -r verdict < "$result"
    case "$verdict" in
        ok|abandoned*) return 0 ;;
        "") echo "symplex-replay: path check: the native run of path-module.bc gave no verdict (exit status $rc)" >&2 ;;
        *) echo "symplex-replay: $verdict" >&2 ;;
    esac
    exit 6
}
# --run-in-dir: the program (and the path check's run) starts there; every
# path above is absolute
if [ -n "$run_dir" ]; then cd "$run_dir" || die "cannot enter $run_dir"; fi
[ $check_path = 1 ] && check_path "$@"

# The program writes to the original stderr (fd 3); bash's own "Aborted"
# notice for a signalled child goes to the group's stderr, which is discarded.
exec 3>&2
{ "${runner[@]}" "$exe" "$@" 2>&3 3>&-; } 2>/dev/null
exit $?
