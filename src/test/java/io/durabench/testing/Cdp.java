package io.durabench.testing;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Chrome DevTools Protocol over one WebSocket, just enough for a test: a command and its
 * answer ({@link #call}), the events seen so far ({@link #events}), waiting for one
 * ({@link #awaitEvent}), and a page's JavaScript evaluated to a JSON value ({@link #evaluate}).
 * JSON through Gson, as the rest of durabench.
 */
public final class Cdp implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonObject>> pending = new ConcurrentHashMap<>();
    private final List<JsonObject> events = new ArrayList<>();

    private Cdp(URI endpoint) throws InterruptedException {
        try {
            socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(TIMEOUT)
                    .buildAsync(endpoint, new Listener()).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot open the DevTools WebSocket " + endpoint + ": " + e, e);
        }
    }

    /** Connects to a target's {@code webSocketDebuggerUrl}. */
    public static Cdp connect(URI endpoint) throws InterruptedException {
        return new Cdp(endpoint);
    }

    /** Sends {@code method} and returns its result; a protocol error is thrown with the method's name. */
    public JsonObject call(String method, JsonObject params) throws InterruptedException {
        int id = ids.incrementAndGet();
        JsonObject message = new JsonObject();
        message.addProperty("id", id);
        message.addProperty("method", method);
        message.add("params", params == null ? new JsonObject() : params);
        CompletableFuture<JsonObject> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(message.toString(), true).join();
        JsonObject reply;
        try {
            reply = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(method + ": no answer from the browser within " + TIMEOUT.toSeconds() + " s: " + e, e);
        } finally {
            pending.remove(id);
        }
        if (reply.has("error")) throw new IllegalStateException(method + " failed: " + reply.get("error"));
        return reply.has("result") ? reply.getAsJsonObject("result") : new JsonObject();
    }

    public JsonObject call(String method) throws InterruptedException {
        return call(method, null);
    }

    /** {@code expression} evaluated in the page (promises awaited), its value as JSON; a JavaScript exception is thrown. */
    public JsonElement evaluate(String expression) throws InterruptedException {
        JsonObject params = new JsonObject();
        params.addProperty("expression", expression);
        params.addProperty("returnByValue", true);
        params.addProperty("awaitPromise", true);
        JsonObject result = call("Runtime.evaluate", params);
        if (result.has("exceptionDetails")) {
            throw new IllegalStateException("JavaScript failed: " + result.get("exceptionDetails") + "\n" + expression);
        }
        JsonObject value = result.getAsJsonObject("result");
        return value.has("value") ? value.get("value") : null;
    }

    /** The params of every event {@code method} seen so far, in order. */
    public List<JsonObject> events(String method) {
        synchronized (events) {
            return events.stream().filter(e -> method.equals(e.get("method").getAsString()))
                    .map(e -> e.has("params") ? e.getAsJsonObject("params") : new JsonObject()).toList();
        }
    }

    /** Waits until {@code method} has been seen at least {@code count} times. */
    public void awaitEvent(String method, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        synchronized (events) {
            while (events(method).size() < count) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) throw new IllegalStateException("no " + method + " from the browser within " + TIMEOUT.toSeconds() + " s");
                events.wait(left);
            }
        }
    }

    @Override
    public void close() {
        socket.abort();
    }

    private void received(String text) {
        JsonObject message = JsonParser.parseString(text).getAsJsonObject();
        if (message.has("id")) {
            CompletableFuture<JsonObject> answer = pending.get(message.get("id").getAsInt());
            if (answer != null) answer.complete(message);
        } else if (message.has("method")) {
            synchronized (events) {
                events.add(message);
                events.notifyAll();
            }
        }
    }

    /** Puts a message delivered in parts back together before reading it. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder parts = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            parts.append(data);
            if (last) {
                String text = parts.toString();
                parts.setLength(0);
                received(text);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            pending.values().forEach(f -> f.completeExceptionally(error));
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            pending.values().forEach(f -> f.completeExceptionally(new IllegalStateException("DevTools closed: " + statusCode + " " + reason)));
            return null;
        }
    }
}
