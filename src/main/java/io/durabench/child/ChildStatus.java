package io.durabench.child;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.jdkio.JdkCallException;
import io.durabench.nativeio.NativeCallException;

/**
 * The one status every answer of a child main of ours carries ({@link ResultLines}): field
 * {@value #FIELD}, and unless ok a {@value #REASON}. ok: measured; n/a: the platform
 * refuses the combination by design (O_DIRECT on tmpfs), the reason says how; failed: a system call
 * said no (the reason names call, errno and path), so there is no number; error: anything else,
 * durabench's own fault.
 */
public enum ChildStatus {
    OK("ok"), NOT_APPLICABLE("n/a"), FAILED("failed"), ERROR("error");

    public static final String FIELD = "status";
    public static final String REASON = "reason";

    private final String word;

    ChildStatus(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** An answer with this status and no reason: ok, with the fields the child adds. */
    public JsonObject answer() {
        JsonObject o = new JsonObject();
        o.addProperty(FIELD, word);
        return o;
    }

    /** An answer with this status and its reason (JSON keeps a line break of it inside the one result line). */
    public JsonObject answer(String reason) {
        JsonObject o = answer();
        o.addProperty(REASON, reason);
        return o;
    }

    /** The answer for what stopped a child's work: failed when a system call said no, error otherwise. */
    public static JsonObject answer(Throwable e) {
        boolean syscall = e instanceof NativeCallException || e instanceof JdkCallException;
        return (syscall ? FAILED : ERROR).answer(ResultLines.oneLine(e));
    }

    /** The status of an answer read back; a word outside the vocabulary is the child's bug, named. */
    public static ChildStatus of(JsonObject answer) {
        JsonElement s = answer.get(FIELD);
        if (s != null && s.isJsonPrimitive()) {
            for (ChildStatus c : values()) if (c.word.equals(s.getAsString())) return c;
        }
        throw new IllegalStateException("a child answered without a status of ok, n/a, failed or error: " + answer);
    }

    /** The reason of an answer that is not ok; the whole answer when it gives none. */
    public static String reason(JsonObject answer) {
        JsonElement r = answer.get(REASON);
        return r != null && r.isJsonPrimitive() ? r.getAsString() : answer.toString();
    }
}
