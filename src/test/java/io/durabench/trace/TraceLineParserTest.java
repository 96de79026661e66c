package io.durabench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TraceLineParserTest {

    private static List<TraceRecord> parseAll(String text) {
        TraceLineParser parser = CapturedTraces.parser();
        return text.lines().map(parser::parse).flatMap(Optional::stream).toList();
    }

    @Test
    void readsTheFormatFilesOwnFieldsInOrder() {
        EventFormat f = EventFormat.parse(CapturedTraces.ISSUE, CapturedTraces.ISSUE_FORMAT.lines().toList());
        assertEquals(List.of("dev", "sector", "nr_sector", "bytes", "ioprio", "rwbs", "comm", "cmd"), f.fields());
    }

    @Test
    void readsEveryEventOfARealBlockTraceAndNoComment() {
        List<TraceRecord> records = parseAll(CapturedTraces.BLOCK_TRACE);
        assertEquals(7, records.size());
        TraceRecord first = records.get(0);
        assertEquals(new TraceRecord("dd", 1795, 1, 33_212_121_807_000L, "block_rq_issue", Map.of(
                "dev", "0xfe00000 (266338304)", "sector", "0x419ad50 (68791632)", "nr_sector", "0x10 (16)",
                "bytes", "0x2000 (8192)", "ioprio", "0x4004 (16388)", "rwbs", "WS", "comm", "dd", "cmd", "")), first);
        assertEquals(8192, first.number("bytes"));
        // vda is 254:0; the kernel's own dev_t keeps the major above bit 20
        assertEquals(254L << 20, first.number("dev"));
    }

    @Test
    void aTaskNameWithDashesSlashesAndAnglesKeepsItsPid() {
        List<TraceRecord> records = parseAll(CapturedTraces.BLOCK_TRACE);
        TraceRecord flush = records.get(3);
        assertEquals("kworker/1:2H", flush.task());
        assertEquals(17193, flush.pid());
        assertEquals("FF", flush.text("rwbs"));
        assertEquals(0, flush.number("bytes"));
        TraceRecord completion = records.get(1);
        assertEquals("<idle>", completion.task());
        assertEquals(0, completion.pid());
        assertEquals("block_rq_complete", completion.event());
        // sector_t all ones: the flush's completion has no sector
        assertEquals(-1L, records.get(4).number("sector"));
        assertEquals("kworker/u8:0", records.get(6).task());
    }

    @Test
    void readsIoUringsEventsWhoseSmallNumbersPrintInParentheses() {
        List<TraceRecord> records = parseAll(CapturedTraces.URING_TRACE);
        assertEquals(List.of("io_uring_submit_req", "io_uring_complete", "io_uring_submit_req", "io_uring_complete"),
                records.stream().map(TraceRecord::event).toList());
        assertEquals("WRITE", records.get(0).text("op_str"));
        assertEquals(23, records.get(0).number("opcode"));
        assertEquals(0, records.get(0).number("sq_thread"));
        assertEquals(8192, records.get(1).number("res"));
        assertEquals("FSYNC", records.get(2).text("op_str"));
        assertEquals(0x55a1e622e800L, records.get(3).number("user_data"));
        assertEquals(0xffff88810b041800L, records.get(3).number("ctx"));
    }

    @Test
    void withoutTheLatencyColumnAndWithNanosecondsTheLineStillReads() {
        TraceRecord r = CapturedTraces.parser().parse(
                "  jbd2/vda-8-123   [000] 100.000000123: block_rq_issue: dev=0x700003 (7340035) sector=0x8 (8) nr_sector=0x8 (8)"
                        + " bytes=0x1000 (4096) ioprio=0x0 (0) rwbs=WFS comm=jbd2/vda-8 cmd=").orElseThrow();
        assertEquals("jbd2/vda-8", r.task());
        assertEquals(123, r.pid());
        assertEquals(100_000_000_123L, r.timestampNanos());
        assertEquals("WFS", r.text("rwbs"));
    }

    @Test
    void aValueWithSpacesRunsToTheNextFieldName() {
        TraceRecord r = CapturedTraces.parser().parse(
                "  java-7   [000] ..... 1.000001: block_rq_issue: dev=0x1 (1) sector=0x0 (0) nr_sector=0x0 (0) bytes=0x0 (0)"
                        + " ioprio=0x0 (0) rwbs=W comm=my thread cmd=").orElseThrow();
        assertEquals("my thread", r.text("comm"));
        assertEquals("java", r.task());
    }

    @Test
    void aLostEventsMarkFailsTheCaptureInsteadOfCountingLess() {
        TraceFailedException e = assertThrows(TraceFailedException.class,
                () -> CapturedTraces.parser().parse("CPU:1 [LOST 312 EVENTS]"));
        assertTrue(e.getMessage().contains("lost 312 events on CPU 1"), e.getMessage());
    }

    @Test
    void anUnknownEventOrAnUnreadableLineFails() {
        TraceLineParser parser = CapturedTraces.parser();
        assertThrows(TraceFailedException.class, () -> parser.parse(
                "  dd-1   [000] ..... 1.000001: sched_switch: prev_comm=dd"));
        assertThrows(TraceFailedException.class, () -> parser.parse("garbage"));
        TraceFailedException missing = assertThrows(TraceFailedException.class, () -> parser.parse(
                "  dd-1   [000] ..... 1.000001: block_rq_issue: dev=0x1 (1) rwbs=W"));
        assertTrue(missing.getMessage().contains("sector"), missing.getMessage());
    }

    @Test
    void aFieldThatIsNotANumberSaysSo() {
        TraceRecord r = parseAll(CapturedTraces.BLOCK_TRACE).get(0);
        assertThrows(TraceFailedException.class, () -> r.number("rwbs"));
        assertThrows(TraceFailedException.class, () -> r.text("nosuch"));
    }

    @Test
    void bufferStatsWithAnyLossAreNamed() {
        assertEquals("", BufferLoss.lossesIn(CapturedTraces.STATS_CLEAN.lines().toList()));
        String lossy = CapturedTraces.STATS_CLEAN.replace("dropped events: 0", "dropped events: 312").replace("overrun: 0\ncommit", "overrun: 4\ncommit");
        assertEquals("overrun 4, dropped events 312", BufferLoss.lossesIn(lossy.lines().toList()));
    }

    @Test
    void aRequestRefusesTwoTracepointsOfOneNameAndAFilterOnAnotherPoint() {
        assertThrows(IllegalArgumentException.class,
                () -> TraceRequest.of(TracePoint.parse("a:x"), TracePoint.parse("b:x")));
        assertThrows(IllegalArgumentException.class,
                () -> TraceRequest.of(CapturedTraces.ISSUE).filter(CapturedTraces.COMPLETE, "dev == 1"));
        assertThrows(IllegalArgumentException.class, () -> TracePoint.parse("block_rq_issue"));
        assertThrows(IllegalArgumentException.class, () -> TracePoint.parse("block:rq issue"));
    }

    @Test
    void tracefsErrorLogsLastEntryExplainsARefusedFilter() {
        List<String> log = List.of("[33470.101661] event filter parse error: error: Field not found", "  Command: no_such == 1",
                "                   ^");
        assertEquals("; error_log: event filter parse error: error: Field not found (Command: no_such == 1)", TraceFiles.lastEntry(log));
        assertEquals("", TraceFiles.lastEntry(List.of()));
    }
}
