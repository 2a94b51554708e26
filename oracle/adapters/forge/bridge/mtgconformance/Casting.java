package mtgconformance;

import forge.ai.AiCostDecision;
import forge.ai.ComputerUtil;
import forge.ai.ComputerUtilCost;
import forge.card.MagicColor;
import forge.game.Game;
import forge.game.GameEntity;
import forge.game.card.Card;
import forge.game.cost.Cost;
import forge.game.cost.CostAdjustment;
import forge.game.keyword.Keyword;
import forge.game.mana.ManaCostBeingPaid;
import forge.game.mana.ManaPool;
import forge.game.player.Player;
import forge.game.spellability.SpellAbility;
import forge.game.zone.ZoneType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Casting a spell (CR 601.2) and activating an ability (602.2, 605.3a) with the payment the
 *  action states: the mana abilities it names, activated in order (601.2g), then the cost paid
 *  from the pool with the mana it names (601.2h). Forge's AI never chooses the payment. */
final class Casting {
    private Casting() {}

    /** A card's activated abilities, mana abilities included, in the order of its rules text. */
    static List<SpellAbility> abilities(Card c) {
        List<SpellAbility> l = new ArrayList<>();
        for (SpellAbility sa : c.getManaAbilities()) l.add(sa);
        for (SpellAbility sa : c.getNonManaAbilities()) if (sa.isActivatedAbility()) l.add(sa);
        String text = c.getOracleText() == null ? "" : c.getOracleText();
        boolean basic = c.isBasicLand() || text.isEmpty();
        l.sort(Comparator.comparingInt(sa -> {
            if (basic && sa.isManaAbility() && sa.isIntrinsic()) return -1;
            String d = sa.getDescription() == null ? "" : sa.getDescription();
            int cut = d.indexOf(':');
            String head = cut > 0 ? d.substring(0, cut) : d;
            int at = head.isEmpty() ? -1 : text.indexOf(head);
            return at < 0 ? Integer.MAX_VALUE : at;
        }));
        return l;
    }

    @SuppressWarnings("unchecked")
    static Table.Step start(Session s, Table.Ask ask, Player player, Map<String, Object> action) {
        Table.Step no = Perform.needPriority(ask, player);
        boolean cast = action.get("type").equals("cast");
        Game g = s.table.game;
        SpellAbility sa;
        if (cast) {
            if (no != null) return no;
            Card card = s.card((String) action.get("card"));
            if (card == null) return Table.Step.refuse("unknown-object", "no card " + action.get("card"));
            if (action.get("additional_costs") != null || action.get("alternative_cost") != null) {
                return Table.Step.refuse("unsupported", "the bridge does not announce additional or alternative costs to Forge");
            }
            if (!card.isInZone(ZoneType.Hand) || card.getOwner() != player) {
                return Table.Step.refuse("not-allowed", card.getName() + " is not in " + player.getName() + "'s hand (601.2a)");
            }
            if (card.isLand()) return Table.Step.refuse("not-allowed", card.getName() + " is a land: it is played, not cast (305.9)");
            sa = card.getFirstSpellAbility();
            if (sa == null) return Table.Step.refuse("unsupported", "Forge has no spell for " + card.getName());
        } else {
            Card card = s.card((String) action.get("source"));
            if (card == null) return Table.Step.refuse("unknown-object", "no object " + action.get("source"));
            List<SpellAbility> abs = abilities(card);
            int n = ((Number) action.get("ability")).intValue();
            if (n > abs.size()) return Table.Step.refuse("unknown-object", card.getName() + " has no activated ability number " + n);
            sa = abs.get(n - 1);
            if (sa.isManaAbility()) {
                if (no != null) return no;
                Table.Step bad = checkCost(sa, card, player);
                if (bad != null) return bad;
                final SpellAbility mana = sa;
                Driven.completion = played -> activateMana(s, player, mana);
                s.table.expectCompletion();
                List<SpellAbility> l = new ArrayList<>();
                l.add(sa);
                return Table.Step.answer(l);
            }
            if (no != null) return no;
            Table.Step bad = checkCost(sa, card, player);
            if (bad != null) return bad;
        }
        sa.setActivatingPlayer(player);
        if (!sa.canPlay()) return Table.Step.refuse("timing", sa.getHostCard().getName() + " can't be " + (cast ? "cast" : "activated") + " now (117.1a, 307.1, 602.5)");
        List<Object> targets = (List<Object>) action.getOrDefault("targets", List.of());
        if (sa.usesTargeting()) {
            sa.resetTargets();
            for (Object t : targets) {
                GameEntity e = Perform.entity(s, (String) t);
                if (e == null) return Table.Step.refuse("unknown-object", "no object " + t);
                if (!sa.canTarget(e)) { sa.resetTargets(); return Table.Step.refuse("illegal-target", t + " is not a legal target (601.2c, 115.1)"); }
                sa.getTargets().add(e);
            }
            if (!sa.isTargetNumberValid()) { sa.resetTargets(); return Table.Step.refuse("illegal-target", "the number of targets is not legal (601.2c)"); }
        } else if (!targets.isEmpty()) {
            return Table.Step.refuse("illegal-target", sa.getHostCard().getName() + " has no targets (115.1)");
        }
        if (action.get("x") != null) {
            if (sa.getPayCosts() == null || sa.getPayCosts().getTotalMana().countX() == 0) {
                return Table.Step.refuse("not-allowed", sa.getHostCard().getName() + " has no X in its cost to announce (107.3, 601.2b)");
            }
            sa.setXManaCostPaid(((Number) action.get("x")).intValue());
        }
        final SpellAbility chosen = sa;
        Driven.completion = played -> complete(s, player, chosen, action, cast);
        s.table.expectCompletion();
        List<SpellAbility> l = new ArrayList<>();
        l.add(sa);
        return Table.Step.answer(l);
    }

