"""``python -m oracle`` is the ``mtg-conformance`` command."""

from oracle.suite.cli import main

raise SystemExit(main())
