/* fs.c: files and descriptors under --posix.
 *
 * The file system holds only in-memory files: the symbolic ones KLEE's
 * options create (A, B, ... in the current directory, stdin, stdout) and the
 * ones the program creates with O_CREAT there. How a name resolves is
 * names.c's: the program never reads or changes the user's files, and a path
 * a test relies on is one replay can create. A path is matched byte by byte,
 * so a symbolic path forks once per file it may name, as in KLEE. The current
 * directory can be listed and holds those files.
 *
 * Descriptors 0, 1, 2 are stdin (empty, as /dev/null, unless --sym-stdin),
 * stdout and stderr (shown on symplex's own, through the engine, unless
 * --sym-stdout makes stdout a symbolic file). Offsets, O_APPEND, dup and
 * lseek behave as on Linux; no descriptor is a terminal. Where the model's
 * own limits would refuse what the kernel allows (POSIX_MAX_FILES files,
 * POSIX_MAX_FDS descriptors, memory for a file's bytes), and for requests it
 * does not model (fcntl locks, most ioctls, listing "/"), the path ends as
 * unsupported. */
#include "posix.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <symplex.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

enum PosixFdKind { FD_CLOSED, FD_FILE, FD_CONSOLE, FD_EMPTY, FD_DIR };

typedef struct PosixFd {
    enum PosixFdKind kind;
    PosixFile *file;
    off_t off;
    int flags;             /* O_ACCMODE, O_APPEND, O_NONBLOCK as given to open */
    int cloexec;
    int root;              /* FD_DIR: "/", not the current directory */
} PosixFd;

static PosixFile posix_files[POSIX_MAX_FILES];
static unsigned posix_nfiles;
static PosixFd posix_fds[POSIX_MAX_FDS];
static PosixFile *posix_stdin_file, *posix_stdout_file;

/* ---- files ---- */

static const char posix_limit[] = "goes past a limit of the model that the kernel does not have";

PosixFile *posix_file(unsigned i) { return &posix_files[i]; }
unsigned posix_file_count(void) { return posix_nfiles; }

static PosixFile *posix_new_file(const char *name) {
    if (posix_nfiles == POSIX_MAX_FILES) __symplex_unsupported_syscall("open", posix_limit);
    PosixFile *f = &posix_files[posix_nfiles++];
    memset(f, 0, sizeof *f);
    f->name = strdup(name);
    f->st.st_dev = 2049;
    f->st.st_ino = 1000 + posix_nfiles;
    f->st.st_mode = S_IFREG | 0644;
    f->st.st_nlink = 1;
    f->st.st_blksize = 4096;
    f->st.st_atim.tv_sec = f->st.st_mtim.tv_sec = f->st.st_ctim.tv_sec = 1767225600;
    return f;
}

static void posix_set_size(PosixFile *f, size_t size) {
    f->size = size;
    f->st.st_size = (off_t)size;
    f->st.st_blocks = (blkcnt_t)((size + 511) / 512);
}

/* A file of n symbolic bytes named `data_name`, with stat data named
 * `stat_name` of which the inode number and the permission bits are
 * symbolic; the rest (type, size, links, block size, times) is fixed, so that
 * it is what replay's real file shows. */
static PosixFile *posix_sym_file(const char *name, size_t n, const char *data_name, const char *stat_name) {
    PosixFile *f = posix_new_file(name);
    f->data = malloc(n ? n : 1);
    f->cap = n;
    symplex_make_symbolic(f->data, n, data_name);
    struct stat sym;
    symplex_make_symbolic(&sym, sizeof sym, stat_name);
    symplex_assume(sym.st_ino != 0);
    f->st.st_ino = sym.st_ino;
    f->st.st_mode = S_IFREG | (sym.st_mode & 0777);
    posix_set_size(f, n);
    return f;
}

static void posix_open_std(int fd, enum PosixFdKind kind, PosixFile *f, int flags) {
    posix_fds[fd].kind = kind;
    posix_fds[fd].file = f;
    posix_fds[fd].flags = flags;
    if (f) f->refs++;
}

