"""``rulings import`` with files a hostile user hands over, and the lint of what it wrote.

Whatever a ruling holds, the pending file it writes parses again (DEL is escaped; a lone surrogate,
which no text file can hold, is refused in one line with nothing written); two imports at once
each keep their rulings (a lock beside the pending file); a card whose name is not a string is
one line, never a silent "every one is known"; the lint refuses an id pending twice; ids are
proposed in linear time; and the names a file or ``--card`` gives reach the terminal inert.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from oracle.suite.cli import main
from oracle.suite.coverage import intake
from oracle.suite.coverage.intake import read_pending

WELL = "Yet another wholly new ruling for the intake."


def _mtgjson(tmp_path: Path, name: Any, *texts: str) -> Path:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"name": name, "rulings": [{"date": "2024-01-01", "text": t} for t in texts]}))
    return path


def _lint_passes(capsys: pytest.CaptureFixture[str]) -> str:
    status = main(["rulings"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], *says: str) -> None:
    status = main(argv)
    captured = capsys.readouterr()
    assert status == 2, captured.out + captured.err
    assert captured.err.count("\n") == 1 and captured.err.startswith("mtg-conformance: error: "), captured.err
    for words in says:
        assert words in captured.err, captured.err


def test_a_ruling_holding_del_is_written_as_toml_that_parses_and_reads_back_verbatim(
    suite_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = f"A ruling with a DEL\x7f, a tab\t and a quote \" in it. {WELL}"
    assert main(["rulings", "import", str(_mtgjson(tmp_path, "Odd\x7fCard", text))]) == 0
    capsys.readouterr()
    assert [(p.card, p.text) for p in read_pending(suite_copy)][-1] == ("Odd\x7fCard", text)
    assert "Odd?Card" in _lint_passes(capsys)  # and the lint, docs and the next import read it
    assert main(["rulings", "import", str(_mtgjson(tmp_path, "Odd\x7fCard", text))]) == 0
    assert "every one is known" in capsys.readouterr().out


@pytest.mark.parametrize("where", ["text", "card", "--card"])
def test_a_ruling_holding_a_lone_surrogate_is_refused_in_one_line_and_nothing_is_written(
    where: str, suite_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pending = suite_copy / "fixtures" / "pending_rulings.toml"
    before = pending.read_bytes()
    if where == "--card":  # an undecodable byte of the command line becomes a lone surrogate
        page = tmp_path / "page.txt"
        page.write_text(f"Search\n\n{WELL}\n", encoding="utf-8")
        argv = ["rulings", "import", str(page), "--card", "Orb \udcff"]
    else:
        name, text = ("Orb \ud800", WELL) if where == "card" else ("Static Orb", f"{WELL} \ud800")
        argv = ["rulings", "import", str(_mtgjson(tmp_path, name, text))]
    _refused(capsys, argv, "lone surrogate", "nothing imported")
    assert pending.read_bytes() == before
    _lint_passes(capsys)


def test_two_imports_at_once_each_keep_their_rulings(
    suite_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first import, once it has read the pending file, waits (up to 3 s) for the second to
    finish; without a lock the second's rulings are then overwritten, with one it waits its turn."""
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
    first, second = (_mtgjson(tmp_path / n, "Static Orb", f"{WELL} ({n})") for n in ("one", "two"))
    second_done = threading.Event()
    real = intake.propose_id

    def slow_for_the_first(card: str, text: str, *args: Any) -> str:
        if threading.current_thread().name == "first":
            second_done.wait(3)
        return real(card, text, *args)

    monkeypatch.setattr(intake, "propose_id", slow_for_the_first)
    intake.load_catalog(suite_copy)  # read once before, so both threads start alike
    threads = [
        threading.Thread(target=intake.import_rulings, args=(first, None), name="first"),
        threading.Thread(target=lambda: (intake.import_rulings(second, None), second_done.set()), name="second"),
    ]
    threads[0].start()
    time.sleep(0.5)
    threads[1].start()
    for thread in threads:
        thread.join(30)
    texts = {p.text for p in read_pending(suite_copy)}
    assert {f"{WELL} (one)", f"{WELL} (two)"} <= texts
    assert sum("new pending rulings written" in line for line in capsys.readouterr().out.splitlines()) == 2


