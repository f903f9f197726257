"""What the turn screen says in words, beside its buttons: one primary button a view, and what
"Do it" does next said as body text; the coins in hand and the coins back for the next turn
(the players panel counts both)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.kit import text_reports
from companion.display.kit import widgets as ui
from companion.display.screens import TurnScreen
from tests.display.test_turn_flow import DATA, LINES, app_for, config
from tests.ui_driver import Driver


def texts(app: App) -> dict[str, tuple[int, int, int]]:
    """Every text drawn on the screen now, with its colour."""
    text_reports.CONTRAST.clear()
    app.dirty = True
    app.draw()
    return {k[1]: k[2] for k in text_reports.CONTRAST}


def test_one_primary_button_and_what_do_it_does_in_body_text(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    d.play(LINES, stop=24)  # Blue's steps of the first Carter action; a second is due
    assert isinstance(app.screen, TurnScreen) and app.screen.view == "steps"
    assert [w.id for w in d.widgets() if w.style == "primary"] == ["do"]
    said = texts(app)
    words = next(t for t in said if t.startswith("Next: "))
    assert said[words] == ui.INK
    app.close()


def test_coins_back_for_the_next_turn_are_said_beside_the_coins_in_hand(
        tmp_path: Path) -> None:
    lines = (DATA / "game-3p.jsonl").read_text().splitlines()
    app = app_for(lines, tmp_path)
    d = Driver(app)
    d.play(lines, stop=33)  # Yellow's turn with a dowry coin back from Blue's centre
    state = helvetia_state(app)
    player = state.player(state.active)
    assert player.won_coins == 1 and isinstance(app.screen, TurnScreen)
    if d.has("back_list"):
        d.tap("back_list")
    said = texts(app)
    held = player.coins + player.won_coins  # in hand, as the players panel counts them
    assert f"{held} coins in hand, 1 usable from the next turn" in " ".join(said)  # wrapped
    assert str(held) in said  # the players panel's count beside the coin
    app.close()


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_last_start_building_is_named_once_its_player_is_tapped(tmp_path: Path,
                                                                   language: str) -> None:
    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    app = app_for(lines, tmp_path, language)
    d = Driver(app)
    d.play(lines, stop=15)  # Anna (red) has one start building left: the Stonemason
    assert helvetia_state(app).to_place["red"] == ["stonemason"]
    d.tap("value:player:red")
    text_reports.clear_reports()
    joined = " ".join(texts(app))
    assert text_reports.REPORTS == []  # said whole
    if language == "en":
        assert "place the Stonemason, your last start building" in joined
    else:
        from companion.display.words.i18n import building
        # with its article: "la maçonnerie"
        name = building(helvetia_state(app).catalogue, "stonemason")
        assert name.lower() in joined.lower()
    app.close()
