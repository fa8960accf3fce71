/* qsort.c: qsort and qsort_r as the host's C library (glibc) sorts, in place
 * of musl's smoothsort (linked over it).
 *
 * A test replays natively, on glibc, whose qsort is a merge sort: stable,
 * and with its own order of comparisons. musl's smoothsort is not stable,
 * so records with equal keys came out in another order than natively (a
 * program printing or branching on them took another path there), and a
 * comparator that branches on input bytes made its decisions in another
 * order. This is the top-down merge sort glibc documents and uses: sort
 * the first n/2 and the other n - n/2 elements, then merge, the left
 * element first when the comparator says <= 0; comparisons always see
 * elements of the caller's array. glibc falls back to quicksort only when
 * it cannot get memory for the merge; here an insertion sort (stable) does,
 * with no memory at all. */
#include <stdlib.h>
#include <string.h>

typedef int (*QsortCmp)(const void *, const void *, void *);

static void qsort_merge(char *b, size_t n, size_t w, QsortCmp cmp, void *arg, char *tmp) {
    if (n <= 1) return;
    size_t n1 = n / 2, n2 = n - n1;
    char *left = b, *right = b + n1 * w, *out = tmp;
    qsort_merge(left, n1, w, cmp, arg, tmp);
    qsort_merge(right, n2, w, cmp, arg, tmp);
    while (n1 && n2) {
        if (cmp(left, right, arg) <= 0) {
            memcpy(out, left, w);
            left += w;
            n1--;
        } else {
            memcpy(out, right, w);
            right += w;
            n2--;
        }
        out += w;
    }
    if (n1) memcpy(out, left, n1 * w);
    memcpy(b, tmp, (n - n2) * w); /* what is left of the right half is in place */
}

static void qsort_swap(char *a, char *b, size_t w) {
    for (size_t i = 0; i < w; i++) {
        char t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

static void qsort_insertion(char *b, size_t n, size_t w, QsortCmp cmp, void *arg) {
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && cmp(b + (j - 1) * w, b + j * w, arg) > 0; j--)
            qsort_swap(b + (j - 1) * w, b + j * w, w);
}

void __qsort_r(void *base, size_t nel, size_t width, QsortCmp cmp, void *arg) {
    if (nel <= 1 || !width) return;
    char *tmp = nel <= (size_t)-1 / width ? malloc(nel * width) : NULL;
    if (tmp) {
        qsort_merge(base, nel, width, cmp, arg, tmp);
        free(tmp);
    } else {
        qsort_insertion(base, nel, width, cmp, arg);
    }
}

static int qsort_no_arg(const void *a, const void *b, void *cmp) {
    return ((int (*)(const void *, const void *))cmp)(a, b);
}

void qsort(void *base, size_t nel, size_t width, int (*cmp)(const void *, const void *)) {
    __qsort_r(base, nel, width, qsort_no_arg, (void *)cmp);
}
