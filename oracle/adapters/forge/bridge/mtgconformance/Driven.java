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
    public byte chooseColor(String message, SpellAbility sa, forge.card.ColorSet colors) {
        if (table.settingUp) return super.chooseColor(message, sa, colors);
        Choices c = Choices.color(sa != null && sa.isManaAbility(), colors);
        if (c.options.size() == 1) return (Byte) c.values.get(0);
        return (Byte) Choices.ask(table, player, c);
    }

    @Override
    public List<String> chooseColors(String message, SpellAbility sa, int min, int max, List<String> options) {
        if (min != 1 || max != 1 || table.settingUp) return super.chooseColors(message, sa, min, max, options);
        Choices c = new Choices("color", message);
        for (String o : options) c.add(o.toLowerCase(), o);
        List<String> out = new java.util.ArrayList<>();
        out.add((String) (c.options.size() == 1 ? c.values.get(0) : Choices.ask(table, player, c)));
        return out;
    }

    @Override
    public forge.game.replacement.ReplacementEffect chooseSingleReplacementEffect(String prompt, List<forge.game.replacement.ReplacementEffect> list) {
        if (list.size() == 1) return list.get(0);
        return (forge.game.replacement.ReplacementEffect) Choices.ask(table, player, Choices.replacement(list));
    }

    @Override
    public forge.game.card.CardCollection chooseCardsToDiscardToMaximumHandSize(int n) {
        return Choices.discard(table, Session.current, player, n);
    }

    @Override
    public CardCollectionView choosePermanentsToSacrifice(SpellAbility sa, int min, int max, CardCollectionView valid, String message) {
        if (max != 1 || valid.size() <= min) return super.choosePermanentsToSacrifice(sa, min, max, valid, message);
        return Choices.sacrifice(table, Session.current, player, valid, min == 0);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends GameEntity> T chooseSingleEntityForEffect(forge.util.collect.FCollectionView<T> options, forge.game.player.DelayedReveal reveal,
            SpellAbility sa, String title, boolean optional, Player related, Map<String, Object> params) {
        boolean legend = sa != null && sa.getApi() == forge.game.ability.ApiType.InternalLegendaryRule;
        if (!legend || options.size() <= 1) return super.chooseSingleEntityForEffect(options, reveal, sa, title, optional, related, params);
        java.util.List<Card> cards = new java.util.ArrayList<>();
        for (T o : options) cards.add((Card) o);
        return (T) Choices.ask(table, player, Choices.cards(Session.current, "legend-rule", "Choose the legendary permanent to keep (704.5j)", cards));
    }

    @Override
    public boolean payCostToPreventEffect(forge.game.cost.Cost cost, SpellAbility sa, boolean alreadyPaid, forge.util.collect.FCollectionView<Player> payers) {
        List<forge.game.cost.CostPart> parts = cost.getCostParts();
        if (parts.size() != 1 || !(parts.get(0) instanceof forge.game.cost.CostSacrifice)) return super.payCostToPreventEffect(cost, sa, alreadyPaid, payers);
        forge.game.cost.CostSacrifice part = (forge.game.cost.CostSacrifice) parts.get(0);
        Card source = sa.getHostCard();
        forge.game.card.CardCollection valid = forge.game.card.CardLists.getValidCards(player.getCardsIn(forge.game.zone.ZoneType.Battlefield),
            part.getType().split(";"), player, source, sa);
        Choices c = Choices.cards(Session.current, "sacrifice", "Sacrifice " + part.getTypeDescription() + ", or not (118.12)", valid);
        boolean sourceThere = source != null && source.isInZone(forge.game.zone.ZoneType.Battlefield) && !valid.contains(source);
        if (sourceThere) c.add(Session.current.ref(source), null);
        else if (!valid.contains(source)) c.add("none", null);
        Card chosen = (Card) Choices.ask(table, player, c);
        if (chosen == null) return false;
        return part.payAsDecided(player, forge.game.cost.PaymentDecision.card(chosen), sa, true);
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
