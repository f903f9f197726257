"""The draft's end said where the group is (issue 32, play-test 2026-11-28): the start-player
token's handover and the start tiles going back into the box stay on the screen that follows
the last pick (the placing of the start buildings, a virtual player's placement) until the
first placement, and the setup's closing checklist does not say them again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.display.app.loop import App
from companion.display.contract import helvetia_state, table_log
from companion.display.kit import widgets
from companion.display.screens.setup import handover as handover_module
from companion.display.screens.setup.done import SetupDoneScreen, unsaid_groups
from companion.display.screens.setup.handover import HANDOVER
from companion.display.screens.turn.virtual import VirtualScreen
from tests import uiplay
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"
LAST_PICK = 10
"""game-3p: the first picker and nine picks; Anna (red) picks last and takes the token from
beside the board (§6.1: nobody held it during the draft)."""


def record(name: str) -> list[str]:
    return (DATA / name).read_text().splitlines()


def band(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The handover band's words as the screen draws them now (none: no band)."""
    said: list[str] = []
    real = widgets.draw_text

    def draw_text(s: Any, words: str, *a: Any, **k: Any) -> Any:
        said.append(words)
        return real(s, words, *a, **k)

    monkeypatch.setattr(handover_module, "draw_text", draw_text)
    app.dirty = True
    app.draw()
    monkeypatch.setattr(handover_module, "draw_text", real)
    return said


def closing_codes(app: Any) -> set[str]:
    """The codes the setup's closing checklist lists."""
    entries = table_log(app).shown()
    return {entries[i][0].code for g in unsaid_groups(entries) for i in g.steps}


def test_the_token_and_the_spare_tiles_stay_on_the_placing_screen_until_the_first_placement(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = record("game-3p.jsonl")
    app, d = uiplay.started(lines, tmp_path)
    try:
        d.play(lines, stop=LAST_PICK - 1)
        assert band(app, monkeypatch) == []  # the draft still runs: no band yet
        d.play(lines, stop=LAST_PICK)  # Anna's last pick, tapped
        assert helvetia_state(app) is not None and helvetia_state(app).phase == "place"
        words = band(app, monkeypatch)
        assert words == ["First, Anna takes the start-player token from beside the board. "
                         "1 start tile left over: back into the box."]
        d.tap("value:player:red")  # the band stays while a placement is tapped in
        assert band(app, monkeypatch) == words
        d.play(lines, stop=LAST_PICK + 1)  # the first placement: done, the band goes
        assert band(app, monkeypatch) == []
        app.undo()  # the placement taken back: the token moved before it, not said again
        if d.has("steps:close"):  # what to take back, over the screen: seen
            d.tap("steps:close")
        assert band(app, monkeypatch) == []
        d.play(lines, stop=LAST_PICK + 1)
        d.play(lines, stop=lines.index(next(ln for ln in lines
                                            if '"choose"' in ln)) - 1)
        assert isinstance(app.screen, SetupDoneScreen)
        assert not closing_codes(app) & HANDOVER  # said once: not in the closing list
    finally:
        app.close()


def test_a_virtual_player_placing_first_shows_them_first_and_done_ticks_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = record("game-3p.jsonl")
    header = json.loads(lines[0])
    for p in header["players"]:
        if p["colour"] == "yellow":  # Carla: virtual; Anna (a person) picks last
            p["virtual"] = "easy"
    lines = [json.dumps(header), *lines[1:]]
    app = App(uiplay.config(header, tmp_path, "en"))  # started with Carla virtual
    d = Driver(app)
    try:
        d.reach(lines, stop=LAST_PICK - 1)
        d.tap("confirm")  # Anna's last pick, the one answer left, tapped
        d.widgets()  # Carla's placement, thought out
        screen = app.screen
        assert isinstance(screen, VirtualScreen) and screen.table is not None
        shown = [s.message.code for s, _st, _b in screen.table.shown()]
        assert shown[:2] == ["table.start_token_last_pick", "table.start_tile_to_box"]
        assert all(c == "table.place_building" for c in shown[2:]) and len(shown) == 5
        handed = list(screen.table.handed)
        d.tap("virtual:done")
        assert set(handed) <= table_log(app).ticked  # the table did them on that screen
        assert band(app, monkeypatch) == []  # not said again on the next screen
        assert not closing_codes(app) & HANDOVER
    finally:
        app.close()


def test_the_letters_setup_s_spare_tiles_are_said_before_the_neutral_village(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two players, start buildings by the letters: after the last player's three, five
    start tiles go back into the box (no screen said it before; §6.1.1, §6.3)."""
    lines = record("game-2p.jsonl")
    app, d = uiplay.started(lines, tmp_path)
    try:
        d.play(lines, stop=3)  # the start player, both players' three buildings
        assert helvetia_state(app) is not None and helvetia_state(app).phase == "neutral"
        assert band(app, monkeypatch) == [
            "5 start tiles left over: back into the box."]
        d.play(lines, stop=4)  # the first neutral building: done
        assert band(app, monkeypatch) == []
    finally:
        app.close()


def test_the_band_fits_in_every_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")
    lines = record("game-3p.jsonl")
    app, d = uiplay.started(lines, tmp_path, also=("de", "fr", "it", "es"))
    try:
        d.reach(lines, stop=LAST_PICK)
        for who in ("red", None):
            if who:
                d.tap(f"value:player:{who}")
            assert band(app, monkeypatch)
        Driver(app).widgets()
    finally:
        app.close()