void posix_fs_init(const PosixConfig *cfg) {
    static char data[] = "A-data", stat_name[] = "A-data-stat", name[] = "A";
    for (unsigned i = 0; i < cfg->nfiles; i++) {
        name[0] = data[0] = stat_name[0] = (char)('A' + i);
        posix_sym_file(name, cfg->file_len, data, stat_name);
    }
    if (cfg->stdin_len) posix_stdin_file = posix_sym_file("<stdin>", cfg->stdin_len, "stdin", "stdin-stat");
    if (cfg->sym_stdout) {
        posix_stdout_file = posix_sym_file("<stdout>", 1024, "stdout", "stdout-stat");
        posix_set_size(posix_stdout_file, 0);
    }
    /* KLEE's model records its version; its replay tools expect the object */
    int version;
    symplex_make_symbolic(&version, sizeof version, "model_version");
    symplex_assume(version == 1);
    if (posix_stdin_file) posix_open_std(0, FD_FILE, posix_stdin_file, O_RDONLY);
    else posix_open_std(0, FD_EMPTY, 0, O_RDONLY);
    if (posix_stdout_file) posix_open_std(1, FD_FILE, posix_stdout_file, O_WRONLY);
    else posix_open_std(1, FD_CONSOLE, 0, O_WRONLY);
    posix_open_std(2, FD_CONSOLE, 0, O_WRONLY);
}

/* ---- descriptors ---- */

static PosixFd *posix_fd(long fd) {
    if (fd < 0 || fd >= POSIX_MAX_FDS || posix_fds[fd].kind == FD_CLOSED) return 0;
    return &posix_fds[fd];
}

int posix_fd_kind(long fd) {
    PosixFd *d = posix_fd(fd);
    if (!d) return -1;
    return d->kind == FD_FILE ? POSIX_FD_FILE : d->kind != FD_DIR ? POSIX_FD_OTHER : d->root ? POSIX_FD_ROOT : POSIX_FD_DIR;
}

static long posix_alloc_fd(long from, long call) {
    for (long fd = from < 0 ? 0 : from; fd < POSIX_MAX_FDS; fd++)
        if (posix_fds[fd].kind == FD_CLOSED) return fd;
    __symplex_unsupported_syscall(posix_sysname(call), posix_limit);
}

static long posix_open(const char *path, long flags, long mode, long call) {
    PosixFile *f;
    const char *name;
    enum PosixFdKind kind = FD_FILE;
    PosixPlace place = posix_resolve(path, call, &f, &name);
    if (place == PLACE_DOT || place == PLACE_ROOT) {
        if ((flags & O_ACCMODE) != O_RDONLY || (flags & O_CREAT)) return -EISDIR;
        kind = FD_DIR;
    } else if (place == PLACE_NOTDIR) {
        return -ENOTDIR;
    } else if (f && (flags & O_CREAT) && (flags & O_EXCL)) {
        return -EEXIST;
    } else if (!f && !(flags & O_CREAT)) {
        return -ENOENT;
    } else if (!f) {
        if (!name[0] || strchr(name, '/')) return -ENOENT; /* under a directory that does not exist */
        f = posix_new_file(name);
        f->st.st_mode = S_IFREG | (mode & 0777 & ~posix_umask());
    }
    if (kind == FD_FILE && (flags & O_DIRECTORY)) return -ENOTDIR;
    long fd = posix_alloc_fd(0, call);
    if (kind == FD_FILE && (flags & O_TRUNC) && (flags & O_ACCMODE) != O_RDONLY) posix_set_size(f, 0);
    posix_fds[fd] = (PosixFd){kind, kind == FD_FILE ? f : 0, 0, (int)flags, (flags & O_CLOEXEC) != 0,
                              place == PLACE_ROOT};
    if (kind == FD_FILE) f->refs++;
    return fd;
}

static long posix_fd_close(long fd) {
    PosixFd *d = posix_fd(fd);
    if (!d) return -EBADF;
    if (d->file) d->file->refs--;
    memset(d, 0, sizeof *d);
    return 0;
}

/* Reading and writing at offset `at` (pread, pwrite), or with at < 0 at the
 * descriptor's offset, which then advances (read, write, readv, writev). */
static long posix_read(PosixFd *d, void *buf, size_t n, off_t at) {
    if (!d || (d->flags & O_ACCMODE) == O_WRONLY) return -EBADF;
    if (d->kind == FD_DIR) return -EISDIR;
    if (d->kind != FD_FILE) return 0; /* empty stdin, or reading the console: end of file */
    PosixFile *f = d->file;
    int advance = at < 0;
    if (advance) at = d->off;
    size_t avail = (size_t)at < f->size ? f->size - (size_t)at : 0;
    if (n > avail) n = avail;
    memcpy(buf, f->data + at, n);
    if (advance) d->off = at + (off_t)n;
    return (long)n;
}

