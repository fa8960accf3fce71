/* The POSIX environment model (--posix): what the program under test sees
 * below musl, at the level of Linux system calls. musl's system-call
 * primitives call __symplex_syscall (arch/syscall_arch.h), which dispatches
 * to the models here: a file-descriptor table over in-memory files, some of
 * them symbolic (KLEE's A, B, ..., stdin, stdout), a fixed process identity,
 * a clock and the signals a process sends itself. A call the model cannot
 * make as the kernel would (one with no model, or a case of one it does not
 * cover) ends the path as unsupported: a failure no native run has would
 * lead the program down a path its replay does not take.
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

/* fs.c: the files and descriptors, set up from cfg. Files i < posix_file_count()
 * (removed ones included); what kind of descriptor fd is (-1: not open). */
void posix_fs_init(const PosixConfig *cfg);
long posix_fs_syscall(long n, long a1, long a2, long a3, long a4, long a5, long a6, int *handled);
PosixFile *posix_file(unsigned i);
unsigned posix_file_count(void);
enum { POSIX_FD_FILE, POSIX_FD_DIR, POSIX_FD_ROOT, POSIX_FD_OTHER };
int posix_fd_kind(long fd);
long posix_fstat(long fd, struct stat *st);
void posix_fill_dir_stat(struct stat *st);
long posix_resize(PosixFile *f, size_t size, long call);
long posix_set_mode(PosixFile *f, mode_t mode);
long posix_set_owner(PosixFile *f, long uid, long gid);

/* names.c: where a path leads (a file of the model, a name in the current
 * directory that does not exist, the current directory, "/", or something
 * under a file); a path outside ends as unsupported. posix_at checks an *at
 * call's directory. The calls on names. */
typedef enum PosixPlace { PLACE_FILE, PLACE_MISSING, PLACE_DOT, PLACE_ROOT, PLACE_NOTDIR } PosixPlace;
PosixPlace posix_resolve(const char *path, long call, PosixFile **file, const char **name);
long posix_at(long dirfd, const char *path, long call);
mode_t posix_umask(void);
long posix_names_syscall(long n, long a1, long a2, long a3, long a4, long a5, int *handled);

/* syscall.c: the process, time; the name of system call n. */
long posix_proc_syscall(long n, long a1, long a2, long a3, long a4, long a5, long a6, int *handled);
const char *posix_sysname(long n);

/* signal.c: actions, the blocked mask, signals the process sends itself. */
long posix_signal_syscall(long n, long a1, long a2, long a3, long a4, int *handled);

/* The engine's: ends the path (reason `unsupported system call`) with a
 * warning naming the call and why the model cannot make it. */
_Noreturn void __symplex_unsupported_syscall(const char *call, const char *why);

/* start.c: the engine's exit primitive, for exit_group. */
_Noreturn void __symplex_exit(int status);

#endif
