"""The players' panel frames the one player the game waits for, and nobody while several
place their start buildings at once (the play-test: Yellow stayed framed while Red's building
was being placed, because the engine's "active" is then only the first listed)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from companion.display.kit.palette import BACKGROUND
from companion.display.screens.parts import players_panel
from companion.engine import Game, GameState, parse_action
from companion.engine.deciders import deciders
from companion.engine.state import PLACE, PLAY

LINES = (Path(__file__).parent.parent / "data" / "game-4p.jsonl").read_text().splitlines()
PANEL = pygame.Rect(8, 60, 240, 300)


def first_state(phase: str) -> GameState:
    game = Game(json.loads(LINES[0]))
    for line in LINES[1:]:
        if game.state.phase == phase:
            return game.state
        game.apply(parse_action(json.loads(line)))
    raise AssertionError(f"no {phase} in the record")


def framed_rows(state: GameState) -> int:
    """How many rows of the panel have a frame: the strip left of the badges is background
    everywhere but where a frame is drawn."""
    pygame.init()
    s = pygame.Surface((400, 480))
    s.fill(BACKGROUND)
    players_panel(s, state, PANEL)
    ys = [y for y in range(PANEL.top - 4, PANEL.bottom)
          if s.get_at((PANEL.left - 2, y))[:3] != BACKGROUND]
    return sum(1 for a, b in zip([-9, *ys], ys, strict=False) if b - a > 1)  # runs of y


@pytest.mark.parametrize(("phase", "framed"), [(PLACE, 0), (PLAY, 1)])
def test_only_the_one_player_waited_for_is_framed(phase: str, framed: int) -> None:
    state = first_state(phase)
    assert (len(deciders(state)) > 1) == (phase == PLACE)
    assert framed_rows(state) == framed
