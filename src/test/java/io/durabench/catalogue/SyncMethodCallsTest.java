package io.durabench.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.durabench.workload.SyncMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How each sync method's payload looks to the kernel, restated by hand (JDK options included). */
class SyncMethodCallsTest {

    /** The fd kind and write call the kernel must see of each method's payload (JDK options included). */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "O_SYNC;O_SYNC fd;pwrite64", "O_DIRECT;O_DIRECT fd;pwrite64", "O_DIRECT_DSYNC;O_DIRECT|O_DSYNC fd;pwrite64",
            "SYNC_FILE_RANGE;plain fd;pwrite64", "CHANNEL_FORCE_ALL;plain fd;pwrite64", "CHANNEL_DSYNC;O_DSYNC fd;pwrite64",
            "CHANNEL_SYNC;O_SYNC fd;pwrite64", "CHANNEL_DIRECT;O_DIRECT fd;pwrite64", "CHANNEL_DIRECT_DSYNC;O_DIRECT|O_DSYNC fd;pwrite64",
            "CHANNEL_DSYNC_VIRTUAL;O_DSYNC fd;pwrite64", "CHANNEL_FORCE_DATA_PLATFORM;plain fd;pwrite64",
            "RAF_RWD;O_DSYNC fd;write", "RAF_RWS;O_SYNC fd;write", "STREAM_FD_SYNC;plain fd;write",
            "PWRITEV2_DSYNC;plain fd;pwritev2"})
    void thePayloadFdAndWriteCallOfEachMethod(SyncMethod method, String fd, String call) {
        assertEquals(fd, SyncMethodCalls.payloadFd(method));
        assertEquals(call, SyncMethodCalls.payloadCall(method));
    }

    /** pwritev2's flag is in the write's "how"; the io_uring methods' writes are entries no write call carries. */
    @Test
    void pwritev2CarriesItsFlagAndTheRingMethodsMakeNoWriteCall() {
        assertEquals("plain fd, RWF_DSYNC", SyncMethodCalls.payloadHow(SyncMethod.PWRITEV2_DSYNC));
        assertEquals("plain fd", SyncMethodCalls.payloadHow(SyncMethod.FDATASYNC));
        assertEquals("O_DIRECT fd", SyncMethodCalls.payloadFd(SyncMethod.URING_DIRECT_DSYNC));
        assertEquals("plain fd", SyncMethodCalls.payloadFd(SyncMethod.URING_DSYNC));
        assertThrows(IllegalArgumentException.class, () -> SyncMethodCalls.payloadCall(SyncMethod.URING_FDATASYNC));
        assertFalse(SyncMethodCalls.syncsMetadata(SyncMethod.URING_FDATASYNC), "IORING_FSYNC_DATASYNC is fdatasync");
        for (SyncMethod m : SyncMethod.values()) {
            if (m.api() == SyncMethod.Api.NATIVE) assertEquals(java.util.Optional.of(m), SyncMethodCalls.nativeWithSameCalls(m), "the twin makes " + m);
        }
    }
}
