"""Screenshots of the turn screen, a refusal and the round end in every language, reached
through the UI with the players' names typed on the keyboard:

    python -m tests.screens_i18n [OUT]     # default docs/screenshots; writes OUT/<lang>/*.png

Prints the texts that do not fit (the text-fit report), by language.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.kit import text_reports
from companion.display.screens.setup.keyboard import taps_for
from companion.display.words import i18n
from companion.engine import Choose
from tests.ui_driver import Driver

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "game-2p.jsonl"
SHOTS = ("name-keyboard", "new-game", "setup-checklist", "turn", "refusal", "round-end",
         "round-scores")


def render(lang: str, out: Path, data: Path
           ) -> tuple[dict[str, Path], list[text_reports.TextReport]]:
    """The screens of ``SHOTS`` in ``lang``, saved as ``out/<name>.png``; and what did not fit."""
    out.mkdir(parents=True, exist_ok=True)
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    app = App(Config(language=lang, data_dir=data, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    text_reports.clear_reports()
    d = Driver(app)
    shots: dict[str, Path] = {}

    def save(name: str) -> None:
        app.draw()
        shots[name] = out / f"{name}.png"
        pygame.image.save(app.surface, str(shots[name]))

    for p in header["players"]:  # the names, typed as the table would
        d.tap(f"name:{p['colour']}")
        for key in taps_for(p["name"], i18n.language):
            d.tap(key)
        if "name-keyboard" not in shots:
            save("name-keyboard")
        d.tap("name:ok")
    save("new-game")
    d.new_game(header)
    save("setup-checklist")  # before you start: what to lay out
    d.play(lines, stop=20)  # the setup is done: Anna's first turn
    save("turn")
    d.play(lines, stop=23)  # Ben's turn, before he chooses
    player = helvetia_state(app).player(helvetia_state(app).active)
    refused = not app.apply(Choose(player.colour, "carter", player.coins + 1))
    assert refused and app.banner, "a choice with more coins than in hand must be refused"
    save("refusal")
    app.banner = None
    app.after_change()
    d.play(lines, stop=39)  # the round is over: who comes back from the school
    save("round-end")
    d.play(lines, stop=40)
    save("round-scores")
    reports = list(text_reports.REPORTS)
    app.close()
    return shots, reports


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots"
    bad = 0
    for lang in i18n.LANGUAGES:
        with tempfile.TemporaryDirectory() as data:
            _, reports = render(lang, out / lang, Path(data))
        print(f"{lang}: {len(reports)} texts do not fit or are too small")
        for r in reports:
            print(f"  {r.why}: {r.screen} {r.box} at {r.size} px: {r.text!r}")
        bad += len(reports)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
