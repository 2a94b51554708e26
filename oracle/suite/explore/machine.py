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
engine's ref.  A cost paid without naming the mana lets each engine spend mana of its choosing
(601.2h): pools of the same size that differ only in types end the example quietly.  Where one engine asks a question with a single option and the other made that
choice itself, the observations are compared once it is answered.  A difference no Then step
can see (a different step of the turn, say) is not reported by itself: the next attempt
usually shows it.  Attempts the engine under test does not support, and divergences already
reported, end an example quietly.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from .compare import agree
from .divergence import Attempt, Divergence, Exploring, changed, then_true, unsupported
from .engines import Broke
from .facts import REASONS, Fact, distinguishing
from .moves import Move, moves
from .naming import answer_phrase, choice_matches
from .positions import Position, Rendered, positions, render

JSON = dict[str, Any]
ACCEPTED: JSON = {"accepted": True}


class _NoSuchOption(Exception):
    """The words of a "chooses" step name no option, or several, of the engine's question."""


def _pools(observation: JSON) -> list[int]:
    return [sum(p["mana_pool"].values()) for p in observation["players"]]


def _spent(before: JSON, after: JSON, player: str) -> bool:
    """Whether some mana left the player's pool: a cost was paid from it."""
    pools: list[dict[str, int]] = [
        next((p["mana_pool"] for p in o["players"] if p["name"] == player), {}) for o in (before, after)
    ]
    return any(amount > pools[1].get(kind, 0) for kind, amount in pools[0].items())


def _engine_chose_the_mana(action: JSON, before: JSON, mine: JSON, theirs: JSON) -> bool:
    """A cost paid without naming the mana leaves the choice to the engine (the contract's "mana"
    field, 601.2h): after mana was spent, pools of the same size but other types are its choice,
    not a divergence (mana an ability adds is no choice: it is compared)."""
    if action["type"] not in ("cast", "activate") or "mana" in action or _pools(mine) != _pools(theirs):
        return False
    if not _spent(before, mine, action["player"]):
        return False
    without = [{**o, "players": [{**p, "mana_pool": {}} for p in o["players"]]} for o in (mine, theirs)]
    return agree(without[0], without[1])


def _single(observation: JSON) -> bool:
    pending = observation["pending_choice"]
    return pending is not None and len(pending["options"]) == 1


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

        @initialize(position=positions(run.pool))
        def build(self, position: Position) -> None:
            run.begin_example()
            self.position, self.rendered = position, render(position)
            outcome = self._mine("setup", self.rendered.position)
            if outcome is None or not outcome["accepted"]:
                run.refused_positions += outcome is not None  # the reference refused it: reported at the end
                assume(False)
            answer = self._other(None, "setup", self.rendered.position)
            if answer is None or unsupported(answer):
                run.unsupported += answer is not None
                assume(False)
            self.seen = self._mine("observe") or {}
            if not self.seen:
                return
            if not answer["accepted"]:
                self._diverge("setup", then_true(self.seen, self.rendered.refs), answer)
                return
            self.theirs = self._other(None, "observe") or {}
            if self.theirs:
                self._compare(self.seen)

        @rule(data=st.data())
        def act(self, data: st.DataObject) -> None:
            run.check_time()
            if self.over:
                return
            offered = moves(self.seen, self.rendered.refs, run.pool)
            if not offered:
                self.over = True
                return
            kind = data.draw(st.sampled_from(list(offered)), label="kind")
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
            before = self.seen
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
                self.over = True
                return
            self.seen = self._mine("observe") or {}
            self.theirs = self._other(before, "observe") or {}
            if self.seen and self.theirs:
                self._check(before, attempt)

        def _as_the_step_sends(self, move: Move) -> JSON | None:
            """The action the scenario's step sends the engine under test (``None``: it sends none); a
            "chooses" step picks the option of that engine's question that its words name."""
            if move.action["type"] != "choose":
                return move.action
            pending = self.theirs["pending_choice"]
            if pending is None:
                return None
            found = choice_matches(self.theirs, self.rendered.refs, move.words, pending["options"])
            if len(found) != 1:
                raise _NoSuchOption(move.words)
            return {**move.action, "choice": found[0]}

        def _check(self, before: JSON, attempt: Attempt) -> None:
            assert attempt.reference is not None and attempt.other is not None
            mine_ok, theirs_ok = attempt.reference["accepted"], attempt.other["accepted"]
            if mine_ok and not theirs_ok:
                self._diverge("acceptance", changed(before, self.seen, self.rendered.refs))
            elif theirs_ok and not mine_ok:
                code = attempt.reference["rejection"]["code"]
                if code in REASONS:
                    self._diverge(
                        "acceptance", [Fact(f"the action is rejected for {REASONS[code]}", "rejection", bool)]
                    )
                else:  # no Then step names this reason: nothing a scenario could check
                    run.unwritable += 1
                    self.over = True
            else:
                self._compare(before, attempt.move.action)

        def _compare(self, before: JSON, action: JSON | None = None) -> None:
            if _single(self.seen) and self.theirs["pending_choice"] is None:
                return  # the engine under test made this choice itself; compare once it is answered
            if _single(self.theirs) and self.seen["pending_choice"] is None:
                self._answer_theirs(before)
                return
            if agree(self.seen, self.theirs):
                return
            if action is not None and _engine_chose_the_mana(action, before, self.seen, self.theirs):
                run.latent += 1  # each engine spent mana of its choosing (601.2h): they may differ from here on
                self.over = True
                return
            facts = distinguishing(self.seen, self.theirs, self.rendered.refs)
            if facts:
                self._diverge("observation", facts)
            else:
                run.latent += 1  # seen by no Then step: the next attempt may show it

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
                    code = last.reference["rejection"]["code"]
                    if code not in REASONS:
                        run.unwritable += 1
                        self.over = True
                        return None
                    facts = [Fact(f"the action is rejected for {REASONS[code]}", "rejection", bool), *facts]
                self._diverge(broke.kind, facts, message=broke.message)
                return None

        def _diverge(self, kind: str, facts: list[Fact], setup: JSON | None = None, message: str = "") -> None:
            """Report a new divergence as a failure (Hypothesis then shrinks it); a known one ends the
            example quietly, since the rest of it would only repeat it."""
            assert self.position is not None
            self.over = True
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
                facts[:4],
                self.seen or None,
                self.theirs or None,
                message,
            )
            self.over = True
            if run.record(divergence):
                raise divergence

    return Exploration
