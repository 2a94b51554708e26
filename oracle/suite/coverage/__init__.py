"""What the suite holds and what it doesn't: every numbered rule of the pinned Comprehensive Rules
(:mod:`.rules`: cited by a scenario, only by the reference engine, exempt with a reason, or not at
all), and every official ruling of a card, encoded or pending (:mod:`.intake`).
``mtg-conformance coverage``, ``mtg-conformance cr-changes`` and ``mtg-conformance rulings
[import FILE]`` are :mod:`.command`'s."""
