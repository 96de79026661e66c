package io.durabench.workload.ownership;

import java.security.SecureRandom;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names durabench gives the files it creates in a target directory, and the only place they
 * are parsed, so that a file is recognised as a run's own by its name alone:
 * <ul>
 *   <li>a run's owner lock: {@code durabench-owner-<token>.lock};</li>
 *   <li>every file that run creates: {@code durabench-<kind>-<token><n><suffix>}, e.g.
 *       {@code durabench-fdatasync-4071833960517482231.log}: a kind of lower-case letters, digits and
 *       underscores, then the token, then a sequence number, then an optional {@code .ext}.</li>
 * </ul>
 * The token is {@value #TOKEN_DIGITS} random decimal digits, drawn once per JVM from SecureRandom: a
 * fixed length, so token and sequence number never run into each other, and random, because a PID
 * is no identity (PIDs are reused, and differ across containers and NFS clients). Digits only, so a
 * name still reads {@code durabench-<kind>-<digits>.log} as it always has.
 */
public final class OwnedNames {
    public static final int TOKEN_DIGITS = 18;
    private static final String TOKEN = "[0-9]{" + TOKEN_DIGITS + "}";
    private static final Pattern TOKEN_ONLY = Pattern.compile(TOKEN);
    private static final Pattern LOCK = Pattern.compile("durabench-owner-(" + TOKEN + ")\\.lock");
    private static final Pattern FILE = Pattern.compile("durabench-(?!owner-)[a-z0-9_]+-(" + TOKEN + ")[0-9]+(\\.[a-z]+)?");
    private static final Pattern KIND = Pattern.compile("[a-z0-9_]+");
    private static final Pattern SUFFIX = Pattern.compile("(\\.[a-z]+)?");

    private OwnedNames() {
    }

    /** A fresh random token. */
    static String newToken() {
        SecureRandom random = new SecureRandom();
        StringBuilder sb = new StringBuilder(TOKEN_DIGITS);
        for (int i = 0; i < TOKEN_DIGITS; i++) sb.append((char) ('0' + random.nextInt(10)));
        return sb.toString();
    }

    public static String lockName(String token) {
        return "durabench-owner-" + requireToken(token) + ".lock";
    }

    /** The token of an owner lock's name; empty for any other name. */
    public static Optional<String> tokenOfLock(String fileName) {
        Matcher m = LOCK.matcher(fileName);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The name of the {@code n}-th file of {@code kind} a run creates. */
    public static String fileName(String kind, String token, long n, String suffix) {
        if (!SUFFIX.matcher(suffix).matches()) throw new IllegalArgumentException("suffix '" + suffix + "' must be empty or .[a-z]+");
        if (n < 0) throw new IllegalArgumentException("sequence number must be >= 0, not " + n);
        return namePrefix(kind, token) + n + suffix;
    }

    /** What every name of {@code kind} and {@code token} starts with; the sequence number follows directly. */
    static String namePrefix(String kind, String token) {
        if (!KIND.matcher(kind).matches() || kind.equals("owner")) {
            throw new IllegalArgumentException("file kind '" + kind + "' must be [a-z0-9_]+ and not 'owner'");
        }
        return "durabench-" + kind + "-" + requireToken(token);
    }

    /** The token of a run's file (not its lock); empty for any other name. */
    public static Optional<String> tokenOfFile(String fileName) {
        Matcher m = FILE.matcher(fileName);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static String requireToken(String token) {
        if (!TOKEN_ONLY.matcher(token).matches()) throw new IllegalArgumentException("token '" + token + "' must be " + TOKEN_DIGITS + " digits");
        return token;
    }
}
