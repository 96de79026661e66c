package io.durabench.compare;

/**
 * A method's absolute durability cost across the two sets, shown when its group's baseline method
 * (NONE) itself changed: then the ratio method/baseline moved with the baseline, and the cost
 * (method − baseline, time per op) is the figure that says whether durability got cheaper or dearer.
 *
 * @param target     the target's label when the comparison spans several targets, else null
 * @param groupLabel the group's heading
 * @param method     the method's label ("FDATASYNC")
 * @param baseline   the baseline's label ("NONE")
 * @param unit       time per op unit of the costs
 */
public record CostChangeRow(String target, String groupLabel, String method, String baseline, String unit, DurabilityCostChange change) {
}
