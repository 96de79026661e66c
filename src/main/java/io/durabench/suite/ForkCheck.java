package io.durabench.suite;

import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import io.durabench.nativeio.NativeLayers;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Started in a benchmark JVM, with the flags its forks get, when a fork died without a word
 * ("&lt;forked VM failed with exit code 1&gt;"): it loads what every fork needs — durabench's native
 * layer (the fork's: jnr-posix over jffi, or java.lang.foreign) and JMH's own infrastructure — and answers
 * ({@link ResultLines}) status ok, or error with the exception that stopped it, whose stack trace it
 * prints too, so the run can say which JDK setting refused which library. A JVM that refuses to
 * start at all answers nothing: its own words on stderr say why.
 */
public final class ForkCheck {

    private ForkCheck() {
    }

    public static void main(String[] args) {
        io.durabench.child.ParentWatch.start();
        try {
            NativeLayers.current();
            new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
            ResultLines.print(System.out, ChildStatus.OK.answer());
        } catch (Throwable t) {
            t.printStackTrace(System.out);
            ResultLines.print(System.out, ChildStatus.ERROR.answer(ResultLines.oneLine(t)));
            System.exit(1);
        }
    }
}