/* Room for `need` bytes of f's data; a file the engine's heap cannot hold ends the path. */
static void posix_reserve(PosixFile *f, size_t need, long call) {
    if (need <= f->cap) return;
    size_t cap = f->cap ? f->cap : 64;
    while (cap < need && cap <= SIZE_MAX / 2) cap *= 2;
    unsigned char *p = cap >= need ? realloc(f->data, cap) : 0;
    if (!p) __symplex_unsupported_syscall(posix_sysname(call), posix_limit);
    f->data = p;
    f->cap = cap;
}

long posix_resize(PosixFile *f, size_t size, long call) {
    posix_reserve(f, size, call);
    if (size > f->size) memset(f->data + f->size, 0, size - f->size);
    posix_set_size(f, size);
    return 0;
}

long posix_set_mode(PosixFile *f, mode_t mode) {
    f->st.st_mode = (f->st.st_mode & S_IFMT) | (mode & 07777);
    return 0;
}

long posix_set_owner(PosixFile *f, long uid, long gid) {
    if ((uid_t)uid != (uid_t)-1) f->st.st_uid = (uid_t)uid;
    if ((gid_t)gid != (gid_t)-1) f->st.st_gid = (gid_t)gid;
    return 0;
}

static long posix_write(PosixFd *d, int fd, const void *buf, size_t n, off_t at, long call) {
    if (!d || (d->flags & O_ACCMODE) == O_RDONLY) return -EBADF;
    if (d->kind == FD_CONSOLE) {
        symplex_output(fd, buf, n);
        return (long)n;
    }
    if (d->kind != FD_FILE) return -EBADF;
    PosixFile *f = d->file;
    int advance = at < 0;
    if (advance) at = d->flags & O_APPEND ? (off_t)f->size : d->off;
    posix_reserve(f, (size_t)at + n, call);
    if ((size_t)at > f->size) memset(f->data + f->size, 0, (size_t)at - f->size);
    memcpy(f->data + at, buf, n);
    if ((size_t)at + n > f->size) posix_set_size(f, (size_t)at + n);
    if (advance) d->off = at + (off_t)n;
    return (long)n;
}

static long posix_iov(long fd, const struct iovec *iov, long cnt, int writing) {
    PosixFd *d = posix_fd(fd);
    long total = 0;
    for (long i = 0; i < cnt; i++) {
        long r = writing ? posix_write(d, (int)fd, iov[i].iov_base, iov[i].iov_len, -1, SYS_writev)
                         : posix_read(d, iov[i].iov_base, iov[i].iov_len, -1);
        if (r < 0) return total ? total : r;
        total += r;
        if ((size_t)r < iov[i].iov_len) break;
    }
    return total;
}

static long posix_lseek(long fd, off_t off, long whence) {
    PosixFd *d = posix_fd(fd);
    if (!d) return -EBADF;
    if (d->kind == FD_EMPTY) return 0; /* /dev/null: every offset is 0 */
    if (d->kind == FD_CONSOLE) return -ESPIPE;
    off_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? d->off
               : whence == SEEK_END && d->file ? (off_t)d->file->size : -1;
    if (base < 0 || (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END)) return -EINVAL;
    if (base + off < 0) return -EINVAL;
    return d->off = base + off;
}

/* ---- stat ---- */

void posix_fill_dir_stat(struct stat *st) {
    memset(st, 0, sizeof *st);
    st->st_dev = 2049;
    st->st_ino = 2;
    st->st_mode = S_IFDIR | 0755;
    st->st_nlink = 2;
    st->st_blksize = 4096;
    st->st_size = 4096;
    st->st_blocks = 8;
    st->st_atim.tv_sec = st->st_mtim.tv_sec = st->st_ctim.tv_sec = 1767225600;
}

