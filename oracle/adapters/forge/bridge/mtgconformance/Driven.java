package mtgconformance;

import forge.LobbyPlayer;
import forge.ai.PlayerControllerAi;
import forge.game.Game;
import forge.game.GameEntity;
import forge.game.card.Card;
import forge.game.card.CardCollectionView;
import forge.game.combat.Combat;
import forge.game.player.Player;
import forge.game.spellability.SpellAbility;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A player's controller that asks the wire, not Forge's AI, at each decision the suite makes:
 *  priority (CR 117), the declaration of attackers (508.1) and blockers (509.1), and the division
 *  of combat damage (510.1c-d). Other questions are answered as Forge's AI would. */
final class Driven extends PlayerControllerAi {
    private final Table table;

    Driven(Game g, Player p, LobbyPlayer lp, Table table) {
        super(g, p, lp);
        this.table = table;
    }

    /** The action that completes a chosen spell or ability (cast with its stated payment, 601.2). */
    static volatile Function<SpellAbility, Table.Step> completion;

    @Override
    @SuppressWarnings("unchecked")
    public List<SpellAbility> chooseSpellAbilityToPlay() {
        return (List<SpellAbility>) table.ask("priority", player, null);
    }

    @Override
    public boolean playChosenSpellAbility(SpellAbility sa) {
        Function<SpellAbility, Table.Step> c = completion;
        if (c == null) return super.playChosenSpellAbility(sa);
        completion = null;
        table.complete(c.apply(sa));
        return true;
    }

    @Override
    public void declareAttackers(Player attacker, Combat combat) {
        table.ask("attackers", attacker, combat);
    }

    @Override
    public void declareBlockers(Player defender, Combat combat) {
        table.ask("blockers", defender, combat);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<Card, Integer> assignCombatDamage(Card attacker, CardCollectionView blockers, CardCollectionView remaining,
                                                 int damageDealt, GameEntity defender, boolean overrideOrder) {
        boolean trample = attacker.hasKeyword(forge.game.keyword.Keyword.TRAMPLE) && defender != null;
        if (blockers.size() <= 1 && !trample) {
            return super.assignCombatDamage(attacker, blockers, remaining, damageDealt, defender, overrideOrder);
        }
        Object[] detail = {attacker, blockers, damageDealt, defender};
        return (Map<Card, Integer>) table.ask("combat-damage", player, detail);
    }
}
