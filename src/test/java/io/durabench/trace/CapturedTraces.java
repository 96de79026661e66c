package io.durabench.trace;

import java.util.List;

/** Real tracefs text captured on this project's machine (Linux 6.18, the fields option on), for the parser's tests. */
final class CapturedTraces {
    private CapturedTraces() {
    }

    static final TracePoint ISSUE = TracePoint.parse("block:block_rq_issue");
    static final TracePoint COMPLETE = TracePoint.parse("block:block_rq_complete");
    static final TracePoint SUBMIT = TracePoint.parse("io_uring:io_uring_submit_req");
    static final TracePoint URING_COMPLETE = TracePoint.parse("io_uring:io_uring_complete");

    /** events/block/block_rq_issue/format. */
    static final String ISSUE_FORMAT = """
            name: block_rq_issue
            ID: 2104
            format:
            \tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;
            \tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;
            \tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;
            \tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;

            \tfield:dev_t dev;\toffset:8;\tsize:4;\tsigned:0;
            \tfield:sector_t sector;\toffset:16;\tsize:8;\tsigned:0;
            \tfield:unsigned int nr_sector;\toffset:24;\tsize:4;\tsigned:0;
            \tfield:unsigned int bytes;\toffset:28;\tsize:4;\tsigned:0;
            \tfield:unsigned short ioprio;\toffset:32;\tsize:2;\tsigned:0;
            \tfield:char rwbs[10];\toffset:34;\tsize:10;\tsigned:0;
            \tfield:char comm[16];\toffset:44;\tsize:16;\tsigned:0;
            \tfield:__data_loc char[] cmd;\toffset:60;\tsize:4;\tsigned:0;

            print fmt: "%d,%d %s %u (%s) %llu + %u %s,%u,%u [%s]", ((unsigned int) ((REC->dev) >> 20)), REC->rwbs, REC->comm
            """;

    static final List<String> COMPLETE_FIELDS = List.of("dev", "sector", "nr_sector", "error", "ioprio", "rwbs", "cmd");
    static final List<String> SUBMIT_FIELDS = List.of("ctx", "req", "user_data", "opcode", "flags", "sq_thread", "op_str");
    static final List<String> URING_COMPLETE_FIELDS = List.of("ctx", "req", "user_data", "res", "cflags", "extra1", "extra2");

    /** dd oflag=dsync bs=8k on vda's ext4: a write, a journal write, the journal's flush (by a kworker), completions. */
    static final String BLOCK_TRACE = """
            # tracer: nop
            #
            # entries-in-buffer/entries-written: 23/23   #P:2
            #
            #                                _-----=> irqs-off/BH-disabled
            #                               / _----=> need-resched
            #                              | / _---=> hardirq/softirq
            #                              || / _--=> preempt-depth
            #                              ||| / _-=> migrate-disable
            #                              |||| /     delay
            #           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION
            #              | |         |   |||||     |         |
                          dd-1795    [001] ..... 33212.121807: block_rq_issue: dev=0xfe00000 (266338304) sector=0x419ad50 (68791632) nr_sector=0x10 (16) bytes=0x2000 (8192) ioprio=0x4004 (16388) rwbs=WS comm=dd cmd=
                      <idle>-0       [001] ..s1. 33212.121998: block_rq_complete: dev=0xfe00000 (266338304) sector=0x419ad50 (68791632) nr_sector=0x10 (16) error=0x0 (0) ioprio=0x4004 (16388) rwbs=WS cmd=
                          dd-1795    [000] ..... 33212.122275: block_rq_issue: dev=0xfe00000 (266338304) sector=0x1e980018 (513277976) nr_sector=0x8 (8) bytes=0x1000 (4096) ioprio=0x4004 (16388) rwbs=WSM comm=dd cmd=
                kworker/1:2H-17193   [001] ..... 33212.122452: block_rq_issue: dev=0xfe00000 (266338304) sector=0x0 (0) nr_sector=0x0 (0) bytes=0x0 (0) ioprio=0x0 (0) rwbs=FF comm=kworker/1:2H cmd=
                      <idle>-0       [001] ..s1. 33212.122728: block_rq_complete: dev=0xfe00000 (266338304) sector=0xffffffffffffffff (-1) nr_sector=0x0 (0) error=0x0 (0) ioprio=0x0 (0) rwbs=FF cmd=
                      <idle>-0       [001] d.s2. 33212.122729: block_rq_complete: dev=0xfe00000 (266338304) sector=0x0 (0) nr_sector=0x0 (0) error=0x0 (0) ioprio=0x4004 (16388) rwbs=WS cmd=
                kworker/u8:0-22859   [001] .N... 33370.842491: block_rq_issue: dev=0xfe00000 (266338304) sector=0xa7b4998 (175851928) nr_sector=0x8 (8) bytes=0x1000 (4096) ioprio=0x4004 (16388) rwbs=WS comm=kworker/u8:0 cmd=
            """;

    /** fio --ioengine=io_uring --fdatasync=1 bs=8k: a WRITE and an FSYNC submitted and completed. */
    static final String URING_TRACE = """
                         fio-2207    [000] ..... 33262.211300: io_uring_submit_req: ctx=0xffff88810b041800 (-131387159734272) req=0xffff88811cd4c200 (-131386860846592) user_data=0x55a1e622e800 (94153839142912) opcode=(23) flags=0x400000 (4194304) sq_thread=(0) op_str=WRITE
                         fio-2207    [000] ..... 33262.211453: io_uring_complete: ctx=0xffff88810b041800 (-131387159734272) req=0xffff88811cd4c200 (-131386860846592) user_data=0x55a1e622e800 (94153839142912) res=0x2000 (8192) cflags=0x0 (0) extra1=0x0 (0) extra2=0x0 (0)
                         fio-2207    [000] ..... 33262.211501: io_uring_submit_req: ctx=0xffff88810b041800 (-131387159734272) req=0xffff88811cd4c200 (-131386860846592) user_data=0x55a1e622e800 (94153839142912) opcode=(3) flags=0x10 (16) sq_thread=(0) op_str=FSYNC
                         fio-2207    [000] ..... 33262.212661: io_uring_complete: ctx=0xffff88810b041800 (-131387159734272) req=0xffff88811cd4c200 (-131386860846592) user_data=0x55a1e622e800 (94153839142912) res=0x0 (0) cflags=0x0 (0) extra1=0x0 (0) extra2=0x0 (0)
            """;

    /** One CPU's per_cpu/cpuN/stats after a capture that lost nothing. */
    static final String STATS_CLEAN = """
            entries: 1
            overrun: 0
            commit overrun: 0
            bytes: 72
            oldest event ts: 33212.122275
            now ts: 33212.144875
            dropped events: 0
            read events: 0
            """;

    static TraceLineParser parser() {
        return new TraceLineParser(List.of(
                EventFormat.parse(ISSUE, ISSUE_FORMAT.lines().toList()),
                new EventFormat(COMPLETE, COMPLETE_FIELDS),
                new EventFormat(SUBMIT, SUBMIT_FIELDS),
                new EventFormat(URING_COMPLETE, URING_COMPLETE_FIELDS)));
    }
}
