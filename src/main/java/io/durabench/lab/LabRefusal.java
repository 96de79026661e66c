package io.durabench.lab;

/**
 * The lab will not start because of something the user can fix before anything is touched: not
 * root, a missing mkfs, an unknown variant, a folder on tmpfs, a lab already up. The message
 * names the problem and the fix; the CLI prints it as one line and exits 2.
 */
public final class LabRefusal extends LabFailure {
    public LabRefusal(String message) {
        super(message);
    }
}
