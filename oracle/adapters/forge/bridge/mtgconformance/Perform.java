package mtgconformance;

import forge.game.Game;
import forge.game.GameEntity;
import forge.game.card.Card;
import forge.game.combat.Combat;
import forge.game.combat.CombatUtil;
import forge.game.phase.PhaseType;
import forge.game.player.Player;
import forge.game.spellability.LandAbility;
import forge.game.spellability.SpellAbility;
import forge.game.zone.ZoneType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The contract's actions (action.schema.json) as answers to the question Forge's loop waits on.
 *  Everything a refusal depends on is checked before Forge is touched where it can be; a cast or
 *  activation refused while paying (601.2g-h) has touched the game, which {@link Session} rebuilds. */
final class Perform {
    private Perform() {}

    @SuppressWarnings("unchecked")
    static Function<Table.Ask, Table.Step> task(Session s, Map<String, Object> action) {
        return ask -> {
            String type = (String) action.get("type");
            Player player = s.table.player((String) action.get("player"));
            if (player == null) return Table.Step.refuse("unknown-object", "no player named " + action.get("player"));
            switch (type) {
                case "pass":
                    if (!ask.kind.equals("priority")) return pendingQuestion(ask);
                    if (ask.player != player) return Table.Step.refuse("no-priority", player.getName() + " does not have priority (117.3d)");
                    return Table.Step.answer(null);
                case "declare-attackers":
                    return Combats.attackers(s, ask, player, (List<Object>) action.get("attackers"));
                case "declare-blockers":
                    return Combats.blockers(s, ask, player, (List<Object>) action.get("blockers"));
                case "choose":
                    return Questions.choose(s, ask, player, (String) action.get("choice"));
                case "play":
                    return play(s, ask, player, (String) action.get("card"));
                case "cast":
                case "activate":
                    return Casting.start(s, ask, player, action);
                default:
                    return Table.Step.refuse("unsupported", "the bridge does not play the action " + type);
            }
        };
    }

    /** While Forge waits on a declaration or a choice, only that answers it. */
    static Table.Step pendingQuestion(Table.Ask ask) {
        if (ask.kind.equals("attackers") || ask.kind.equals("blockers")) {
            return Table.Step.refuse("timing", "no player has priority until " + ask.player.getName() + " declares " + ask.kind + " (508.1, 509.1)");
        }
        String kind = ask.kind.equals("choice") ? ((Choices) ask.detail).kind : ask.kind;
        return Table.Step.refuse("pending-choice", ask.player.getName() + " must first answer a " + kind + " question");
    }

    /** Priority held by this player, else the code the contract gives (117.1, 117.3d). */
    static Table.Step needPriority(Table.Ask ask, Player player) {
        if (!ask.kind.equals("priority")) return pendingQuestion(ask);
        if (ask.player != player) return Table.Step.refuse("no-priority", player.getName() + " does not have priority (117.1)");
        return null;
    }

    /** Play a land (305.1): the active player's main phase, an empty stack, one a turn (305.2). */
    static Table.Step play(Session s, Table.Ask ask, Player player, String ref) {
        Table.Step no = needPriority(ask, player);
        if (no != null) return no;
        Card card = s.card(ref);
        if (card == null) return Table.Step.refuse("unknown-object", "no card " + ref);
        if (!card.isLand()) return Table.Step.refuse("not-allowed", card.getName() + " is not a land card (305.1)");
        if (!card.isInZone(ZoneType.Hand) || card.getOwner() != player) {
            return Table.Step.refuse("not-allowed", card.getName() + " is not in " + player.getName() + "'s hand (305.1)");
        }
        Game g = s.table.game;
        PhaseType ph = g.getPhaseHandler().getPhase();
        if (g.getPhaseHandler().getPlayerTurn() != player || !ph.isMain() || !g.getStack().isEmpty()) {
            return Table.Step.refuse("timing", "a land is played in its controller's main phase with an empty stack (305.1, 305.3)");
        }
        LandAbility la = null;
        for (SpellAbility sa : card.getAllPossibleAbilities(player, true)) if (sa instanceof LandAbility) la = (LandAbility) sa;
        if (la == null) {
            return Table.Step.refuse("not-allowed", player.getName() + " has already played " + player.getLandsPlayedThisTurn() + " land(s) this turn (305.2)");
        }
        List<SpellAbility> l = new ArrayList<>();
        l.add(la);
        return Table.Step.answer(l);
    }

    /** A card or player named by a target ref. */
    static GameEntity entity(Session s, String ref) {
        Player p = s.table.player(ref);
        if (p != null) return p;
        return s.card(ref);
    }

    /** The opponent of a player (two-player games). */
    static Player opponent(Session s, Player p) {
        for (Player o : s.table.game.getPlayers()) if (o != p) return o;
        return null;
    }

    static Combat combat(Table.Ask ask) { return (Combat) ask.detail; }

    static boolean attackable(Card c, Player def) { return CombatUtil.canAttack(c, def); }
}
