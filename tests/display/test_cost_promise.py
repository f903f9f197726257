"""The optional cost screen at setup (the tiles of stack I) says the truth about later: only a
virtual player asks, for a tile it wants to build. Its words fit the narrow left column in every
language, also with "Saved: ..." above them."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.kit import text_reports as ui
from companion.display.words import i18n
from companion.display.words.i18n import LANGUAGES, _
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"
PROMISE = ("Each tile shows its cost top left. Enter it now if you like: later only a virtual "
           "player asks, and only for a tile it wants to build.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cost_screen_promises_only_what_is_kept(language: str, tmp_path: Path,
                                                     monkeypatch: Any) -> None:
    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")  # a text that does not fit stops the test
    header = json.loads((DATA / "game-2p.jsonl").read_text().splitlines()[0])
    app = App(Config(language=language, data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    try:
        d = Driver(app)
        d.new_game(header)
        ui.clear_reports()
        d.tap("at_hand:open")
        promise = _(PROMISE)
        if language != "en":
            assert promise != PROMISE, "translated"
        drawn = [s for s, _r in ui.DRAWN]
        assert any(i18n.punctuate(promise) in s for s in drawn), drawn
        tile = next(w.id for w in d.widgets() if w.id.startswith("at_hand:")
                    and w.id not in ("at_hand:page", "at_hand:close"))
        d.tap(tile)
        for g in ("wood", "wood", "brick"):
            d.tap(f"good:{g}")
        d.tap("cost:done")  # saved: the list again, "Saved: ..." above the promise
        drawn = [s for s, _r in ui.DRAWN]
        assert any(i18n.punctuate(promise) in s and s != i18n.punctuate(promise)
                   for s in drawn), drawn
        assert ui.REPORTS == []
    finally:
        app.close()
        i18n.use("en")
