package mtgconformance;

import forge.ImageKeys;
import forge.StaticData;
import forge.ai.AiProfileUtil;
import forge.ai.GameState;
import forge.ai.LobbyPlayerAi;
import forge.CardStorageReader;
import forge.deck.Deck;
import forge.game.Game;
import forge.game.GameRules;
import forge.game.GameType;
import forge.game.Match;
import forge.game.player.Player;
import forge.game.player.RegisteredPlayer;
import forge.util.Localizer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** One Forge game run by Forge's own priority loop on its own thread (CR 117): each question
 *  Forge puts to a player's controller (priority, attackers 508.1, blockers 509.1) blocks here
 *  until the wire's next action answers it. */
public final class Table {
    /** A question Forge is waiting on: its kind ("priority", "attackers", "blockers") and player. */
    public static final class Ask {
        public final String kind;
        public final Player player;
        public final Object detail;
        Ask(String kind, Player player, Object detail) { this.kind = kind; this.player = player; this.detail = detail; }
    }

    /** What a task's handler decides: answer the question with {@code value}, or refuse. */
    public static final class Step {
        final boolean proceed;
        final boolean done;
        final Object value;
        final Map<String, Object> refusal;
        private Step(boolean proceed, boolean done, Object value, Map<String, Object> refusal) {
            this.proceed = proceed; this.done = done; this.value = value; this.refusal = refusal;
        }
        /** Answer Forge's question with this value: Forge goes on. */
        public static Step answer(Object value) { return new Step(true, false, value, null); }
        /** Accepted and done without answering the question (a mana ability, 605.3a): still waiting. */
        public static Step done() { return new Step(false, true, null, null); }
        public static Step refuse(String code, String reason) {
            return new Step(false, false, null, Json.obj("code", code, "reason", reason));
        }
    }

    /** Thrown into the game thread to end a game that is being replaced. */
    static final class Abandoned extends Error {
        Abandoned() { super("game abandoned", null, false, false); }
    }

    private static boolean loaded;
    final Game game;
    final List<String> names;
    private final LinkedBlockingQueue<Function<Ask, Step>> tasks = new LinkedBlockingQueue<>();
    private final SynchronousQueue<Map<String, Object>> replies = new SynchronousQueue<>();
    private final LinkedBlockingQueue<String> settled = new LinkedBlockingQueue<>();
    volatile Ask pending;
    volatile String failure;
    /** The outcome of the action being completed (cast or activation), reported by {@link #complete}. */
    private volatile boolean awaitingCompletion;
    /** Whether the action being completed was already reported accepted, at a question it asked. */
    private volatile boolean completionAnswered;
    /** Whether a refused action touched the game, so that the game must be rebuilt (Forge does not roll back). */
    volatile boolean dirty;
    /** While the position is put in place: questions Forge asks then are not the scenario's. */
    volatile boolean settingUp;

    /** Load Forge's card data once per JVM (2-4 s). */
    static synchronized void load(String res) {
        if (loaded) return;
        Localizer.getInstance().initialize("en-US", res + "/languages/");
        forge.util.Lang.createInstance("en-US");
        String pics = System.getProperty("java.io.tmpdir") + "/forge-pics/";
        ImageKeys.initializeDirs(pics, new HashMap<>(), pics, pics, pics, pics, pics, pics, pics);
        new StaticData(new CardStorageReader(res + "/cardsfolder", null, true),
            new CardStorageReader(res + "/tokenscripts", null, false), null, null,
            res + "/editions", res + "/none", res + "/blockdata", res + "/setlookup",
            "Latest Art All Editions", true, true, false);
        AiProfileUtil.loadAllProfiles(res + "/ai");
        loaded = true;
    }

    /** A game of the two named players, the position's text applied in Forge's start hook. */
    Table(List<String> names, List<String> stateLines) {
        this.names = names;
        List<RegisteredPlayer> players = new ArrayList<>();
        for (String n : names) {
            RegisteredPlayer rp = new RegisteredPlayer(new Deck()).setPlayer(new Seat(n, this));
            rp.setStartingHand(0);
            players.add(rp);
        }
        GameRules rules = new GameRules(GameType.Puzzle);
        rules.setGamesPerMatch(1);
        Match match = new Match(rules, players, "mtg-conformance");
        game = new Game(players, rules, match);
        GameState gs = new GameState() {
            @Override public forge.item.IPaperCard getPaperCard(String n) {
                return StaticData.instance().getCommonCards().getCard(n);
            }
        };
        gs.parse(stateLines);
        Thread t = new Thread(() -> {
            try {
                match.startGame(game, () -> {
                    // an opening hand of 0 (no mulligans: the position gives the hands) also set
                    // Forge's maximum hand size to 0; the rules' is seven (402.2)
                    for (Player p : game.getPlayers()) p.setMaxHandSize(7);
                    settingUp = true;
                    gs.applyToGame(game); // its ChosenColor replaces any color chosen as a permanent is put in place
                    settingUp = false;
                });
                settled.add("over");
            } catch (Abandoned a) {
                // replaced by a rebuilt game
            } catch (Throwable e) {
                e.printStackTrace();
                failure = String.valueOf(e);
                settled.add("failed");
            }
        }, "Game-" + System.nanoTime());
        t.setDaemon(true);
        t.start();
    }