    /** The {T} rule (302.6), an already tapped source (107.5) and an unpayable cost, before acting. */
    static Table.Step checkCost(SpellAbility sa, Card card, Player player) {
        sa.setActivatingPlayer(player);
        if (card.getController() != player) return Table.Step.refuse("not-allowed", player.getName() + " does not control " + card.getName() + " (602.2)");
        Cost cost = sa.getPayCosts();
        if (cost != null && cost.hasTapCost()) {
            if (card.isTapped()) return Table.Step.refuse("already-tapped", card.getName() + " is already tapped (107.5)");
            if (card.isCreature() && card.hasSickness() && !card.hasKeyword(Keyword.HASTE)) {
                return Table.Step.refuse("summoning-sickness", card.getName() + " has summoning sickness (302.6)");
            }
        }
        if (cost != null && cost.hasSpecificCostType(forge.game.cost.CostUntap.class)) {
            if (!card.isTapped()) return Table.Step.refuse("already-untapped", card.getName() + " is already untapped (107.6)");
            if (card.isCreature() && card.hasSickness() && !card.hasKeyword(Keyword.HASTE)) {
                return Table.Step.refuse("summoning-sickness", card.getName() + " has summoning sickness (302.6)");
            }
        }
        boolean payable = cost == null || ComputerUtilCost.canPayCost(sa, player, true) || !sa.isManaAbility();
        if (!payable) return Table.Step.refuse("cannot-pay", "the cost of " + card.getName() + "'s ability can't be paid (602.2b)");
        if (!sa.canPlay()) {
            if (cost != null && !cost.isOnlyManaCost() && !ComputerUtilCost.canPayCost(sa, player, true)) {
                return Table.Step.refuse("cannot-pay", "the cost of " + card.getName() + "'s ability can't be paid (602.2b)");
            }
            return Table.Step.refuse("timing", card.getName() + "'s ability can't be activated now (602.5)");
        }
        return null;
    }

    /** Activate a mana ability (605.3a): pay its cost, the player choosing the creature a "tap an
     *  untapped creature you control" cost taps (601.2h, 118.3), then add its mana. */
    static Table.Step activateMana(Session s, Player player, SpellAbility ma) {
        ma.setActivatingPlayer(player, true);
        Cost cost = ma.getPayCosts();
        if (cost != null) {
            AiCostDecision decider = new AiCostDecision(player, ma, true);
            for (forge.game.cost.CostPart part : cost.getCostParts()) {
                forge.game.cost.PaymentDecision decision;
                if (part instanceof forge.game.cost.CostTapType) {
                    forge.game.card.CardCollection valid = forge.game.card.CardLists.getValidCards(
                        player.getCardsIn(ZoneType.Battlefield), part.getType().split(";"), player, ma.getHostCard(), ma);
                    valid = forge.game.card.CardLists.filter(valid, forge.game.card.CardPredicates.Presets.UNTAPPED);
                    if (valid.isEmpty()) return Table.Step.refuse("cannot-pay", "no untapped creature to tap for " + ma.getHostCard().getName() + " (118.3)");
                    Card chosen = valid.size() == 1 ? valid.get(0)
                        : (Card) Choices.ask(s.table, player, Choices.cards(s, "permanent", "Choose a creature to tap (118.3)", valid));
                    decision = forge.game.cost.PaymentDecision.card(chosen);
                } else {
                    decision = part.accept(decider);
                }
                if (decision == null || !part.payAsDecided(player, decision, ma, true)) {
                    return Table.Step.refuse("cannot-pay", "the cost " + part + " can't be paid (605.3a)");
                }
            }
        }
        forge.game.ability.AbilityUtils.resolve(ma);
        return Table.Step.answer(null);
    }

