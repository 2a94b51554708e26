package mtgconformance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The contract's position (position.schema.json) as the text Forge's puzzle loader reads
 *  (forge.ai.GameState): life (119.1), each zone's cards in order (400.1, library top first),
 *  tapped permanents, counters (122.1), summoning sickness (302.6), attachments (301.5, 303.4). */
final class Position {
    /** Forge's phase names for the contract's steps (500.1). */
    static final Map<String, String> STEPS = new HashMap<>();
    static {
        String[][] s = {{"untap", "UNTAP"}, {"upkeep", "UPKEEP"}, {"draw", "DRAW"}, {"precombat-main", "MAIN1"},
            {"beginning-of-combat", "COMBAT_BEGIN"}, {"declare-attackers", "COMBAT_DECLARE_ATTACKERS"},
            {"declare-blockers", "COMBAT_DECLARE_BLOCKERS"}, {"combat-damage", "COMBAT_DAMAGE"},
            {"end-of-combat", "COMBAT_END"}, {"postcombat-main", "MAIN2"}, {"end", "END_OF_TURN"}, {"cleanup", "CLEANUP"}};
        for (String[] e : s) STEPS.put(e[0], e[1]);
    }
    static final Map<String, String> COUNTERS = Map.of("+1/+1", "P1P1", "-1/-1", "M1M1", "loyalty", "LOYALTY",
        "charge", "CHARGE", "time", "TIME", "shield", "SHIELD", "stun", "STUN", "oil", "OIL");
    static final Map<String, String> COLORS = Map.of("white", "White", "blue", "Blue", "black", "Black", "red", "Red", "green", "Green");

    /** One card the position names: who has it, where, its name and ref, in the order given. */
    static final class Placed {
        final int seat; final String zone; final String name; final String ref;
        Placed(int seat, String zone, String name, String ref) { this.seat = seat; this.zone = zone; this.name = name; this.ref = ref; }
    }

    final List<String> names = new ArrayList<>();
    final List<String> lines = new ArrayList<>();
    final List<Placed> placed = new ArrayList<>();
    String step;

    /** Build the loader's text; an {@link IllegalArgumentException} names what Forge can't be given. */
    @SuppressWarnings("unchecked")
    Position(Map<String, Object> position) {
        List<Map<String, Object>> players = (List<Map<String, Object>>) position.get("players");
        for (Map<String, Object> p : players) names.add((String) p.get("name"));
        Map<String, Object> turn = (Map<String, Object>) position.get("turn");
        step = (String) turn.get("step");
        int active = names.indexOf((String) turn.get("active_player"));
        if (active < 0) throw new IllegalArgumentException("unknown active player " + turn.get("active_player"));
        lines.add("turn=" + turn.get("number"));
        lines.add("activeplayer=p" + active);
        lines.add("activephase=" + STEPS.get(step));
        lines.add("removesummoningsickness=false");
        Map<String, Integer> ids = new HashMap<>();
        int next = 1;
        for (Map<String, Object> p : players) {
            for (String zone : List.of("library", "hand", "graveyard", "exile", "battlefield")) {
                for (Map<String, Object> c : (List<Map<String, Object>>) p.getOrDefault(zone, List.of())) ids.put((String) c.get("ref"), next++);
            }
        }
        for (int seat = 0; seat < players.size(); seat++) {
            Map<String, Object> p = players.get(seat);
            String pre = "p" + seat;
            lines.add(pre + "life=" + ((Number) p.getOrDefault("life", 20L)).intValue());
            Map<String, Object> pool = (Map<String, Object>) p.getOrDefault("mana_pool", Map.of());
            StringBuilder mana = new StringBuilder();
            for (Map.Entry<String, Object> e : pool.entrySet()) {
                for (int k = 0; k < ((Number) e.getValue()).intValue(); k++) mana.append(mana.length() > 0 ? " " : "").append(e.getKey());
            }
            if (mana.length() > 0) lines.add(pre + "manapool=" + mana);
            for (String zone : List.of("library", "hand", "graveyard", "exile", "battlefield")) {
                List<Map<String, Object>> cards = (List<Map<String, Object>>) p.getOrDefault(zone, List.of());
                if (cards.isEmpty()) continue;
                List<String> texts = new ArrayList<>();
                for (Map<String, Object> c : cards) {
                    String name = (String) c.get("card");
                    if (name.contains(";") || name.contains("|")) throw new IllegalArgumentException("a card name Forge's loader can't read: " + name);
                    StringBuilder t = new StringBuilder(name).append("|Id:").append(ids.get((String) c.get("ref")));
                    if (Boolean.TRUE.equals(c.get("tapped"))) t.append("|Tapped");
                    if (Boolean.TRUE.equals(c.get("came_under_control_this_turn"))) t.append("|SummonSick");
                    Map<String, Object> counters = (Map<String, Object>) c.getOrDefault("counters", Map.of());
                    if (!counters.isEmpty()) {
                        List<String> parts = new ArrayList<>();
                        for (Map.Entry<String, Object> e : counters.entrySet()) {
                            String kind = COUNTERS.get(e.getKey());
                            if (kind == null) throw new IllegalArgumentException("a counter kind the bridge can't name to Forge: " + e.getKey());
                            parts.add(kind + "=" + e.getValue());
                        }
                        t.append("|Counters:").append(String.join(",", parts));
                    }
                    if (c.get("owner") != null && !c.get("owner").equals(p.get("name"))) {
                        t.append("|Owner:P").append(names.indexOf((String) c.get("owner")));
                    }
                    if (c.get("chosen_color") != null) t.append("|ChosenColor:").append(COLORS.get((String) c.get("chosen_color")));
                    if (c.get("attached_to") != null) t.append("|AttachedTo:").append(ids.get((String) c.get("attached_to")));
                    if (c.get("copy_of") != null) throw new IllegalArgumentException("a permanent that is a copy of another (707.2) can't be given to Forge's loader");
                    texts.add(t.toString());
                    placed.add(new Placed(seat, zone, name, (String) c.get("ref")));
                }
                lines.add(pre + zone + "=" + String.join(";", texts));
            }
        }
    }
}
