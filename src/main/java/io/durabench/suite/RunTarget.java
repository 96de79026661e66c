package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.env.TargetLabel;
import io.durabench.lab.LabTarget;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One directory a run measures: a user's --dir, or a filesystem the lab made (then its variant
 * knows which methods do not measure what their name says there).
 *
 * @param lab null for a user's directory
 */
public record RunTarget(Path dir, LabTarget lab) {

    public static RunTarget directory(Path dir) {
        return new RunTarget(dir, null);
    }

    /** The results subfolder: the path with '/' as '-' (/dev/shm -> dev-shm). */
    public String label() {
        return TargetLabel.label(dir);
    }

    /** Why a cell is n/a on this lab variant (ext4 data=journal serves O_DIRECT buffered; 4 KiB sectors). */
    Optional<String> labNotApplicable(Cell cell) {
        if (lab == null || !cell.family().usesDirectIo(cell)) return Optional.empty();
        return lab.notApplicableForDirectIo(cell.method(), cell.family().directWriteBytes(cell).orElse(null));
    }
}
