package mtgconformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The contract's actions as Argentum's GameActions (action.schema.json, contract 1.3.0). Argentum's
 * state is immutable: a refused action leaves the old state, as the contract requires.
 */
final class Actions {
    static final String A = "com.wingedsheep.engine.core.";

    private Actions() {}

    static boolean attacked(Game g) {
        for (Object id : (List<?>) K.call(g.state, "getBattlefield")) if (K.comp(g.entity(id), "AttackingComponent") != null) return true;
        return false;
    }

    static boolean blockersDeclared(Game g) {
        for (Object p : (List<?>) K.get(g.state, "turnOrder")) if (K.comp(g.entity(p), "BlockersDeclaredThisCombatComponent") != null) return true;
        return false;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> perform(Game g, Map<String, Object> action) {
        if (g.state == null) return Bridge.rejected("not-allowed", "no position was set up");
        String type = (String) action.get("type");
        String name = (String) action.get("player");
        if (!g.names.contains(name)) return Bridge.rejected("unknown-object", "no player is called " + name);
        Object pid = Game.player(name);
        Object pending = K.get(g.state, "pendingDecision");
        if (g.bridgeQuestion != null) {
            if (!type.equals("choose")) return Bridge.rejected("pending-choice", g.bridgeQuestion.get("player") + " must answer a choice first");
            if (!name.equals(g.bridgeQuestion.get("player"))) return Bridge.rejected("not-allowed", g.bridgeQuestion.get("player") + " makes this choice, not " + name);
            List<String> options = (List<String>) g.bridgeQuestion.get("options");
            String choice = (String) action.get("choice");
            if (!options.contains(choice)) return Bridge.rejected("invalid-choice", choice + " is not one of " + String.join(", ", options));
            Map<String, Object> saved = new LinkedHashMap<>(g.bridgeAction);
            saved.put("tap_choice", choice);
            g.bridgeQuestion = null;
            g.bridgeAction = null;
            return perform(g, saved);
        }
        if (pending != null && !type.equals("choose")) return Bridge.rejected("pending-choice", g.nameOf(K.get(pending, "playerId")) + " must answer a choice first");
        Object act;
        switch (type) {
            case "pass":
                act = K.make(A + "PassPriority", "playerId", pid);
                break;
            case "cast":
                act = cast(g, pid, action);
                break;
            case "activate":
                act = activate(g, pid, action);
                break;
            case "play": {
                Object card = known(g, (String) action.get("card"));
                act = K.make(A + "PlayLand", "playerId", pid, "cardId", card);
                break;
            }
            case "declare-attackers": {
                Map<Object, Object> attackers = new LinkedHashMap<>();
                Object defender = null;
                for (Object p : (List<?>) K.get(g.state, "turnOrder")) if (!p.equals(pid)) defender = p;
                for (String ref : (List<String>) action.get("attackers")) attackers.put(known(g, ref), defender);
                act = K.make(A + "DeclareAttackers", "playerId", pid, "attackers", attackers);
                break;
            }
            case "declare-blockers": {
                Map<Object, List<Object>> blockers = new LinkedHashMap<>();
                for (Map<String, Object> b : (List<Map<String, Object>>) action.get("blockers")) {
                    blockers.computeIfAbsent(known(g, (String) b.get("blocker")), k -> new ArrayList<>()).add(known(g, (String) b.get("attacker")));
                }
                act = K.make(A + "DeclareBlockers", "playerId", pid, "blockers", blockers);
                Map<String, Object> r = apply(g, act, type);
                if (Boolean.TRUE.equals(r.get("accepted")) && K.get(g.state, "pendingDecision") == null && pid.equals(K.get(g.state, "priorityPlayerId"))) {
                    // Argentum's defender declares, then passes to end its declaration; the contract's
                    // declaration is one action, after which the active player receives priority (509.2).
                    Object passed = K.get(K.call(g.processor, "process", g.state, K.make(A + "PassPriority", "playerId", pid)), "result");
                    if (K.get(passed, "error") == null && K.get(K.get(passed, "state"), "pendingDecision") == null
                        && ((Enum<?>) K.get(K.get(passed, "state"), "step")).name().equals("DECLARE_BLOCKERS")) {
                        g.state = K.copy(K.get(passed, "state"), "priorityPassedBy", java.util.Set.of());
                    }
                }
                return r;
            }
            case "choose": {
                if (pending == null) return Bridge.rejected("no-pending-choice", "no choice is pending");
                if (!K.get(pending, "playerId").equals(pid)) return Bridge.rejected("not-allowed", g.nameOf(K.get(pending, "playerId")) + " makes this choice, not " + name);
                Object response = Decisions.response(g, pending, (String) action.get("choice"));
                if (response == null) return Bridge.accepted();
                act = K.make(A + "SubmitDecision", "playerId", pid, "response", response);
                break;
            }
            default:
                return Bridge.rejected("unsupported", "the bridge does not play " + type);
        }
        if (type.equals("cast") || type.equals("activate")) return pay(g, pid, act, type, action);
        return apply(g, act, type);
    }

    static final String[] TYPES = {"W", "U", "B", "R", "G", "C"};

    static Object pool(Game g, Object pid) {
        return K.comp(g.entity(pid), "ManaPoolComponent");
    }

    static Object withPool(Object state, Object pid, Object pool) {
        Object e = K.call(state, "getEntity", pid);
        return K.call(state, "withEntity", pid, Game.with(e, pool));
    }

    /**
     * A cast or an activation with its payment (601.2g-h): the mana abilities it names are activated
     * first, their mana joining the pool; then the cost is paid from the pool, only from the mana the
     * player names when they name some (the rest of the pool is set aside meanwhile), and naming more
     * than the cost takes is refused. Any refusal on the way keeps the state as it was.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> pay(Game g, Object pid, Object act, String type, Map<String, Object> action) {
        Object before = g.state;
        List<Map<String, Object>> abilities = (List<Map<String, Object>>) action.getOrDefault("mana_abilities", List.of());
        for (Map<String, Object> a : abilities) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("type", "activate");
            one.put("player", action.get("player"));
            one.put("source", a.get("source"));
            one.put("ability", a.get("ability"));
            Map<String, Object> r = apply(g, activate(g, pid, one), "activate");
            if (Boolean.FALSE.equals(r.get("accepted"))) {
                g.state = before;
                return r;
            }
        }
        String named = (String) action.get("mana");
        Map<String, Integer> rest = new LinkedHashMap<>();
        if (named != null) {
            Object pool = pool(g, pid);
            Map<String, Object> keep = new LinkedHashMap<>();
            for (int i = 0; i < TYPES.length; i++) {
                String field = Game.POOL[2 * i + 1];
                int want = (named.length() - named.replace("{" + TYPES[i] + "}", "").length()) / 3;
                int have = (Integer) K.get(pool, field);
                if (want > have) {
                    g.state = before;
                    return Bridge.rejected("cannot-pay", "the pool doesn't hold the " + named + " named to pay (601.2h)");
                }
                keep.put(field, want);
                rest.put(field, have - want);
            }
            Object[] pairs = new Object[keep.size() * 2];
            int k = 0;
            for (Map.Entry<String, Object> e : keep.entrySet()) { pairs[k++] = e.getKey(); pairs[k++] = e.getValue(); }
            g.state = withPool(g.state, pid, K.copy(pool, pairs));
        }
        Map<String, Object> r = apply(g, act, type);
        if (Boolean.FALSE.equals(r.get("accepted"))) {
            g.state = before;
            return r;
        }
        if (named != null) {
            Object pool = pool(g, pid);
            Object[] pairs = new Object[rest.size() * 2];
            int k = 0;
            for (Map.Entry<String, Integer> e : rest.entrySet()) {
                int left = (Integer) K.get(pool, e.getKey());
                if (left > 0) {
                    g.state = before;
                    return Bridge.rejected("cannot-pay", named + " is more mana than the cost takes (601.2h)");
                }
                pairs[k++] = e.getKey();
                pairs[k++] = left + e.getValue();
            }
            g.state = withPool(g.state, pid, K.copy(pool, pairs));
        }
        return r;
    }

    /** Thrown to put a question of the bridge's own before an action can be completed. */
    static final class Ask extends RuntimeException {
        final Map<String, Object> question;

        Ask(Map<String, Object> question) {
            super("a choice is needed");
            this.question = question;
        }
    }

    static Object known(Game g, String ref) {
        Object id = Game.id(ref);
        if (g.entity(id) == null) throw new Bridge.Refusal("unknown-object", "no object " + ref);
        return id;
    }

    /** Runs one action; a refusal keeps the old state, a question the bridge can't ask is unsupported. */
    static Map<String, Object> apply(Game g, Object act, String type) {
        Object before = g.state;
        Object processor = g.processor;
        Object result = K.get(K.call(processor, "process", before, act), "result");
        String error = (String) K.get(result, "error");
        if (error != null) {
            g.held.clear();
            return Bridge.rejected(code(error, type), error);
        }
        Object after = K.get(result, "state");
        Object decision = K.get(after, "pendingDecision");
        for (int i = 0; i < 8 && "CombatResolutionDecision".equals(Decisions.kindOf(decision)); i++) {
            Object save = g.state;
            g.state = after;
            boolean ask = Combat.next(g, decision) != null;
            Object response = ask ? null : Combat.response(g, decision);
            g.state = save;
            if (ask) break;
            Object submit = K.make(A + "SubmitDecision", "playerId", K.get(decision, "playerId"), "response", response);
            Object r2 = K.get(K.call(processor, "process", after, submit), "result");
            if (K.get(r2, "error") != null) return Bridge.rejected("unsupported", "Argentum refused its own combat damage: " + K.get(r2, "error"));
            after = K.get(r2, "state");
            decision = K.get(after, "pendingDecision");
        }
        if (!Decisions.mapped(decision)) {
            return Bridge.rejected("unsupported", "Argentum asks a " + Decisions.kindOf(decision) + " (" + K.get(decision, "prompt") + "), which the bridge does not put to the suite");
        }
        List<?> old = (List<?>) K.get(before, "stack");
        g.state = after;
        for (Object id : (List<?>) K.get(after, "stack")) {
            if (old.contains(id)) continue;
            Object trig = K.comp(g.entity(id), "TriggeredAbilityOnStackComponent");
            if (trig != null) {
                Map<String, Object> ev = new LinkedHashMap<>();
                ev.put("type", "ability-triggered");
                ev.put("source", K.get(trig, "sourceId").toString());
                g.events.add(ev);
            }
        }
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("type", "action");
        ev.put("action", type);
        g.events.add(ev);
        return Bridge.accepted();
    }

    /** A refusal's code, from the words of Argentum's error (features/README.md's glossary). */
    static String code(String error, String type) {
        String e = error.toLowerCase();
        if (e.contains("priority")) return "no-priority";
        if (e.contains("your turn") || e.contains("on your turn")) return "timing";
        if (e.contains("summoning sick")) return "summoning-sickness";
        if (e.contains("target")) return "illegal-target";
        if (e.contains("control")) return "not-allowed";
        if (e.contains("already tapped") || e.contains("is tapped")) return "already-tapped";
        if (e.contains("untapped")) return "already-untapped";
        if (e.contains("target")) return "illegal-target";
        if (e.contains("afford") || e.contains("pay") || e.contains("mana") || e.contains("insufficient")) return "cannot-pay";
        if (e.contains("sorcery") || e.contains("main phase") || e.contains("timing") || e.contains("stack is empty")
            || e.contains("empty stack") || e.contains("not your turn") || e.contains("during") || e.contains("step")) return "timing";
        if (e.contains("decision") || e.contains("invalid")) return type.equals("choose") ? "invalid-choice" : "not-allowed";
        return "not-allowed";
    }

    /** The cost is paid from the pool (601.2h): the mana abilities named are activated beforehand by {@link #pay}. */
    static Object payment(Game g, Map<String, Object> action) {
        return K.obj(A + "PaymentStrategy$FromPool");
    }

    @SuppressWarnings("unchecked")
    static List<Object> targets(Game g, Map<String, Object> action) {
        List<Object> out = new ArrayList<>();
        String T = "com.wingedsheep.engine.state.components.stack.ChosenTarget$";
        for (String ref : (List<String>) action.getOrDefault("targets", List.of())) {
            if (g.names.contains(ref)) { out.add(K.make(T + "Player", "playerId", Game.player(ref))); continue; }
            Object id = known(g, ref);
            if (((List<?>) K.get(g.state, "stack")).contains(id)) out.add(K.make(T + "Spell", "spellEntityId", id));
            else if (((List<?>) K.call(g.state, "getBattlefield")).contains(id)) out.add(K.make(T + "Permanent", "entityId", id));
            else throw new Bridge.Refusal("illegal-target", ref + " is neither a permanent, a spell nor a player (115.1)");
        }
        return out;
    }

    static Object cast(Game g, Object pid, Map<String, Object> action) {
        Object card = known(g, (String) action.get("card"));
        if (action.containsKey("alternative_cost")) {
            String name = (String) K.get(K.comp(g.entity(card), "CardComponent"), "name");
            Object def = g.cards.byName.get(name);
            String cost = (String) action.get("alternative_cost");
            if (def != null && !String.valueOf(K.get(def, "keywordAbilities")).toLowerCase().contains(cost)) {
                throw new Bridge.Refusal("not-allowed", name + " has no " + cost + " cost to cast it for (118.9, 601.2b)");
            }
            throw new Bridge.Refusal("unsupported", "Argentum has no " + cost + " alternative cost to cast with");
        }
        Map<String, Object> args = new LinkedHashMap<>();
        List<?> additional = (List<?>) action.getOrDefault("additional_costs", List.of());
        if (additional.size() > 1) {
            // Argentum's cast declares an optional additional cost once (its declaredCostSlot); a
            // kicker or offspring cost is paid at most once (702.33a, 702.175a).
            Object def = g.cards.byName.get((String) K.get(K.comp(g.entity(card), "CardComponent"), "name"));
            if (String.valueOf(K.get(def, "keywordAbilities")).contains("Multikicker")) {
                throw new Bridge.Refusal("unsupported", "the bridge can't declare multikicker more than once in Argentum's cast");
            }
            throw new Bridge.Refusal("not-allowed", "an additional cost is announced at most once (601.2b, 702.33a)");
        }
        if (additional.size() == 1) args.put("declaredCostSlot", Game.enumValue("com.wingedsheep.sdk.scripting.ChoiceSlot", "KICKED"));
        args.put("playerId", pid);
        args.put("cardId", card);
        args.put("targets", targets(g, action));
        if (action.containsKey("x")) args.put("xValue", ((Number) action.get("x")).intValue());
        args.put("paymentStrategy", payment(g, action));
        return K.make(A + "CastSpell", args);
    }

    static Object activate(Game g, Object pid, Map<String, Object> action) {
        Object source = known(g, (String) action.get("source"));
        Object cardComponent = K.comp(g.entity(source), "CardComponent");
        Object def = g.cards.byName.get((String) K.get(cardComponent, "name"));
        List<?> abilities = def == null ? List.of() : (List<?>) K.get(def, "activatedAbilities");
        int n = ((Number) action.get("ability")).intValue();
        if (n > abilities.size()) throw new Bridge.Refusal("unknown-object", K.get(cardComponent, "name") + " has no activated ability " + n);
        Map<String, Object> args = new LinkedHashMap<>();
        Object ability = abilities.get(n - 1);
        String cost = String.valueOf(K.get(ability, "cost"));
        if (cost.contains("TapPermanents")) {
            // "Tap an untapped creature you control" (118.3): the player chooses which.
            Object chosen = action.containsKey("tap_choice") ? Game.id((String) action.get("tap_choice")) : null;
            if (chosen == null) {
                List<String> options = new ArrayList<>();
                Object projected = K.get(g.state, "projectedState");
                for (Object id : (List<?>) K.call(g.state, "getBattlefield")) {
                    if (id.equals(source) || K.comp(g.entity(id), "TappedComponent") != null) continue;
                    if (!pid.equals(K.call(projected, "getController", id)) || !(Boolean) K.call(projected, "isCreature", id)) continue;
                    options.add(id.toString());
                }
                if (options.size() == 1) chosen = Game.id(options.get(0));
                else if (options.size() > 1) {
                    Map<String, Object> q = new LinkedHashMap<>();
                    q.put("player", action.get("player"));
                    q.put("kind", "permanent");
                    q.put("options", options);
                    q.put("prompt", "Which untapped creature do you tap for the cost of " + K.get(cardComponent, "name") + "?");
                    throw new Ask(q);
                }
            }
            if (chosen != null) args.put("costPayment", K.make("com.wingedsheep.sdk.scripting.AdditionalCostPayment", "tappedPermanents", List.of(chosen)));
        }
        if (cost.contains("Untap") && K.comp(g.entity(source), "TappedComponent") == null) {
            throw new Bridge.Refusal("already-untapped", K.get(cardComponent, "name") + " is untapped, so its {Q} cost can't be paid (107.6)");
        }
        args.put("playerId", pid);
        args.put("sourceId", source);
        args.put("abilityId", K.get(ability, "id"));
        args.put("targets", targets(g, action));
        args.put("paymentStrategy", payment(g, action));
        return K.make(A + "ActivateAbility", args);
    }
}
