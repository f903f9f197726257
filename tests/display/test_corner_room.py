"""The options' corner picture (where the preselected build goes, beside "Do it") never lies
under the left side's words: drawn only where they leave it room, in every language (the
play-test's German Builder, whose cost hint covered "Built here:" and its mini-map)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.display.app.loop import App
from companion.display.kit import text_reports, widgets
from companion.display.screens import TurnScreen
from companion.display.screens.turn.list_view import OptionsView
from companion.display.words.i18n import _
from companion.engine import parse_action
from tests import uiplay
from tests.display.test_turn_flow import app_for
from tests.ui_driver import Driver, screen_order

DATA = Path(__file__).parent.parent / "data"
LINES = (DATA / "game-4p.jsonl").read_text().splitlines()
LANGUAGES = ("en", "de", "fr", "it", "es")


class Looking(Driver):
    """A driver that draws the options afresh before every tap and checks that no text lies
    over the corner's picture."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.corners = 0
        """How often the picture was drawn."""
        self.worded = 0
        """How often the words took its room and it was left out."""
        self.overlaps: list[str] = []

    def touch(self, w: Any) -> None:
        screen = self.app.screen
        if (isinstance(screen, TurnScreen) and self.app.overlay is None
                and isinstance(screen.mode, OptionsView)):
            self.look(screen)
        super().touch(w)

    def look(self, screen: TurnScreen) -> None:
        text_reports.DRAWN.clear()
        self.app.draw()
        corner = screen.mode.corner(self.app)
        if corner is None:
            return
        here = widgets.punctuate(widgets.elide(_("Built here:")))
        drawn = list(text_reports.DRAWN)
        if not any(s == here for s, _r in drawn):
            self.worded += 1
            return
        self.corners += 1
        self.overlaps += [f"{s!r} at {tuple(r)} over the corner {tuple(corner)}"
                          for s, r in drawn if s != here and r.colliderect(corner)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cost_hint_and_the_corner_picture_never_overlap(
        tmp_path: Path, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first turn's Builder, the cost of the building built first known, the others'
    not yet: their hint takes the room, or the picture has its own."""
    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")
    header = json.loads(LINES[0])
    app = App(uiplay.config(header, tmp_path, language))
    first = next(json.loads(line)["building"] for line in LINES[1:]
                 if json.loads(line)["type"] == "build")
    app.store.learn_costs({first: uiplay.device_costs(header)[first]})
    d = Looking(app)
    actions = screen_order([parse_action(json.loads(line)) for line in LINES[1:]])
    d.play(LINES, stop=next(i for i, a in enumerate(actions) if a.type == "choose"))
    while not isinstance(app.screen, TurnScreen):  # the setup's closing checklist
        d.tap("continue")
    if d.has("back_list"):
        d.tap("back_list")
    d.tap("character:builder")
    screen = app.screen
    assert isinstance(screen, TurnScreen) and isinstance(screen.mode, OptionsView)
    assert screen.mode.status(screen, app)  # the hint to enter a cost
    d.look(screen)
    app.close()
    assert d.overlaps == []
    assert d.corners + d.worded == 1


def test_no_text_lies_over_the_corner_picture_in_a_whole_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")
    app = app_for(LINES, tmp_path, "de")
    d = Looking(app)
    d.play(LINES)
    app.close()
    assert d.overlaps == []
    assert d.corners > 0
