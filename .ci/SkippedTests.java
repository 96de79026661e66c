import java.io.File;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Lists every skipped test in the Surefire/Failsafe XML reports of the folders given, with the reason
 * the test gave (its JUnit assumption message). Exit 1 when there is one and --fail-on-skip is given,
 * and also when a folder holds no report at all (a build that ran no test is not a green build) or a
 * report of a class that ran no test: that is what Surefire records when a class is skipped as a
 * whole (an assumption in @BeforeAll), without the reason, so such a skip would pass unseen.
 * Run as a single-file program: java .ci/SkippedTests.java [--fail-on-skip] DIR...
 */
public class SkippedTests {
    /** The assumption's message: the attribute when Surefire sets it, else the first line of the trace it keeps. */
    static String reason(Element skipped) {
        String reason = skipped.getAttribute("message");
        if (reason.isBlank()) reason = skipped.getTextContent().strip().lines().findFirst().orElse("");
        reason = reason.replaceFirst("^org\\.opentest4j\\.TestAbortedException: ", "").replaceFirst("^Assumption failed: ", "");
        return reason.isBlank() ? "(no reason given)" : reason;
    }

    public static void main(String[] args) throws Exception {
        boolean failOnSkip = false;
        List<File> dirs = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--fail-on-skip")) failOnSkip = true;
            else dirs.add(new File(a));
        }
        List<String> skipped = new ArrayList<>();
        List<String> empty = new ArrayList<>();
        int tests = 0;
        for (File dir : dirs) {
            File[] reports = dir.listFiles((d, name) -> name.startsWith("TEST-") && name.endsWith(".xml"));
            if (reports == null || reports.length == 0) {
                System.err.println("NO TEST REPORTS in " + dir + ": the tests did not run");
                System.exit(1);
            }
            for (File report : reports) {
                Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report).getDocumentElement();
                NodeList cases = suite.getElementsByTagName("testcase");
                if (cases.getLength() == 0) empty.add(suite.getAttribute("name"));
                for (int i = 0; i < cases.getLength(); i++) {
                    Element c = (Element) cases.item(i);
                    tests++;
                    NodeList skip = c.getElementsByTagName("skipped");
                    if (skip.getLength() == 0) continue;
                    skipped.add(c.getAttribute("classname") + "." + c.getAttribute("name") + ": " + reason((Element) skip.item(0)));
                }
            }
        }
        System.out.println(tests + " tests in the reports, " + skipped.size() + " skipped");
        for (String s : skipped) System.out.println("  SKIPPED " + s);
        if (!empty.isEmpty()) {
            System.err.println("FAILED: " + String.join(", ", empty) + " ran no test and the report says no reason: "
                    + "check the machine in @BeforeEach (io.durabench.testing.Requires), not @BeforeAll, so each test is skipped with its reason");
            System.exit(1);
        }
        if (failOnSkip && !skipped.isEmpty()) {
            System.err.println("FAILED: " + skipped.size() + " test(s) skipped on the CI machine, where every requirement "
                    + "(root, loop devices, mkfs, strace, cc, chromium) is installed by .ci/run: a skip here hides an untested path");
            System.exit(1);
        }
    }
}
