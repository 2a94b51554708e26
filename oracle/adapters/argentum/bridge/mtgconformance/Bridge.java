package mtgconformance;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * mtg-conformance's bridge to Argentum: the wire protocol (oracle/contract/schemas/README.md) on
 * stdin and stdout, one JSON request and one reply a line, driving Argentum's ActionProcessor.
 */
public final class Bridge {
    static final String CONTRACT = "1.3.0";
    static final List<String> CAPABILITIES = List.of("activated-abilities", "additional-costs", "alternative-costs",
        "auras-and-equipment", "blocking", "casting", "combat", "combat-keywords", "copy-effects", "could-produce",
        "counterspells", "delayed-triggers", "first-strike-damage", "flash", "land-play", "layers",
        "legend-rule", "mana-abilities", "mana-abilities-while-paying", "one-shot-effects", "replacement-effects",
        "state-based-actions", "summoning-sickness", "tokens", "triggered-abilities", "untap-symbol", "x-costs");

    /** A refusal in the contract's words: a code of outcome.schema.json and a reason. */
    static final class Refusal extends RuntimeException {
        final String code;

        Refusal(String code, String reason) {
            super(reason);
            this.code = code;
        }
    }

    static Map<String, Object> accepted() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("accepted", true);
        return m;
    }

    static Map<String, Object> rejected(String code, String reason) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("accepted", false);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("code", code);
        r.put("reason", reason.split("\n")[0]);
        m.put("rejection", r);
        return m;
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        // Loading the cards and Kotlin's reflection takes seconds: begin at once, so that the
        // handshake is answered at once and the first setup finds them loaded.
        java.util.concurrent.FutureTask<Game> loading = new java.util.concurrent.FutureTask<>(() -> new Game(new Cards()));
        Thread loader = new Thread(loading, "argentum-cards");
        loader.setDaemon(true);
        loader.start();
        Game game = null;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Object id = null;
            Map<String, Object> reply = new LinkedHashMap<>();
            String op = null;
            try {
                Map<String, Object> request = (Map<String, Object>) Json.parse(line);
                id = request.get("id");
                op = (String) request.get("op");
                Object result;
                if (game == null && op != null && !"handshake".equals(op) && !"stop".equals(op)) game = loading.get();
                if ("handshake".equals(op)) {
                    Map<String, Object> h = new LinkedHashMap<>();
                    h.put("name", "argentum");
                    h.put("version", "24c27f1");
                    h.put("protocol", "1.1");
                    h.put("contract", CONTRACT);
                    h.put("capabilities", CAPABILITIES);
                    result = h;
                } else if ("stop".equals(op)) {
                    result = new LinkedHashMap<>();
                } else if ("setup".equals(op)) {
                    result = game.setupOrRefuse((Map<String, Object>) request.get("position"));
                } else if ("perform".equals(op)) {
                    result = game.performOrRefuse((Map<String, Object>) request.get("action"));
                } else if ("observe".equals(op)) {
                    result = Observe.observe(game);
                } else {
                    throw new IllegalArgumentException("unknown op " + op);
                }
                reply.put("id", id);
                reply.put("result", result);
            } catch (Throwable e) {
                Throwable cause = e;
                while (cause.getCause() != null && cause instanceof java.lang.reflect.InvocationTargetException) cause = cause.getCause();
                cause.printStackTrace(System.err);
                reply.put("id", id);
                Map<String, Object> err = new LinkedHashMap<>();
                err.put("message", (cause.getClass().getSimpleName() + ": " + cause.getMessage()).split("\n")[0]);
                reply.put("error", err);
            }
            out.println(Json.write(reply));
            if ("stop".equals(op)) return;
        }
    }
}
