"""The harness: what runs the Gherkin scenarios of features/ against an engine under pytest.

* :mod:`~oracle.harness.plugin` — the pytest plugin: tags as markers, the results collector,
  one-line errors; its entry point (``pytest11``) is the top-level module ``mtg_conformance_pytest``,
  which holds the ``--mtg-`` options and imports this package only in a session that runs the suite;
* :mod:`~oracle.harness.scenarios` — the module pytest collects: one test taking every scenario;
* :mod:`~oracle.harness.steps` — the step definitions (the glossary is features/README.md) and
  the fixtures every scenario uses;
* :mod:`~oracle.harness.world` — one scenario's game, spoken to only through the adapter contract;
* :mod:`~oracle.harness.driver` — a scenario run step by step, under pytest or outside it
  (the suite's lints), each step's definition found by :mod:`~oracle.harness.step_index`.

It rests on the suite's machinery (catalog, results) and on the contract; nothing imports it.
"""
