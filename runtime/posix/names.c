/* names.c: the calls on path names under --posix (stat and access by name,
 * unlink, rmdir, mkdir, rename, link, symlink, chmod, chown, readlink,
 * chdir, truncate, umask), and how a name resolves.
 *
 * Replay runs the program in a fresh directory that holds only the model's
 * files (symplex-posix-run), so a name in the current directory means there
 * what it means here: a file of the model, or nothing (ENOENT); a name under
 * one of its files is ENOTDIR; "/" is a directory. A path that leads
 * elsewhere (absolute, or up through "..") names the host's files, which the
 * model does not know: the path ends as unsupported. So does a change the
 * model cannot hold (a new directory, a link, a change to a directory).
 * The process is user 0 (syscall.c): permission bits never refuse it. */
#include "posix.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { POSIX_RENAME_NOREPLACE = 1 }; /* renameat2's flag (linux/fs.h; musl's headers lack it) */

static const char posix_outside[] = "names a path outside the directory the program runs in (the host's files)";
static const char posix_no_dirs[] = "makes a directory or a link, which the model does not hold";
static const char posix_dir_change[] = "changes a directory, which the model does not hold";

static mode_t posix_umask_bits = 022;

mode_t posix_umask(void) { return posix_umask_bits; }

/* The name of a file of the model that `path` starts with, followed by what
 * comes after it ("" or a '/'), or NULL. */
static PosixFile *posix_file_prefix(const char *path, const char **after) {
    for (unsigned i = 0; i < posix_file_count(); i++) {
        PosixFile *f = posix_file(i);
        if (f->removed || f->name[0] == '<') continue;
        size_t n = strlen(f->name);
        if (strncmp(path, f->name, n) == 0 && (path[n] == 0 || path[n] == '/')) {
            *after = path + n;
            return f;
        }
    }
    return 0;
}

PosixPlace posix_resolve(const char *path, long call, PosixFile **file, const char **name) {
    *file = 0;
    *name = path;
    if (path[0] == '/') {
        while (*path == '/') path++;
        if (!*path) return PLACE_ROOT;
        __symplex_unsupported_syscall(posix_sysname(call), posix_outside);
    }
    int dropped = 0;
    for (; path[0] == '.' && path[1] == '/'; dropped = 1)
        for (path += 2; *path == '/'; path++) {}
    if ((path[0] == '.' && !path[1]) || (dropped && !path[0])) return PLACE_DOT;
    if (path[0] == '.' && path[1] == '.' && (!path[2] || path[2] == '/'))
        __symplex_unsupported_syscall(posix_sysname(call), posix_outside);
    *name = path;
    const char *after;
    PosixFile *f = posix_file_prefix(path, &after);
    if (!f) return PLACE_MISSING;
    if (*after) return PLACE_NOTDIR;
    *file = f;
    return PLACE_FILE;
}

/* The *at calls: 0 when path resolves from the current directory (as the
 * model resolves every name), else an error or an unsupported end. */
long posix_at(long dirfd, const char *path, long call) {
    if (path[0] == '/' || dirfd == AT_FDCWD) return 0;
    int kind = posix_fd_kind(dirfd);
    if (kind < 0) return -EBADF;
    if (kind == POSIX_FD_ROOT) __symplex_unsupported_syscall(posix_sysname(call), posix_outside);
    return kind == POSIX_FD_DIR ? 0 : -ENOTDIR;
}

/* A name that does not exist yet can be made: not empty, not under a
 * directory that does not exist. */
static long posix_can_make(const char *name) {
    return !name[0] || strchr(name, '/') ? -ENOENT : 0;
}

static long posix_stat_path(const char *path, struct stat *st, long call) {
    PosixFile *f;
    const char *name;
    switch (posix_resolve(path, call, &f, &name)) {
    case PLACE_FILE: *st = f->st; return 0;
    case PLACE_DOT:
    case PLACE_ROOT: posix_fill_dir_stat(st); return 0;
    case PLACE_NOTDIR: return -ENOTDIR;
    default: return -ENOENT;
    }
}

static long posix_access(const char *path, long call) {
    struct stat st;
    return posix_stat_path(path, &st, call);
}

