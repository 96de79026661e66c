package io.durabench.child;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.env.JvmFacts;
import io.durabench.nativeio.NativeLayer.Kind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which JVM of ours may keep sun.misc.Unsafe: only one that runs jnr's jffi or JMH's code, and only where the JDK knows the option. */
class JvmFlagsTest {
    @Test
    void ourJvmsOnJavaLangForeignDenyUnsafeOnJdk23AndLater() {
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=deny", "-Ddurabench.native=ffm"),
                JvmFlags.ours(25, Kind.FFM).list());
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "-Ddurabench.native=ffm"), JvmFlags.ours(22, Kind.FFM).list(),
                "JDK 22 has java.lang.foreign but no --sun-misc-unsafe-memory-access yet");
    }

    @Test
    void jnrAndJmhKeepUnsafeAndJdk17IsNeverGivenTheOption() {
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Ddurabench.native=jnr"),
                JvmFlags.ours(25, Kind.JNR).list());
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Ddurabench.native=ffm"),
                JvmFlags.jmhFork(25, Kind.FFM).list(), "JMH 1.37's forks touch Unsafe whatever the layer");
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "-Ddurabench.native=jnr"), JvmFlags.jmhFork(17, Kind.JNR).list());
    }

    @Test
    void aChildsCommandCarriesItsFlagsBeforeTheCallersOptionsSoTheCallersWin() {
        JvmFacts jvm = new JvmFacts(Path.of("/jdk25/bin/java"), "25.0.3", "v", "vm", "25.0.3+9", "/jdk25", 25);
        ChildJvm mine = ChildJvm.of(jvm, JvmFlagsTest.class);
        ChildJvm child = new ChildJvm(mine.prefix(), mine.java(), mine.flags(), mine.jvmArgs(), "cp", mine.mainClass(), mine.args())
                .withLayer(Kind.FFM).withJvmArgs(List.of("-Xmx64m"));
        assertEquals(List.of("/jdk25/bin/java", "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=deny",
                "-Ddurabench.native=ffm", "-Xmx64m", "-Ddurabench.parent=" + ProcessHandle.current().pid(), "-cp", "cp",
                JvmFlagsTest.class.getName()), child.command(), "the parent is named so that the child ends with it (ParentWatch)");
        assertEquals("-Ddurabench.native=jnr", child.withLayer(Kind.JNR).command().get(3));
        assertEquals("--sun-misc-unsafe-memory-access=allow", child.runningJmh().command().get(2), "JMH's host keeps Unsafe on its layer");
        assertEquals("-Ddurabench.native=ffm", child.runningJmh().command().get(3));
    }
}
