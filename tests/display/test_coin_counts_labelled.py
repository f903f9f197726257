"""One number, one meaning (issue 32): the coin counts beside "Do it" stand under a heading
that says what they count ("Coins on the Builder:"), for every character that offers a count
(Builder, Carter, Night Watchman), in every language, fitting (strict text), and the heading
covers no button."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.words import i18n
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"
TURNS = {"builder": 28, "carter": 53, "night_watchman": 62}
"""game-3p: a turn's start (actions done) from which the character offers 3-4 coin counts."""


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
@pytest.mark.parametrize("ch", sorted(TURNS))
def test_the_coin_counts_say_what_they_count(ch: str, language: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")
    lines = (DATA / "game-3p.jsonl").read_text().splitlines()
    app = App(Config(language=language, data_dir=Path(tempfile.mkdtemp()),
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    try:
        d = Driver(app)
        d.reach(lines, TURNS[ch])
        if d.has("continue"):  # the setup's checklist first
            d.tap("continue")
        d.tap(f"character:{ch}")
        shown = d.widgets()
        counts = [w for w in shown if w.id.startswith("coins:") and w.id != "coins:head"]
        assert len(counts) >= 3, [w.id for w in shown]
        head = next(w for w in shown if w.id == "coins:head")
        assert head.label == i18n._("Coins on the {character}:").format(
            character=i18n.character(ch))
        assert head.on_tap is None  # words, not a button
        assert all(c.rect.top >= head.rect.bottom for c in counts)
        assert not any(head.rect.colliderect(w.rect) for w in shown
                       if w.on_tap is not None and w.style != "invisible")
        app.draw()  # drawn (strict: a heading that does not fit raises)
        d.tap(counts[1].id)  # a count chosen: "Do it" says that many coins
        do = next(w for w in d.widgets() if w.id.startswith("do:"))
        assert do.id == "do:2"
    finally:
        app.close()
