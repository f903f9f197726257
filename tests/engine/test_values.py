"""The engine's small value types (issue 17): they name what bare strings and tuples stood for,
and records stay byte-identical (a value is its plain string or tuple underneath)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine import Game, Header, MalformedAction, Marry, Sex, Source, parse_action
from companion.engine.actions import action_to_json
from companion.engine.game import header_line
from companion.engine.values import Cell, NeutralCoin, Via

DATA = Path(__file__).resolve().parent.parent / "data"


def test_each_sex_knows_the_other() -> None:
    assert Sex.M.other is Sex.F and Sex.F.other is Sex.M
    assert Sex("m") is Sex.M and Sex.M == "m" and {"m": 1}[Sex.M] == 1


def test_values_write_as_the_plain_values() -> None:
    assert json.dumps({Sex.F: [Cell(1, -2), Via.TILE, Source.SCHOOL, NeutralCoin.READY]}) == \
        '{"f": [[1, -2], "tile", "school", "ready"]}'


def test_an_action_read_from_a_record_holds_typed_values() -> None:
    a = parse_action({"type": "marry", "player": "red", "sex": "f", "source": "centre",
                      "village": "blue", "cell": [0, -1]})
    assert isinstance(a, Marry)
    assert a.sex is Sex.F and a.source is Source.CENTRE and isinstance(a.cell, Cell)
    assert a == Marry("red", "f", "centre", "blue", (0, -1))  # type: ignore[arg-type]
    assert action_to_json(a) == {"type": "marry", "player": "red", "sex": "f",
                                 "source": "centre", "village": "blue", "cell": [0, -1]}


@pytest.mark.parametrize("path", sorted(DATA.glob("game-*.jsonl")), ids=lambda p: p.stem)
def test_old_records_replay_and_write_back_byte_identical(path: Path) -> None:
    lines = path.read_text().splitlines()
    assert Game.from_record(lines).record_lines() == lines


def test_the_header_is_checked_in_one_place() -> None:
    h = Header.parse(header_line([("red", "Anna"), ("blue", "Ben")]))
    assert h.colours == ["red", "blue"] and h.options.neutral_colour == "yellow"
    with pytest.raises(MalformedAction, match="only for 2 players"):
        Header.parse(header_line([("red", "A"), ("blue", "B"), ("white", "C")],
                                 neutral_colour="yellow"))
    with pytest.raises(MalformedAction, match="unknown field"):
        Game({**header_line([("red", "A"), ("blue", "B")]), "extra": 1})
