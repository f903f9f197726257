"""The games' words as types (``engine/values.py``, ``drunter/values.py``): each ``Literal``
type and the tuple the code walks hold the same words; a word read from a record becomes one
only through its check, so a bad one is a clear refusal that changes nothing, never a crash;
and records and examples of both games still replay and write back byte-identical."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from companion import drunter
from companion.drunter import values as dv
from companion.engine import (
    Choose,
    Game,
    HelvetiaError,
    IllegalAction,
    MalformedAction,
    header_line,
    parse_action,
)
from companion.engine import state as helvetia_state
from companion.engine import values as hv

ROOT = Path(__file__).resolve().parent.parent.parent

WORDS = [
    (hv.Colour, hv.COLOURS), (hv.Character, hv.CHARACTERS), (hv.Quarter, hv.QUARTERS),
    (hv.Phase, helvetia_state.PHASES),
    (dv.Colour, dv.COLOURS), (dv.Kind, dv.KINDS), (dv.Road, dv.ROADS),
    (dv.Heading, dv.HEADINGS), (dv.BuildingType, dv.BUILDING_TYPES),
    (dv.SpecialCard, dv.SPECIAL_CARDS), (dv.CitizenCard, dv.CITIZEN_CARDS),
    (dv.Side, dv.SIDES), (dv.Phase, drunter.state.PHASES),
]


@pytest.mark.parametrize(("kind", "words"), WORDS, ids=[str(w[1][0]) for w in WORDS])
def test_each_type_and_its_tuple_hold_the_same_words(kind: object, words: tuple[str, ...]
                                                     ) -> None:
    assert typing.get_args(kind) == words


def test_the_old_homes_of_the_words_still_name_them() -> None:
    from companion.drunter import board
    from companion.engine import grid
    assert helvetia_state.COLOURS is hv.COLOURS and helvetia_state.CHARACTERS is hv.CHARACTERS
    assert grid.QUARTERS is hv.QUARTERS
    assert board.KINDS is dv.KINDS and board.ROADS is dv.ROADS
    assert tuple(board.DIRECTIONS) == dv.HEADINGS
    assert tuple(drunter.state.CARD_VOTES) == drunter.state.CITIZEN_CARDS


def _game() -> Game:
    return Game(header_line([("red", "Anna"), ("blue", "Ben"), ("yellow", "Carla")]))


@pytest.mark.parametrize(("line", "error", "code"), [
    ({"type": "start_player", "player": "green"}, IllegalAction, "not_a_player"),
    ({"type": "start_player", "player": "white"}, IllegalAction, "not_a_player"),
    ({"type": "start_player", "player": 7}, MalformedAction, "malformed"),
    ({"type": "start_player", "player": ""}, MalformedAction, "malformed"),
    ({"type": "choose", "player": "red", "character": "king", "coins": 1}, MalformedAction,
     "malformed"),
    ({"type": "choose", "player": "red", "character": ["builder"], "coins": 1},
     MalformedAction, "malformed"),
    ({"type": "wake", "player": "red", "village": "red", "quarter": "middle"},
     MalformedAction, "malformed"),
])
def test_a_bad_word_in_an_action_is_refused_and_changes_nothing(
        line: dict[str, object], error: type[HelvetiaError], code: str) -> None:
    game = _game()
    before = game.record_lines()
    with pytest.raises(error) as caught:
        game.apply(line)
    assert caught.value.code == code
    assert game.record_lines() == before


def test_a_word_read_is_the_type_s_word() -> None:
    action = parse_action({"type": "choose", "player": "red", "character": "carter",
                           "coins": 2})
    assert action == parse_action({"type": "choose", "player": "red", "character": "carter",
                                   "coins": 2})
    assert isinstance(action, Choose)
    assert action.player in hv.COLOURS and action.character in hv.CHARACTERS


@pytest.mark.parametrize("colour", ["green", None, 3, ["red"]])
def test_a_bad_colour_in_a_header_is_malformed(colour: object) -> None:
    header = {"format": "helvetia-record", "version": 1,
              "players": [{"colour": "red"}, {"colour": colour}]}
    with pytest.raises(MalformedAction, match=r"players\[1\] needs a 'colour'"):
        Game(header)


def test_a_bad_neutral_colour_is_malformed() -> None:
    header = {"format": "helvetia-record", "version": 1,
              "players": [{"colour": "red"}, {"colour": "blue"}],
              "options": {"neutral_colour": "green"}}
    with pytest.raises(MalformedAction, match="neutral_colour"):
        Game(header)


PLACE = {"type": "place", "player": "red", "kind": "street", "length": 2, "road": "street",
         "square": [1, 0], "direction": "right"}


@pytest.mark.parametrize(("change", "says"), [
    ({"player": "green"}, "'player' must be a colour"),
    ({"kind": "river"}, "'kind' must be one of street, wall, canal"),
    ({"kind": None}, "'kind' must be one of"),
    ({"road": "wall"}, "'road' must be one of street, wall_1, wall_2, canal"),
    ({"direction": "north"}, "'direction' must be one of up, down, left, right"),
    ({"direction": 1}, "'direction' must be one of"),
])
def test_drunter_a_bad_word_in_a_placement_is_malformed(change: dict[str, object],
                                                         says: str) -> None:
    with pytest.raises(drunter.MalformedAction, match=says):
        drunter.parse_action({**PLACE, **change})


@pytest.mark.parametrize(("line", "says"), [
    ({"type": "vote", "cards": {"red": ["jaaaa"]}}, "is not one of"),
    ({"type": "vote", "cards": {"green": ["ja"]}}, "must be a colour"),
    ({"type": "vote", "cards": {"red": ["jeeiin"]}, "sides": {"red": "maybe"}},
     "the side of red must be \"yes\" or \"no\""),
])
def test_drunter_a_bad_word_in_a_vote_is_malformed(line: dict[str, object], says: str) -> None:
    with pytest.raises(drunter.MalformedAction, match=says):
        drunter.parse_action(line)


def test_drunter_words_read_back_unchanged() -> None:
    for line in (PLACE, {**PLACE, "length": 1, "direction": None},
                 {"type": "vote", "cards": {"red": ["jeeiin", "ja"], "blue": ["abstain"]},
                  "sides": {"red": "no"}}):
        action = drunter.parse_action(line)
        again = drunter.parse_action(drunter.action_to_json(action))
        assert again == action


HELVETIA_RECORDS = sorted((ROOT / "tests" / "data").glob("*.jsonl")) + sorted(
    (ROOT / "examples").glob("*.jsonl"))
DRUNTER_RECORDS = sorted((ROOT / "examples" / "drunter").glob("*.jsonl"))


@pytest.mark.parametrize("path", HELVETIA_RECORDS, ids=lambda p: p.name)
def test_helvetia_records_replay_byte_identical(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert Game.from_record(lines).record_lines() == lines


@pytest.mark.parametrize("path", DRUNTER_RECORDS, ids=lambda p: p.name)
def test_drunter_records_replay_byte_identical(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert drunter.Game.from_record(lines).record_lines() == lines
