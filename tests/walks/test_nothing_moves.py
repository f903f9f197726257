"""Nothing moves under the finger (issue 32): while a screen lasts, every button and grid cell
keeps its place. A recorded four-player game is played through the screens (``uiplay``);
after every frame the widgets' rectangles are compared with the frame before on the same
screen: a widget there before and there now has not moved.

"The same screen" is what the table sees as one: the same screen object, and a list that is
answered pick after pick (the draft, the buildings tapped at a round end, the round end's bar
from its checklist to the new buildings and on, the "Who?" picker and each player's buildings
while the start buildings are placed) across the screens that show it. Rows of a list the
table scrolls itself (a checklist's steps, a page of options) move by its own tap and
are left out; so is a village picture the table turns to by its tab."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.display.contract import helvetia_state
from companion.display.screens import RoundScreen, SetupScreen
from companion.engine.state import DRAFT, OVER, PLACE, PLAY, REVEAL
from tests import uiplay

DATA = Path(__file__).parent.parent / "data"
SCROLLED = ("tick:", "steps:", "option:", "choices:", "page:", "value:placements:")
"""Rows the table moves itself (scrolling, paging), and the buttons that do it."""
LANGUAGES = ("en", "de", "fr", "it", "es")
"""The walk in every language: a control sized by its words moves in one language only (the
round end's way on moved 19 px in German once the new buildings were entered)."""
ONE_PLACE = {"reveal:start": "continue"}
"""Controls that are one place for the table: the round end's way on ("Enter the new
buildings", then "On to round n" once they are entered)."""


def life(app: Any) -> Any:
    """What the table sees as one screen: the draft across its picks, the round end from its
    checklist to the next round (or the final scores); else the screen object itself (and the
    turn screen's view)."""
    state = helvetia_state(app)
    screen = app.overlay or app.screen
    if app.overlay is not None or state is None:
        return screen  # the object itself, kept: an id is used again once it is gone
    if isinstance(screen, SetupScreen) and state.phase == DRAFT:
        return ("draft", state.round)
    if isinstance(screen, SetupScreen) and state.phase == PLACE:
        # the "Who?" picker across the start buildings placed (a player's buildings: each
        # player's own list, answered pick after pick)
        return "placing", screen.form.chosen.get("player")
    if isinstance(screen, RoundScreen) and state.phase in (REVEAL, PLAY, OVER):
        # the round that ended: the next one is under way once it is PLAY (the game's last
        # round end, OVER, keeps its own round)
        return ("round end", state.round - 1 if state.phase == PLAY else state.round)
    mode = getattr(screen, "mode", None)
    # a village's picture is its own: the table turns to another village by its tab, as it
    # turns a page
    shown = mode.picture_village() if hasattr(mode, "picture_village") else None
    return screen, type(mode).__name__, shown


def frames_of(game: str, tmp: Path, language: str = "en"
              ) -> list[tuple[Any, str, dict[str, pygame.Rect]]]:
    """Every frame of the game played through the screens in ``language``: its screen's
    life, the screen's name and where each widget was."""
    lines = [ln for ln in (DATA / game).read_text().splitlines() if ln.strip()]
    app, d = uiplay.started(lines, tmp, language)
    frames: list[tuple[Any, str, dict[str, pygame.Rect]]] = []
    draw = app.draw

    def watched() -> None:
        draw()
        frames.append((life(app), type(app.overlay or app.screen).__name__,
                       {ONE_PLACE.get(w.id, w.id): pygame.Rect(w.rect) for w in app.widgets
                        if w.on_tap is not None}))

    app.draw = watched  # type: ignore[method-assign]  # looks, changes nothing
    try:
        d.play(lines)
    finally:
        app.close()
    return frames


def moved(frames: list[tuple[Any, str, dict[str, pygame.Rect]]]) -> list[str]:
    """Each widget that was somewhere else before in its screen's life (whenever it was
    there: a control that comes and goes has a place of its own)."""
    out: list[str] = []
    seen: dict[tuple[Any, str], pygame.Rect] = {}
    for key, name, now in frames:
        for wid, r in now.items():
            if wid.startswith(SCROLLED):
                continue
            before = seen.setdefault((key, wid), r)
            if before != r:
                out.append(f"{name}: {wid} {tuple(before)} -> {tuple(r)}")
    return sorted(set(out))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_button_moves_while_its_screen_lasts(tmp_path: Path, language: str) -> None:
    frames = frames_of("game-4p.jsonl", tmp_path, language)
    assert len(frames) > 200
    assert sum(1 for k, _n, _w in frames if isinstance(k, tuple) and k[0] == "draft") > 5
    assert sum(1 for k, _n, _w in frames if isinstance(k, tuple) and k[0] == "round end") > 5
    assert sum(1 for k, _n, w in frames if k == ("placing", None) and "value:player:blue" in w) > 3
    # the new buildings entered at a round end, its way on there before and after
    entered = {k for k, _n, w in frames if "reveal:clear" in w}
    ways_on = {k for k, _n, w in frames if "continue" in w}
    assert len(entered & ways_on) > 3
    assert moved(frames) == []


@pytest.mark.parametrize("game", ["game-2p.jsonl", "hurried-4p.jsonl"])
def test_no_button_moves_in_the_other_games(tmp_path: Path, game: str) -> None:
    """Two players with the neutral village, four in a hurry: the cost form's tokens and
    Back, the villages' pictures."""
    frames = frames_of(game, tmp_path)
    assert len(frames) > 100
    assert moved(frames) == []
