package mtgconformance;

import forge.card.ColorSet;
import forge.card.MagicColor;
import forge.game.Game;
import forge.game.GameEntity;
import forge.game.card.Card;
import forge.game.card.CounterType;
import forge.game.combat.Combat;
import forge.game.keyword.Keyword;
import forge.game.phase.PhaseHandler;
import forge.game.phase.PhaseType;
import forge.game.player.Player;
import forge.game.spellability.SpellAbilityStackInstance;
import forge.game.zone.ZoneType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The observation (observation.schema.json) read from Forge's game while its loop waits. */
final class Observe {
    private Observe() {}

    static final String[][] POOL = {{"W", "WHITE"}, {"U", "BLUE"}, {"B", "BLACK"}, {"R", "RED"}, {"G", "GREEN"}, {"C", "COLORLESS"}};
    static final Keyword[] KEYWORDS = {Keyword.FLYING, Keyword.HASTE, Keyword.VIGILANCE, Keyword.TRAMPLE, Keyword.REACH,
        Keyword.FIRST_STRIKE, Keyword.DOUBLE_STRIKE, Keyword.DEATHTOUCH, Keyword.LIFELINK, Keyword.FLASH, Keyword.DEFENDER,
        Keyword.MENACE, Keyword.HEXPROOF, Keyword.INDESTRUCTIBLE};

    /** The contract's step of Forge's phase (500.1). */
    static String step(PhaseType phase) {
        if (phase == null) return "untap";
        if (phase == PhaseType.COMBAT_FIRST_STRIKE_DAMAGE) return "combat-damage";
        for (Map.Entry<String, String> e : Position.STEPS.entrySet()) if (e.getValue().equals(phase.name())) return e.getKey();
        return "untap";
    }

    static Map<String, Object> observation(Session s) {
        Game g = s.table.game;
        PhaseHandler ph = g.getPhaseHandler();
        Table.Ask ask = s.table.pending;
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("contract", Main.CONTRACT);
        String priority = ask != null && ask.kind.equals("priority") ? ask.player.getName() : "";
        o.put("turn", Json.obj("number", ph.getTurn(), "active_player", ph.getPlayerTurn().getName(),
            "step", step(ph.getPhase()), "priority_player", priority));
        List<Object> players = new ArrayList<>();
        for (Player p : g.getRegisteredPlayers()) {
            Map<String, Object> pool = new LinkedHashMap<>();
            for (String[] c : POOL) {
                int n = c[0].equals("C") ? p.getManaPool().getAmountOfColor((byte) 0) + p.getManaPool().getAmountOfColor((byte) forge.card.mana.ManaAtom.COLORLESS) : p.getManaPool().getAmountOfColor(MagicColor.fromName(c[0]));
                if (n > 0) pool.put(c[0], n);
            }
            Map<String, Object> po = Json.obj("name", p.getName(), "life", p.getLife(), "lost", p.hasLost(), "mana_pool", pool);
            po.put("library", zone(s, p, ZoneType.Library));
            po.put("hand", zone(s, p, ZoneType.Hand));
            po.put("graveyard", zone(s, p, ZoneType.Graveyard));
            po.put("exile", zone(s, p, ZoneType.Exile));
            players.add(po);
        }
        o.put("players", players);
        List<Object> bf = new ArrayList<>();
        for (Player p : g.getRegisteredPlayers()) for (Card c : p.getCardsIn(ZoneType.Battlefield)) bf.add(permanent(s, c, g.getCombat()));
        o.put("battlefield", bf);
        List<Object> stack = new ArrayList<>();
        for (SpellAbilityStackInstance si : g.getStack()) {
            Card src = si.getSourceCard();
            Map<String, Object> item = Json.obj("kind", si.isSpell() ? "spell" : si.isTrigger() ? "triggered" : "activated",
                "name", src == null ? "" : src.getName(), "controller", si.getActivatingPlayer().getName(),
                "text", si.getStackDescription(), "ref", src == null ? null : s.ref(src));
            if (si.isSpell() && src != null && src.getManaCost().countX() > 0) item.put("x", si.getSpellAbility(true).getXManaCostPaid());
            stack.add(0, item);
        }
        o.put("stack", stack);
        o.put("pending_choice", Questions.pending(s));
        o.put("events", s.events);
        return o;
    }

    private static List<Object> zone(Session s, Player p, ZoneType z) {
        List<Object> l = new ArrayList<>();
        for (Card c : p.getCardsIn(z)) l.add(Json.obj("name", c.getName(), "ref", s.ref(c)));
        return l;
    }

    static Map<String, Object> permanent(Session s, Card c, Combat combat) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ref", s.ref(c));
        m.put("name", c.getName());
        m.put("owner", c.getOwner().getName());
        m.put("controller", c.getController().getName());
        m.put("token", c.isToken());
        m.put("tapped", c.isTapped());
        List<String> types = new ArrayList<>();
        c.getType().getCoreTypes().forEach(t -> types.add(t.name()));
        m.put("types", types);
        List<String> sub = new ArrayList<>();
        c.getType().getSubtypes().forEach(sub::add);
        m.put("subtypes", sub);
        List<String> sup = new ArrayList<>();
        c.getType().getSupertypes().forEach(t -> sup.add(t.name()));
        m.put("supertypes", sup);
        ColorSet cs = c.getColor();
        List<String> colors = new ArrayList<>();
        if (cs.hasWhite()) colors.add("white");
        if (cs.hasBlue()) colors.add("blue");
        if (cs.hasBlack()) colors.add("black");
        if (cs.hasRed()) colors.add("red");
        if (cs.hasGreen()) colors.add("green");
        m.put("colors", colors);
        boolean creature = c.isCreature();
        m.put("power", creature ? c.getNetPower() : null);
        m.put("toughness", creature ? c.getNetToughness() : null);
        m.put("base_power", creature ? c.getCurrentPower() : null);
        m.put("base_toughness", creature ? c.getCurrentToughness() : null);
        List<String> kws = new ArrayList<>();
        for (Keyword k : KEYWORDS) if (c.hasKeyword(k)) kws.add(k.toString().toLowerCase());
        m.put("keywords", kws);
        Map<String, Object> counters = new LinkedHashMap<>();
        for (Map.Entry<CounterType, Integer> e : c.getCounters().entrySet()) {
            if (e.getValue() > 0) counters.put(e.getKey().getName().toLowerCase(), e.getValue());
        }
        m.put("counters", counters);
        m.put("mana_value", c.getCMC());
        m.put("damage", c.getDamage());
        if (c.getChosenColor() != null && !c.getChosenColor().isEmpty()) m.put("chosen_color", c.getChosenColor().toLowerCase());
        Card to = c.getAttachedTo();
        if (to != null) m.put("attached_to", s.ref(to));
        if (combat != null) {
            GameEntity d = combat.getDefenderByAttacker(c);
            if (d instanceof Player) {
                m.put("attacking", ((Player) d).getName());
                if (s.blockersDeclared()) m.put("blocked", combat.isBlocked(c));
            }
            List<Object> blocking = new ArrayList<>();
            for (Card a : combat.getAttackersBlockedBy(c)) blocking.add(s.ref(a));
            if (!blocking.isEmpty()) m.put("blocking", blocking);
        }
        return m;
    }
}
