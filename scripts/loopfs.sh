#!/usr/bin/env bash
# loopfs.sh — a loop-mounted filesystem image (ext4 | xfs | btrfs) to benchmark on, and its teardown.
#
# Why: durabench's findings differ by filesystem (ext4 vs XFS vs btrfs), and a machine rarely has
# a spare disk of each kind. An image file on the real disk, loop-mounted, gives each filesystem
# while every flush still ends on the real device (the loop driver turns a flush into an fsync of
# the image file, which flushes the disk under it).
#
# As a CLI (needs root):
#   scripts/loopfs.sh create FSTYPE SIZE_MIB IMAGE_DIR MOUNT_POINT   # prints the mount point
#   scripts/loopfs.sh teardown MOUNT_POINT                           # umount, losetup -d, rm image
# As a library (source it):
#   source scripts/loopfs.sh
#   loopfs_trap_teardown_all          # EXIT/INT/TERM: tear down every mount this shell created
#   loopfs_create xfs 1024 target/loopfs /mnt/durabench-xfs
#   ...; loopfs_teardown /mnt/durabench-xfs
#
# Minimum sizes: mkfs.xfs (xfsprogs >= 5.19) refuses filesystems under 300 MiB; mkfs.btrfs
# needs ~114 MiB for its default profile (256 MiB to be safe). Default for every type: 1024 MiB.

LOOPFS_MIN_MIB_ext4=16
LOOPFS_MIN_MIB_xfs=300
LOOPFS_MIN_MIB_btrfs=256

# Mount points created by this shell, for loopfs_teardown_all.
LOOPFS_MOUNTS=()

loopfs_die() {
    echo "loopfs: $*" >&2
    return 1
}

# loopfs_create FSTYPE SIZE_MIB IMAGE_DIR MOUNT_POINT
# Creates IMAGE_DIR/durabench-FSTYPE-<pid>.img, attaches it to a free loop device, makes the
# filesystem and mounts it at MOUNT_POINT (created if missing). On any failure it undoes what it
# did so far and returns 1 (2 for bad arguments).
loopfs_create() {
    local fstype=$1 size_mib=$2 image_dir=$3 mnt=$4
    [[ $# -eq 4 ]] || { loopfs_die "usage: loopfs_create FSTYPE SIZE_MIB IMAGE_DIR MOUNT_POINT"; return 2; }
    [[ $EUID -eq 0 ]] || { loopfs_die "must run as root (losetup, mkfs, mount)"; return 1; }
    local min_var="LOOPFS_MIN_MIB_$fstype"
    [[ -n ${!min_var:-} ]] || { loopfs_die "unknown filesystem type '$fstype': use ext4, xfs or btrfs"; return 2; }
    [[ $size_mib =~ ^[0-9]+$ ]] || { loopfs_die "size '$size_mib' is not a number of MiB"; return 2; }
    (( size_mib >= ${!min_var} )) || { loopfs_die "$fstype needs at least ${!min_var} MiB, got $size_mib"; return 2; }
    local pkg=${fstype}progs; [[ $fstype == ext4 ]] && pkg=e2fsprogs
    command -v "mkfs.$fstype" >/dev/null || { loopfs_die "mkfs.$fstype not found: apt-get install -y $pkg"; return 1; }
    if mountpoint -q "$mnt" 2>/dev/null; then loopfs_die "$mnt is already a mount point"; return 1; fi

    mkdir -p "$image_dir" || return 1
    local image
    image="$(cd "$image_dir" && pwd)/durabench-$fstype-$$.img"
    local dev="" made_mnt=0
    # Undo partial work; called only on failure inside this function.
    _loopfs_undo() {
        if mountpoint -q "$mnt" 2>/dev/null; then umount "$mnt"; fi
        if [[ -n $dev ]]; then losetup -d "$dev"; fi
        rm -f "$image"
        if (( made_mnt )); then rmdir "$mnt" 2>/dev/null; fi
        return 1
    }
    # Real zeros, written and synced: a sparse image would make the backing filesystem allocate
    # blocks during the benchmark, and a fallocated one converts unwritten extents on the first
    # write of each block; both are host metadata work (a host journal commit inside the loop
    # device's flush) that the filesystem under test did not ask for. The ZERO_FILL lesson, again.
    dd if=/dev/zero of="$image" bs=1M count="$size_mib" conv=fsync status=none || { _loopfs_undo; return 1; }
    dev=$(losetup --find --show "$image") || { dev=""; _loopfs_undo; return 1; }
    # No discard, at mkfs or at mount: on a loop device a discard punches holes in the image,
    # undoing the zero fill above. ext4: also initialise inode tables and journal now, not in a
    # background thread (ext4lazyinit) that would write during the benchmark.
    local opts=nodiscard
    case $fstype in
        ext4)  mkfs.ext4 -q -F -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 "$dev" ;;
        xfs)   mkfs.xfs -q -f -K "$dev" ;;
        btrfs) mkfs.btrfs -q -f -K "$dev" ;;
    esac >/dev/null || { _loopfs_undo; return 1; }
    if [[ ! -d $mnt ]]; then mkdir -p "$mnt" && made_mnt=1 || { _loopfs_undo; return 1; }; fi
    mount -o "$opts" "$dev" "$mnt" || { _loopfs_undo; return 1; }
    LOOPFS_MOUNTS+=("$mnt")
    echo "$mnt"
}