long posix_fstat(long fd, struct stat *st) {
    PosixFd *d = posix_fd(fd);
    if (!d) return -EBADF;
    if (d->kind == FD_FILE) *st = d->file->st;
    else if (d->kind == FD_DIR) posix_fill_dir_stat(st);
    else { /* a character device, as /dev/null is */
        memset(st, 0, sizeof *st);
        st->st_mode = S_IFCHR | 0666;
        st->st_rdev = 0x103;
        st->st_nlink = 1;
        st->st_blksize = 4096;
    }
    return 0;
}

/* ---- directories ---- */

/* One entry of getdents64 at buf: the kernel's struct linux_dirent64, which is musl's struct dirent. */
static size_t posix_dirent(char *buf, size_t room, const char *name, unsigned long ino, long next, int type) {
    size_t len = strlen(name);
    size_t reclen = (offsetof(struct dirent, d_name) + len + 1 + 7) & ~(size_t)7;
    if (reclen > room) return 0;
    struct dirent *de = (struct dirent *)buf;
    memset(de, 0, reclen);
    de->d_ino = ino;
    de->d_off = next;
    de->d_reclen = (unsigned short)reclen;
    de->d_type = (unsigned char)type;
    memcpy(de->d_name, name, len);
    return reclen;
}

static long posix_getdents(long fd, char *buf, size_t room) {
    PosixFd *d = posix_fd(fd);
    if (!d) return -EBADF;
    if (d->kind != FD_DIR) return -ENOTDIR;
    if (d->root) __symplex_unsupported_syscall("getdents64", "lists \"/\", the host's root directory");
    size_t used = 0;
    for (;;) {
        long k = (long)d->off, skip = 0;
        const char *name = k == 0 ? "." : k == 1 ? ".." : 0;
        unsigned long ino = 2;
        int type = DT_DIR;
        if (!name) {
            long i = k - 2;
            while (i < (long)posix_nfiles && (posix_files[i].removed || posix_files[i].name[0] == '<')) i++, skip++;
            if (i >= (long)posix_nfiles) break;
            name = posix_files[i].name;
            ino = (unsigned long)posix_files[i].st.st_ino;
            type = DT_REG;
        }
        size_t r = posix_dirent(buf + used, room - used, name, ino, k + skip + 1, type);
        if (!r) {
            if (!used) return -EINVAL;
            break;
        }
        used += r;
        d->off = k + skip + 1;
    }
    return (long)used;
}

/* ---- the rest ---- */

static long posix_fcntl(long fd, long cmd, long arg) {
    PosixFd *d = posix_fd(fd);
    if (!d) return -EBADF;
    switch (cmd) {
    case F_GETFD: return d->cloexec ? FD_CLOEXEC : 0;
    case F_SETFD: d->cloexec = (arg & FD_CLOEXEC) != 0; return 0;
    case F_GETFL: return d->flags;
    case F_SETFL: d->flags = (d->flags & O_ACCMODE) | (int)(arg & (O_APPEND | O_NONBLOCK)); return 0;
    case F_DUPFD:
    case F_DUPFD_CLOEXEC: {
        if (arg < 0) return -EINVAL;
        long nfd = posix_alloc_fd(arg, SYS_fcntl);
        posix_fds[nfd] = *d;
        posix_fds[nfd].cloexec = cmd == F_DUPFD_CLOEXEC;
        if (d->file) d->file->refs++;
        return nfd;
    }
    default: __symplex_unsupported_syscall("fcntl", "is a request the model does not make (a lock, a lease, ...)");
    }
}

static long posix_dup2(long fd, long nfd, long flags, long call) {
    PosixFd *d = posix_fd(fd);
    if (!d || nfd < 0) return -EBADF;
    if (nfd >= POSIX_MAX_FDS) __symplex_unsupported_syscall(posix_sysname(call), posix_limit);
    if (fd == nfd) return nfd;
    posix_fd_close(nfd);
    posix_fds[nfd] = *d;
    posix_fds[nfd].cloexec = (flags & O_CLOEXEC) != 0;
    if (d->file) d->file->refs++;
    return nfd;
}

static long posix_ftruncate(long fd, off_t len) {
    PosixFd *d = posix_fd(fd);
    if (!d) return -EBADF;
    if (d->kind != FD_FILE || (d->flags & O_ACCMODE) == O_RDONLY || len < 0) return -EINVAL;
    return posix_resize(d->file, (size_t)len, SYS_ftruncate);
}

/* Terminal requests fail (ENOTTY: no descriptor is a terminal); the ones any
 * descriptor answers (FIONREAD, FIONBIO, FIOCLEX, ...) and every other kind
 * are not modelled. */
