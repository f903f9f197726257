"""Bounded and exact input (issue 30): a BG Stats player id per seat, the virtual player
marked, ASCII digits only for numbers, a configuration read with a bound, one "one line of
text" rule, ``"version": true`` refused, the BG Stats code within the promised version, and
"Loses most often to" after losses to the virtual player."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion import cli
from companion.drunter.board import load_board
from companion.engine import Game, HelvetiaError
from companion.engine.record import line_problem
from companion.history import bgstats
from companion.history.stats import player_stats
from companion.history.summary import GameSummary, summarize

DATA = Path(__file__).parent.parent / "data"
RECORD = (DATA / "game-2p.jsonl").read_text().splitlines()


def summed(names: tuple[str, str], virtual: str | None = None, gid: int = 1) -> GameSummary:
    """game-2p (red wins) with these names; blue (``virtual``) played by the companion."""
    header = json.loads(RECORD[0])
    for p, name in zip(header["players"], names, strict=True):
        p["name"] = name
    if virtual:
        header["players"][1]["virtual"] = virtual
    return summarize(gid, [json.dumps(header), *RECORD[1:]], "2026-01-01T19:00:00",
                     "2026-01-01T20:00:00", None)


@pytest.mark.parametrize("names", [("Anna", "ANNA"), ("Straße", "STRASSE"), ("anna", "Anna ")])
def test_distinct_seats_keep_distinct_bgstats_ids(names: tuple[str, str]) -> None:
    play = bgstats.play(summed(names))
    ids = [p["sourcePlayerId"] for p in play["players"]]
    assert len(set(ids)) == 2, ids
    alone = bgstats.play(summed((names[0], "Ben")))  # the known player's own id stays
    assert alone["players"][0]["sourcePlayerId"] == ids[0]


def test_the_virtual_player_is_marked_for_bgstats() -> None:
    play = bgstats.play(summed(("Anna", "Ben"), virtual="strong"))
    robot = play["players"][1]
    assert robot["name"] == "Helvetia Companion (strong)"
    assert robot["sourcePlayerId"] == "companion-strong"


def test_loses_most_often_to_the_virtual_player() -> None:
    won = summed(("Anna", "Blue"), virtual="strong")  # red (Anna) wins game-2p
    lost = [replace(won, id=i, seats=tuple(
        replace(s, rank=2 if s.colour == "red" else 1, winner=s.colour != "red")
        for s in won.seats), winners=("blue",)) for i in range(1, 5)]
    anna = next(p for p in player_stats(lost) if p.name == "Anna")
    assert anna.loses_to_most is not None and anna.loses_to_most.virtual == "strong"
    assert anna.loses_to_most.times == 4 and anna.beats_most is None
    assert [p.name for p in player_stats(lost)] == ["Anna"]  # the companion keeps no page


def test_the_code_stays_within_the_promised_version_for_long_names() -> None:
    game = summed(("Ä" * 16, "Wolfeschlegelst"))
    long = replace(game, seats=tuple(replace(s, name=("Maximiliane-Éloïse" * 2)[:16])
                                     for s in game.seats))
    for g in (game, long):
        shared = bgstats.share(g, bgstats.Settings("Bäckerei zur schönen Aussicht " * 2))
        assert shared.code.version <= bgstats.MAX_VERSION


@pytest.mark.parametrize("text", ["a\x00b", "a\nb", "a\x7fb", "a\x85b", "a\u2028b"])
def test_one_line_of_text_is_one_rule(text: str) -> None:
    assert line_problem(text) is not None
    board = {"format": "drunter-board", "version": 1, "name": text, "width": 2, "height": 2}
    with pytest.raises(HelvetiaError):
        load_board(board)


def test_a_version_that_is_true_is_refused() -> None:
    header = json.loads(RECORD[0])
    header["version"] = True
    with pytest.raises(HelvetiaError):
        Game(header)
    board = {"format": "drunter-board", "version": True, "name": "x", "width": 2,
             "height": 2}
    with pytest.raises(HelvetiaError):
        load_board(board)


@pytest.mark.parametrize("digits", ["²", "١٢", "\uff11\uff12"])  # (fullwidth 12)
def test_numbers_are_ascii_digits(tmp_path: Path, digits: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    conf = tmp_path / "c.toml"
    conf.write_text(f'data_dir = "{tmp_path / "games"}"\n')
    assert cli.main(["bgstats", "--config", str(conf), "--bgg-id", digits]) != 0
    assert "not a BoardGameGeek id" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["export", "--config", str(conf), digits])
    assert "not a game number" in capsys.readouterr().err


def test_locations_follow_the_one_line_rule(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    conf = tmp_path / "c.toml"
    conf.write_text(f'data_dir = "{tmp_path / "games"}"\n')
    for bad in ("Be\x7frn", "Be\x85rn", "Bern\u2028Zürich"):
        assert cli.main(["bgstats", "--config", str(conf), "--location", bad]) != 0
    capsys.readouterr()
    assert cli.main(["bgstats", "--config", str(conf), "--location", "Bern"]) == 0
    assert "location: Bern" in capsys.readouterr().out


def test_a_configuration_is_read_with_a_bound(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games", "--config", "/dev/zero"]) != 0
    assert "larger than a configuration can be" in capsys.readouterr().err
