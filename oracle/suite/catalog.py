"""The ruling catalog and the rules index, and the checks that keep scenarios honest.

* ``fixtures/rulings.toml`` — one entry per ruling of the seed documents.
* ``fixtures/comprehensive_rules.toml`` — the edition of the Comprehensive Rules the suite follows
  (its file in ``fixtures/comprehensive_rules/``, whole, pinned by its SHA-256) and every rule the
  project cites, with a short title; each rule's text is the pinned edition's own
  (:mod:`oracle.suite.comprehensive_rules`), so there is no second copy to drift.
* ``fixtures/seeds/`` — the seed documents the rulings are quoted from.
* ``fixtures/official_rulings/`` — saved official rulings (Scryfall's or MTGJSON's data) that a
  ruling from outside the seeds is quoted from (``official = [FILE]`` instead of ``seeds``).
* ``fixtures/capabilities.toml`` — what scenarios may need from an engine (``@needs:`` tags).

:func:`load_catalog` reads and cross-checks them: every ruling's text must be
found verbatim in each seed file it names, and every rule number it rests on
must be in the rules index.  :func:`~oracle.suite.tagged.feature_tags` reads the ``@ruling:``
and ``@cr:`` tags of every scenario so that tests and the CLI can check them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from oracle.errors import CatalogError
from oracle.kept import kept
from oracle.paths import suite_root
from oracle.toml import read_toml

from .comprehensive_rules import RULE_NUMBER, Edition, read_edition
from .official_rulings import Official, quoted_in
from .tagged import TaggedScenario, feature_tags, text_of


@dataclass(frozen=True)
class Ruling:
    """One ruling: its id, verbatim text, where it appears and the rules behind it."""

    id: str
    number: int
    text: str
    seeds: tuple[str, ...]
    pages: tuple[str, ...]
    rules: tuple[str, ...]
    #: For a ruling from outside the seeds: the official record(s) it is quoted from, each from a
    #: file of ``fixtures/official_rulings/`` (its card, date and source).
    official: tuple[Official, ...] = ()


@dataclass(frozen=True)
class Rule:
    """One Comprehensive Rules paragraph."""

    number: str
    title: str
    text: str


@dataclass
class Catalog:
    """The rulings by id, the rules by number, and the capabilities scenarios may need."""

    rulings: dict[str, Ruling] = field(default_factory=dict)
    rules: dict[str, Rule] = field(default_factory=dict)
    edition: str = ""
    capabilities: dict[str, str] = field(default_factory=dict)
    #: The pinned edition's file and its SHA-256, which :attr:`cr` is read from.
    pinned: tuple[str, str] = ("", "")
    _cr: Edition | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def cr(self) -> Edition:
        """The whole pinned edition: every numbered rule, cited or not (read again when a catalog
        kept between runs is asked for it: it is most of a catalog's size, and runs never ask)."""
        if self._cr is None:
            file, sha256 = self.pinned
            self._cr = read_edition(Path(file), sha256) if file else Edition("")
        return self._cr

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_cr": None}


def _pinned_edition(path: Path, data: dict[str, object]) -> tuple[Edition, tuple[str, str]]:
    """The edition the rules index names, checked against its SHA-256 and its date, with its file and SHA-256."""
    edition, file, sha256 = data.get("edition"), data.get("file"), data.get("sha256")
    if not all(isinstance(v, str) and v for v in (edition, file, sha256)):
        raise CatalogError(f"{path}: edition, file and sha256 must name the pinned Comprehensive Rules")
    assert isinstance(file, str) and isinstance(sha256, str)
    pinned = read_edition(path.parent / file, sha256)
    if pinned.date != edition:
        raise CatalogError(f"{path}: edition {edition} names a text effective {pinned.date}")
    return pinned, (str(path.parent / file), sha256)


def _load_rules(path: Path) -> tuple[dict[str, Rule], Edition, tuple[str, str]]:
    data = read_toml(path, CatalogError)
    table = data.get("rules", {})
    if not isinstance(table, dict):
        raise CatalogError(f'{path}: rules must be a table of rule numbers ([rules."106.7"])')
    pinned, source = _pinned_edition(path, data)
    rules = {}
    for number, entry in table.items():
        if not RULE_NUMBER.match(number):
            raise CatalogError(f"{path}: {number!r} is not a rule number like 106.12a")
        if not isinstance(entry, dict) or not isinstance(entry.get("title", ""), str):
            raise CatalogError(f"{path}: rule {number}: title must be a string")
        if "text" in entry:
            raise CatalogError(f"{path}: rule {number}: its text is the pinned edition's own; remove 'text'")
        if number not in pinned.paragraphs:
            raise CatalogError(f"{path}: rule {number} is not in the Comprehensive Rules of {pinned.date}")
        rules[number] = Rule(number, entry.get("title", ""), pinned.paragraphs[number].text)
    return rules, pinned, source


def _load_capabilities(path: Path) -> dict[str, str]:
    table = read_toml(path, CatalogError).get("capabilities", {})
    if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
        raise CatalogError(f"{path}: [capabilities] must map each capability to a description string")
    return dict(table)


def _strings(path: Path, where: str, entry: dict[str, object], key: str, optional: bool = False) -> tuple[str, ...]:
    value = entry.get(key)
    if optional and value is None:
        return ()
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise CatalogError(f"{path}: {where}: {key} must be a non-empty list of strings")
    return tuple(value)


#: Catalogs already read, by root, with the signature of each file they come from.
_CATALOGS: dict[Path, tuple[tuple[tuple[str, int, int, int], ...], Catalog]] = {}


def _source_paths(root: Path) -> list[Path]:
    """Every file a catalog is read from."""
    fixtures = root / "fixtures"
    paths = [fixtures / n for n in ("comprehensive_rules.toml", "rulings.toml", "capabilities.toml")]
    paths += sorted((fixtures / "comprehensive_rules").glob("*.txt"))
    for folder in ("seeds", "official_rulings"):
        if (fixtures / folder).is_dir():
            paths += sorted((fixtures / folder).iterdir())
    return paths


def _sources(paths: list[Path]) -> tuple[tuple[str, int, int, int], ...]:
    """Each file with its size, time of change and inode (to notice an edit)."""
    found = []
    for path in paths:
        try:
            stat = path.stat()
        except OSError:
            continue
        found.append((str(path), stat.st_size, stat.st_mtime_ns, stat.st_ino))
    return tuple(found)


def load_catalog(root: Path | None = None) -> Catalog:
    """Load and cross-check the catalog; any inconsistency is a one-line :class:`CatalogError`.

    A catalog is read once and shared (treat it as read-only) until one of its files changes;
    the package's own is kept between runs too (:mod:`oracle.kept`)."""
    root = root or suite_root()
    paths = _source_paths(root)
    sources = _sources(paths)
    known = _CATALOGS.get(root)
    if known is not None and known[0] == sources:
        return known[1]
    catalog = kept("catalog", paths, lambda: _read_catalog(root))
    _CATALOGS[root] = (sources, catalog)
    return catalog


def _read_catalog(root: Path) -> Catalog:
    fixtures = root / "fixtures"
    rules, pinned, source = _load_rules(fixtures / "comprehensive_rules.toml")
    path = fixtures / "rulings.toml"
    data = read_toml(path, CatalogError)
    capabilities = _load_capabilities(fixtures / "capabilities.toml")
    catalog = Catalog(rules=rules, edition=pinned.date, capabilities=capabilities, pinned=source)
    catalog._cr = pinned
    seed_text: dict[str, str] = {}
    entries = data.get("ruling", [])
    if not isinstance(entries, list):
        raise CatalogError(f"{path}: ruling must be an array of tables ([[ruling]])")
    for index, entry in enumerate(entries, start=1):
        where = f"ruling {index}"
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("id"), str)
            or not isinstance(entry.get("text"), str)
        ):
            raise CatalogError(f"{path}: {where}: needs an id and a text")
        if type(entry.get("number", index)) is not int:
            raise CatalogError(f"{path}: {entry['id']}: number must be an integer")
        ruling = Ruling(
            id=entry["id"],
            number=entry.get("number", index),
            text=entry["text"],
            seeds=_strings(path, entry["id"], entry, "seeds", optional="official" in entry),
            pages=_strings(path, entry["id"], entry, "pages"),
            rules=_strings(path, entry["id"], entry, "rules"),
        )
        official = _strings(path, entry["id"], entry, "official", optional=True)
        if official:
            found = quoted_in(fixtures / "official_rulings", official, ruling.text, ruling.pages)
            if isinstance(found, str):
                raise CatalogError(f"{path}: {ruling.id}: {found}")
            ruling = replace(ruling, official=found)
        if ruling.id in catalog.rulings:
            raise CatalogError(f"{path}: ruling id {ruling.id!r} appears twice")
        for seed in ruling.seeds:
            if seed not in seed_text:
                seed_path = fixtures / "seeds" / seed
                if not seed_path.is_file():
                    raise CatalogError(f"{path}: {ruling.id}: seed file {seed} is not in fixtures/seeds/")
                seed_text[seed] = text_of(seed_path)
            if ruling.text not in seed_text[seed]:
                raise CatalogError(f"{path}: {ruling.id}: text is not found verbatim in {seed}")
        for number in ruling.rules:
            if number not in rules:
                raise CatalogError(f"{path}: {ruling.id}: rule {number} is not in comprehensive_rules.toml")
        catalog.rulings[ruling.id] = ruling
    if not catalog.rulings:
        raise CatalogError(f"{path}: no [[ruling]] entries")
    return catalog


