"""The draft's "drafted so far" list never runs under a control (play-test 2026-11-25,
finding 7: in German and Italian the last player's buildings lay under "On the table"):
at every pick of a four-player draft, in every language, what the list draws ends above
the controls of the screen's left column."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.display.contract import helvetia_state
from companion.display.kit.widgets import BACKGROUND
from companion.display.screens.setup.progress import left_panel
from companion.display.words import i18n
from companion.engine.state import DRAFT
from tests import uiplay

DATA = Path(__file__).parent.parent / "data"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.use("en")


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_the_drafted_list_ends_above_the_controls_below_it(tmp_path: Path,
                                                           language: str) -> None:
    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    picks = [i for i, ln in enumerate(lines[1:]) if json.loads(ln)["type"] == "pick"]
    app, d = uiplay.started(lines, tmp_path, language)
    checked = 0
    for stop in [*picks[1:], picks[-1] + 1]:
        d.play(lines, stop=stop)
        state = helvetia_state(app)
        if state.phase != DRAFT:
            continue
        app.draw()
        below = [w.rect for w in app.widgets if w.rect.left < 250 and w.rect.top > 100]
        assert below, "the left column's control (on the table)"
        drawn = pygame.Surface((800, 480))
        drawn.fill(BACKGROUND)
        left_panel(drawn, state)
        drawn.set_colorkey(BACKGROUND)
        ink = drawn.get_bounding_rect()
        assert ink.height > 100, "the list is drawn"
        assert all(ink.bottom <= r.top - 2 for r in below), (language, stop, ink, below)
        checked += 1
    assert checked >= 5
    app.close()
