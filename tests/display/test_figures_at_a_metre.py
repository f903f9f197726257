"""Villagers read at a metre: a man, a woman and a child, awake or asleep, each at least
``FIGURE_MIN`` tall wherever they are drawn (a child as an adult: its shape, a big head and
no hat, tells it, not a smaller size); a smaller one is reported as a text too small is."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.display.contract import helvetia_state
from companion.display.kit import text_reports
from companion.display.kit import widgets as ui
from companion.display.pictures.figures import figure
from companion.display.pictures.step_pictures import draw_piece
from companion.display.screens.parts import PIC_H, PIC_W
from companion.engine.messages import Message
from companion.engine.table import CHILD, VILLAGER, TableStep
from companion.engine.values import Sex
from tests import uiplay

RECORD = Path(__file__).parent.parent / "data" / "game-3p.jsonl"


def drawn_height(draw) -> int:  # type: ignore[no-untyped-def]
    s = pygame.Surface((200, 200), pygame.SRCALPHA)
    draw(s)
    return s.get_bounding_rect().height


@pytest.mark.parametrize("piece", [CHILD, VILLAGER])
@pytest.mark.parametrize("box", [(PIC_W * 2 // 5 - 7, PIC_H - 6), (30, 30)])
def test_a_piece_in_a_step_picture_is_at_least_figure_min_tall(piece: str,
                                                               box: tuple[int, int]) -> None:
    """The smallest boxes a step's piece gets: beside the village in a step's picture, and
    a round-end checklist's row."""
    step = TableStep(Message("table.child", {}), piece, "red", sex=Sex.F, awake=True)
    text_reports.clear_reports()
    h = drawn_height(lambda s: draw_piece(s, step, pygame.Rect(10, 10, *box)))
    assert h >= ui.FIGURE_MIN
    assert not text_reports.REPORTS


def test_a_figure_under_figure_min_is_reported_child_or_not() -> None:
    text_reports.clear_reports()
    s = pygame.Surface((100, 100))
    figure(s, "blue", Sex.M, True, (50, 50), 20, child=True)
    figure(s, "blue", Sex.F, False, (50, 50), 28)
    assert [(r.text, r.why) for r in text_reports.REPORTS] == [("child", text_reports.TOO_SMALL)]


def test_children_on_the_villages_and_in_the_birth_steps_are_read_at_a_metre(
        tmp_path: Path) -> None:
    lines = RECORD.read_text().splitlines()
    first_birth = next(i for i, line in enumerate(lines[1:])
                       if json.loads(line)["type"] == "birth")
    app, d = uiplay.started(lines, tmp_path, "en")
    d.play(lines, stop=first_birth + 1)
    villages = helvetia_state(app).villages.values()
    assert any(b.children for v in villages for b in v.buildings.values())
    text_reports.clear_reports()
    app.draw()  # the turn with the birth's steps
    if d.has("steps:show"):
        d.tap("steps:show")
        app.draw()
        d.tap("steps:close")
    d.tap("villages")
    for v in helvetia_state(app).villages:
        if d.has(f"village:{v}"):
            d.tap(f"village:{v}")
        app.draw()
    small = [r for r in text_reports.REPORTS if r.why == text_reports.TOO_SMALL]
    assert small == []
    app.close()