static long posix_ioctl(long fd, unsigned long req) {
    if (!posix_fd(fd)) return -EBADF;
    int tty = (req & ~0xffUL) == 0x5400 && req != FIONREAD && req != FIONBIO && req != FIOASYNC && req != FIOCLEX &&
              req != FIONCLEX && req != FIOQSIZE;
    if (!tty) __symplex_unsupported_syscall("ioctl", "is a request the model does not make");
    return -ENOTTY;
}

static long posix_fchmod(long fd, mode_t mode) {
    PosixFd *d = posix_fd(fd);
    if (!d) return -EBADF;
    if (d->kind != FD_FILE) __symplex_unsupported_syscall("fchmod", "changes a descriptor that is no file of the model");
    return posix_set_mode(d->file, mode);
}

static long posix_fchown(long fd, long uid, long gid) {
    PosixFd *d = posix_fd(fd);
    if (!d) return -EBADF;
    if (d->kind != FD_FILE) __symplex_unsupported_syscall("fchown", "changes a descriptor that is no file of the model");
    return posix_set_owner(d->file, uid, gid);
}

static long posix_fchdir(long fd) {
    int kind = posix_fd_kind(fd);
    if (kind < 0) return -EBADF;
    if (kind == POSIX_FD_ROOT) __symplex_unsupported_syscall("fchdir", "enters \"/\", the host's root directory");
    return kind == POSIX_FD_DIR ? 0 : -ENOTDIR;
}

long posix_fs_syscall(long n, long a1, long a2, long a3, long a4, long a5, long a6, int *handled) {
    (void)a5, (void)a6;
    *handled = 1;
    switch (n) {
    case SYS_read: return posix_read(posix_fd(a1), (void *)a2, (size_t)a3, -1);
    case SYS_pread64: return a4 < 0 ? -EINVAL : posix_read(posix_fd(a1), (void *)a2, (size_t)a3, (off_t)a4);
    case SYS_readv: return posix_iov(a1, (const struct iovec *)a2, a3, 0);
    case SYS_write: return posix_write(posix_fd(a1), (int)a1, (const void *)a2, (size_t)a3, -1, n);
    case SYS_pwrite64:
        return a4 < 0 ? -EINVAL : posix_write(posix_fd(a1), (int)a1, (const void *)a2, (size_t)a3, (off_t)a4, n);
    case SYS_writev: return posix_iov(a1, (const struct iovec *)a2, a3, 1);
    case SYS_open: return posix_open((const char *)a1, a2, a3, n);
    case SYS_creat: return posix_open((const char *)a1, O_CREAT | O_WRONLY | O_TRUNC, a2, n);
    case SYS_openat: {
        long e = posix_at(a1, (const char *)a2, n);
        return e ? e : posix_open((const char *)a2, a3, a4, n);
    }
    case SYS_close: return posix_fd_close(a1);
    case SYS_lseek: return posix_lseek(a1, (off_t)a2, a3);
    case SYS_fstat: return posix_fstat(a1, (struct stat *)a2);
    case SYS_getdents64: return posix_getdents(a1, (char *)a2, (size_t)a3);
    case SYS_fcntl: return posix_fcntl(a1, a2, a3);
    case SYS_dup: return posix_fcntl(a1, F_DUPFD, 0);
    case SYS_dup2: return posix_dup2(a1, a2, 0, n);
    case SYS_dup3: return a1 == a2 ? -EINVAL : posix_dup2(a1, a2, a3, n);
    case SYS_ftruncate: return posix_ftruncate(a1, (off_t)a2);
    case SYS_ioctl: return posix_ioctl(a1, (unsigned long)a2);
    case SYS_fsync:
    case SYS_fdatasync:
    case SYS_fadvise64: return posix_fd(a1) ? 0 : -EBADF;
    case SYS_getcwd:
        if ((size_t)a2 < 2) return -ERANGE;
        memcpy((char *)a1, "/", 2);
        return 2;
    case SYS_fchdir: return posix_fchdir(a1);
    case SYS_fchmod: return posix_fchmod(a1, (mode_t)a2);
    case SYS_fchown: return posix_fchown(a1, a2, a3);
    default: *handled = 0; return -ENOSYS;
    }
}
