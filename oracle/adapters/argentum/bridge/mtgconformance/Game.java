package mtgconformance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A position set up as an Argentum GameState, and that state observed in the contract's words
 * (oracle/contract/schemas/position.schema.json, observation.schema.json). Refs are Argentum's
 * entity ids; players are the entities "player:NAME".
 */
final class Game {
    static final String[] STEPS = {"untap", "upkeep", "draw", "precombat-main", "beginning-of-combat",
        "declare-attackers", "declare-blockers", "combat-damage", "end-of-combat", "postcombat-main", "end", "cleanup"};
    static final String[] ENGINE_STEPS = {"UNTAP", "UPKEEP", "DRAW", "PRECOMBAT_MAIN", "BEGIN_COMBAT",
        "DECLARE_ATTACKERS", "DECLARE_BLOCKERS", "COMBAT_DAMAGE", "END_COMBAT", "POSTCOMBAT_MAIN", "END", "CLEANUP"};
    static final String[] POOL = {"W", "white", "U", "blue", "B", "black", "R", "red", "G", "green", "C", "colorless"};
    static final String E = "com.wingedsheep.engine.state.components.";

    final Cards cards;
    final Object handler;
    final Object processor;
    /** Answers held until a decision that takes several has them all. */
    final List<Object> held = new ArrayList<>();
    /** The combat damage divisions answered so far: attacker ref to (recipient to amount). */
    final Map<String, Map<String, Integer>> heldDamage = new LinkedHashMap<>();
    /** A question of the bridge's own (which creature taps for a cost, 118.3), with the action it completes. */
    Map<String, Object> bridgeQuestion;
    Map<String, Object> bridgeAction;
    Object state;
    List<String> names = new ArrayList<>();
    final List<Map<String, Object>> events = new ArrayList<>();

    Game(Cards cards) {
        this.cards = cards;
        this.handler = K.make("com.wingedsheep.engine.mechanics.layers.StaticAbilityHandler", "cardRegistry", cards.registry);
        this.processor = K.make("com.wingedsheep.engine.core.ActionProcessor", "services",
            K.make("com.wingedsheep.engine.core.EngineServices", "cardRegistry", cards.registry), "computeUndo", false);
    }

    /** setup, with a refusal thrown on the way answered as such (and no game left). */
    Map<String, Object> setupOrRefuse(Map<String, Object> position) {
        held.clear();
        heldDamage.clear();
        bridgeQuestion = null;
        try {
            Map<String, Object> r = setup(position);
            if (Boolean.FALSE.equals(r.get("accepted"))) state = null;
            return r;
        } catch (Bridge.Refusal e) {
            state = null;
            return Bridge.rejected(e.code, e.getMessage());
        }
    }

    Map<String, Object> performOrRefuse(Map<String, Object> action) {
        try {
            return Actions.perform(this, action);
        } catch (Actions.Ask e) {
            bridgeQuestion = e.question;
            bridgeAction = action;
            return Bridge.accepted();
        } catch (Bridge.Refusal e) {
            return Bridge.rejected(e.code, e.getMessage());
        }
    }

    static Object id(String value) {
        return K.companion("com.wingedsheep.sdk.model.EntityId", "of", value);
    }

    static Object player(String name) {
        return id("player:" + name);
    }

    static Object enumValue(String className, String name) {
        for (Object o : K.cls(className).getEnumConstants()) if (((Enum<?>) o).name().equals(name)) return o;
        throw new IllegalStateException(className + " has no " + name);
    }

    static Object zone(Object owner, String zone) {
        return K.make("com.wingedsheep.engine.state.ZoneKey", "ownerId", owner, "zoneType", enumValue("com.wingedsheep.sdk.core.Zone", zone));
    }

    String nameOf(Object playerId) {
        if (playerId == null) return "";
        String s = playerId.toString();
        if (s == null) return "";
        return s.startsWith("player:") ? s.substring(7) : s;
    }

    Object entity(Object id) {
        return K.call(state, "getEntity", id);
    }

