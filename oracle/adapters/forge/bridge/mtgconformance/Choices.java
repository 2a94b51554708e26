package mtgconformance;

import forge.card.ColorSet;
import forge.card.MagicColor;
import forge.game.card.Card;
import forge.game.card.CardCollection;
import forge.game.card.CardCollectionView;
import forge.game.player.Player;
import forge.game.replacement.ReplacementEffect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A question of the contract (observation.schema.json's pending_choice) put to the wire in place
 *  of Forge's AI: its kind, its options in the contract's words and the Forge value of each. */
final class Choices {
    final String kind;
    final String prompt;
    final List<String> options = new ArrayList<>();
    final List<Object> values = new ArrayList<>();

    Choices(String kind, String prompt) { this.kind = kind; this.prompt = prompt; }

    Choices add(String option, Object value) { options.add(option); values.add(value); return this; }

    static final String[] WORDS = {"white", "blue", "black", "red", "green"};
    static final String[] SYMBOLS = {"{W}", "{U}", "{B}", "{R}", "{G}"};
    static final byte[] BYTES = {MagicColor.WHITE, MagicColor.BLUE, MagicColor.BLACK, MagicColor.RED, MagicColor.GREEN};

    /** The color of mana a mana ability adds (106.1, 605) or a color chosen for an effect (105.4). */
    static Choices color(boolean mana, ColorSet colors) {
        Choices c = new Choices(mana ? "mana-color" : "color", mana ? "Which color of mana?" : "Choose a color");
        for (int i = 0; i < 5; i++) if (colors == null || colors.hasAnyColor(BYTES[i])) c.add(mana ? SYMBOLS[i] : WORDS[i], BYTES[i]);
        return c;
    }

    /** Which replacement effect applies first (616.1): the names of their sources. */
    static Choices replacement(List<ReplacementEffect> effects) {
        Choices c = new Choices("replacement-effect", "Which replacement effect applies first? (616.1)");
        for (ReplacementEffect re : effects) c.add(re.getHostCard().getName(), re);
        return c;
    }

    static Choices cards(Session s, String kind, String prompt, Iterable<Card> cards) {
        Choices c = new Choices(kind, prompt);
        for (Card card : cards) c.add(s.ref(card), card);
        return c;
    }

    Map<String, Object> json(Player player) {
        return Json.obj("player", player.getName(), "kind", kind, "prompt", prompt, "options", options);
    }

    /** Game thread: put the question and wait for its answer. */
    static Object ask(Table table, Player player, Choices c) {
        return table.ask("choice", player, c);
    }

    /** Discarding to hand size in the cleanup step, one card at a time (514.1). */
    static CardCollection discard(Table table, Session s, Player player, int n) {
        CardCollection chosen = new CardCollection();
        for (int i = 0; i < n; i++) {
            List<Card> left = new ArrayList<>();
            for (Card c : player.getCardsIn(forge.game.zone.ZoneType.Hand)) if (!chosen.contains(c)) left.add(c);
            chosen.add((Card) ask(table, player, cards(s, "discard", "Choose a card to discard (514.1)", left)));
        }
        return chosen;
    }

    /** A sacrifice: one of the valid permanents, or none when the player may decline (118.12a). */
    static CardCollectionView sacrifice(Table table, Session s, Player player, CardCollectionView valid, boolean optional) {
        Choices c = cards(s, "sacrifice", "Choose a permanent to sacrifice", valid);
        if (optional) c.add("none", null);
        Object v = ask(table, player, c);
        CardCollection out = new CardCollection();
        if (v != null) out.add((Card) v);
        return out;
    }
}
