"""The setup checklist keeps every control in its place while the table ticks its steps off
(issue 32, nothing moves under the finger): its main button "Start the draft / n steps not
ticked" narrowed at each tick (play-test 2026-11-28). ``test_nothing_moves`` plays recorded
games that go past the checklist without a tick, so this walk ticks every step, group by
group, through the screen, in every language, and compares every widget's rectangle after
each tap with the first it had."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.display.screens.setup.checklist import SetupChecklist
from companion.display.words import i18n
from tests import uiplay

DATA = Path(__file__).parent.parent / "data"


def rects(app: object) -> dict[str, pygame.Rect]:
    return {w.id: pygame.Rect(w.rect) for w in app.widgets  # type: ignore[attr-defined]
            if w.on_tap is not None}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_ticking_the_setup_moves_no_control(tmp_path: Path, language: str) -> None:
    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    app, d = uiplay.started(lines, tmp_path, language)
    try:
        d.widgets()
        assert isinstance(app.screen, SetupChecklist), d.screen_name()
        first = rects(app)
        seen = dict(first)
        moved: list[str] = []
        ticked = 0
        groups = [i for i in first if i.startswith("group:")] or [""]
        for group in groups:
            if group:
                d.tap(group)
            for _ in range(100):  # every step of the group shown, ticked off
                open_ = [w for w in d.enabled("tick:") if not w.selected]
                if open_:
                    d.touch(open_[0])
                    ticked += 1
                elif d.has("steps:down"):  # the group's next steps, scrolled into sight
                    d.tap("steps:down")
                else:
                    break
                for wid, r in rects(app).items():
                    if wid.startswith("tick:"):
                        continue  # a step's row: the list's own scrolling moves it
                    if seen.setdefault(wid, r) != r:
                        moved.append(f"{wid} {tuple(seen[wid])} -> {tuple(r)}")
        assert ticked >= 5 and isinstance(app.screen, SetupChecklist)
        main = next(w for w in d.widgets() if w.id == "continue")
        assert len(main.lines) <= 1  # all ticked: the count is gone, the width stays
        assert moved == [], moved
        assert main.rect == first["continue"]
    finally:
        app.close()
