"""Differential exploration: search for positions where an engine and the reference disagree.

``mtg-conformance explore --engine SPEC`` builds random legal positions from the card pool
(:mod:`.positions`), attempts random actions from what the position offers (:mod:`.moves`;
blocks and divisions of combat damage in :mod:`.combat`, paying by tapping in :mod:`.paying`),
both within what the engine under test declares and plays (:mod:`.scope`),
sends each to both engines through the adapter contract (:mod:`.engines`), and compares their
answers and observations (:mod:`.compare`, :mod:`.facts`; never on what the contract leaves to
each engine, :mod:`.freedoms`) in a Hypothesis state machine
(:mod:`.machine`).  Each divergence is shrunk and written as a scenario of the suite
(:mod:`.gherkin`), in the steps' own words (:mod:`.naming`); :mod:`.runner` runs the rounds
within a budget, and :mod:`.command` is the command line.
"""
