package io.durabench.results;

import io.durabench.env.KernelFilesystems;
import io.durabench.env.PathKind;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Checks of a path to read results from, before anything is opened: each problem becomes one
 * {@link ResultsFileException} naming the path, what it is, and what to name instead. A FIFO or a
 * device is never opened (reading one could block forever or read a disk), and nothing under /proc
 * or /sys is taken for a results file (their files report size 0 and hold kernel state).
 */
final class InputPaths {
    static final String NAME_RESULTS = "name a `durabench run --out` folder, a folder holding "
            + ResultsFolder.JMH_RESULT + ", or a JMH JSON file";

    private InputPaths() {
    }

    /** A results PATH from the command line: a folder or a regular file, on a filesystem that holds files. */
    static void requireFileOrFolder(Path path) {
        PathKind kind = PathKind.of(path);
        if (kind != PathKind.DIRECTORY && kind != PathKind.REGULAR_FILE) {
            throw new ResultsFileException(PathKind.describe(path) + "; " + NAME_RESULTS);
        }
        requireNotPseudo(path);
    }

    /** A file to parse: a regular file (not a folder, device or FIFO), not on a kernel pseudo-filesystem. */
    static void requireRegularFile(Path file) {
        PathKind kind = PathKind.of(file);
        if (kind == PathKind.DIRECTORY) {
            throw new ResultsFileException(file + " is a directory where a file is expected; move it away or "
                    + "name the results file itself");
        }
        if (kind != PathKind.REGULAR_FILE) throw new ResultsFileException(PathKind.describe(file) + "; " + NAME_RESULTS);
        requireNotPseudo(file);
    }

    private static void requireNotPseudo(Path path) {
        Optional<String> pseudo = KernelFilesystems.pseudoFilesystemOf(path);
        if (pseudo.isPresent()) {
            throw new ResultsFileException(path + " is on " + pseudo.get() + ", a kernel pseudo-filesystem that holds "
                    + "no results; " + NAME_RESULTS);
        }
    }
}
