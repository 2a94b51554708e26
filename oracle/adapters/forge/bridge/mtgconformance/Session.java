package mtgconformance;

import forge.game.card.Card;
import forge.game.phase.PhaseType;
import forge.game.player.Player;
import forge.game.zone.ZoneType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One wire session's game: the position set up, the actions accepted since, and the refs of its
 *  cards. Forge does not roll back an action it could not complete, so a refusal that touched the
 *  game rebuilds it from the position and replays the accepted actions: a rejected action changes
 *  nothing (the contract; CR 727 describes the same for an illegal action). */
final class Session {
    /** The session of this JVM (one wire session per process), for the controllers' questions. */
    static volatile Session current;
    Table table;
    private Map<String, Object> position;
    private Position built;
    private final List<Map<String, Object>> accepted = new ArrayList<>();
    private final Map<Integer, String> refs = new HashMap<>();
    final List<Object> events = new ArrayList<>();

    /** Replace the game with a position (position.schema.json). */
    Map<String, Object> setup(Map<String, Object> position) throws InterruptedException {
        Position p;
        try { p = new Position(position); } catch (IllegalArgumentException e) { return refusal("unsupported", e.getMessage()); }
        for (Position.Placed c : p.placed) {
            if (forge.StaticData.instance().getCommonCards().getCard(c.name) == null) {
                forge.StaticData.instance().attemptToLoadCard(c.name); // the card data is read lazily, card by card
            }
            if (forge.StaticData.instance().getCommonCards().getCard(c.name) == null) {
                return refusal("unsupported", "Forge has no card named " + c.name);
            }
        }
        this.position = position;
        this.built = p;
        accepted.clear();
        events.clear();
        return start() ? Json.obj("accepted", true) : refusal("unsupported", "Forge could not start the position: " + table.failure);
    }

    private boolean start() throws InterruptedException {
        if (table != null) table.abandon();
        current = this;
        table = new Table(built.names, built.lines);
        if (!table.settle() || table.failure != null) return false;
        refs.clear();
        Set<Integer> taken = new HashSet<>();
        for (Position.Placed c : built.placed) {
            Player owner = table.game.getPlayers().get(c.seat);
            ZoneType z = ZoneType.smartValueOf(c.zone.equals("battlefield") ? "Battlefield" : c.zone);
            for (Card card : owner.getCardsIn(z)) {
                if (card.getName().equals(c.name) && !taken.contains(card.getId())) {
                    taken.add(card.getId());
                    refs.put(card.getId(), c.ref);
                    break;
                }
            }
        }
        return true;
    }

    /** One action; a refusal leaves the game as it was. */
    Map<String, Object> perform(Map<String, Object> action) throws InterruptedException {
        if (table == null) return refusal("not-allowed", "no position is set up");
        if (table.pending == null) return refusal("not-allowed", "the game is over");
        Map<String, Object> r = table.perform(Perform.task(this, action));
        if (Boolean.TRUE.equals(r.get("accepted"))) {
            accepted.add(action);
        } else if (table.dirty) {
            rebuild();
        }
        return r;
    }

    private void rebuild() throws InterruptedException {
        List<Map<String, Object>> replay = new ArrayList<>(accepted);
        if (!start()) throw new IllegalStateException("Forge could not rebuild the position after a refused action");
        for (Map<String, Object> a : replay) {
            Map<String, Object> r = table.perform(Perform.task(this, a));
            if (!Boolean.TRUE.equals(r.get("accepted"))) throw new IllegalStateException("replaying " + Json.write(a) + " was refused: " + Json.write(r));
        }
    }

    Map<String, Object> observe() { return Observe.observation(this); }

    /** Whether blockers have been declared this combat (509.1), so that "blocked" is known. */
    boolean blockersDeclared() {
        PhaseType ph = table.game.getPhaseHandler().getPhase();
        if (table.game.getCombat() == null || ph == null) return false;
        if (ph == PhaseType.COMBAT_DECLARE_BLOCKERS) return table.pending == null || !table.pending.kind.equals("blockers");
        return ph.isAfter(PhaseType.COMBAT_DECLARE_BLOCKERS);
    }

    /** The ref of a card: the position's, else one made up from its name and Forge's id. */
    String ref(Card c) {
        String r = refs.get(c.getId());
        if (r != null) return r;
        return c.getName().toLowerCase().replaceAll("[^a-z0-9]+", "-") + "-forge-" + c.getId();
    }

    /** The card of a ref, wherever it is. */
    Card card(String ref) {
        for (Map.Entry<Integer, String> e : refs.entrySet()) {
            if (e.getValue().equals(ref)) return table.game.findById(e.getKey());
        }
        int at = ref.lastIndexOf("-forge-");
        if (at >= 0) {
            try { return table.game.findById(Integer.parseInt(ref.substring(at + 7))); } catch (NumberFormatException e) { return null; }
        }
        return null;
    }

    static Map<String, Object> refusal(String code, String reason) {
        return Json.obj("accepted", false, "rejection", Json.obj("code", code, "reason", reason));
    }
}
