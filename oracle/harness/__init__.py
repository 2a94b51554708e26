"""The harness: what runs the Gherkin scenarios of features/ against an engine under pytest.

* :mod:`~oracle.harness.plugin` — the pytest plugin (entry point ``pytest11``): the options,
  tags as markers, the results collector; inert in any session that does not run the suite;
* :mod:`~oracle.harness.scenarios` — the module pytest collects: one test taking every scenario;
* :mod:`~oracle.harness.steps` — the step definitions (the glossary is features/README.md) and
  the fixtures every scenario uses;
* :mod:`~oracle.harness.world` — one scenario's game, spoken to only through the adapter contract;
* :mod:`~oracle.harness.driver` — a scenario run step by step, under pytest or outside it
  (the suite's lints), each step's definition found by :mod:`~oracle.harness.step_index`.

It rests on the suite's machinery (catalog, results) and on the contract; nothing imports it.
"""
