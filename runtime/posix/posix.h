/* The POSIX environment model (--posix): what the program under test sees
 * below musl, at the level of Linux system calls. musl's system-call
 * primitives call __symplex_syscall (arch/syscall_arch.h), which dispatches
 * to the models here: a file-descriptor table over in-memory files, some of
 * them symbolic (KLEE's A, B, ..., stdin, stdout), a fixed process identity
 * and a clock. A call with no model fails with ENOSYS, which musl and the
 * program handle as on a kernel without it.
 *
 * Compiled to bitcode against musl's headers and linked into the program,
 * like musl itself; it calls only the engine's primitives (symplex.h) and the
 * heap, never musl's stdio (which is built on it). */
#ifndef SYMPLEX_POSIX_H
#define SYMPLEX_POSIX_H
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

enum { POSIX_MAX_FILES = 32, POSIX_MAX_FDS = 64 };

/* An in-memory file: symbolic (created by --sym-files, --sym-stdin,
 * --sym-stdout) or made by the program with O_CREAT. `data` holds `size`
 * bytes; `st` its stat data (symbolic for symbolic files). */
typedef struct PosixFile {
    char *name;            /* "A", "B", ..., or the path it was created with */
    unsigned char *data;
    size_t size, cap;
    struct stat st;
    int removed;           /* unlinked: no longer found by name */
    int refs;              /* descriptors open on it */
} PosixFile;

/* What the environment was asked for (the --sym-* options). */
typedef struct PosixConfig {
    unsigned nfiles;       /* --sym-files NUM N */
    size_t file_len;
    size_t stdin_len;      /* --sym-stdin N (0: stdin is empty) */
    int sym_stdout;        /* --sym-stdout */
} PosixConfig;

/* env.c: the program's arguments. Rewrites argc/argv as KLEE's klee_init_env
 * does (symbolic arguments, the options that shape the file system) and fills cfg. */
void posix_env_init(int *argc, char ***argv, PosixConfig *cfg);

/* fs.c: the file system and descriptors, set up from cfg. */
void posix_fs_init(const PosixConfig *cfg);
long posix_fs_syscall(long n, long a1, long a2, long a3, long a4, long a5, long a6, int *handled);

/* syscall.c: the process, signals, time. */
long posix_proc_syscall(long n, long a1, long a2, long a3, long a4, long a5, long a6, int *handled);

/* start.c: the engine's exit primitive, for exit_group. */
_Noreturn void __symplex_exit(int status);

#endif
