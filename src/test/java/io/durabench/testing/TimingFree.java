package io.durabench.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * An integration test none of whose assertions depends on how fast anything runs or on the machine being quiet: it
 * checks behaviour (under failure, interruption, a kill, a fault, an unusable target) with generous timeouts, in
 * folders, mounts and temporary directories of its own. Tagged {@value #TAG}, which failsafe runs two classes at a
 * time (pom.xml, docs/testing.md); an IT without it runs alone, after them. Leave it off any test that compares a
 * measured speed, latency or rate.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(TimingFree.TAG)
public @interface TimingFree {
    String TAG = "timing-free";
}
