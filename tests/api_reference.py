"""The API reference, docs/api.md: one page written from the public names of the ``oracle`` package
(``oracle.__all__``), each with its signature (:func:`inspect.signature`) and its docstring
(:func:`inspect.getdoc`); a class with the public methods it defines, a constant with its value
and the ``#:`` comment beside its definition.

``python -m tests.api_reference`` writes the page; ``--check`` exits 1 when the committed page is
not what it writes now.  ``tests/unit/test_api_reference.py`` checks it on every change, so the
page never says what the code no longer does.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import re
import sys
from pathlib import Path
from typing import Any

import oracle

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "api.md"
#: Sphinx roles (":class:`~oracle.Engine`") and reST literals ("``x``"), as Markdown code.
_ROLE = re.compile(r":(?:func|class|meth|mod|data|attr|exc):`~?([^`]+)`")
_LITERAL = re.compile(r"``([^`]+)``")


def _annotation(value: Any) -> str:
    """An annotation as the source spells it (``from __future__ import annotations`` keeps strings)."""
    return value if isinstance(value, str) else inspect.formatannotation(value)


def signature(obj: Any) -> str:
    """``(spec: str, timeout: float | None = None) -> Engine``, the same on every Python version."""
    try:
        found = inspect.signature(obj)
    except ValueError:  # an exception class without an __init__ of its own
        return "(*args)"
    parts, keyword_only = [], False
    for parameter in found.parameters.values():
        if parameter.kind is parameter.KEYWORD_ONLY and not keyword_only:
            parts.append("*")
            keyword_only = True
        text = {parameter.VAR_POSITIONAL: "*", parameter.VAR_KEYWORD: "**"}.get(parameter.kind, "") + parameter.name
        keyword_only = keyword_only or parameter.kind is parameter.VAR_POSITIONAL
        if parameter.annotation is not parameter.empty:
            text += f": {_annotation(parameter.annotation)}"
        if parameter.default is not parameter.empty:
            text += f" = {parameter.default!r}" if parameter.annotation is not parameter.empty else f"={parameter.default!r}"
        parts.append(text)
    returned = "" if found.return_annotation is found.empty else f" -> {_annotation(found.return_annotation)}"
    return f"({', '.join(parts)}){'' if inspect.isclass(obj) else returned}"


def _markdown(doc: str | None) -> str:
    """A docstring as Markdown: roles and literals as code, each doctest paragraph fenced."""
    if not doc:
        return "*(no docstring)*"
    paragraphs = []
    for paragraph in doc.split("\n\n"):
        if paragraph.lstrip().startswith(">>>"):
            paragraphs.append(f"```pycon\n{paragraph}\n```")
        else:
            paragraphs.append(_LITERAL.sub(r"`\1`", _ROLE.sub(r"`\1`", paragraph)))
    return "\n\n".join(paragraphs)


def _origins() -> dict[str, str]:
    """Each public name's defining module, as ``oracle/__init__.py`` imports it."""
    tree = ast.parse(Path(oracle.__file__).read_text(encoding="utf-8"))
    return {
        alias.name: node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }


def _constant(name: str, module_name: str) -> tuple[str, str]:
    """A constant's definition (``NAME = value``, or ``NAME: type`` where the value is computed) and
    its ``#:`` comment, else its module's first paragraph."""
    module = importlib.import_module(module_name)
    lines = Path(module.__file__ or "").read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        match = re.match(rf"^{re.escape(name)}(?:: (\w+))? = (.+?)(?:\s+#.*)?$", line)
        if match is None:
            continue
        comments = []
        for before in reversed(lines[:number]):
            if not before.startswith("#:"):
                break
            comments.insert(0, before[2:].strip())
        try:
            definition = f"{name} = {ast.literal_eval(match[2])!r}"
        except (ValueError, SyntaxError):
            definition = f"{name}: {match[1] or type(getattr(oracle, name)).__name__}"
        return definition, " ".join(comments) or (inspect.getdoc(module) or "").split("\n\n")[0]
    raise LookupError(f"{module_name} does not define {name}")


def _section(name: str, origins: dict[str, str]) -> list[str]:
    obj = getattr(oracle, name)
    if inspect.isclass(obj):
        bases = ", ".join(base.__name__ for base in obj.__bases__ if base is not object)
        lines = [f"## `oracle.{name}`", "", "```python", f"class {name}({bases})", f"{name}{signature(obj)}", "```"]
        lines += ["", _markdown(inspect.getdoc(obj)), ""]
        for method, value in vars(obj).items():
            if not method.startswith("_") and callable(value):
                lines += [f"### `{name}.{method}`", "", "```python", f"{method}{signature(value)}", "```", ""]
                lines += [_markdown(inspect.getdoc(value)), ""]
        return lines
    if callable(obj):
        code = f"{name}{signature(obj)}"
        return [f"## `oracle.{name}`", "", "```python", code, "```", "", _markdown(inspect.getdoc(obj)), ""]
    definition, comment = _constant(name, origins[name])
    return [f"## `oracle.{name}`", "", "```python", definition, "```", "", _markdown(comment), ""]


def _anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation but ``-`` and ``_`` dropped."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def page() -> str:
    """The whole page, in the order of ``oracle.__all__``."""
    origins = _origins()
    lines = [
        "# API reference: the `oracle` package",
        "",
        "The public names of `oracle` (its `__all__`), with their signatures and docstrings. Written by",
        "`python -m tests.api_reference` from the code itself; `tests/unit/test_api_reference.py` fails",
        "when this page is not what the script writes now. Everything else in the package is internal.",
        "",
        *(f"* [`oracle.{name}`](#{_anchor(f'oracle.{name}')})" for name in oracle.__all__),
        "",
    ]
    for name in oracle.__all__:
        lines += _section(name, origins)
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.api_reference", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/api.md is not what would be written")
    args = parser.parse_args(argv)
    text = page()
    if args.check:
        current = PAGE.read_text(encoding="utf-8") if PAGE.is_file() else ""
        if current != text:
            print(f"{PAGE.relative_to(ROOT)} is stale: run python -m tests.api_reference", file=sys.stderr)
            return 1
        return 0
    PAGE.parent.mkdir(exist_ok=True)
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
