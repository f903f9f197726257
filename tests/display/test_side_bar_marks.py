"""The side bar's marks at a metre (play-test 2026-11-25, findings 21 and 18): coins, badges,
the start-player token and the tiles held at 26 px or more, so their marks are 20 px or more;
a two-letter mark (French "Bc" for Blanc) stays inside its circle."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from companion.display.kit import picture_cache
from companion.display.kit.palette import PLAYER
from tests import uiplay

DATA = Path(__file__).parent.parent / "data"

@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    from companion.display.words import i18n

    i18n.use("en")  # the next tests expect the default language



def test_side_bar_marks_are_large_and_bc_stays_in_its_circle(tmp_path: Path,
                                                               monkeypatch) -> None:
    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    app, d = uiplay.started(lines, tmp_path, "fr")
    d.play(lines, stop=63)
    circles: list[tuple[tuple[int, int, int], tuple[int, int], int]] = []
    real = pygame.draw.circle

    def spy(surface, colour, center, radius, width=0, *a, **k):  # type: ignore[no-untyped-def]
        if width == 0 and center[0] < 250 and center[1] > 60:
            circles.append((tuple(pygame.Color(colour))[:3], tuple(map(int, center)), radius))
        return real(surface, colour, center, radius, width, *a, **k)

    monkeypatch.setattr(pygame.draw, "circle", spy)
    picture_cache.PICTURES.clear()  # the side bar is kept as a picture once drawn: drawn afresh
    app.draw()
    monkeypatch.setattr(pygame.draw, "circle", real)
    assert len(circles) >= 9, circles  # four badges, four coins, the token
    assert min(r for _c, _p, r in circles) >= 13, circles
    # White's badge and coin: "Bc" inside the ring (no ink outside the circle).
    s = app.surface
    whites = [(p, r) for c, p, r in circles if c == PLAYER["white"]]
    assert len(whites) == 2
    for (cx, cy), r in whites:
        for x in range(cx - r - 3, cx + r + 4):
            for y in range(cy - r + 2, cy + r - 1):
                if math.hypot(x - cx, y - cy) <= r + 1.5:
                    continue
                assert sum(tuple(s.get_at((x, y)))[:3]) > 300, ((x, y), (cx, cy), r)
    app.close()
