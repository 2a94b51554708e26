package mtgconformance;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** The wire protocol (protocol 1.1, contract 1.3.0) over stdin and stdout for Forge: one JVM per
 *  session, Forge's card data loaded once at the handshake and reused by every setup. */
public final class Main {
    static final String CONTRACT = "1.3.0";
    static final List<String> CAPABILITIES = List.of("casting", "mana-abilities", "summoning-sickness", "land-play",
        "combat", "blocking", "mana-abilities-while-paying", "state-based-actions", "activated-abilities",
        "one-shot-effects", "triggered-abilities", "combat-keywords", "first-strike-damage", "flash", "x-costs",
        "tokens", "counterspells", "layers", "untap-symbol", "auras-and-equipment", "legend-rule", "replacement-effects",
        "could-produce", "delayed-triggers");

    private Main() {}

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
        System.setOut(System.err); // Forge's own prints go to stderr; the wire is ours alone
        String res = args[0];
        String version = args.length > 1 ? args[1] : "unknown";
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Session session = new Session();
        // Forge's card data takes seconds to read: read it while the runner sends the handshake, so
        // that the handshake is answered at once and the first setup waits only for what is left.
        Thread loader = new Thread(() -> Table.load(res), "card-loader");
        loader.setDaemon(true);
        loader.start();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Object id = null;
            Map<String, Object> reply;
            String op = "";
            try {
                Map<String, Object> req = (Map<String, Object>) Json.parse(line);
                id = req.get("id");
                op = String.valueOf(req.get("op"));
                Object result;
                switch (op) {
                    case "handshake":
                        result = Json.obj("name", "Forge", "version", version, "protocol", "1.1", "contract", CONTRACT, "capabilities", CAPABILITIES);
                        break;
                    case "setup": loader.join(); result = session.setup((Map<String, Object>) req.get("position")); break;
                    case "perform": result = session.perform((Map<String, Object>) req.get("action")); break;
                    case "observe": result = session.observe(); break;
                    case "stop": result = Json.obj(); break;
                    default: throw new IllegalArgumentException("unknown op " + op);
                }
                reply = Json.obj("id", id, "result", result);
            } catch (Throwable e) {
                e.printStackTrace();
                reply = Json.obj("id", id, "error", Json.obj("message", String.valueOf(e).split("\n")[0]));
            }
            out.println(Json.write(reply));
            if (op.equals("stop")) break;
        }
        out.flush();
        Runtime.getRuntime().halt(0);
    }
}
