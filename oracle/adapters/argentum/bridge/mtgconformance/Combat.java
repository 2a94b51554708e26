package mtgconformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Argentum's combat damage decision as the contract's combat-damage questions (contract 1.3.0): one
 * question per attacking creature whose damage can be divided (510.1c; with trample, 702.19b), the
 * answers held until each is given, then submitted with the engine's amounts for the other edges.
 */
final class Combat {
    private Combat() {}

    /** The attacker-to-recipient edges of an attacker that the deciding player edits. */
    static List<Object> edges(Object d, Object attacker) {
        List<Object> out = new ArrayList<>();
        Object chooser = K.get(d, "playerId");
        for (Object e : (List<?>) K.get(d, "edges")) {
            String dir = ((Enum<?>) K.get(e, "direction")).name();
            if (dir.startsWith("ATTACKER_TO") && K.get(e, "sourceId").equals(attacker) && K.get(e, "editableBy").equals(chooser)) out.add(e);
        }
        return out;
    }

    /** The next attacker to ask about, or null when every division is known. */
    static Object next(Game g, Object d) {
        for (Object a : (List<?>) K.get(d, "attackers")) {
            Object id = K.get(a, "id");
            if (!(Boolean) K.get(a, "dealsDamageThisStep") || g.heldDamage.containsKey(id.toString())) continue;
            if (edges(d, id).size() > 1) return a;
        }
        return null;
    }

    /** The legal divisions for one attacker: all its power, to blockers, and to the player only once each blocker has lethal damage. */
    static List<String> options(Game g, Object d, Object attacker) {
        List<Object> edges = edges(d, K.get(attacker, "id"));
        int power = (Integer) K.get(attacker, "power");
        List<String> out = new ArrayList<>();
        split(g, edges, 0, power, new int[edges.size()], out);
        return out;
    }

    private static void split(Game g, List<Object> edges, int i, int left, int[] amounts, List<String> out) {
        if (out.size() > 300) return;
        if (i == amounts.length - 1) {
            amounts[i] = left;
            for (int k = 0; k < amounts.length; k++) {
                Object e = edges.get(k);
                if (amounts[k] > (Integer) K.get(e, "maximum") && (Integer) K.get(e, "maximum") > 0) return;
                if (!((Enum<?>) K.get(e, "direction")).name().equals("ATTACKER_TO_BLOCKER") && amounts[k] > 0) {
                    for (int b = 0; b < amounts.length; b++) {
                        Object eb = edges.get(b);
                        if (((Enum<?>) K.get(eb, "direction")).name().equals("ATTACKER_TO_BLOCKER") && amounts[b] < (Integer) K.get(eb, "lethal")) return;
                    }
                }
            }
            List<String> parts = new ArrayList<>();
            for (int k = 0; k < amounts.length; k++) parts.add(amounts[k] + " to " + Decisions.ref(g, K.get(edges.get(k), "targetId")));
            out.add(String.join("; ", parts));
            return;
        }
        for (int n = 0; n <= left; n++) {
            amounts[i] = n;
            split(g, edges, i + 1, left - n, amounts, out);
        }
    }

    static Map<String, Object> question(Game g, Object d) {
        Object a = next(g, d);
        if (a == null) return null;
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("player", g.nameOf(K.get(d, "playerId")));
        q.put("kind", "combat-damage");
        q.put("options", options(g, d, a));
        q.put("prompt", "Divide " + K.get(a, "name") + "'s combat damage (510.1c)");
        q.put("source", K.get(a, "id").toString());
        return q;
    }

    /** Holds one answer; the response once every attacker's division is known, else null. */
    static Object answer(Game g, Object d, String choice) {
        Object a = next(g, d);
        if (a != null) {
            List<String> options = options(g, d, a);
            if (!options.contains(choice)) throw new Bridge.Refusal("invalid-choice", choice + " is not one of " + String.join(", ", options));
            Map<String, Integer> amounts = new LinkedHashMap<>();
            for (String part : choice.split("; ")) {
                String[] w = part.split(" to ", 2);
                amounts.put(w[1], Integer.parseInt(w[0]));
            }
            g.heldDamage.put(K.get(a, "id").toString(), amounts);
            if (next(g, d) != null) return null;
        }
        return response(g, d);
    }

    static Object response(Game g, Object d) {
        List<Object> amounts = new ArrayList<>();
        Object chooser = K.get(d, "playerId");
        for (Object e : (List<?>) K.get(d, "edges")) {
            if (!K.get(e, "editableBy").equals(chooser)) continue;
            int amount = (Integer) K.get(e, "amount");
            Map<String, Integer> held = g.heldDamage.get(K.get(e, "sourceId").toString());
            if (held != null) amount = held.getOrDefault(Decisions.ref(g, K.get(e, "targetId")), 0);
            amounts.add(K.make(Decisions.D + "DamageEdgeAmount", "edgeId", K.get(e, "id"), "amount", amount));
        }
        g.heldDamage.clear();
        return K.make(Decisions.D + "CombatResolutionResponse", "decisionId", K.get(d, "id"), "edges", amounts);
    }
}