def scenario_ids(features: Path) -> set[str]:
    """The id of every scenario, as reports and expectations files name it: ``<file>::<name>``."""
    return {f"{s.path.relative_to(features).as_posix()}::{s.name}" for s in feature_tags(features)}


def tag_problems(catalog: Catalog, scenarios: list[TaggedScenario]) -> list[str]:
    """One line per problem: unknown ruling ids, rule numbers or needs, untagged, stepless or duplicate scenarios."""
    problems = []
    seen: dict[str, TaggedScenario] = {}
    for scenario in scenarios:
        where = f"{scenario.path}:{scenario.line}"
        if not scenario.rulings and not {"core", "rules"} & set(scenario.tags):
            problems.append(f"{where}: scenario {scenario.name!r} has no @ruling: tag (nor @core or @rules)")
        if not scenario.rules:
            problems.append(f"{where}: scenario {scenario.name!r} has no @cr: tag")
        if not scenario.steps:
            problems.append(f"{where}: scenario {scenario.name!r} has no steps, so it can't pass")
        problems += unknown_tags(catalog, [scenario])
        if scenario.name in seen:
            other = seen[scenario.name]
            problems.append(f"{where}: scenario name {scenario.name!r} is also used at {other.path}:{other.line}")
        seen[scenario.name] = scenario
    return problems


