package io.durabench.workload;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Another method's data path with every call handed to another thread and joined: each write (and
 * each sync where the method has one) is submitted to an executor, and the caller waits for it.
 * VIRTUAL_THREAD submits to {@code Executors.newVirtualThreadPerTaskExecutor()} (a new virtual thread
 * per call, the idiom; JDK 21 changed how a blocking file call pins or compensates its carrier);
 * PLATFORM_THREAD to a one-thread platform executor, the same submit-and-wait, so the difference
 * between the two rows is the virtual thread and not the hand-off.
 *
 * <p>durabench is compiled for Java 17, so the virtual-thread executor is looked up by name; on an
 * older JVM the method is refused with {@link SyncMethod#unavailableOn}'s reason before anything opens.
 * A call's failure reaches the caller as the exception the call threw (a named JdkCallException).
 */
final class HandOffLogFile implements LogFile {
    private static final long CLOSE_WAIT_SECONDS = 30;

    private final LogFile target;
    private final ExecutorService executor;

    private HandOffLogFile(LogFile target, ExecutorService executor) {
        this.target = target;
        this.executor = executor;
    }

    /** An executor for {@code method}'s caller; refuses (before anything is opened) on a JVM that has none. */
    static ExecutorService executorFor(SyncMethod method) {
        method.unavailableOn(Runtime.version()).ifPresent(why -> {
            throw new UnsupportedOperationException(why);
        });
        return switch (method.caller()) {
            case VIRTUAL_THREAD -> virtualThreadPerTask();
            case PLATFORM_THREAD -> Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "durabench-handoff");
                t.setDaemon(true); // a trial that dies without closing its log must not keep the JVM alive
                return t;
            });
            case CALLING_THREAD -> throw new IllegalArgumentException(method + " makes its calls itself");
        };
    }

    static LogFile handingOff(LogFile target, ExecutorService executor) {
        return new HandOffLogFile(target, executor);
    }

    private static ExecutorService virtualThreadPerTask() {
        try {
            MethodHandle factory = MethodHandles.publicLookup().findStatic(Executors.class, "newVirtualThreadPerTaskExecutor",
                    MethodType.methodType(ExecutorService.class));
            return (ExecutorService) factory.invoke();
        } catch (Throwable e) {
            throw new IllegalStateException("this JVM (" + Runtime.version() + ") has no Executors.newVirtualThreadPerTaskExecutor(): " + e, e);
        }
    }

    @Override
    public void write(ByteBuffer block, int length, long offset) {
        join(executor.submit(() -> target.write(block, length, offset)));
    }

    @Override
    public void sync(long fromOffset, long toOffset) {
        join(executor.submit(() -> target.sync(fromOffset, toOffset)));
    }

    @Override
    public long continuedShortWrites() {
        return target.continuedShortWrites();
    }

    private static void join(Future<?> call) {
        try {
            call.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) throw r;
            if (cause instanceof Error err) throw err;
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a handed-off call; it may still be running", e);
        }
    }

    /** Stops the executor (its calls are all joined already), then closes the file on this thread. */
    @Override
    public void close() {
        executor.shutdown();
        RuntimeException problem = null;
        try {
            if (!executor.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                problem = new IllegalStateException("the hand-off executor did not stop within " + CLOSE_WAIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problem = new IllegalStateException("interrupted while stopping the hand-off executor", e);
        }
        try {
            target.close();
        } catch (RuntimeException e) {
            if (problem != null) e.addSuppressed(problem);
            throw e;
        }
        if (problem != null) throw problem;
    }
}