static long posix_unlink(const char *path, long call) {
    PosixFile *f;
    const char *name;
    switch (posix_resolve(path, call, &f, &name)) {
    case PLACE_FILE:
        f->removed = 1;
        f->st.st_nlink = 0;
        return 0;
    case PLACE_DOT:
    case PLACE_ROOT: return -EISDIR;
    case PLACE_NOTDIR: return -ENOTDIR;
    default: return -ENOENT;
    }
}

static long posix_rmdir(const char *path, long call) {
    PosixFile *f;
    const char *name;
    switch (posix_resolve(path, call, &f, &name)) {
    case PLACE_FILE:
    case PLACE_NOTDIR: return -ENOTDIR;
    case PLACE_DOT: return -EINVAL;
    case PLACE_ROOT: return -EBUSY;
    default: return -ENOENT;
    }
}

/* mkdir, symlink: a new name that is no file of the model. */
static long posix_make_other(const char *path, long call) {
    PosixFile *f;
    const char *name;
    switch (posix_resolve(path, call, &f, &name)) {
    case PLACE_NOTDIR: return -ENOTDIR;
    case PLACE_MISSING: {
        long e = posix_can_make(name);
        if (e) return e;
        __symplex_unsupported_syscall(posix_sysname(call), posix_no_dirs);
    }
    default: return -EEXIST;
    }
}

/* The file a name must already be (rename's and link's source). */
static long posix_existing(const char *path, long call, PosixFile **f) {
    const char *name;
    switch (posix_resolve(path, call, f, &name)) {
    case PLACE_FILE: return 0;
    case PLACE_NOTDIR: return -ENOTDIR;
    case PLACE_MISSING: return -ENOENT;
    default: __symplex_unsupported_syscall(posix_sysname(call), posix_dir_change);
    }
}

static long posix_link(const char *from, const char *to, long call) {
    PosixFile *f;
    long e = posix_existing(from, call, &f);
    return e ? e : posix_make_other(to, call);
}

/* rename(from, to), renameat2's RENAME_NOREPLACE with noreplace. */
static long posix_rename(const char *from, const char *to, int noreplace, long call) {
    PosixFile *f, *g;
    const char *name;
    long e = posix_existing(from, call, &f);
    if (e) return e;
    switch (posix_resolve(to, call, &g, &name)) {
    case PLACE_DOT:
    case PLACE_ROOT: return -EISDIR;
    case PLACE_NOTDIR: return -ENOTDIR;
    case PLACE_FILE:
        if (noreplace) return -EEXIST;
        if (g == f) return 0;
        g->removed = 1;
        g->st.st_nlink = 0;
        break;
    default:
        if ((e = posix_can_make(name))) return e;
    }
    char *copy = strdup(name);
    free(f->name);
    f->name = copy;
    return 0;
}

static long posix_chmod(const char *path, mode_t mode, long call) {
    PosixFile *f;
    const char *name;
    switch (posix_resolve(path, call, &f, &name)) {
    case PLACE_FILE: return posix_set_mode(f, mode);
    case PLACE_NOTDIR: return -ENOTDIR;
    case PLACE_MISSING: return -ENOENT;
    default: __symplex_unsupported_syscall(posix_sysname(call), posix_dir_change);
    }
}

static long posix_chown(const char *path, long uid, long gid, long call) {
    PosixFile *f;
    const char *name;
    switch (posix_resolve(path, call, &f, &name)) {
    case PLACE_FILE: return posix_set_owner(f, uid, gid);
    case PLACE_NOTDIR: return -ENOTDIR;
    case PLACE_MISSING: return -ENOENT;
    default: __symplex_unsupported_syscall(posix_sysname(call), posix_dir_change);
    }
}

/* No name is a symbolic link. */
static long posix_readlink(const char *path, long call) {
    struct stat st;
    long e = posix_stat_path(path, &st, call);
    return e ? e : -EINVAL;
}

