"""The suite's machinery: what turns scenarios and an engine into verdicts and documents.

* :mod:`~oracle.suite.catalog` — the rulings, the rules they cite, the capabilities scenarios need;
* :mod:`~oracle.suite.results` — the pytest plugin that records each scenario's outcome, and
  expectations files;
* :mod:`~oracle.suite.docs` — the living documentation;
* :mod:`~oracle.suite.reports` — the certification reports (JSON, Markdown, HTML, JUnit XML, Cucumber Messages, badge);
* :mod:`~oracle.suite.cli` — the ``mtg-conformance`` command.

It uses the contract and the engines; nothing else imports it.

>>> from oracle.suite.catalog import load_catalog
>>> len(load_catalog().rulings) >= 36
True
"""