# loopfs_teardown MOUNT_POINT — umount, detach the loop device, delete the image, remove the
# (empty) mount point. Finds device and image from the mount itself, so it works from any shell.
loopfs_teardown() {
    local mnt=$1 dev image rc=0
    if ! mountpoint -q "$mnt" 2>/dev/null; then loopfs_die "$mnt is not mounted"; return 1; fi
    dev=$(findmnt -n -o SOURCE --target "$mnt") || return 1
    [[ $dev == /dev/loop* ]] || { loopfs_die "$mnt is mounted from $dev, not a loop device: not touching it"; return 1; }
    image=$(losetup -n -O BACK-FILE "$dev" | sed 's/ *$//')
    [[ $(basename "$image") == durabench-*.img ]] || { loopfs_die "$dev backs onto $image, not a loopfs image: not touching it"; return 1; }
    umount "$mnt" || return 1
    losetup -d "$dev" || rc=1
    rm -f "$image" || rc=1
    rmdir "$mnt" 2>/dev/null
    local kept=() m
    for m in "${LOOPFS_MOUNTS[@]}"; do [[ $m != "$mnt" ]] && kept+=("$m"); done
    LOOPFS_MOUNTS=("${kept[@]}")
    return $rc
}

loopfs_teardown_all() {
    local m
    for m in "${LOOPFS_MOUNTS[@]}"; do
        loopfs_teardown "$m" || echo "loopfs: could not tear down $m; do it by hand" >&2
    done
}

# Tear down on normal exit, on error exit (set -e) and on Ctrl-C / kill.
loopfs_trap_teardown_all() {
    trap 'loopfs_teardown_all' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

# CLI entry point, only when executed (not when sourced).
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -u
    case ${1:-} in
        create)
            [[ $# -eq 5 ]] || { echo "usage: $0 create FSTYPE SIZE_MIB IMAGE_DIR MOUNT_POINT" >&2; exit 2; }
            loopfs_create "$2" "$3" "$4" "$5"; exit $? ;;
        teardown)
            [[ $# -eq 2 ]] || { echo "usage: $0 teardown MOUNT_POINT" >&2; exit 2; }
            loopfs_teardown "$2"; exit $? ;;
        *)
            echo "usage: $0 create FSTYPE SIZE_MIB IMAGE_DIR MOUNT_POINT | teardown MOUNT_POINT" >&2
            exit 2 ;;
    esac
fi
