/* JMH's statistics (jmh-core's AbstractStatistics/ListStatistics, commons-math3 underneath), in C. */
#define _GNU_SOURCE
#include "jmh_json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double stats_mean(const double *values, size_t n) {
    if (n == 0) return NAN;
    double sum = 0;
    for (size_t i = 0; i < n; i++) sum += values[i];
    return sum / (double) n;
}

static double stats_stddev(const double *values, size_t n) {
    if (n < 2) return 0;
    double mean = stats_mean(values, n), ss = 0;
    for (size_t i = 0; i < n; i++) ss += (values[i] - mean) * (values[i] - mean);
    return sqrt(ss / (double) (n - 1));
}

/* Continued fraction of the regularized incomplete beta function (modified Lentz). */
static double beta_continued_fraction(double a, double b, double x) {
    const double tiny = 1e-300, eps = 1e-16;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny) d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 10000; m++) {
        double m2 = 2.0 * m;
        double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + num * d;
        if (fabs(d) < tiny) d = tiny;
        c = 1 + num / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        h *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + num * d;
        if (fabs(d) < tiny) d = tiny;
        c = 1 + num / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        double delta = d * c;
        h *= delta;
        if (fabs(delta - 1) < eps) break;
    }
    return h;
}

static double regularized_beta(double a, double b, double x) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2)) return front * beta_continued_fraction(a, b, x) / a;
    return 1 - front * beta_continued_fraction(b, a, 1 - x) / b;
}

/* P(T > t) for t >= 0 under Student's t with df degrees of freedom. */
static double t_upper_tail(double t, double df) {
    return 0.5 * regularized_beta(df / 2, 0.5, df / (df + t * t));
}

double student_t_999(double df) {
    const double tail = (1 - 0.999) / 2;
    double lo = 0, hi = 1;
    while (t_upper_tail(hi, df) > tail) hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
        double mid = (lo + hi) / 2;
        if (t_upper_tail(mid, df) > tail) lo = mid; else hi = mid;
    }
    return (lo + hi) / 2;
}

double stats_error_999(const double *values, size_t n) {
    if (n <= 2) return NAN;
    return student_t_999((double) (n - 1)) * stats_stddev(values, n) / sqrt((double) n);
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y ? 1 : 0;
}

double stats_percentile(const double *values, size_t n, double rank) {
    if (n == 0) return NAN;
    double *sorted = malloc(n * sizeof *sorted);
    memcpy(sorted, values, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, compare_doubles);
    double result;
    if (rank == 0 || n == 1) {
        result = sorted[0];
    } else {
        double pos = rank * (double) (n + 1) / 100;
        double fpos = floor(pos);
        size_t int_pos = (size_t) fpos;
        if (pos < 1) result = sorted[0];
        else if (pos >= (double) n) result = sorted[n - 1];
        else result = sorted[int_pos - 1] + (pos - fpos) * (sorted[int_pos] - sorted[int_pos - 1]);
    }
    free(sorted);
    return result;
}
