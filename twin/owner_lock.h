/*
 * The twin's owner lock (OwnedFiles.claim, OwnerLock): DIR/durabench-owner-<token>.lock, held with
 * flock(2) for the process's life, so that a twin killed outright (SIGKILL) leaves files a later
 * durabench run provably may remove (StaleFiles), as a JMH fork's or a Java lock-step side's.
 */
#ifndef TWIN_OWNER_LOCK_H
#define TWIN_OWNER_LOCK_H

/*
 * Creates and locks the owner lock in dir; at exit, deletes it unless a file of this process is
 * still in dir (the next run then removes both). A lock that cannot be made is no reason to fail a
 * measurement: one line on stderr says so, and the twin's files are then only never removed as stale.
 */
void owner_lock_claim(const char *dir);

#endif