    /** Replaces the game with the position; a card Argentum does not define is unsupported. */
    @SuppressWarnings("unchecked")
    Map<String, Object> setup(Map<String, Object> position) {
        events.clear();
        List<Map<String, Object>> players = (List<Map<String, Object>>) position.get("players");
        Map<String, Object> turn = (Map<String, Object>) position.get("turn");
        names = new ArrayList<>();
        for (Map<String, Object> p : players) names.add((String) p.get("name"));
        String active = (String) turn.get("active_player");
        if (!names.contains(active)) return Bridge.rejected("not-allowed", "the active player " + active + " is not in the game");
        int step = java.util.Arrays.asList(STEPS).indexOf((String) turn.get("step"));
        if (step == 0 || step == 11) return Bridge.rejected("unsupported", "no player receives priority in the " + turn.get("step") + " step (502.4, 514.3), and the bridge starts a game only where one does");
        // Every card first: a name Argentum does not define is unsupported, before anything is built.
        java.util.Set<String> refs = new java.util.HashSet<>();
        for (Map<String, Object> p : players) {
            for (String z : new String[] {"library", "hand", "graveyard", "exile", "battlefield"}) {
                for (Map<String, Object> c : (List<Map<String, Object>>) p.getOrDefault(z, List.of())) {
                    if (!cards.byName.containsKey((String) c.get("card"))) return Bridge.rejected("unsupported", "Argentum defines no card " + c.get("card"));
                    if (!refs.add((String) c.get("ref"))) return Bridge.rejected("not-allowed", "the ref " + c.get("ref") + " is given twice");
                    if (c.containsKey("copy_of")) return Bridge.rejected("unsupported", "a permanent set up as a copy (707.2) is beyond what the bridge builds");
                }
            }
        }
        Map<String, Object> init = new HashMap<>();
        init.put("rng", K.companion("com.wingedsheep.sdk.model.GameRng", "seeded", 1L));
        state = K.make("com.wingedsheep.engine.state.GameState", init);
        List<Object> order = new ArrayList<>();
        Map<Object, List<Object>> zones = new LinkedHashMap<>();
        for (Map<String, Object> p : players) {
            String name = (String) p.get("name");
            Object pid = player(name);
            order.add(pid);
            Map<String, Object> pool = (Map<String, Object>) p.getOrDefault("mana_pool", Map.of());
            Map<String, Object> poolArgs = new HashMap<>();
            for (int i = 0; i < POOL.length; i += 2) poolArgs.put(POOL[i + 1], ((Number) pool.getOrDefault(POOL[i], 0L)).intValue());
            state = K.call(state, "withEntity", pid, playerContainer(name, ((Number) p.getOrDefault("life", 20L)).intValue(), poolArgs));
            for (String z : new String[] {"HAND", "LIBRARY", "GRAVEYARD", "BATTLEFIELD", "EXILE"}) zones.put(zone(pid, z), new ArrayList<>());
        }
        state = K.copy(state, "zones", zones, "turnOrder", order, "activePlayerId", player(active), "priorityPlayerId", player(active),
            "phase", K.get(enumValue("com.wingedsheep.sdk.core.Step", ENGINE_STEPS[step]), "phase"),
            "step", enumValue("com.wingedsheep.sdk.core.Step", ENGINE_STEPS[step]), "turnNumber", ((Number) turn.get("number")).intValue());
        Map<String, Object> attachments = new LinkedHashMap<>();
        for (Map<String, Object> p : players) {
            Object pid = player((String) p.get("name"));
            for (String z : new String[] {"library", "hand", "graveyard", "exile"}) {
                for (Map<String, Object> c : (List<Map<String, Object>>) p.getOrDefault(z, List.of())) {
                    Object cid = newCard((String) c.get("card"), (String) c.get("ref"), pid);
                    state = K.call(state, "addToZone", zone(pid, z.toUpperCase()), cid);
                }
            }
            for (Map<String, Object> c : (List<Map<String, Object>>) p.getOrDefault("battlefield", List.of())) {
                Object owner = c.containsKey("owner") ? player((String) c.get("owner")) : pid;
                Object cid = newCard((String) c.get("card"), (String) c.get("ref"), owner);
                state = K.call(state, "addToZone", zone(owner, "BATTLEFIELD"), cid);
                Object e = entity(cid);
                e = with(e, K.make(E + "identity.ControllerComponent", "playerId", pid));
                if (Boolean.TRUE.equals(c.get("tapped"))) e = with(e, K.obj(E + "battlefield.TappedComponent"));
                if (Boolean.TRUE.equals(c.get("came_under_control_this_turn"))) e = with(e, K.obj(E + "battlefield.SummoningSicknessComponent"));
                Map<String, Object> counters = (Map<String, Object>) c.getOrDefault("counters", Map.of());
                if (!counters.isEmpty()) {
                    Map<Object, Integer> byType = new LinkedHashMap<>();
                    for (Map.Entry<String, Object> k : counters.entrySet()) {
                        Object type = counterType(k.getKey());
                        if (type == null) return Bridge.rejected("unsupported", "Argentum has no counter " + k.getKey());
                        byType.put(type, ((Number) k.getValue()).intValue());
                    }
                    e = with(e, K.make(E + "battlefield.CountersComponent", "counters", byType));
                }
                if (c.containsKey("chosen_color")) return Bridge.rejected("unsupported", "a color chosen as a permanent entered (614.12) is beyond what the bridge builds");
                Object def = cards.byName.get((String) c.get("card"));
                e = K.call(handler, "addContinuousEffectComponent", e, def);
                e = K.call(handler, "addReplacementEffectComponent", e, def);
                state = K.call(state, "withEntity", cid, e);
                if (c.containsKey("attached_to")) attachments.put((String) c.get("ref"), c.get("attached_to"));
            }
        }
        for (Map.Entry<String, Object> a : attachments.entrySet()) {
            Object aura = id(a.getKey());
            Object host = id((String) a.getValue());
            if (entity(host) == null) return Bridge.rejected("unknown-object", "no permanent " + a.getValue() + " to attach to");
            state = K.call(state, "withEntity", aura, with(entity(aura), K.make(E + "battlefield.AttachedToComponent", "targetId", host)));
            Object had = K.comp(entity(host), "AttachmentsComponent");
            List<Object> list = new ArrayList<>();
            if (had != null) list.addAll((List<?>) K.get(had, "attachedIds"));
            list.add(aura);
            state = K.call(state, "withEntity", host, with(entity(host), K.make(E + "battlefield.AttachmentsComponent", "attachedIds", list)));
        }
        return Bridge.accepted();
    }

