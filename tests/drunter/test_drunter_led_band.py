"""Every text drawn on a Drunter & Drüber screen ends above the LED strip's band along the
bottom edge (play-test 2026-11-28: the turn screen's last line, "…back into your hand.", had
its descenders cut by the strip): the whole screens' tour, each frame's texts checked by the
rectangles they cover (``text_reports.DRAWN``), a refusal's strip among them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.display.kit.widgets import LED_BAND_TOP
from tests.drunter_screens_tour import tour
from tests.ui_driver import Driver


def enter_board(cols: int, rows: int) -> Callable[[Driver], None]:
    """A made-up board of ``cols`` x ``rows`` squares (from 10 x 10, the screen's first):
    two buildings, two toilets, the four starts in the corners. 7 x 6 as the play-test's
    (four lines of room under the map and a few pixels more), 8 x 7 two lines and a few."""
    def enter(d: Driver) -> None:
        d.tap("game:drunter")
        d.tap("drunter_board")
        for _ in range(10 - cols):
            d.tap("size:-1,0")
        for _ in range(10 - rows):
            d.tap("size:0,-1")
        d.tap("square:3,1")  # A 1 (the first tool)
        d.tap("square:2,3")
        d.tap("tool:toilet")
        d.tap("square:3,0")
        d.tap("square:4,2")
        for road, sq in (("street", (0, 0)), ("wall_1", (cols - 1, 0)),
                         ("wall_2", (0, rows - 1)), ("canal", (cols - 1, rows - 1))):
            d.tap(f"tool:{road}")
            d.tap(f"square:{sq[0]},{sq[1]}")
    return enter


def drunter_frame(app: App) -> bool:
    return any(type(x).__module__.startswith("companion.display.screens.drunter")
               for x in (app.screen, app.overlay) if x is not None)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("board", [None, (7, 6), (8, 7)])
def test_texts_end_above_the_led_strip(tmp_path: Path, language: str,
                                      board: tuple[int, int] | None) -> None:
    into: list[tuple[str, str, str, tuple[int, int, int, int]]] = []
    frames: list[str] = []

    def seen(what: str, app: App) -> None:
        if not drunter_frame(app):
            return
        frames.append(what)
        into.extend((what, type(app.overlay or app.screen).__name__, text, tuple(r))
                    for text, r in text_reports.DRAWN if r.bottom > LED_BAND_TOP)

    if board is None:  # the tour's own, 9 x 7
        tour(tmp_path, language, seen)
    else:
        tour(tmp_path, language, seen, enter_board(*board))
    assert len(frames) > 30  # the check saw the screens: setup, turns, votes, the end, keys
    assert {"turn", "vote-0-cards", "over", "setup-hands-refused"} <= set(frames)
    assert into == []
