"""Wrong engines: each function patches the reference engine so that it breaks one rule the way a
plausible engine does.  tests/mutants.py names them and says which rulings and scenarios catch each.

:func:`patch_everywhere` is how a module-level function is replaced: every module that bound it
with ``from x import y`` holds its own reference, and the ``mtg-conformance`` command imports the
engine before pytest applies a mutant.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest


def patch_everywhere(mp: pytest.MonkeyPatch, owner: Any, name: str, new: Any) -> None:
    """Replace ``owner.name`` by ``new``, and every other binding of the same object in the
    loaded modules: a module that ran ``from owner import name`` before the patch holds the
    original in its own namespace.  Modules imported later read the patched attribute."""
    original = getattr(owner, name)
    mp.setattr(owner, name, new)
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if module is owner or not isinstance(namespace, dict):
            continue
        for attribute, value in list(namespace.items()):
            if value is original:
                mp.setattr(module, attribute, new)