    static Object empty() {
        return K.make("com.wingedsheep.engine.state.ComponentContainer");
    }

    /** A player: name, life (119.1), mana pool (106.4) and one land drop a turn (305.2). */
    Object playerContainer(String name, int life, Map<String, Object> pool) {
        Object c = with(empty(), K.make(E + "identity.PlayerComponent", "name", name));
        c = with(c, K.make(E + "identity.LifeTotalComponent", "life", life));
        c = with(c, K.make(E + "player.ManaPoolComponent", pool));
        return with(c, K.make(E + "player.LandDropsComponent", "remaining", 1, "maxPerTurn", 1));
    }

    static Object with(Object container, Object component) {
        return K.call(container, "withComponent", component);
    }

    Object newCard(String name, String ref, Object owner) {
        Object def = cards.byName.get(name);
        Object c = K.objCall("com.wingedsheep.engine.core.CardEntityFactory", "create", def, owner, null, null);
        Object cid = id(ref);
        state = K.call(state, "withEntity", cid, c);
        return cid;
    }

    static Object counterType(String contract) {
        String name = contract.equals("+1/+1") ? "PLUS_ONE_PLUS_ONE" : contract.equals("-1/-1") ? "MINUS_ONE_MINUS_ONE"
            : contract.toUpperCase().replaceAll("[^A-Z0-9]+", "_");
        for (Object o : K.cls("com.wingedsheep.sdk.core.CounterType").getEnumConstants()) if (((Enum<?>) o).name().equals(name)) return o;
        return null;
    }

    static String counterName(Object type) {
        String n = ((Enum<?>) type).name();
        if (n.equals("PLUS_ONE_PLUS_ONE")) return "+1/+1";
        if (n.equals("MINUS_ONE_MINUS_ONE")) return "-1/-1";
        return n.toLowerCase().replace('_', ' ');
    }
}
