#define _GNU_SOURCE
#include "measure.h"
#include "checked.h"

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

enum { ITERATION_OVER = 0, ITERATION_RUNNING = 1, INTERRUPTED = 2 };

/* The only flag the hot loop reads: one relaxed load per operation, as JMH's volatile isDone. */
static atomic_int state = ITERATION_OVER;
static atomic_int caught_signal;
static sem_t start_timer;
static struct timespec deadline;

uint64_t monotonic_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) fail_call("clock_gettime", errno, "(CLOCK_MONOTONIC)");
    return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static void on_signal(int sig) {
    atomic_store(&caught_signal, sig);
    atomic_store(&state, INTERRUPTED);
}

/* Sleeps until each iteration's deadline, then ends the iteration (unless a signal already did). */
static void *timer_main(void *unused) {
    (void) unused;
    for (;;) {
        while (sem_wait(&start_timer) != 0) { }
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR) { }
        int running = ITERATION_RUNNING;
        atomic_compare_exchange_strong(&state, &running, ITERATION_OVER);
    }
    return NULL;
}

void measure_init(void) {
    if (sem_init(&start_timer, 0, 0) != 0) fail_call("sem_init", errno, "(timer)");
    /* The timer thread never takes the signals: the main thread's handler sets the flag either way. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    pthread_t timer;
    int rc = pthread_create(&timer, NULL, timer_main, NULL);
    if (rc != 0) fail_call("pthread_create", rc, "(timer)");
    pthread_detach(timer);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    catch_stop_signals(true); /* a pending fsync finishes; the loop then sees the flag */
}

void catch_stop_signals(bool restart) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = restart ? SA_RESTART : 0;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGINT, &sa, NULL) != 0) fail_call("sigaction", errno, "(SIGINT)");
    if (sigaction(SIGTERM, &sa, NULL) != 0) fail_call("sigaction", errno, "(SIGTERM)");
}

int stop_signal(void) {
    return atomic_load(&caught_signal);
}

struct iteration_result measure_iteration(void (*op)(void *), void *arg, uint64_t duration_ns) {
    struct iteration_result r = {0, 0};
    int over = ITERATION_OVER;
    if (!atomic_compare_exchange_strong(&state, &over, ITERATION_RUNNING)) return r; /* interrupted */
    uint64_t start = monotonic_ns();
    uint64_t end_ns = start + duration_ns;
    deadline.tv_sec = (time_t) (end_ns / 1000000000u);
    deadline.tv_nsec = (long) (end_ns % 1000000000u);
    sem_post(&start_timer);
    uint64_t ops = 0;
    do {
        op(arg);
        ops++;
    } while (atomic_load_explicit(&state, memory_order_relaxed) == ITERATION_RUNNING);
    r.elapsed_ns = monotonic_ns() - start;
    r.ops = ops;
    return r;
}
