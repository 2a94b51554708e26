package mtgconformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The Argentum state in the words of observation.schema.json (contract 1.3.0). */
final class Observe {
    private Observe() {}

    static String title(String upper) {
        String s = upper.toLowerCase().replace('_', ' ');
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String color(String c) {
        return c.toLowerCase();
    }

    static final String[] LETTERS = {"white", "W", "blue", "U", "black", "B", "red", "R", "green", "G"};

    static String letter(String word) {
        for (int i = 0; i < LETTERS.length; i += 2) if (LETTERS[i].equals(word)) return LETTERS[i + 1];
        return "C";
    }

    static String word(String letter) {
        for (int i = 0; i < LETTERS.length; i += 2) if (LETTERS[i + 1].equals(letter)) return LETTERS[i].toUpperCase();
        return letter;
    }

    static List<Map<String, Object>> cards(Game g, Object owner, String zone) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object id : (List<?>) K.call(g.state, "getZone", Game.zone(owner, zone))) {
            Object card = K.comp(g.entity(id), "CardComponent");
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", card == null ? id.toString() : K.get(card, "name"));
            m.put("ref", id.toString());
            out.add(m);
        }
        return out;
    }

    /** The step the contract names; the engine's first-strike damage step is combat damage (510.4). */
    static String step(Object step) {
        String n = ((Enum<?>) step).name();
        if (n.equals("FIRST_STRIKE_COMBAT_DAMAGE")) return "combat-damage";
        int i = java.util.Arrays.asList(Game.ENGINE_STEPS).indexOf(n);
        return i < 0 ? "precombat-main" : Game.STEPS[i];
    }

    /** Who holds priority; nobody while the active player must declare attackers or the defender blockers (508.1, 509.1). */
    static String priority(Game g) {
        Object s = g.state;
        if (K.get(s, "pendingDecision") != null || g.bridgeQuestion != null) return "";
        String step = ((Enum<?>) K.get(s, "step")).name();
        Object active = K.get(s, "activePlayerId");
        if (step.equals("DECLARE_ATTACKERS") && K.comp(g.entity(active), "AttackersDeclaredThisCombatComponent") == null) return "";
        if (step.equals("DECLARE_BLOCKERS")) {
            for (Object p : (List<?>) K.get(s, "turnOrder")) {
                if (p.equals(active)) continue;
                if (K.comp(g.entity(p), "BlockersDeclaredThisCombatComponent") == null && Actions.attacked(g)) return "";
            }
        }
        return g.nameOf(K.get(s, "priorityPlayerId"));
    }

    static Map<String, Object> observe(Game g) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("contract", Bridge.CONTRACT);
        Object s = g.state;
        Map<String, Object> turn = new LinkedHashMap<>();
        out.put("turn", turn);
        if (s == null) {
            turn.put("number", 1L); turn.put("active_player", ""); turn.put("step", "precombat-main"); turn.put("priority_player", "");
            out.put("players", List.of()); out.put("battlefield", List.of()); out.put("stack", List.of());
            out.put("pending_choice", null); out.put("events", List.of());
            return out;
        }
        turn.put("number", K.get(s, "turnNumber"));
        turn.put("active_player", g.nameOf(K.get(s, "activePlayerId")));
        turn.put("step", step(K.get(s, "step")));
        turn.put("priority_player", priority(g));
        List<Object> players = new ArrayList<>();
        for (String name : g.names) {
            Object pid = Game.player(name);
            Object e = g.entity(pid);
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("name", name);
            p.put("life", K.get(K.comp(e, "LifeTotalComponent"), "life"));
            p.put("lost", K.comp(e, "PlayerLostComponent") != null);
            Map<String, Object> pool = new LinkedHashMap<>();
            Object mp = K.comp(e, "ManaPoolComponent");
            for (int i = 0; i < Game.POOL.length; i += 2) {
                int n = (Integer) K.get(mp, Game.POOL[i + 1]);
                if (n > 0) pool.put(Game.POOL[i], n);
            }
            p.put("mana_pool", pool);
            for (String z : new String[] {"library", "hand", "graveyard", "exile"}) p.put(z, cards(g, pid, z.toUpperCase()));
            players.add(p);
        }
        out.put("players", players);
        List<Object> battlefield = new ArrayList<>();
        Object projected = K.get(s, "projectedState");
        for (Object id : (List<?>) K.call(s, "getBattlefield")) battlefield.add(permanent(g, projected, id));
        out.put("battlefield", battlefield);
        List<Object> stack = new ArrayList<>();
        for (Object id : (List<?>) K.get(s, "stack")) stack.add(stackItem(g, id));
        out.put("stack", stack);
        out.put("pending_choice", Decisions.question(g));
        out.put("events", new ArrayList<>(g.events));
        return out;
    }

    static Map<String, Object> stackItem(Game g, Object id) {
        Object e = g.entity(id);
        Map<String, Object> m = new LinkedHashMap<>();
        Object spell = K.comp(e, "SpellOnStackComponent");
        Object act = K.comp(e, "ActivatedAbilityOnStackComponent");
        Object trig = K.comp(e, "TriggeredAbilityOnStackComponent");
        if (spell != null) {
            m.put("kind", "spell");
            m.put("name", K.get(K.comp(e, "CardComponent"), "name"));
            m.put("controller", g.nameOf(K.get(spell, "casterId")));
            m.put("text", null);
            m.put("x", K.get(spell, "xValue"));
            m.put("ref", id.toString());
        } else {
            Object a = act != null ? act : trig;
            m.put("kind", act != null ? "activated" : "triggered");
            m.put("name", a == null ? id.toString() : K.get(a, "sourceName"));
            m.put("controller", a == null ? "" : g.nameOf(K.get(a, "controllerId")));
            m.put("text", trig != null ? K.get(trig, "description") : null);
            m.put("x", act != null ? K.get(act, "xValue") : null);
            Object source = a == null ? null : K.get(a, "sourceId");
            m.put("ref", source != null && g.entity(source) != null ? source.toString() : null);
        }
        return m;
    }

    static Object without(Object container, String simpleName) {
        Object c = Game.empty();
        for (Object o : (java.util.Collection<?>) K.call(container, "all")) {
            if (!o.getClass().getSimpleName().equals(simpleName)) c = Game.with(c, o);
        }
        return c;
    }

    /** The state with only this creature's own abilities applying to it, for its base power (208.4b). */
    static Object baseState(Game g, Object id) {
        Map<Object, Object> entities = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) K.get(g.state, "entities")).entrySet()) {
            Object c = e.getValue();
            if (e.getKey().equals(id)) c = without(c, "CountersComponent");
            else c = without(c, "ContinuousEffectSourceComponent");
            entities.put(e.getKey(), c);
        }
        return K.copy(g.state, "entities", entities, "floatingEffects", List.of());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> permanent(Game g, Object projected, Object id) {
        Object e = g.entity(id);
        Object card = K.comp(e, "CardComponent");
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ref", id.toString());
        Object name = K.call(projected, "getName", id);
        m.put("name", name != null ? name : K.get(card, "name"));
        Object owner = K.comp(e, "OwnerComponent");
        m.put("owner", g.nameOf(owner != null ? K.get(owner, "playerId") : K.get(card, "ownerId")));
        Object controller = K.call(projected, "getController", id);
        m.put("controller", g.nameOf(controller != null ? controller : K.get(K.comp(e, "ControllerComponent"), "playerId")));
        m.put("token", K.comp(e, "TokenComponent") != null);
        m.put("tapped", K.comp(e, "TappedComponent") != null);
        List<String> types = new ArrayList<>();
        List<String> supertypes = new ArrayList<>();
        for (String t : (java.util.Set<String>) K.call(projected, "getTypes", id)) {
            if (t.equals("LEGENDARY") || t.equals("BASIC") || t.equals("SNOW") || t.equals("WORLD")) supertypes.add(title(t));
            else types.add(title(t));
        }
        m.put("types", types);
        List<String> subtypes = new ArrayList<>();
        for (String t : (java.util.Set<String>) K.call(projected, "getSubtypes", id)) subtypes.add(t.length() > 1 && t.equals(t.toUpperCase()) ? title(t) : t);
        m.put("subtypes", subtypes);
        m.put("supertypes", supertypes);
        List<String> colors = new ArrayList<>();
        for (String c : (java.util.Set<String>) K.call(projected, "getColors", id)) colors.add(color(c));
        m.put("colors", colors);
        boolean creature = types.contains("Creature");
        m.put("power", creature ? K.call(projected, "getPower", id) : null);
        m.put("toughness", creature ? K.call(projected, "getToughness", id) : null);
        Object stats = K.get(card, "baseStats");
        Object bp = creature && stats != null ? K.get(stats, "basePower") : null;
        Object bt = creature && stats != null ? K.get(stats, "baseToughness") : null;
        m.put("base_power", bp);
        m.put("base_toughness", bt);
        List<String> keywords = new ArrayList<>();
        for (String k : (java.util.Set<String>) K.call(projected, "getKeywords", id)) keywords.add(k.toLowerCase().replace('_', ' '));
        m.put("keywords", keywords);
        Map<String, Object> counters = new LinkedHashMap<>();
        Object cc = K.comp(e, "CountersComponent");
        if (cc != null) {
            for (Map.Entry<?, ?> c : ((Map<?, ?>) K.get(cc, "counters")).entrySet()) {
                if (((Integer) c.getValue()) > 0) counters.put(Game.counterName(c.getKey()), c.getValue());
            }
        }
        m.put("counters", counters);
        if (creature && (m.get("base_power") == null || m.get("base_toughness") == null)) {
            // A characteristic-defining ability (604.3) is part of the base (208.4b): projected
            // without the other permanents' static effects, the floating effects and its counters,
            // which modify rather than define it (613.4c).
            Object base = K.get(baseState(g, id), "projectedState");
            m.put("base_power", K.call(base, "getPower", id));
            m.put("base_toughness", K.call(base, "getToughness", id));
        }
        m.put("mana_value", K.get(K.get(card, "manaCost"), "cmc"));
        Object damage = K.comp(e, "DamageComponent");
        m.put("damage", damage == null ? 0 : K.get(damage, "amount"));
        Object attached = K.comp(e, "AttachedToComponent");
        if (attached != null) m.put("attached_to", K.get(attached, "targetId").toString());
        Object attacking = K.comp(e, "AttackingComponent");
        if (attacking != null) {
            m.put("attacking", g.nameOf(K.get(attacking, "defenderId")));
            if (K.comp(e, "BlockedComponent") != null) m.put("blocked", true);
            else if (Actions.blockersDeclared(g)) m.put("blocked", false);
        }
        Object blocking = K.comp(e, "BlockingComponent");
        if (blocking != null) {
            List<String> blocked = new ArrayList<>();
            for (Object a : (List<?>) K.get(blocking, "blockedAttackerIds")) blocked.add(a.toString());
            m.put("blocking", blocked);
        }
        return m;
    }
}
