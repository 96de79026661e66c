package io.durabench.errno;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.OptionalInt;
import jnr.constants.platform.Errno;
import org.junit.jupiter.api.Test;

/**
 * Our errno table says what jnr-constants said before it replaced it, number by number: the same
 * names (95 EOPNOTSUPP, as NativeCallException named it then) and the same strerror texts, so no
 * message of a failed call changes with the native layer.
 */
class LinuxErrnoTest {
    @Test
    void everyNumberHasJnrConstantsNameAndText() {
        for (int n = 0; n <= 140; n++) {
            Errno e = Errno.valueOf(n);
            boolean known = e != null && e != Errno.__UNKNOWN_CONSTANT__;
            String name = !known ? "errno " + n : n == 95 ? "EOPNOTSUPP" : e.name();
            assertEquals(name, LinuxErrno.name(n), "errno " + n);
            assertEquals(known ? e.description() : "unknown", LinuxErrno.text(n), "errno " + n);
            if (known) assertEquals(Optional.of(name), LinuxErrno.nameOfText(e.description()), e.description());
        }
    }

    @Test
    void everyJnrConstantsNameHasItsNumber() {
        for (Errno e : Errno.values()) {
            if (e == Errno.__UNKNOWN_CONSTANT__ || !e.defined()) continue;
            assertEquals(OptionalInt.of(e.intValue()), LinuxErrno.number(e.name()), e.name());
        }
    }

    @Test
    void theConstantsAreLinuxNumbers() {
        assertEquals(Errno.EINTR.intValue(), LinuxErrno.EINTR);
        assertEquals(Errno.EWOULDBLOCK.intValue(), LinuxErrno.EWOULDBLOCK);
        assertEquals(Errno.ENOENT.intValue(), LinuxErrno.ENOENT);
        assertEquals(Errno.ELOOP.intValue(), LinuxErrno.ELOOP);
        assertEquals(Errno.EINVAL.intValue(), LinuxErrno.EINVAL);
        assertEquals(Errno.EBADF.intValue(), LinuxErrno.EBADF);
        assertEquals(Errno.ENOSPC.intValue(), LinuxErrno.ENOSPC);
        assertEquals(Errno.EIO.intValue(), LinuxErrno.EIO);
        assertEquals(Errno.EDQUOT.intValue(), LinuxErrno.EDQUOT);
        assertEquals(Errno.EOPNOTSUPP.intValue(), LinuxErrno.EOPNOTSUPP);
        assertEquals(Errno.EPERM.intValue(), LinuxErrno.EPERM);
        assertEquals(Errno.EACCES.intValue(), LinuxErrno.EACCES);
        assertEquals(Errno.EEXIST.intValue(), LinuxErrno.EEXIST);
        assertEquals(Errno.EROFS.intValue(), LinuxErrno.EROFS);
        assertEquals(Errno.EAGAIN.intValue(), LinuxErrno.EAGAIN);
    }
}
