package mtgconformance;

import forge.game.GameEntity;
import forge.game.card.Card;
import forge.game.card.CardCollectionView;
import forge.game.player.Player;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Forge's questions in the contract's words: the division of combat damage among several
 *  blockers and, with trample, the player attacked (CR 510.1c-d, 702.19b). */
final class Questions {
    private Questions() {}

    static Map<String, Object> pending(Session s) {
        Table.Ask ask = s.table.pending;
        if (ask != null && ask.kind.equals("choice")) return ((Choices) ask.detail).json(ask.player);
        if (ask == null || !ask.kind.equals("combat-damage")) return null;
        Object[] d = (Object[]) ask.detail;
        Card attacker = (Card) d[0];
        return Json.obj("player", ask.player.getName(), "kind", "combat-damage", "source", s.ref(attacker),
            "prompt", "How does " + attacker.getName() + " divide its combat damage? (510.1c)", "options", options(s, ask));
    }

    /** Every legal division: each blocker and, with trample, the player, named with its amount. */
    static List<Object> options(Session s, Table.Ask ask) {
        Object[] d = (Object[]) ask.detail;
        Card attacker = (Card) d[0];
        CardCollectionView blockers = (CardCollectionView) d[1];
        int total = (Integer) d[2];
        GameEntity defender = (GameEntity) d[3];
        boolean trample = attacker.hasKeyword(forge.game.keyword.Keyword.TRAMPLE) && defender != null;
        boolean deathtouch = attacker.hasKeyword(forge.game.keyword.Keyword.DEATHTOUCH);
        List<String> names = new ArrayList<>();
        List<Integer> lethal = new ArrayList<>();
        for (Card b : blockers) {
            names.add(s.ref(b));
            lethal.add(deathtouch ? 1 : Math.max(0, b.getLethalDamage()));
        }
        int k = names.size() + (trample ? 1 : 0);
        List<Object> out = new ArrayList<>();
        int[] parts = new int[k];
        divide(parts, 0, total, trample, lethal, names, defender, out);
        return out;
    }

    private static void divide(int[] parts, int at, int left, boolean trample, List<Integer> lethal, List<String> names,
                               GameEntity defender, List<Object> out) {
        if (at == parts.length - 1) {
            parts[at] = left;
            if (trample && left > 0) {
                for (int i = 0; i < lethal.size(); i++) if (parts[i] < lethal.get(i)) return;
            }
            List<String> words = new ArrayList<>();
            for (int i = 0; i < parts.length; i++) {
                String who = i < names.size() ? names.get(i) : ((Player) defender).getName();
                words.add(parts[i] + " to " + who);
            }
            out.add(String.join("; ", words));
            return;
        }
        for (int v = left; v >= 0; v--) { parts[at] = v; divide(parts, at + 1, left - v, trample, lethal, names, defender, out); }
    }

    /** Answer the pending question with one of its options. */
    static Table.Step choose(Session s, Table.Ask ask, Player player, String choice) {
        if (ask.kind.equals("choice")) {
            Choices c = (Choices) ask.detail;
            if (ask.player != player) return Table.Step.refuse("invalid-choice", player.getName() + " is not the one asked");
            int i = c.options.indexOf(choice);
            if (i < 0) return Table.Step.refuse("invalid-choice", choice + " is not one of the options " + c.options);
            return Table.Step.answer(c.values.get(i));
        }
        if (!ask.kind.equals("combat-damage")) return Table.Step.refuse("no-pending-choice", "no question is pending");
        if (ask.player != player) return Table.Step.refuse("invalid-choice", player.getName() + " is not the one asked");
        if (!options(s, ask).contains(choice)) return Table.Step.refuse("invalid-choice", choice + " is not one of the options");
        Object[] d = (Object[]) ask.detail;
        Map<Card, Integer> map = new HashMap<>();
        for (String part : choice.split("; ")) {
            String[] w = part.split(" to ", 2);
            int amount = Integer.parseInt(w[0]);
            Card c = s.card(w[1]);
            if (c == null) map.merge(null, amount, Integer::sum);
            else map.put(c, amount);
        }
        return Table.Step.answer(map);
    }
}
