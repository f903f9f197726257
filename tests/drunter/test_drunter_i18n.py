"""Every refusal, phase, option and word of the Drunter & Drüber engine in the five languages,
worded through the display's i18n like Helvetia's messages."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po

from companion.display.words import catalogues, i18n
from companion.drunter import DrunterIllegal, Place
from companion.drunter.messages import ENGLISH, PARAM_KINDS, Message, english, fields_of
from tests.drunter_helpers import new_game, place

LANGUAGES = list(i18n.LANGUAGES)
SAMPLE: dict[str, Any] = {
    "colour": "red", "drunter_tile": ("wall", 2), "drunter_road": "wall_1",
    "drunter_square": (2, 3), "drunter_card": "jeeiin", "drunter_side": "no",
    "drunter_objective": "max3", "count": 2, "number": 3, "raw": "A",
    "drunter_start": "wall_2", "drunter_cards": ("jaa", "ja"),
    "phase": Message("drunter.phase.vote", {"player": "blue"}),
}
IDS = {"wall_1", "wall_2", "jeeiin", "max3", "max4", "one_point", "drunter"}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")
    i18n.set_players(())


def sample(code: str) -> Message:
    return Message(code, {f: SAMPLE[PARAM_KINDS[f]] for f in fields_of(ENGLISH[code])})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_its_translation(lang: str) -> None:
    with catalogues.po_path(lang).open("rb") as f:
        cat = read_po(f, locale=lang)
    missing = []
    for code, tmpl in ENGLISH.items():
        m = cat.get(tmpl if isinstance(tmpl, str) else tuple(tmpl))
        if m is None or m.fuzzy or not (all(m.string) if isinstance(m.string, tuple)
                                        else m.string):
            missing.append(code)
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_worded_with_its_terms(lang: str) -> None:
    i18n.use(lang)
    i18n.set_players([type("P", (), {"colour": "red", "name": "Jürg"})()])
    for code in ENGLISH:
        text = i18n.say(sample(code))
        assert text and "{" not in text, (code, text)
        assert not IDS & set(text.replace(",", " ").replace(".", " ").split()), (code, text)
        if "player" in fields_of(ENGLISH[code]):
            assert "Jürg" in text, (code, text)
        assert english(sample(code)) and "{" not in english(sample(code))


def test_a_refusal_is_worded_in_the_players_language() -> None:
    game = new_game(2)
    place(game, "street", 3, (1, 0), "down")
    game.apply(Place("blue", "wall", 2, "wall_2", (0, 4), "right"))
    with pytest.raises(DrunterIllegal) as info:
        game.apply(Place("red", "canal", 1, "street", (0, 1)))
    err = info.value
    i18n.use("de")
    assert i18n.error_text(err) == ("Die Straße lässt sich nicht mit einem Kanalplättchen "
                                    "(1 Feld) verlängern: jeder Weg wird mit Plättchen seiner "
                                    "eigenen Art gebaut.")
    i18n.use("en")
    assert i18n.error_text(err) == str(err) == (
        "A canal tile (1 square) cannot extend the street: each road is built with tiles of "
        "its own kind.")
    i18n.use("it")
    assert "colonna 2, riga 1" in i18n.say(Message("drunter.off_map", {"square": (1, 0)}))


def test_a_parameter_name_means_the_same_in_both_games() -> None:
    from companion.engine import messages, table

    helvetia = {**messages.PARAM_KINDS, **getattr(table, "PARAM_KINDS", {})}
    assert {k for k, v in PARAM_KINDS.items() if helvetia.get(k, v) != v} == set()
    assert not set(ENGLISH) & (set(messages.ENGLISH) | set(table.ENGLISH))
