package io.durabench.report;

/** What the "Durable" column and its legend need from any row: the sync method and why it is not durable. */
public interface Durability {
    String method();

    boolean durable();

    /** Null when durable. */
    String notDurableBecause();
}