    /** Wait until Forge asks a question or the game ends; false on a time-out. */
    boolean settle() throws InterruptedException {
        return settled.poll(20, TimeUnit.SECONDS) != null;
    }

    /** Game thread: post a question and run the wire's tasks until one answers it. */
    Object ask(String kind, Player player, Object detail) {
        Ask a = new Ask(kind, player, detail);
        pending = a;
        if (awaitingCompletion) {
            // a question asked while an action is completed (a mana color, 605.3b): the action is
            // accepted, and the question is the observation's pending choice
            awaitingCompletion = false;
            completionAnswered = true;
            reply(Json.obj("accepted", true));
        }
        settled.add(kind);
        while (true) {
            Function<Ask, Step> task;
            try { task = tasks.take(); } catch (InterruptedException e) { throw new Abandoned(); }
            if (task == ABANDON) throw new Abandoned();
            Step s;
            try { s = task.apply(a); } catch (Abandoned e) { throw e; } catch (RuntimeException e) {
                e.printStackTrace();
                s = Step.refuse("unsupported", "Forge failed on this action: " + e);
            }
            if (s.done) { reply(Json.obj("accepted", true)); settled.add(kind); continue; }
            if (!s.proceed) { reply(Json.obj("accepted", false, "rejection", s.refusal)); continue; }
            pending = null;
            acceptedIfNothingPending();
            return s.value;
        }
    }

    /** Game thread: the answer given ends in an action still to be completed (a cast or activation,
     *  played by {@link Seat#playChosenSpellAbility}); it reports its outcome with {@link #complete}. */
    void expectCompletion() { awaitingCompletion = true; }

    /** Game thread: report the completed action's outcome; a refusal here has touched the game. */
    void complete(Step s) {
        awaitingCompletion = false;
        if (completionAnswered) {
            completionAnswered = false;
            if (!s.proceed) System.err.println("bridge: an action accepted at its question failed later: " + s.refusal);
            return;
        }
        if (s.proceed) { reply(Json.obj("accepted", true)); return; }
        dirty = true;
        reply(Json.obj("accepted", false, "rejection", s.refusal));
        throw new Abandoned();
    }

    /** Game thread: an answer that needs no completion is accepted as Forge goes on. */
    void acceptedIfNothingPending() {
        if (!awaitingCompletion) reply(Json.obj("accepted", true));
    }

    private void reply(Map<String, Object> r) {
        try { replies.put(r); } catch (InterruptedException e) { throw new Abandoned(); }
    }

    private static final Function<Ask, Step> ABANDON = a -> null;

    /** Main thread: run one task against the pending question; the outcome, once Forge has moved on. */
    Map<String, Object> perform(Function<Ask, Step> task) throws InterruptedException {
        tasks.add(task);
        Map<String, Object> r = replies.poll(20, TimeUnit.SECONDS);
        if (r == null) throw new IllegalStateException("Forge did not answer the action in time");
        if (Boolean.TRUE.equals(r.get("accepted")) && !settle()) throw new IllegalStateException("Forge did not settle after the action");
        return r;
    }

    /** End this game's thread. */
    void abandon() { tasks.add(ABANDON); }

    /** The player of a name. */
    Player player(String name) {
        for (Player p : game.getRegisteredPlayers()) if (p.getName().equals(name)) return p;
        return null;
    }

    /** The Forge player for a seat's lobby player. */
    static final class Seat extends LobbyPlayerAi {
        final Table table;
        Seat(String name, Table table) { super(name, null); this.table = table; }
        @Override public Player createIngamePlayer(Game g, int id) {
            Player p = new Player(getName(), g, id);
            p.setFirstController(new Driven(g, p, this, table));
            return p;
        }
    }
}
