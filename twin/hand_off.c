#define _GNU_SOURCE
#include "hand_off.h"
#include "checked.h"
#include "measure.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static char me = '?';

/* The other side is gone: this side cannot go on (HandOff.PartnerGoneException, LockStepSide's exit 3). */
static _Noreturn __attribute__((format(printf, 1, 2))) void partner_gone(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "durabench-twin: lock-step side %c: ", me);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    cleanup_and_exit(TWIN_EXIT_PARTNER_GONE);
}

/*
 * Ctrl-C or SIGTERM end the side (files deleted). Looked at before every read and write of the line and
 * when one is interrupted: a signal that came during a unit (an fsync is not interrupted) ends the side
 * at its next byte.
 */
static void stop_if_asked(void) {
    int sig = stop_signal();
    if (sig != 0) fail_interrupted(sig);
}

static struct sockaddr_un address(const char *path) {
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof a.sun_path) fail_problem("bind", "path too long for a UNIX socket", path);
    memcpy(a.sun_path, path, strlen(path) + 1);
    return a;
}

int hand_off_listen(const char *path, int limit_seconds) {
    me = 'A';
    struct sockaddr_un a = address(path);
    int server = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (server < 0) fail_call("socket", errno, path);
    if (bind(server, (struct sockaddr *) &a, sizeof a) != 0) fail_call("bind", errno, path);
    if (listen(server, 1) != 0) fail_call("listen", errno, path);
    struct pollfd p = {.fd = server, .events = POLLIN};
    uint64_t deadline = monotonic_ns() + (uint64_t) limit_seconds * 1000000000u;
    for (;;) {
        uint64_t now = monotonic_ns();
        int left_ms = now >= deadline ? 0 : (int) ((deadline - now) / 1000000u);
        int n = poll(&p, 1, left_ms);
        if (n > 0) break;
        if (n < 0 && errno != EINTR) fail_call("poll", errno, path);
        if (stop_signal() != 0) unlink(path); /* stopped before B came: the socket is ours to remove */
        stop_if_asked();
        if (n == 0) {
            if (unlink(path) != 0 && errno != ENOENT) fail_call("unlink", errno, path);
            partner_gone("side B did not connect to %s within %d s", path, limit_seconds);
        }
    }
    int line;
    while ((line = accept4(server, NULL, NULL, SOCK_CLOEXEC)) < 0) {
        if (errno != EINTR) fail_call("accept", errno, path);
        if (stop_signal() != 0) unlink(path);
        stop_if_asked();
    }
    chk_close(server, path);
    if (unlink(path) != 0 && errno != ENOENT) fail_call("unlink", errno, path);
    return line;
}

int hand_off_connect(const char *path, int limit_seconds) {
    me = 'B';
    struct sockaddr_un a = address(path);
    uint64_t deadline = monotonic_ns() + (uint64_t) limit_seconds * 1000000000u;
    for (;;) {
        int line = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (line < 0) fail_call("socket", errno, path);
        if (connect(line, (struct sockaddr *) &a, sizeof a) == 0) return line;
        int err = errno;
        chk_close(line, path);
        stop_if_asked();
        if (monotonic_ns() > deadline) {
            partner_gone("side A did not listen at %s within %d s: %s", path, limit_seconds, strerror(err));
        }
        struct timespec pause = {.tv_sec = 0, .tv_nsec = 20000000};
        if (nanosleep(&pause, NULL) != 0 && errno != EINTR) fail_call("nanosleep", errno, "(connect retry)");
    }
}

/* Writes all of buf; MSG_NOSIGNAL: a closed line is EPIPE here, not a SIGPIPE that kills the side. */
static void send_all(int fd, const unsigned char *buf, size_t len) {
    while (len > 0) {
        stop_if_asked();
        ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            partner_gone("the other side is gone (writing to it: %s)", strerror(errno));
        }
        buf += n;
        len -= (size_t) n;
    }
}

static void receive_all(int fd, unsigned char *buf, size_t len) {
    while (len > 0) {
        stop_if_asked();
        ssize_t n = recv(fd, buf, len, 0);
        if (n == 0) partner_gone("the other side is gone (it closed the hand-off)");
        if (n < 0) {
            if (errno == EINTR) continue;
            partner_gone("the other side is gone (reading from it: %s)", strerror(errno));
        }
        buf += n;
        len -= (size_t) n;
    }
}

void hand_off_send(int fd, char b) {
    unsigned char one = (unsigned char) b;
    send_all(fd, &one, 1);
}

char hand_off_receive(int fd) {
    unsigned char one;
    receive_all(fd, &one, 1);
    return (char) one;
}

int64_t hand_off_swap(int fd, int64_t mine, bool send_first) {
    unsigned char out[8], in[8];
    for (int i = 0; i < 8; i++) out[i] = (unsigned char) ((uint64_t) mine >> (56 - 8 * i));
    if (send_first) send_all(fd, out, sizeof out);
    receive_all(fd, in, sizeof in);
    if (!send_first) send_all(fd, out, sizeof out);
    uint64_t theirs = 0;
    for (int i = 0; i < 8; i++) theirs = theirs << 8 | in[i];
    return (int64_t) theirs;
}

void hand_off_close(int fd) {
    chk_close(fd, "(the hand-off)");
}
