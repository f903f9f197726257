"""A round end's controls keep their places when its new buildings are entered and when that is
undone (issue 32, "nothing moves under the finger"): the groups of its checklist (the group
of what to take back comes below them), "End the game here" and the way on ("Enter the new
buildings", then "On to round n"), in every language."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.display.contract import helvetia_state
from companion.display.screens import RoundScreen
from companion.engine.state import PLAY, REVEAL
from tests import uiplay

DATA = Path(__file__).parent.parent / "data"
BAR = ("round:end_game", "round:scores")
WAY_ON = ("reveal:start", "continue")


def places(app: Any) -> dict[str, pygame.Rect]:
    """Where each control of the round end is now (its way on under one name)."""
    app.draw()
    return {("way_on" if w.id in WAY_ON else w.id): pygame.Rect(w.rect)
            for w in app.widgets if w.id.startswith("group:") or w.id in BAR + WAY_ON}


def phase(app: Any) -> str:
    return str(helvetia_state(app).phase)


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_a_round_end_keeps_its_places_through_the_new_buildings_and_their_undo(
        tmp_path: Path, language: str) -> None:
    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    reveal = next(i for i, ln in enumerate(lines[1:]) if json.loads(ln)["type"] == "reveal")
    app, d = uiplay.started(lines, tmp_path, language)
    try:
        d.play(lines, stop=reveal)  # the round just ended: its checklist
        assert isinstance(app.screen, RoundScreen) and phase(app) == REVEAL
        before = places(app)
        d.play(lines, stop=reveal + 1)  # the new buildings entered, tapped one by one
        assert phase(app) == PLAY and isinstance(app.screen, RoundScreen)
        entered = places(app)
        assert "group:new" in entered and "way_on" in entered
        d.tap("undo")  # taken back: the round end asks for its new buildings again
        d.tap("undo:yes")
        assert phase(app) == REVEAL and isinstance(app.screen, RoundScreen)
        undone = places(app)
        assert "group:undo" in undone  # the new tiles to take back
        assert undone["group:undo"] == entered["group:new"]  # in the place of the new tiles
        for now in (entered, undone):
            same = set(before) & set(now)
            assert {k: tuple(now[k]) for k in same} == {k: tuple(before[k]) for k in same}
        assert {"way_on", "round:end_game", "group:tiles", "group:scores"} <= set(before) & set(
            entered) & set(undone)
    finally:
        app.close()