@pytest.mark.parametrize("name", [5, None, ["Static Orb"]])
def test_a_card_whose_name_is_not_a_string_is_one_line_not_known(
    name: Any, suite_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(capsys, ["rulings", "import", str(_mtgjson(tmp_path, name, WELL))], "name that is not a string")


@pytest.mark.parametrize("card", [None, "Nowhere Orb"])
def test_a_file_holding_no_ruling_of_the_card_is_one_line_not_known(
    card: str | None, suite_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = _mtgjson(tmp_path, "Static Orb", WELL) if card else _mtgjson(tmp_path, "Static Orb")
    _refused(capsys, ["rulings", "import", str(given), *(["--card", card] if card else [])], "no ruling", "nothing imported")


@pytest.mark.parametrize("twice", ["pending twice", "an encoded ruling's id"])
def test_the_lint_refuses_an_id_pending_twice_or_already_encoded(
    twice: str, suite_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pending = suite_copy / "fixtures" / "pending_rulings.toml"
    entry = '\n[[pending]]\nid = "{id}"\ncard = "Static Orb"\ndate = ""\nsource = "x"\ntext = "{text}"\n'
    taken = "symbol.tap" if twice != "pending twice" else read_pending(suite_copy)[0].id
    pending.write_text(pending.read_text(encoding="utf-8") + entry.format(id=taken, text=WELL), encoding="utf-8")
    assert main(["rulings"]) == 1
    err = capsys.readouterr().err
    said = "is the id of 2 pending rulings" if twice == "pending twice" else "is the id of an encoded ruling"
    assert f"{taken} {said}" in err, err


def test_twenty_thousand_rulings_of_one_stem_are_taken_in_linear_time(
    suite_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each id was found by trying stem-2, stem-3, ... from 2 on: 200 million tries, 23 s and more."""
    (suite_copy / "fixtures" / "pending_rulings.toml").unlink()
    texts = [f"Zorp blips the flurb {n}." for n in range(20_000)]  # the numbers are no words of an id
    start = time.perf_counter()
    assert main(["rulings", "import", str(_mtgjson(tmp_path, "Static Orb", *texts))]) == 0
    took = time.perf_counter() - start
    capsys.readouterr()
    ids = [p.id for p in read_pending(suite_copy)]
    assert ids == ["static.zorp-blips-flurb", *(f"static.zorp-blips-flurb-{n}" for n in range(2, 20_001))]
    assert took < 10, f"{took:.1f} s"


def test_a_proposed_id_skips_the_numbers_a_caller_took() -> None:
    taken: set[str] = {"orb.ruling"}
    counters: dict[str, int] = {}
    assert [intake.propose_id("Orb", "", taken, counters) for _ in range(2)] == ["orb.ruling-2"] * 2  # none taken
    for expected in ("orb.ruling-2", "orb.ruling-3", "orb.ruling-4"):
        got = intake.propose_id("Orb", "", taken, counters)
        taken.add(got)
        assert got == expected
    assert intake.propose_id("Orb", "", taken | {"orb.ruling-5"}) == "orb.ruling-6"


def test_imported_names_and_card_reach_the_terminal_inert(
    suite_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "page.txt"
    page.write_text(f"Search\n\n{WELL}\n", encoding="utf-8")
    assert main(["rulings", "import", str(page), "--card", "\x1b[2J\x1b[31mRed Orb"]) == 0
    assert main(["rulings", "import", str(_mtgjson(tmp_path, "\x1b]0;title\x07Blue Orb", f"{WELL} Blue."))]) == 0
    out = capsys.readouterr().out + _lint_passes(capsys)
    assert "\x1b" not in out and "\x07" not in out
    assert "?[2J?[31mRed Orb" in out and "?]0;title?Blue Orb" in out
