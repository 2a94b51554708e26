"""The certification reports of one engine's run, each derived from ``report.json``.

* :mod:`.json_report` — ``report.json``, its format version and ``report.schema.json``;
* :mod:`.markdown` — ``report.md``, failures first;
* :mod:`.html` — ``report.html``, a self-contained page, failures first;
* :mod:`.junit` — ``junit.xml``, a test case per scenario, for CI systems;
* :mod:`.messages` — ``cucumber-messages.ndjson``, for the Cucumber ecosystem's tools;
* :mod:`.badge` — ``badge.svg``, the pass rate as a badge;
* :mod:`.failures` — what every one of them (and the terminal) says about a scenario that did not pass;
* :mod:`.writer` — every file above, into a folder.

:func:`.writer.write_reports` writes them all into a folder.  Importing this package imports
none of them: the results plugin uses :mod:`.failures` while pytest starts.
"""