    private static final Pattern SYMBOL = Pattern.compile("\\{([WUBRGC])\\}");

    /** Game thread, after Forge took the chosen spell or ability: put it on the stack and pay. */
    @SuppressWarnings("unchecked")
    static Table.Step complete(Session s, Player player, SpellAbility sa, Map<String, Object> action, boolean cast) {
        Game g = s.table.game;
        g.getStack().freezeStack();
        Card source = sa.getHostCard();
        if (cast) {
            source.setSplitStateToPlayAbility(sa);
            sa.setHostCard(g.getAction().moveToStack(source, sa));
        }
        sa.resetPaidHash();
        for (Object o : (List<Object>) action.getOrDefault("mana_abilities", List.of())) {
            Map<String, Object> m = (Map<String, Object>) o;
            Card c = s.card((String) m.get("source"));
            if (c == null) return Table.Step.refuse("unknown-object", "no object " + m.get("source"));
            List<SpellAbility> abs = abilities(c);
            int n = ((Number) m.get("ability")).intValue();
            if (n > abs.size() || !abs.get(n - 1).isManaAbility()) return Table.Step.refuse("cannot-pay", c.getName() + " has no mana ability number " + n + " (605.1a)");
            SpellAbility ma = abs.get(n - 1);
            Table.Step bad = checkCost(ma, c, player);
            if (bad != null) return bad;
            Table.Step failed = activateMana(s, player, ma);
            if (!failed.proceed) return failed;
        }
        Cost full = sa.getPayCosts() == null ? null : CostAdjustment.adjust(sa.getPayCosts(), sa);
        forge.game.cost.CostPartMana part = full == null ? null : full.getCostMana();
        ManaCostBeingPaid toPay = new ManaCostBeingPaid(part == null ? forge.card.mana.ManaCost.ZERO : part.getManaCostFor(sa),
            part == null ? null : part.getRestriction());
        if (toPay.getXcounter() > 0) {
            int x = sa.getXManaCostPaid() == null ? 0 : sa.getXManaCostPaid();
            toPay.setXManaCostPaid(x, sa.getParamOrDefault("XColor", "1"));
            sa.setXManaCostPaid(x);
        }
        CostAdjustment.adjust(toPay, sa, null, false);
        ManaPool pool = player.getManaPool();
        String stated = (String) action.get("mana");
        if (stated != null) {
            Matcher mt = SYMBOL.matcher(stated);
            while (mt.find()) {
                String sym = mt.group(1);
                byte color = sym.equals("C") ? (byte) forge.card.mana.ManaAtom.COLORLESS : MagicColor.fromName(sym);
                if (!pool.tryPayCostWithColor(color, sa, toPay)) {
                    return Table.Step.refuse("cannot-pay", "the mana " + stated + " does not pay " + toPay + " (601.2h)");
                }
            }
        } else if (!toPay.isPaid()) {
            ManaPool.payManaCostFromPool(toPay, sa, player, false, new ArrayList<>());
        }
        if (!toPay.isPaid()) return Table.Step.refuse("cannot-pay", "the mana in the pool does not pay " + toPay + " (601.2h)");
        if (full != null) {
            AiCostDecision decider = new AiCostDecision(player, sa, false);
            for (forge.game.cost.CostPart other : full.getCostParts()) {
                if (other instanceof forge.game.cost.CostPartMana) continue;
                forge.game.cost.PaymentDecision decision = other.accept(decider);
                if (decision == null || !other.payAsDecided(player, decision, sa, false)) {
                    return Table.Step.refuse("cannot-pay", "the cost " + other + " of " + source.getName() + " can't be paid (601.2h, 602.2b)");
                }
            }
        }
        g.getStack().addAndUnfreeze(sa);
        return Table.Step.answer(null);
    }
}
