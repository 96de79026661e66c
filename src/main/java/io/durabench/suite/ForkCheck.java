package io.durabench.suite;

import io.durabench.nativeio.NativeLayers;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Started in a benchmark JVM, with the flags its forks get, when a fork died without a word
 * ("&lt;forked VM failed with exit code 1&gt;"): it loads what every fork needs — durabench's native
 * layer (the fork's: jnr-posix over jffi, or java.lang.foreign) and JMH's own infrastructure — and prints "ok" or the exception
 * that stopped it, so the run can say which JDK setting refused which library.
 */
public final class ForkCheck {
    static final String OK = "durabench-fork-check: ok";

    private ForkCheck() {
    }

    public static void main(String[] args) {
        io.durabench.child.ParentWatch.start();
        try {
            NativeLayers.current();
            new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
            System.out.println(OK);
        } catch (Throwable t) {
            t.printStackTrace(System.out);
            System.exit(1);
        }
    }
}
