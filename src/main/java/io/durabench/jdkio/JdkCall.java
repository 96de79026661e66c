package io.durabench.jdkio;

/**
 * The JDK file calls durabench's JDK paths make, each named as the JDK spells it, with the kind that
 * decides how a failure is handled: a failed SYNC is never retried, a short WRITE may be continued.
 */
public enum JdkCall {
    CHANNEL_OPEN("FileChannel.open", Kind.OPEN),
    CHANNEL_WRITE("FileChannel.write", Kind.WRITE),
    CHANNEL_FORCE("FileChannel.force", Kind.SYNC),
    CHANNEL_MAP("FileChannel.map", Kind.OPEN),
    MAPPED_FORCE("MappedByteBuffer.force", Kind.SYNC),
    RANDOM_ACCESS_OPEN("new RandomAccessFile", Kind.OPEN),
    RANDOM_ACCESS_SEEK("RandomAccessFile.seek", Kind.POSITION),
    RANDOM_ACCESS_WRITE("RandomAccessFile.write", Kind.WRITE),
    STREAM_OPEN("new FileOutputStream", Kind.OPEN),
    STREAM_POSITION("FileOutputStream.getChannel().position", Kind.POSITION),
    STREAM_WRITE("FileOutputStream.write", Kind.WRITE),
    FD_SYNC("FileDescriptor.sync", Kind.SYNC),
    CLOSE("close", Kind.CLOSE);

    /** What a call does to the file, as far as failure handling goes. */
    public enum Kind { OPEN, POSITION, WRITE, SYNC, CLOSE }

    private final String jdkName;
    private final Kind kind;

    JdkCall(String jdkName, Kind kind) {
        this.jdkName = jdkName;
        this.kind = kind;
    }

    /** The call as a Java programmer writes it: {@code FileChannel.force}. */
    public String jdkName() {
        return jdkName;
    }

    public Kind kind() {
        return kind;
    }
}
