# jmhrun.sh — sourced by the scripts here: run target/benchmarks.jar, waiting for JMH's lock.
#
# JMH refuses to start while another JMH on this machine holds /tmp/jmh.lock. Waiting is the
# honest choice: -Djmh.ignoreLock=true would run two benchmarks at once, each measuring the other.

# jmh_run JAR LOG [JMH ARGS...] — stdout+stderr to LOG; returns JMH's exit code. Waits up to
# JMH_LOCK_WAIT_SECONDS (default 1800) for the lock, retrying every second (another script may be
# starting JMH runs back to back; a slow poll would never find the gap between them).
jmh_run() {
    local jar=$1 log=$2 waited=0
    shift 2
    while true; do
        if java -jar "$jar" "$@" > "$log" 2>&1; then return 0; fi
        if grep -q "Unable to acquire the JMH lock" "$log" && (( waited < ${JMH_LOCK_WAIT_SECONDS:-1800} )); then
            (( waited == 0 )) && echo "  (another JMH is running; waiting for /tmp/jmh.lock)" >&2
            sleep 1; waited=$((waited + 1)); continue
        fi
        return 1
    done
}
