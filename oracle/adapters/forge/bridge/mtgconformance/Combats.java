package mtgconformance;

import forge.game.card.Card;
import forge.game.combat.Combat;
import forge.game.combat.CombatUtil;
import forge.game.keyword.Keyword;
import forge.game.player.Player;
import forge.game.zone.ZoneType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Declaring attackers (CR 508.1) and blockers (509.1), checked before the declaration is made
 *  and made as a whole or not at all. */
final class Combats {
    private Combats() {}

    static Table.Step attackers(Session s, Table.Ask ask, Player player, List<Object> refs) {
        if (!ask.kind.equals("attackers")) {
            return Table.Step.refuse("timing", "attackers are declared as the declare attackers step begins, once (508.1)");
        }
        if (ask.player != player) return Table.Step.refuse("timing", player.getName() + " is not the active player (508.1)");
        Combat combat = Perform.combat(ask);
        Player defender = Perform.opponent(s, player);
        List<Card> cards = new ArrayList<>();
        for (Object r : refs) {
            Card c = s.card((String) r);
            if (c == null || !c.isInZone(ZoneType.Battlefield)) return Table.Step.refuse("unknown-object", "no permanent " + r);
            if (c.getController() != player) return Table.Step.refuse("not-allowed", player.getName() + " does not control " + c.getName() + " (508.1a)");
            if (!c.isCreature()) return Table.Step.refuse("not-allowed", c.getName() + " is not a creature (508.1a)");
            if (c.isTapped()) return Table.Step.refuse("already-tapped", c.getName() + " is tapped (508.1a)");
            if (c.hasSickness() && !c.hasKeyword(Keyword.HASTE)) return Table.Step.refuse("summoning-sickness", c.getName() + " has not been controlled continuously since the turn began (302.6, 508.1a)");
            if (!CombatUtil.canAttack(c, defender)) return Table.Step.refuse("not-allowed", c.getName() + " can't attack (508.1a)");
            cards.add(c);
        }
        for (Card c : cards) combat.addAttacker(c, defender);
        if (!CombatUtil.validateAttackers(combat)) {
            for (Card c : cards) combat.removeFromCombat(c);
            return Table.Step.refuse("not-allowed", "Forge finds this declaration of attackers illegal (508.1c-d)");
        }
        return Table.Step.answer(null);
    }

    @SuppressWarnings("unchecked")
    static Table.Step blockers(Session s, Table.Ask ask, Player player, List<Object> pairs) {
        if (!ask.kind.equals("blockers")) {
            return Table.Step.refuse("timing", "blockers are declared as the declare blockers step begins (509.1)");
        }
        if (ask.player != player) return Table.Step.refuse("no-priority", player.getName() + " is not the defending player (509.1)");
        Combat combat = Perform.combat(ask);
        List<Card[]> made = new ArrayList<>();
        for (Object o : pairs) {
            Map<String, Object> pair = (Map<String, Object>) o;
            Card b = s.card((String) pair.get("blocker"));
            Card a = s.card((String) pair.get("attacker"));
            if (b == null || !b.isInZone(ZoneType.Battlefield)) return Table.Step.refuse("unknown-object", "no permanent " + pair.get("blocker"));
            if (a == null) return Table.Step.refuse("unknown-object", "no permanent " + pair.get("attacker"));
            if (b.getController() != player) return Table.Step.refuse("not-allowed", player.getName() + " does not control " + b.getName() + " (509.1a)");
            if (!b.isCreature()) return Table.Step.refuse("not-allowed", b.getName() + " is not a creature (509.1a)");
            if (b.isTapped()) return Table.Step.refuse("already-tapped", b.getName() + " is tapped (509.1a)");
            if (!combat.isAttacking(a)) return Table.Step.refuse("not-allowed", a.getName() + " is not attacking (509.1a)");
            if (!CombatUtil.canBlock(a, b, combat)) return Table.Step.refuse("not-allowed", b.getName() + " can't block " + a.getName() + " (509.1b)");
            forge.game.card.CardCollection already = new forge.game.card.CardCollection();
            for (Card[] m : made) if (m[1] == b) already.add(m[0]);
            if (!already.isEmpty() && !CombatUtil.canBlockMoreCreatures(b, already)) {
                return Table.Step.refuse("not-allowed", b.getName() + " can't block more than one creature (509.1a)");
            }
            made.add(new Card[]{a, b});
        }
        for (Card[] m : made) combat.addBlocker(m[0], m[1]);
        String wrong = CombatUtil.validateBlocks(combat, player);
        if (wrong != null) {
            for (Card[] m : made) combat.removeBlockAssignment(m[0], m[1]);
            return Table.Step.refuse("not-allowed", "Forge finds this declaration of blockers illegal: " + wrong + " (509.1c)");
        }
        return Table.Step.answer(null);
    }
}
