/*
 * sort_check.c -- three sorting/searching routines cross-checked against
 *                 each other on a small symbolic array.
 *
 * Workload class: array algorithms (data-dependent comparisons and swaps,
 * index arithmetic, run bookkeeping, self-checking asserts).
 *
 * The program sorts the first `len` values of `vals` twice, once with an
 * insertion sort and once with a bottom-up merge sort that works in a fixed
 * 6-byte buffer plus a fixed scratch buffer. It then checks that:
 *   - both results are non-decreasing,
 *   - both results are permutations of the input (occurrence counts),
 *   - the two results agree element by element,
 *   - a binary search for `key` in the sorted array agrees with a linear
 *     scan of the unsorted input (found / not found, and the lower bound).
 * Finally it classifies the input (all equal, already sorted, reversed,
 * how many distinct values) to give the explorer extra branches.
 *
 * Symbolic inputs (all through symplex_make_symbolic):
 *   vals[6]  -- uint8_t values, unconstrained (0..255).
 *   len      -- uint8_t, assumed 1..6: how many of vals are used.
 *   key      -- uint8_t, unconstrained: the value searched for.
 *
 * Planted bug:
 *   merge_pass() has a "runs already in order" shortcut. Its guard checks
 *   `mid <= hi` where it must check `mid < hi`, so when the right run is
 *   empty it still reads buf[mid]. That is only outside the 6-byte buffer
 *   when mid == 6, which happens in the width-2 pass for len == 6, and only
 *   when the left run's two ends differ (vals[4] != vals[5]). The result is
 *   an out-of-bounds read of the fixed buffer, reached after the whole
 *   insertion sort and the first merge pass have run on that path.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define CAP 6

static uint8_t work_buf[CAP];
static uint8_t scratch[CAP];

static void insertion_sort(uint8_t *a, unsigned n)
{
    for (unsigned i = 1; i < n; i++) {
        uint8_t v = a[i];
        unsigned j = i;
        while (j > 0 && a[j - 1] > v) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

/* Merge buf[lo..mid) and buf[mid..hi) into scratch[lo..hi). */
static void merge_runs(unsigned lo, unsigned mid, unsigned hi)
{
    unsigned i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (work_buf[i] <= work_buf[j])
            scratch[k++] = work_buf[i++];
        else
            scratch[k++] = work_buf[j++];
    }
    while (i < mid)
        scratch[k++] = work_buf[i++];
    while (j < hi)
        scratch[k++] = work_buf[j++];
}

static unsigned merge_pass(unsigned n, unsigned width)
{
    unsigned merged = 0;
    for (unsigned lo = 0; lo < n; lo += 2 * width) {
        unsigned mid = lo + width;
        unsigned hi = lo + 2 * width;
        if (mid > n)
            mid = n;
        if (hi > n)
            hi = n;
        /* Shortcut: a left run with distinct ends that is already below
         * the right run needs no merging, only copying. */
        if (work_buf[lo] < work_buf[mid - 1] && mid <= hi &&
            work_buf[mid] >= work_buf[mid - 1]) {
            memcpy(&scratch[lo], &work_buf[lo], hi - lo);
            continue;
        }
        merge_runs(lo, mid, hi);
        merged++;
    }
    memcpy(work_buf, scratch, n);
    return merged;
}

static unsigned merge_sort(const uint8_t *in, unsigned n, uint8_t *out)
{
    unsigned merges = 0;
    memset(work_buf, 0, sizeof work_buf);
    memset(scratch, 0, sizeof scratch);
    memcpy(work_buf, in, n);
    for (unsigned width = 1; width < n; width *= 2)
        merges += merge_pass(n, width);
    memcpy(out, work_buf, n);
    return merges;
}

/* Index of the first element >= key in sorted a[0..n). */
static unsigned lower_bound(const uint8_t *a, unsigned n, uint8_t key)
{
    unsigned lo = 0, hi = n;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static bool is_sorted(const uint8_t *a, unsigned n)
{
    for (unsigned i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return false;
    return true;
}

static unsigned count_of(const uint8_t *a, unsigned n, uint8_t v)
{
    unsigned c = 0;
    for (unsigned i = 0; i < n; i++)
        if (a[i] == v)
            c++;
    return c;
}

static bool is_permutation(const uint8_t *a, const uint8_t *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (count_of(a, n, a[i]) != count_of(b, n, a[i]))
            return false;
    return true;
}

static unsigned distinct_values(const uint8_t *sorted, unsigned n)
{
    unsigned d = n ? 1 : 0;
    for (unsigned i = 1; i < n; i++)
        if (sorted[i] != sorted[i - 1])
            d++;
    return d;
}

static int classify(const uint8_t *in, const uint8_t *sorted, unsigned n)
{
    bool ascending = true, descending = true;
    for (unsigned i = 1; i < n; i++) {
        if (in[i - 1] > in[i])
            ascending = false;
        if (in[i - 1] < in[i])
            descending = false;
    }
    unsigned d = distinct_values(sorted, n);
    if (d == 1)
        return 1;                    /* all equal */
    if (ascending)
        return 2;
    if (descending)
        return 3;
    if (d == n)
        return 4;                    /* all distinct, shuffled */
    return 5;                        /* duplicates, shuffled */
}

int main(void)
{
    uint8_t vals[CAP];
    uint8_t len;
    uint8_t key;

    symplex_make_symbolic(vals, sizeof vals, "vals");
    symplex_make_symbolic(&len, sizeof len, "len");
    symplex_make_symbolic(&key, sizeof key, "key");
    symplex_assume(len >= 1);
    symplex_assume(len <= CAP);

    unsigned n = len;
    uint8_t ins[CAP];
    uint8_t mrg[CAP];

    memcpy(ins, vals, sizeof ins);
    insertion_sort(ins, n);
    unsigned merges = merge_sort(vals, n, mrg);

    assert(is_sorted(ins, n));
    assert(is_sorted(mrg, n));
    assert(is_permutation(vals, ins, n));
    assert(is_permutation(vals, mrg, n));
    for (unsigned i = 0; i < n; i++)
        assert(ins[i] == mrg[i]);
    assert(merges <= 2 * n);

    /* Binary search against a linear scan of the unsorted input. */
    unsigned pos = lower_bound(ins, n, key);
    bool found_bin = pos < n && ins[pos] == key;
    bool found_lin = false;
    unsigned smaller = 0;
    for (unsigned i = 0; i < n; i++) {
        if (vals[i] == key)
            found_lin = true;
        if (vals[i] < key)
            smaller++;
    }
    assert(found_bin == found_lin);
    assert(pos == smaller);

    int cls = classify(vals, ins, n);
    if (found_bin && cls == 4)
        return 2;
    return cls > 3 ? 1 : 0;
}
