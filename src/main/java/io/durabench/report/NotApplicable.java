package io.durabench.report;

import java.util.Map;

/** A combination `durabench run` could not measure (e.g. O_DIRECT on tmpfs), with the reason. */
public record NotApplicable(String benchmark, Map<String, String> params, String reason) {
}
