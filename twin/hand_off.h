/*
 * A lock-step side's line to the other side: io.durabench.lockstep.HandOff in C. A UNIX domain stream
 * socket (side A listens, side B connects); each hand-over is one byte, written by the side whose turn
 * ends and read, blocking, by the side whose turn begins, so the waiting side sleeps in the kernel.
 * The other side gone (it closed the line, never came, or a read or write fails) ends this side:
 * its workload's files deleted, one line, exit 3. Ctrl-C or SIGTERM while waiting: exit 128+signal.
 */
#ifndef TWIN_HAND_OFF_H
#define TWIN_HAND_OFF_H

#include <stdbool.h>
#include <stdint.h>

#define TWIN_EXIT_PARTNER_GONE 3

/* HandOff's bytes. */
#define HAND_OFF_GO 'g'
#define HAND_OFF_END_QUIET 'e'
#define HAND_OFF_END_COMPILING 'E'
#define HAND_OFF_READY 'r'
#define HAND_OFF_NOT_READY 'x'
#define HAND_OFF_FAILED '!'

/* Side A: listens at path (which must not exist) and accepts side B within limit_seconds; the socket file is removed after. */
int hand_off_listen(const char *path, int limit_seconds);
/* Side B: connects to side A at path, retrying every 20 ms while A starts, at most limit_seconds. */
int hand_off_connect(const char *path, int limit_seconds);
void hand_off_send(int fd, char b);
char hand_off_receive(int fd);
/* Swaps a number as 8 bytes big-endian: the side that sends first writes, then reads; the other the reverse. */
int64_t hand_off_swap(int fd, int64_t mine, bool send_first);
/* Closes the line (the end of the side's run). */
void hand_off_close(int fd);

#endif
