package io.durabench.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test of the committed measurements in results/, not of the code: it asserts what a measured run
 * shows (a finding, a ratio, a coverage) or needs megabytes of measured runs as its input. Tagged
 * {@value #TAG}, which the plain {@code mvn -B verify} leaves out and {@code -Pevidence} adds (pom.xml);
 * {@link EvidenceTagTest} fails when a test class outside this tag reads results/.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(Evidence.TAG)
public @interface Evidence {
    String TAG = "evidence";
}
