"""The first action of a setup says what the table did: in a draft the player chosen picks
first (the token goes to the last to pick, so "start player" would be wrong there); with the
simplified setup the player drawn is the start player."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.display.words import i18n
from companion.display.words.table_log import action_text
from companion.engine import new_game, parse_action

DATA = Path(__file__).parent.parent / "data"


@pytest.mark.parametrize(("record", "said"), [
    ("game-4p.jsonl", "Ben picks first in the draft"),
    ("game-2p.jsonl", "is the start player"),
])
def test_the_first_choice_is_said_as_the_setup_has_it(record: str, said: str) -> None:
    header, first, *_ = (DATA / record).read_text().splitlines()
    state = new_game(json.loads(header))
    i18n.use("en")
    i18n.set_players(state.players)
    assert said in action_text(parse_action(json.loads(first)), state)


def test_german_says_who_picks_first() -> None:
    header, first, *_ = (DATA / "game-4p.jsonl").read_text().splitlines()
    state = new_game(json.loads(header))
    i18n.use("de")
    i18n.set_players(state.players)
    try:
        assert action_text(parse_action(json.loads(first)), state) == \
            "Ben wählt als Erster ein Startgebäude"
    finally:
        i18n.use("en")
