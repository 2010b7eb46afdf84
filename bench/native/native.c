/*
 * native.c - the "native limit" for Typhon's benchmarks.
 *
 * Usage: native BENCH N
 *
 * Runs the C counterpart of benchmark BENCH with iteration count / problem
 * size N and prints the same two-line protocol as the Python programs in bench/programs:
 *
 *     checksum: <value>
 *     ns_per_iter: <float>
 *
 * BENCH is one of:
 *   inc         i = inc(i), N times, through a volatile function pointer
 *   fadd        x = fadd(x, 1.5), N times, through a volatile function pointer
 *   obj         i = obj(o, i), N times, through a volatile function pointer (o
 *               a pointer to an object the callee ignores, as objbench's)
 *   fib         N evaluations of the recursive fib(27)
 *   int_loop    total += i * 3 % 7 for i in [0, N)
 *   float_loop  x = x * 0.999999 + 1.5, N times
 *   sieve       sieve of Eratosthenes up to N, checksum = number of primes
 *
 * The harness compiles this with `cc -O2 -ffp-contract=off` so that the
 * floating-point results are bit-identical to the Python versions.
 */
#define _POSIX_C_SOURCE 199309L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- the callees of the FFI microbenchmarks ------------------------------ */

__attribute__((noinline)) long inc(long i) { return i + 1; }

__attribute__((noinline)) double fadd(double x, double y) { return x + y; }

__attribute__((noinline)) long obj(void *o, long i) {
    (void)o;
    return i + 1;
}

/* Calls go through volatile pointers so the compiler can neither inline nor
 * hoist them: every iteration pays for one real indirect call. */
static long (*volatile inc_ptr)(long) = inc;
static double (*volatile fadd_ptr)(double, double) = fadd;
static long (*volatile obj_ptr)(void *, long) = obj;

/* ---- timing --------------------------------------------------------------- */

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void report_int(long long checksum, double elapsed_ns, long long n) {
    printf("checksum: %lld\n", checksum);
    printf("ns_per_iter: %.3f\n", elapsed_ns / (double)n);
}

static void report_float(double checksum, double elapsed_ns, long long n) {
    printf("checksum: %.6f\n", checksum);
    printf("ns_per_iter: %.3f\n", elapsed_ns / (double)n);
}

/* ---- benchmarks ----------------------------------------------------------- */

static long run_inc(long long n) {
    long i = 0;
    for (long long k = 0; k < n; k++) {
        i = inc_ptr(i);
    }
    return i;
}

static long run_obj(long long n) {
    static long o[1] = {1};
    long i = 0;
    for (long long k = 0; k < n; k++) {
        i = obj_ptr(o, i);
    }
    return i;
}

static double run_fadd(long long n) {
    double x = 0.0;
    for (long long k = 0; k < n; k++) {
        x = fadd_ptr(x, 1.5);
    }
    return x;
}

__attribute__((noinline)) static long fib(long n) {
    if (n < 2) {
        return n;
    }
    return fib(n - 1) + fib(n - 2);
}

/* Keeps fib's argument opaque so the result cannot be constant-folded. */
static volatile long fib_arg = 27;

static long long run_int_loop(long long n) {
    long long total = 0;
    for (long long i = 0; i < n; i++) {
        total += i * 3 % 7;
    }
    return total;
}

static double run_float_loop(long long n) {
    double x = 0.0;
    for (long long i = 0; i < n; i++) {
        x = x * 0.999999 + 1.5;
    }
    return x;
}

static long long run_sieve(long long limit) {
    unsigned char *flags = malloc((size_t)limit + 1);
    if (flags == NULL) {
        fprintf(stderr, "native: out of memory\n");
        exit(1);
    }
    memset(flags, 1, (size_t)limit + 1);
    flags[0] = 0;
    if (limit >= 1) {
        flags[1] = 0;
    }
    for (long long i = 2; i * i <= limit; i++) {
        if (flags[i]) {
            for (long long j = i * i; j <= limit; j += i) {
                flags[j] = 0;
            }
        }
    }
    long long count = 0;
    for (long long i = 0; i <= limit; i++) {
        count += flags[i];
    }
    free(flags);
    return count;
}

/* Opaque copy of N so loops cannot be specialised on a constant. */
static volatile long long n_opaque;

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s BENCH N\n", argv[0]);
        return 2;
    }
    const char *bench = argv[1];
    char *end = NULL;
    long long n = strtoll(argv[2], &end, 10);
    if (end == argv[2] || *end != '\0' || n <= 0) {
        fprintf(stderr, "native: N must be a positive integer, got '%s'\n", argv[2]);
        return 2;
    }
    n_opaque = n;
    long long warm = n < 1000 ? n : 1000;
    double start;
    double elapsed;

    if (strcmp(bench, "inc") == 0) {
        (void)run_inc(warm);
        start = now_ns();
        long i = run_inc(n_opaque);
        elapsed = now_ns() - start;
        report_int(i, elapsed, n);
    } else if (strcmp(bench, "obj") == 0) {
        (void)run_obj(warm);
        start = now_ns();
        long i = run_obj(n_opaque);
        elapsed = now_ns() - start;
        report_int(i, elapsed, n);
    } else if (strcmp(bench, "fadd") == 0) {
        (void)run_fadd(warm);
        start = now_ns();
        double x = run_fadd(n_opaque);
        elapsed = now_ns() - start;
        report_float(x, elapsed, n);
    } else if (strcmp(bench, "fib") == 0) {
        (void)fib(20);
        start = now_ns();
        long result = 0;
        for (long long k = 0; k < n_opaque; k++) {
            result = fib(fib_arg);
        }
        elapsed = now_ns() - start;
        report_int(result, elapsed, n);
    } else if (strcmp(bench, "int_loop") == 0) {
        (void)run_int_loop(warm);
        start = now_ns();
        long long total = run_int_loop(n_opaque);
        elapsed = now_ns() - start;
        report_int(total, elapsed, n);
    } else if (strcmp(bench, "float_loop") == 0) {
        (void)run_float_loop(warm);
        start = now_ns();
        double x = run_float_loop(n_opaque);
        elapsed = now_ns() - start;
        report_float(x, elapsed, n);
    } else if (strcmp(bench, "sieve") == 0) {
        (void)run_sieve(warm);
        start = now_ns();
        long long count = run_sieve(n_opaque);
        elapsed = now_ns() - start;
        report_int(count, elapsed, n);
    } else {
        fprintf(stderr, "native: unknown benchmark '%s'\n", bench);
        return 2;
    }
    return 0;
}
