package io.durabench.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real headless Chromium for a test, driven over the DevTools protocol ({@link Cdp}): its own
 * throw-away profile, DevTools on a port it picks itself (read back from the profile's
 * DevToolsActivePort), a fixed viewport, and, on {@link #close}, the browser and every process it
 * started killed and the profile deleted, whatever the test did. {@code --no-sandbox}: Chromium's
 * sandbox refuses root (CI) and the page is our own file. Firefox dropped the DevTools protocol, so
 * only Chromium (or Chrome) will do.
 */
public final class HeadlessChromium implements AutoCloseable {
    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");

    private final Path home;
    private final Process process;
    private final Cdp page;

    /** Skips the test unless a Chromium is on PATH. */
    public static void require() {
        assumeTrue(find().isPresent(), () -> "no Chromium on PATH (looked for " + String.join(", ", NAMES)
                + "; the test speaks the DevTools protocol, which Firefox no longer offers): apt-get install -y chromium");
    }

    /** The first of chromium, chromium-browser, google-chrome on PATH. */
    public static Optional<Path> find() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : NAMES) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * Starts Chromium with a {@code width} x {@code height} viewport and connects to its blank page.
     * A start that writes no DevTools port within 30 s is killed and tried again, up to
     * {@value #STARTS} starts, each hung start's output on stderr: on a loaded CI machine one start
     * hung before its port (its log said nothing) while the run's other two starts were immediate.
     * The page under test is not involved in starting the browser, so a retry hides nothing about
     * it; a browser that never starts still fails the test, with the last start's output.
     */
    public static HeadlessChromium launch(int width, int height) throws IOException, InterruptedException {
        Path binary = find().orElseThrow(() -> new IllegalStateException("no Chromium on PATH"));
        for (int start = 1; ; start++) {
            try {
                return launchOnce(binary, width, height);
            } catch (StartHung e) {
                System.err.println("HeadlessChromium: start " + start + " of " + STARTS + " hung: " + e.getMessage());
                if (start == STARTS) throw new IllegalStateException("Chromium did not start in " + STARTS + " tries; the last: " + e.getMessage());
            }
        }
    }

    private static final int STARTS = 3;

    /** A start that wrote no DevTools port in time while still running; the message holds its output. */
    private static final class StartHung extends RuntimeException {
        StartHung(String message) {
            super(message);
        }
    }

    private static HeadlessChromium launchOnce(Path binary, int width, int height) throws IOException, InterruptedException {
        Path home = Files.createTempDirectory("durabench-chromium-");
        Process process = null;
        try {
            Path profile = Files.createDirectory(home.resolve("profile"));
            process = new ProcessBuilder(binary.toString(), "--headless=new", "--no-sandbox", "--disable-gpu",
                    "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--hide-scrollbars", "--remote-debugging-port=0", "--remote-allow-origins=*",
                    "--enable-logging=stderr", "--user-data-dir=" + profile, "--window-size=" + width + "," + height,
                    "about:blank")
                    .redirectErrorStream(true).redirectOutput(home.resolve("chromium.log").toFile()).start();
            int port = devToolsPort(profile.resolve("DevToolsActivePort"), process, home);
            Cdp page = Cdp.connect(pageEndpoint(port));
            HeadlessChromium browser = new HeadlessChromium(home, process, page);
            JsonObject metrics = new JsonObject();
            metrics.addProperty("width", width);
            metrics.addProperty("height", height);
            metrics.addProperty("deviceScaleFactor", 1);
            metrics.addProperty("mobile", false);
            page.call("Emulation.setDeviceMetricsOverride", metrics);
            return browser;
        } catch (IOException | InterruptedException | RuntimeException e) {
            stop(process);
            Commands.deleteTree(home);
            throw e;
        }
    }

    private HeadlessChromium(Path home, Process process, Cdp page) {
        this.home = home;
        this.process = process;
        this.page = page;
    }

    /** The page's DevTools session. */
    public Cdp page() {
        return page;
    }

    /**
     * Turns on the domains whose events a test reads (Page, Runtime, Log, Network), opens {@code url}
     * and waits for its load event.
     */
    public void open(URI url) throws InterruptedException {
        for (String domain : List.of("Page", "Runtime", "Log", "Network")) page.call(domain + ".enable");
        int loadsBefore = page.events("Page.loadEventFired").size();
        JsonObject params = new JsonObject();
        params.addProperty("url", url.toString());
        JsonObject result = page.call("Page.navigate", params);
        if (result.has("errorText")) throw new IllegalStateException("cannot open " + url + ": " + result.get("errorText"));
        page.awaitEvent("Page.loadEventFired", loadsBefore + 1);
        // One frame painted and a moment for late console messages.
        page.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(r, 200)))");
    }

    /** The viewport as PNG, written to {@code file}. */
    public Path screenshot(Path file) throws IOException, InterruptedException {
        JsonObject params = new JsonObject();
        params.addProperty("format", "png");
        String data = page.call("Page.captureScreenshot", params).get("data").getAsString();
        Files.createDirectories(file.toAbsolutePath().getParent());
        return Files.write(file, Base64.getDecoder().decode(data));
    }

    @Override
    public void close() {
        try {
            page.close();
        } finally {
            stop(process);
            Commands.deleteTree(home);
        }
    }

    /** Kills Chromium and every process it started (renderer, GPU, zygote), children first. */
    private static void stop(Process process) {
        if (process == null) return;
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        children.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle child : children) {
            try {
                child.onExit().get(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // Left to the kernel; the profile's deletion below says if it still holds files.
            }
        }
    }

    private static int devToolsPort(Path portFile, Process process, Path home) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (Files.exists(portFile)) {
                List<String> lines = Files.readAllLines(portFile);
                if (!lines.isEmpty() && !lines.get(0).isBlank()) return Integer.parseInt(lines.get(0).strip());
            }
            if (!process.isAlive()) break;
            Thread.sleep(50);
        }
        String log = Files.exists(home.resolve("chromium.log")) ? Files.readString(home.resolve("chromium.log")) : "";
        String tail = log.lines().skip(Math.max(0, log.lines().count() - 20)).reduce("", (a, b) -> a + b + "\n");
        if (process.isAlive()) throw new StartHung("no DevTools port within 30 s; its output:\n" + tail);
        throw new IllegalStateException("Chromium exited " + process.exitValue() + "; its output:\n" + tail);
    }

    /** The WebSocket of the page Chromium opened (about:blank), from its /json/list. */
    private static URI pageEndpoint(int port) throws IOException, InterruptedException {
        HttpResponse<String> list = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonArray targets = JsonParser.parseString(list.body()).getAsJsonArray();
        for (JsonElement t : targets) {
            JsonObject target = t.getAsJsonObject();
            if ("page".equals(target.get("type").getAsString())) return URI.create(target.get("webSocketDebuggerUrl").getAsString());
        }
        throw new IllegalStateException("Chromium lists no page target: " + list.body());
    }
}
