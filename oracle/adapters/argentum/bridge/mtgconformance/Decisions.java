package mtgconformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Argentum's pending decisions as the contract's questions, one answer each (a decision that takes
 * several answers, such as the cards discarded to hand size under 514.1, is asked once per card and
 * submitted when the last comes), and the answers as Argentum's decision responses.
 */
final class Decisions {
    static final String D = "com.wingedsheep.engine.core.";

    private Decisions() {}

    static String kindOf(Object decision) {
        return decision == null ? null : decision.getClass().getSimpleName();
    }

    /** Whether the bridge can put this decision to the suite. */
    static boolean mapped(Object decision) {
        String k = kindOf(decision);
        return k == null || k.equals("SelectCardsDecision") || k.equals("ChooseTargetsDecision")
            || k.equals("AssignDamageDecision") || k.equals("ChooseColorDecision") || k.equals("CombatResolutionDecision");
    }

    static String ref(Game g, Object id) {
        String s = id.toString();
        return s.startsWith("player:") ? g.nameOf(id) : s;
    }

    /** The contract's pending_choice, or null. */
    static Map<String, Object> question(Game g) {
        if (g.bridgeQuestion != null) return g.bridgeQuestion;
        Object d = K.get(g.state, "pendingDecision");
        if (d == null) return null;
        if (kindOf(d).equals("CombatResolutionDecision")) return Combat.question(g, d);
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("player", g.nameOf(K.get(d, "playerId")));
        String prompt = (String) K.get(d, "prompt");
        List<String> options = new ArrayList<>();
        String kind;
        switch (kindOf(d)) {
            case "SelectCardsDecision": {
                String p = prompt.toLowerCase();
                kind = p.contains("discard") ? "discard" : p.contains("sacrific") ? "sacrifice" : p.contains("legend") ? "legend-rule"
                    : p.contains("copy") ? "copy" : "permanent";
                for (Object o : (List<?>) K.get(d, "options")) if (!g.held.contains(o)) options.add(ref(g, o));
                if ((Integer) K.get(d, "minSelections") == 0 && g.held.isEmpty()) options.add("none");
                break;
            }
            case "ChooseTargetsDecision": {
                kind = "target";
                Map<?, ?> legal = (Map<?, ?>) K.get(d, "legalTargets");
                Object first = legal.get(g.held.size());
                if (first == null && !legal.isEmpty()) first = legal.values().iterator().next();
                for (Object o : (List<?>) first) options.add(ref(g, o));
                break;
            }
            case "ChooseColorDecision": {
                boolean mana = prompt.toLowerCase().contains("mana");
                kind = mana ? "mana-color" : "color";
                for (Object c : (Iterable<?>) K.get(d, "availableColors")) {
                    String word = ((Enum<?>) c).name().toLowerCase();
                    options.add(mana ? "{" + Observe.letter(word) + "}" : word);
                }
                break;
            }
            case "AssignDamageDecision": {
                kind = "combat-damage";
                options = divisions(g, d);
                q.put("source", K.get(d, "attackerId").toString());
                break;
            }
            default:
                kind = "permanent";
        }
        q.put("kind", kind);
        q.put("options", options.isEmpty() ? List.of("none") : options);
        q.put("prompt", prompt);
        return q;
    }

    /** The legal divisions of an attacker's combat damage (510.1c; with trample 702.19b): "2 to g1; 4 to Bob". */
    static List<String> divisions(Game g, Object d) {
        List<Object> targets = new ArrayList<>((List<?>) K.get(d, "orderedTargets"));
        Object defender = K.get(d, "defenderId");
        boolean trample = (Boolean) K.get(d, "hasTrample");
        int power = (Integer) K.get(d, "availablePower");
        Map<?, ?> minimum = (Map<?, ?>) K.get(d, "minimumAssignments");
        int blockers = targets.size();
        if (trample && defender != null) targets.add(defender);
        List<String> out = new ArrayList<>();
        int[] amounts = new int[targets.size()];
        split(0, power, amounts, targets, blockers, minimum, g, out);
        return out;
    }

    private static void split(int i, int left, int[] amounts, List<Object> targets, int blockers, Map<?, ?> minimum, Game g, List<String> out) {
        if (out.size() > 200) return;
        if (i == amounts.length - 1) {
            amounts[i] = left;
            if (amounts.length > blockers && amounts[blockers] > 0) {
                for (int b = 0; b < blockers; b++) {
                    Object min = minimum.get(targets.get(b));
                    if (min != null && amounts[b] < (Integer) min) return;
                }
            }
            List<String> parts = new ArrayList<>();
            for (int k = 0; k < amounts.length; k++) parts.add(amounts[k] + " to " + ref(g, targets.get(k)));
            out.add(String.join("; ", parts));
            return;
        }
        for (int n = 0; n <= left; n++) {
            amounts[i] = n;
            split(i + 1, left - n, amounts, targets, blockers, minimum, g, out);
        }
    }

    static Object target(Game g, String choice) {
        return g.names.contains(choice) ? Game.player(choice) : Game.id(choice);
    }

    /** The response to submit for an answer, or null while more answers are held. */
    static Object response(Game g, Object d, String choice) {
        String id = (String) K.get(d, "id");
        if (kindOf(d).equals("CombatResolutionDecision")) return Combat.answer(g, d, choice);
        Map<String, Object> q = question(g);
        @SuppressWarnings("unchecked")
        List<String> options = (List<String>) q.get("options");
        if (!options.contains(choice)) throw new Bridge.Refusal("invalid-choice", choice + " is not one of " + String.join(", ", options));
        switch (kindOf(d)) {
            case "SelectCardsDecision": {
                if (!choice.equals("none")) g.held.add(target(g, choice));
                int min = (Integer) K.get(d, "minSelections");
                int max = (Integer) K.get(d, "maxSelections");
                int need = Math.min(Math.max(min, 1), max);
                if (!choice.equals("none") && g.held.size() < need) return null;
                List<Object> chosen = new ArrayList<>(g.held);
                g.held.clear();
                return K.make(D + "CardsSelectedResponse", "decisionId", id, "selectedCards", chosen);
            }
            case "ChooseTargetsDecision": {
                Map<Integer, List<Object>> selected = new LinkedHashMap<>();
                selected.put(0, List.of(target(g, choice)));
                return K.make(D + "TargetsResponse", "decisionId", id, "selectedTargets", selected);
            }
            case "ChooseColorDecision":
                return K.make(D + "ColorChosenResponse", "decisionId", id, "color", Game.enumValue("com.wingedsheep.sdk.core.Color",
                    choice.startsWith("{") ? Observe.word(choice.substring(1, 2)) : choice.toUpperCase()));
            case "AssignDamageDecision": {
                Map<Object, Integer> distribution = new LinkedHashMap<>();
                for (String part : choice.split("; ")) {
                    String[] w = part.split(" to ", 2);
                    distribution.put(target(g, w[1]), Integer.parseInt(w[0]));
                }
                return K.make(D + "DamageAssignmentResponse", "decisionId", id, "assignments", distribution);
            }
            default:
                throw new Bridge.Refusal("unsupported", "the bridge can't answer Argentum's " + kindOf(d));
        }
    }
}