#: Tags without a value a scenario may carry: the tiers of features/core/ and features/rules/,
#: and pytest's own markers that make sense on a scenario.
PLAIN_TAGS = ("core", "rules", "skip", "xfail")


def unknown_tags(catalog: Catalog, scenarios: list[TaggedScenario]) -> list[str]:
    """One line per tag that names nothing the suite knows: a ruling, rule or capability missing
    from the catalog, or a tag of another kind (``@found:<kind>`` marks what ``explore`` wrote).  The suite's lint (:func:`tag_problems`) and the
    plugin, for any feature file it runs (an engine author's too), say it in the same words."""
    problems = []
    for scenario in scenarios:
        where = f"{scenario.path}:{scenario.line}"
        for tag in dict.fromkeys(scenario.tags):
            kind, sep, value = tag.partition(":")
            if sep and kind == "ruling" and value not in catalog.rulings:
                problems.append(f"{where}: @ruling:{value} is not in fixtures/rulings.toml")
            elif sep and kind == "cr" and value not in catalog.rules:
                problems.append(f"{where}: @cr:{value} is not in fixtures/comprehensive_rules.toml")
            elif sep and kind == "needs" and value not in catalog.capabilities:
                problems.append(f"{where}: @needs:{value} is not in fixtures/capabilities.toml")
            elif not (sep and kind in ("ruling", "cr", "needs", "found")) and tag not in PLAIN_TAGS:
                kinds = ("ruling:<id>", "cr:<number>", "needs:<capability>", "found:<kind>", *PLAIN_TAGS)
                known = ", ".join(f"@{t}" for t in kinds)
                problems.append(f"{where}: @{tag} is not a tag of the suite ({known})")
    return problems


#: The value of ``--features`` that names the suite's own features/, wherever it is installed.
SUITE_FEATURES = ":suite"


def feature_sources(values: list[str], root: Path | None = None, option: str = "--features") -> list[Path]:
    """The feature files and folders ``--features`` names (``:suite``: the suite's own features/);
    a value naming anything else is a one-line error (:func:`check_source`)."""
    found = [(root or suite_root()) / "features" if v == SUITE_FEATURES else Path(v).resolve() for v in values]
    for value, path in zip(values, found, strict=True):
        check_source(f"{option} {value}", path)  # a .feature file or a folder holding one, or one line
    return found


def check_source(given: str, path: Path) -> None:
    """One ``--features`` value (``given``, with its option) names a ``.feature`` file or a folder
    holding one, or a one-line :class:`CatalogError`."""
    if not path.exists():
        raise CatalogError(f"{given}: no such file or folder")
    if path.is_dir():
        if not any(path.rglob("*.feature")):
            raise CatalogError(f"{given}: the folder holds no .feature file")
    elif not path.is_file():
        raise CatalogError(f"{given}: not a feature file (a .feature file) nor a folder")
    elif path.suffix != ".feature":
        raise CatalogError(f"{given}: not a feature file: its name does not end in .feature")


def check_tags(catalog: Catalog, paths: list[Path]) -> None:
    """Every tag of every scenario of these feature files or folders names something the suite
    knows, or a one-line :class:`CatalogError`: the same for the suite's files and an author's own."""
    problems = [problem for path in paths for problem in unknown_tags(catalog, feature_tags(path))]
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise CatalogError(problems[0] + more)
