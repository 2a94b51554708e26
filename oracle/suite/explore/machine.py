"""The exploration as a Hypothesis state machine: a legal position, then one attempt after another,
sent to both engines, with their answers and observations compared after each.

A divergence (:class:`~.divergence.Divergence`) is raised as a test failure, so Hypothesis
shrinks the position and the sequence of attempts to a minimal one that still diverges.  Kinds:

* ``setup`` — the engine under test refuses a legal position the reference engine builds;
* ``acceptance`` — one engine accepts an attempt the other rejects (when both reject it, the
  reason each gives is not compared: when several apply, the rules do not say which is named);
* ``choice`` — the engine under test asks a question the answer given to the reference engine
  does not answer (the scenario's "chooses" step would find no such option);
* ``observation`` — the observations differ in something a Then step can see;
* ``crash``, ``hang``, ``contract`` — the engine under test crashed, did not answer in time, or
  answered out of the contract's schemas; the exploration goes on with a fresh process.

Each attempt reaches the engine under test as the scenario's step would send it: a "chooses"
step sends nothing to an engine that asks nothing (it made a choice with a single option
itself, as the contract allows), and names the option by its words, not by the reference
engine's ref.  Where one engine asks a question with a single option and the other made that
choice itself, the observations are compared once it is answered.

A cost paid from a pool holding more than one type of mana, without naming the mana, lets each
engine spend mana of its choosing (601.2h): from then on, until the pools are empty again, what
is left in a pool is the engines' choice, not a rule, so pools of the same sizes that differ
only in types end the example quietly (a free choice), so does an attempt one engine accepts
and the other rejects as unpayable, and no Then step states what a pool contains exactly.

A difference no Then step can see (a different step of the turn, say) is not reported by itself:
the next attempt usually shows it.  Attempts the engine under test answers ``unsupported``, and
divergences already reported, end an example quietly; an example that got ``unsupported`` (or
whose position the reference engine refused) ends without a verdict, and the engine's refusals
are remembered (:mod:`.scope`).  Only moves and cards within what the engine under test plays
are offered, and only Then steps it declares what they need for are written.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from .combat import matching_option
from .compare import agree
from .divergence import Attempt, Divergence, Exploring, changed, then_true, unsupported
from .drawing import positions
from .engines import Broke
from .facts import Fact, distinguishing, rejection_words
from .freedoms import (
    codes,
    division_left_to_the_engine,
    free_mana_choice,
    lost,
    lost_fact,
    no_blockers_declared_by_the_engine,
    only_the_mana_differs,
    pools_empty,
    single,
    targets_left_open,
)
from .moves import Move, moves
from .naming import answer_phrase, choice_matches
from .positions import Position, Rendered, render
from .scope import alone, cards_of, move_shape

JSON = dict[str, Any]
ACCEPTED: JSON = {"accepted": True}
#: How many times more often than another kind of move a round of passes is drawn in the steps of
#: combat, so that an example of sixteen attempts gets through a whole combat (attackers, blockers,
#: damage, 508-510) about as often as it tries casts and activations on the way.
ROUNDS_MORE = 2
COMBAT_STEPS = ("beginning-of-combat", "declare-attackers", "declare-blockers", "combat-damage")


@cache
def _one_of(kinds: tuple[str, ...]) -> st.SearchStrategy[str]:
    """A kind of move, from a strategy built once for each list of kinds on offer."""
    return st.sampled_from(kinds)


class _NoSuchOption(Exception):
    """The words of a "chooses" step name no option, or several, of the engine's question."""


