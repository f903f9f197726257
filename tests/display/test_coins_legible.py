"""Several coins of one colour read at a metre (play-test 2026-11-25, finding 5: three white
coins drawn over one another read "B B Bc" in French): one coin with its initial and the
count beside it, in a table step's picture and in a village centre alike."""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.display.kit import text_reports
from companion.display.kit import widgets as ui
from companion.display.kit.palette import CENTRE, INK, PLAYER
from companion.display.pictures.step_pictures import draw_piece
from companion.display.pictures.village_view import _grid, draw_village
from companion.display.screens.parts import PIC_H, PIC_W, TOP
from companion.display.words import i18n
from companion.engine import Game
from companion.engine.messages import Message
from companion.engine.table import COIN, TableStep
from companion.engine.values import Cell

pygame.init()
DATA = Path(__file__).parent.parent / "data"


@pytest.fixture(autouse=True)
def _french() -> Iterator[None]:
    pygame.init()
    ui.reset_fonts()  # an app closed by an earlier test quit pygame's fonts
    i18n.use("fr")  # white is "Bc", blue "Bl": two letters on a coin
    text_reports.clear_reports()
    yield
    i18n.use("en")


def _pixels(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]
            ) -> list[tuple[int, int]]:
    return [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            if tuple(surface.get_at((x, y)))[:3] == colour]


def _span(points: list[tuple[int, int]]) -> int:
    xs = [x for x, _y in points]
    return max(xs) - min(xs) + 1


@pytest.mark.parametrize("character", [None, "priest"])
def test_three_coins_of_a_step_are_one_coin_and_a_count(character: str | None) -> None:
    step = TableStep(Message("table.coins_back", {}), COIN, "white", character=character,
                     n=3)
    box = pygame.Rect(0, 0, PIC_W * 2 // 5 if character is None else PIC_W, PIC_H - 6)
    s = pygame.Surface(box.size)
    s.fill((252, 250, 244))
    draw_piece(s, step, box)
    white = _pixels(s, box, PLAYER["white"])
    assert white and _span(white) <= 2 * (min(box.size) // 3) + 2, "one coin, not three"
    assert text_reports.REPORTS == []
    ink_outside_coin = [p for p in _pixels(s, box, INK) if p[0] > max(x for x, _ in white)
                        or p[1] > max(y for _, y in white)]
    assert ink_outside_coin, "the count beside or below the coin"


def test_three_dowry_coins_in_a_village_centre_are_one_coin_and_a_count() -> None:
    lines = [ln for ln in (DATA / "game-3p.jsonl").read_text().splitlines() if ln.strip()]
    state = copy.deepcopy(Game.from_record(lines).state)
    v = "red"  # its centre: red villagers, white and blue coins
    state.villages[v].coins = {"white": 3, "blue": 1}
    area = pygame.Rect(8, TOP + 54, ui.W - 16, 480 - TOP - 60)
    s = pygame.Surface((800, 480))
    draw_village(s, state, v, area)
    grid = _grid(state, v, area)
    centre = grid[Cell(0, 0)].union(grid[Cell(1, 0)])
    white = _pixels(s, centre, PLAYER["white"])
    blue = _pixels(s, centre, PLAYER["blue"])
    assert _span(white) <= 30 and _span(blue) <= 30
    assert max(x for x, _ in white) < min(x for x, _ in blue), "apart, by colour"
    assert text_reports.REPORTS == []
    assert PLAYER["white"] != CENTRE
