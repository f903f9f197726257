"""Drunter's hands screen names each player as every screen does (play-test: a German game
showed "Red / Blue / Yellow"): a seat with no name typed in by its colour in the table's
language."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from companion.display.app.loop import App
from companion.display.words import i18n
from tests.drunter.test_drunter_board_screen import enter_made_up_board
from tests.drunter.test_drunter_ui import config
from tests.ui_driver import Driver

EXPECTED = {"de": ("Rot", "Blau", "Gelb"), "fr": ("Rouge", "Bleu", "Jaune"),
            "it": ("Rosso", "Blu", "Giallo"), "es": ("Rojo", "Azul", "Amarillo"),
            "en": ("Red", "Blue", "Yellow")}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


@pytest.mark.parametrize("language", ["de", "fr", "it", "es", "en"])
def test_the_hands_screen_names_a_seat_by_its_colour_in_the_tables_language(
        tmp_path: Path, language: str) -> None:
    app = App(config(tmp_path, language))
    d = Driver(app)
    d.seat_players(["red", "yellow", "blue"])  # clockwise: red, blue, yellow
    enter_made_up_board(d)
    d.tap("save")
    d.tap("back")
    assert d.screen_name() == "DrunterSetupScreen"
    d.tap("next")
    shown = {w.id: w.label for w in d.widgets() if w.id.startswith("hand:")}
    assert shown == dict(zip(("hand:red", "hand:blue", "hand:yellow"), EXPECTED[language],
                             strict=True))
    app.close()