def machine_for(run: Exploring) -> type[RuleBasedStateMachine]:
    """A state machine class bound to one exploration (its engines, card pool and budget)."""

    class Exploration(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.position: Position | None = None
            self.rendered = Rendered([], {})
            self.attempts: list[Attempt] = []
            self.seen: JSON = {}  # the reference engine's last observation
            self.theirs: JSON = {}  # the engine under test's
            self.over = False
            self.counted = False  # an example of the budget (not one of shrinking or replaying)
            self.verdict = False  # both engines played the position, and each attempt was compared
            self.free_mana = False  # the mana left in a pool is the engines' choice (601.2h)
            self.before: JSON | None = None  # the reference engine's observation before the last attempt
            self.blocked = False  # the reference engine reached the declare blockers step with a block
            self.fought = False  # ... and a combat damage step
            self.combat = "blocking" in run.scope.declared  # compare what combat shows

        @initialize(data=st.data())
        def build(self, data: st.DataObject) -> None:
            scope = run.scope
            position = data.draw(positions(scope.pool(), scope.came_under_control), label="position")
            self.counted = run.begin_example()  # once drawn: Hypothesis may give up drawing one
            self.set_up(position)

        def set_up(self, position: Position) -> None:
            """Set the position up on both engines and compare what they show."""
            self.position, self.rendered = position, render(position)
            outcome = self._mine("setup", self.rendered.position)
            if outcome is None or not outcome["accepted"]:
                run.refused_positions += outcome is not None  # the reference refused it: reported at the end
                assume(False)
            answer = self._other(None, "setup", self.rendered.position)
            if answer is None or unsupported(answer):
                if answer is not None:
                    run.unsupported += 1
                    self._learn_refused_cards()
                assume(False)
            self.seen = self._mine("observe") or {}
            if not self.seen:
                return
            if not answer["accepted"]:
                self._diverge("setup", then_true(self.seen, self.rendered.refs), answer)
                return
            run.scope.accepted_cards.update(card for _, card in cards_of(self.rendered.position))
            self.verdict = True
            self.theirs = self._other(None, "observe") or {}
            if self.theirs:
                self._compare(self.seen)

        def _note_combat(self) -> None:
            """Whether the reference engine reached the declare blockers step with a creature
            blocking (509.1g), and a combat damage step (510)."""
            step = self.seen["turn"]["step"] if self.seen else ""
            blocking = any(p.get("blocking") for p in self.seen.get("battlefield", []))
            self.blocked = self.blocked or (step == "declare-blockers" and blocking)
            self.fought = self.fought or step == "combat-damage"

        def _learn_refused_cards(self) -> None:
            """The engine under test refused the position as unsupported: try each card of it not yet
            seen in a position it accepted, alone; a card it refuses alone is not dealt to it again."""
            if run.replaying:
                return
            for zone, card in cards_of(self.rendered.position):
                if card not in run.scope.unproven([card]):
                    continue
                try:
                    answer = run.other.call("setup", alone(zone, card))
                except Broke:
                    return  # a crash is found by the examples themselves
                if unsupported(answer):
                    run.scope.refuse_card(card, answer["rejection"]["reason"])
                elif answer["accepted"]:
                    run.scope.accepted_cards.add(card)

        def teardown(self) -> None:
            if self.counted:
                run.end_example(self.verdict, self.blocked, self.fought)

        @rule(data=st.data())
        def act(self, data: st.DataObject) -> None:
            run.check_time()
            if self.over:
                return
            offered = moves(self.seen, self.rendered.refs, run.scope.pool(), run.scope.offers)
            if not offered:
                self.over = True
                return
            more = ROUNDS_MORE if "round" in offered and self.seen["turn"]["step"] in COMBAT_STEPS else 0
            kinds = [*offered, *(["round"] * more)]
            kind = data.draw(_one_of(tuple(kinds)), label="kind")
            move = data.draw(st.sampled_from(offered[kind]), label="move")
            self._attempt(move)
            for _ in range(len(self.seen.get("players", [])) - 1 if move.rounds else 0):
                holder = self.seen["turn"]["priority_player"] if self.seen else ""
                if self.over or not holder or self.seen["pending_choice"] is not None:
                    return
                pass_on = {"type": "pass", "player": holder}
                self._attempt(Move(f"{holder} passes priority", pass_on, move.subject))

        # -- one attempt ------------------------------------------------------------------------

        def _attempt(self, move: Move) -> None:
            before = self.before = self.seen
            attempt = Attempt(move, None, None)
            self.attempts.append(attempt)
            attempt.reference = self._mine("perform", move.action)
            if attempt.reference is None:
                return
            try:
                sent = self._as_the_step_sends(move)
            except _NoSuchOption:
                self.seen = self._mine("observe") or {}
                self._diverge("choice", changed(before, self.seen, self.rendered.refs))
                return
            attempt.other = ACCEPTED if sent is None else self._other(before, "perform", sent)
            if attempt.other is None:
                return
            if unsupported(attempt.other):  # the engine under test can't be asked this: not a divergence
                run.unsupported += 1
                run.scope.refused_moves.add(move_shape(move))
                self.verdict = False
                self.over = True
                return
            self.seen = self._mine("observe") or {}
            self.theirs = self._other(before, "observe") or {}
            self._note_combat()
            if self.seen and attempt.reference["accepted"] and free_mana_choice(move.action, before, self.seen):
                self.free_mana = True
            if self.seen and self.theirs:
                self._check(before, attempt)

        def _as_the_step_sends(self, move: Move) -> JSON | None:
            """The action the scenario's step sends the engine under test (``None``: it sends none); a
            "chooses" step picks the option of that engine's question that its words name."""
            if move.action["type"] != "choose":
                return move.action
            pending = self.theirs["pending_choice"]
            if move.divides:  # the "divides" step needs the question, and finds the division by its words
                option = matching_option(self.theirs, self.rendered.refs, move.divides, move.words)
                if option is None:
                    raise _NoSuchOption(move.words)
                return {**move.action, "player": pending["player"], "choice": option}
            if pending is None:
                return None
            found = choice_matches(self.theirs, self.rendered.refs, move.words, pending["options"])
            if len(found) != 1:
                raise _NoSuchOption(move.words)
            return {**move.action, "choice": found[0]}

        def _check(self, before: JSON, attempt: Attempt) -> None:
            assert attempt.reference is not None and attempt.other is not None
            mine_ok, theirs_ok = attempt.reference["accepted"], attempt.other["accepted"]
            if mine_ok != theirs_ok and self.free_mana and "cannot-pay" in codes(attempt):
                self._free_choice()  # whether the mana left pays for it rests on the mana spent before
            elif theirs_ok and not mine_ok and targets_left_open(attempt):
                self._free_choice()  # the engine may ask for the targets the action did not name
            elif mine_ok and not theirs_ok:
                self._diverge("acceptance", changed(before, self.seen, self.rendered.refs))
            elif theirs_ok and not mine_ok:
                words = rejection_words(attempt.move.action, attempt.reference["rejection"]["code"])
                if words:
                    self._diverge("acceptance", [Fact(f"the action is rejected for {words}", "rejection", bool)])
                else:  # no Then step names this reason: nothing a scenario could check
                    run.unwritable += 1
                    self.over = True
            else:
                self._compare(before)

        def _compare(self, before: JSON) -> None:
            if single(self.seen) and self.theirs["pending_choice"] is None:
                return  # the engine under test made this choice itself; compare once it is answered
            if single(self.theirs) and self.seen["pending_choice"] is None:
                self._answer_theirs(before)
                return
            if lost(self.seen) or lost(self.theirs):
                self._game_over()
                return
            if division_left_to_the_engine(self.seen, self.theirs):
                self._free_choice()  # the engine under test divided the combat damage itself (510.1c)
                return
            if no_blockers_declared_by_the_engine(self.seen, self.theirs):
                self._free_choice()  # no creature could block: it declared the only declaration itself
                return
            if agree(self.seen, self.theirs, self.combat):
                if pools_empty(self.seen):
                    self.free_mana = False  # no mana left whose kind an engine chose
                return
            if self.free_mana and only_the_mana_differs(self.seen, self.theirs, self.combat):
                self._free_choice()  # each engine spent mana of its choosing (601.2h)
                return
            facts = distinguishing(self.seen, self.theirs, self.rendered.refs)
            if facts:
                self._diverge("observation", facts)
            else:
                run.latent += 1  # seen by no Then step: the next attempt may show it

        def _game_over(self) -> None:
            """A player lost: a two-player game is over (104.2a), and what becomes of its objects then
            is no rule of that game (the contract does not say which state to observe): only who
            lost is compared, and the example ends."""
            if lost(self.seen) == lost(self.theirs):
                self.over = True
                return
            facts = [lost_fact(name, name in lost(self.seen)) for name in lost(self.seen) ^ lost(self.theirs)]
            self._diverge("observation", facts)

        def _free_choice(self) -> None:
            """The engines differ only through a choice the contract leaves to each: not a divergence,
            and what follows may differ too, so the example ends here (with its verdict so far)."""
            run.free_choices += 1
            self.over = True

        def _answer_theirs(self, before: JSON) -> None:
            """The engine under test asks a question with one option that the reference engine
            answered itself: answer it, as a scenario's "chooses" step would."""
            pending = self.theirs["pending_choice"]
            words = answer_phrase(self.theirs, self.rendered.refs, pending["options"][0])
            if words is None:
                self.over = True
                return
            action = {"type": "choose", "player": pending["player"], "choice": pending["options"][0]}
            move = Move(f"{pending['player']} chooses {words}", action, f"a {pending['kind']} choice", words)
            attempt = Attempt(move, ACCEPTED, self._other(before, "perform", action), forced=True)
            self.attempts.append(attempt)
            if attempt.other is not None:
                self.theirs = self._other(before, "observe") or {}
                if self.theirs:
                    self._check(before, attempt)

        # -- the engines --------------------------------------------------------------------------

        def _mine(self, op: str, *args: Any) -> JSON | None:
            """The reference engine's answer; if it breaks, that is reported too (a defect of its own)."""
            try:
                return run.reference.call(op, *args)
            except Broke as broke:
                self._diverge(f"reference {broke.kind}", [], message=broke.message)
                return None

        def _other(self, before: JSON | None, op: str, *args: Any) -> JSON | None:
            """The engine under test's answer; ``None`` once it broke (a divergence already known)."""
            try:
                return run.other.call(op, *args)
            except Broke as broke:
                self.seen = self._mine("observe") or {}
                self.theirs = {}
                refs = self.rendered.refs
                facts = changed(before, self.seen, refs) if before else then_true(self.seen, refs)
                last = self.attempts[-1] if self.attempts else None
                if last is not None and last.reference is not None and not last.reference["accepted"]:
                    # The reference engine rejected the attempt the engine broke on: its When step is
                    # followed by the rejection, or the scenario would state an illegal action as legal.
                    words = rejection_words(last.move.action, last.reference["rejection"]["code"])
                    if not words:
                        run.unwritable += 1
                        self.over = True
                        return None
                    facts = [Fact(f"the action is rejected for {words}", "rejection", bool), *facts]
                self._diverge(broke.kind, facts, message=broke.message)
                return None

        def _diverge(self, kind: str, facts: list[Fact], setup: JSON | None = None, message: str = "") -> None:
            """Report a new divergence as a failure (Hypothesis then shrinks it); a known one ends the
            example quietly, since the rest of it would only repeat it.  Its Then steps are those the
            engine under test declares what they need for, and none resting on a free choice."""
            assert self.position is not None
            self.over = True
            self.verdict = True  # the engines differ: that is a verdict, found before or not
            facts = [f for f in facts if run.scope.allows("then", f.text)]
            if self.free_mana:  # the kinds of mana left were the engines' choice: no step may state them
                facts = [f for f in facts if " mana pool contains exactly " not in f.text]
            if not facts and not kind.startswith("reference"):
                run.unwritable += 1  # no Then step holds here (a question with refs pending): nothing to write
                return
            if setup is not None:
                message = f"{setup['rejection']['code']}: {setup['rejection']['reason']}"
            divergence = Divergence(
                kind,
                self.position,
                self.rendered,
                list(self.attempts),
                facts[:1],
                self.seen or None,
                self.theirs or None,
                message,
                before=self.before,
            )
            if run.record(divergence):
                raise divergence

    return Exploration
