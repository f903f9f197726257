"""Text on the screens: the time to fit a 10,000-character name into a button (goal: well
under a frame, 33 ms), and over every screen (``tests/screens.py``) and a whole 4-player game
played through the UI in a language, the smallest text drawn, the lowest contrast of any text
against its background (goal: 4.5:1) and the number of text-fit reports (goal: 0).

Run: python -m benchmarks.text [LANGUAGE]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from companion.display.kit import text_reports
from companion.display.kit import widgets as ui

RECORD = Path(__file__).resolve().parent.parent / "tests" / "data" / "game-4p.jsonl"


def fitting() -> None:
    pygame.font.init()
    ui.reset_fonts()
    surface = pygame.Surface((ui.W, ui.H))
    for n in (100, 1_000, 10_000):
        name = "Jürg Weiß-Müller " * (n // 17 + 1)
        name = name[:n]
        ui.forget_fits()
        start = time.perf_counter()
        ui.draw_text(surface, name, pygame.Rect(0, 0, 260, 60))
        ms = (time.perf_counter() - start) * 1000
        print(f"fitting a {n}-character name into 260x60: {ms:.2f} ms (first time, no cache)")
    text_reports.clear_reports()


def screens(language: str) -> None:
    from tests import screens as shots
    from tests import uiplay

    text_reports.clear_reports()
    with tempfile.TemporaryDirectory() as tmp:
        shots.render_all(Path(tmp) / "shots", Path(tmp) / "data", language)
        uiplay.play(RECORD.read_text().splitlines(), Path(tmp) / "play", language)
    body = [s for s in text_reports.SIZES if s >= ui.MIN_TEXT]
    print(f"language {language}: smallest body text {min(body)} px; smallest text on a "
          f"picture (labels in village cells, initials on coins and cubes) "
          f"{min(text_reports.SIZES)} px")
    low = min(text_reports.CONTRAST.items(), key=lambda kv: kv[1])
    print(f"lowest contrast {low[1]:.2f}:1 ({low[0][0]}: {low[0][1]!r} {low[0][2]} on "
          f"{low[0][3]}), texts checked: {len(text_reports.CONTRAST)}")
    print(f"text-fit reports: {len(text_reports.REPORTS)}")


if __name__ == "__main__":
    fitting()
    screens(sys.argv[1] if len(sys.argv) > 1 else "en")