static long posix_chdir(const char *path, long call) {
    PosixFile *f;
    const char *name;
    switch (posix_resolve(path, call, &f, &name)) {
    case PLACE_DOT: return 0;
    case PLACE_ROOT: __symplex_unsupported_syscall(posix_sysname(call), posix_outside);
    case PLACE_MISSING: return -ENOENT;
    default: return -ENOTDIR;
    }
}

static long posix_truncate(const char *path, long len, long call) {
    PosixFile *f;
    const char *name;
    switch (posix_resolve(path, call, &f, &name)) {
    case PLACE_FILE: return len < 0 ? -EINVAL : posix_resize(f, (size_t)len, call);
    case PLACE_DOT:
    case PLACE_ROOT: return -EISDIR;
    case PLACE_NOTDIR: return -ENOTDIR;
    default: return -ENOENT;
    }
}

/* The *at forms: the directory checked, then the name as from the current directory. */
#define POSIX_AT(dirfd, path, call, expr) ({ long at_ = posix_at(dirfd, path, call); at_ ? at_ : (expr); })

long posix_names_syscall(long n, long a1, long a2, long a3, long a4, long a5, int *handled) {
    const char *p1 = (const char *)a1, *p2 = (const char *)a2;
    *handled = 1;
    switch (n) {
    case SYS_stat:
    case SYS_lstat: return posix_stat_path(p1, (struct stat *)a2, n);
    case SYS_newfstatat:
        if ((a4 & AT_EMPTY_PATH) && !p2[0]) return posix_fstat(a1, (struct stat *)a3);
        return POSIX_AT(a1, p2, n, posix_stat_path(p2, (struct stat *)a3, n));
    case SYS_access: return posix_access(p1, n);
    case SYS_faccessat:
    case SYS_faccessat2: return POSIX_AT(a1, p2, n, posix_access(p2, n));
    case SYS_unlink: return posix_unlink(p1, n);
    case SYS_unlinkat: return POSIX_AT(a1, p2, n, a3 & AT_REMOVEDIR ? posix_rmdir(p2, n) : posix_unlink(p2, n));
    case SYS_rmdir: return posix_rmdir(p1, n);
    case SYS_mkdir: return posix_make_other(p1, n);
    case SYS_mkdirat: return POSIX_AT(a1, p2, n, posix_make_other(p2, n));
    case SYS_symlink: return posix_make_other(p2, n);
    case SYS_symlinkat: return POSIX_AT(a2, (const char *)a3, n, posix_make_other((const char *)a3, n));
    case SYS_link: return posix_link(p1, p2, n);
    case SYS_linkat:
        return POSIX_AT(a1, p2, n, POSIX_AT(a3, (const char *)a4, n, posix_link(p2, (const char *)a4, n)));
    case SYS_rename: return posix_rename(p1, p2, 0, n);
    case SYS_renameat:
    case SYS_renameat2:
        if (n == SYS_renameat2 && a5 & ~(long)POSIX_RENAME_NOREPLACE)
            __symplex_unsupported_syscall(posix_sysname(n), posix_dir_change); /* RENAME_EXCHANGE, RENAME_WHITEOUT */
        return POSIX_AT(a1, p2, n, POSIX_AT(a3, (const char *)a4, n,
                        posix_rename(p2, (const char *)a4, n == SYS_renameat2 && a5, n)));
    case SYS_chmod: return posix_chmod(p1, (mode_t)a2, n);
    case SYS_fchmodat: return POSIX_AT(a1, p2, n, posix_chmod(p2, (mode_t)a3, n));
    case SYS_chown:
    case SYS_lchown: return posix_chown(p1, a2, a3, n);
    case SYS_fchownat: return POSIX_AT(a1, p2, n, posix_chown(p2, a3, a4, n));
    case SYS_readlink: return posix_readlink(p1, n);
    case SYS_readlinkat: return POSIX_AT(a1, p2, n, posix_readlink(p2, n));
    case SYS_chdir: return posix_chdir(p1, n);
    case SYS_truncate: return posix_truncate(p1, a2, n);
    case SYS_umask: {
        mode_t old = posix_umask_bits;
        posix_umask_bits = (mode_t)a1 & 0777;
        return old;
    }
    default: *handled = 0; return -ENOSYS;
    }
}
