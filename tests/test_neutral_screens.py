"""The neutral coin (§6.3) as the table meets it on the screens (play-test 2026-11-28,
findings 4, 5 and 9): what its options do, that its first "Do it" shows where a building goes
and who moves in, and the record and the undo question saying "neutral" and "tile"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.display.screens import undo as undo_screen
from companion.display.screens.history_game import RecordScreen
from tests import uiplay
from tests.test_screens import LINES

NEUTRAL_AND_TILE = 72
"""Through record line 73: Ben builds a Bell foundry for the neutral village, then a Town
hall with his Builder tile."""


def undo_words(app: Any, d: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    """The undo question's account of the last action, as drawn."""
    said: list[str] = []
    real = undo_screen.paragraph

    def paragraph(s: Any, text: str, *args: Any, **kw: Any) -> Any:
        said.append(text)
        return real(s, text, *args, **kw)

    monkeypatch.setattr(undo_screen, "paragraph", paragraph)
    d.tap("undo")
    app.draw()
    d.tap("undo:no")
    return said[-1]


def test_the_undo_question_says_neutral_and_tile(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    app, d = uiplay.started(LINES, tmp_path)
    d.play(LINES, stop=NEUTRAL_AND_TILE - 1)  # the neutral build: the last action
    assert undo_words(app, d, monkeypatch) == \
        "Ben: Bell foundry for the neutral village (bottom-left corner)"
    d.play(LINES, stop=NEUTRAL_AND_TILE)  # then the Town hall with the tile
    assert undo_words(app, d, monkeypatch) == \
        "Ben: Town hall (above the centre, right), with the Builder tile"
    app.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_game_record_says_neutral_and_tile(tmp_path: Path, language: str) -> None:
    app, d = uiplay.started(LINES, tmp_path, language)
    d.play(LINES)
    d.tap("history")  # the game is over: to the Games screen
    d.tap(next(w.id for w in d.widgets() if w.id.startswith("game:")))
    d.tap("record")
    record = app.screen
    assert isinstance(record, RecordScreen)
    d.widgets()
    assert record.lines is not None
    turns = [text for kind, text in record.lines if kind == "turn"]
    ben = next(t for t in turns if t.startswith("Ben: ") and ("Bell" in t or "Glocken" in t))
    if language == "en":
        assert ben == ("Ben: Bell foundry for the neutral village (bottom-left corner); "
                       "Town hall (above the centre, right), with the Builder tile")
        assert any(t.startswith("Anna: Cow shed for the neutral village") for t in turns)
    else:
        assert ben == ("Ben: Glockengießer fürs neutrale Dorf (Ecke unten links); "
                       "Gemeindehaus (über der Dorfmitte, rechts), mit dem Plättchen Baumeister")
    app.close()
