"""Names as long as the new-game screen takes, at a four-player table: every text of the turn
screens fits whole, strict (issue 32: the Night Watchman's prompt and the next action's line
were cut off beside four players). Played through the screens up to the last round end."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.display.contract import helvetia_state
from tests import uiplay

DATA = Path(__file__).parent.parent / "data"
NAMES = ("Maximilian", "Friederike", "Bartholomäus", "Konstantin")


@pytest.mark.parametrize("language", ["de", "es"])
def test_long_names_fit_on_every_turn_screen(tmp_path: Path, language: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")  # a text cut off stops the walk
    lines = [ln for ln in (DATA / "hurried-4p.jsonl").read_text().splitlines() if ln.strip()]
    header = json.loads(lines[0])
    for player, long in zip(header["players"], NAMES, strict=True):
        player["name"] = long
    lines[0] = json.dumps(header)
    app, d = uiplay.started(lines, tmp_path, language)
    try:
        d.play(lines, stop=len(lines) - 30)  # the turns, not the final scores
        assert helvetia_state(app) is not None and helvetia_state(app).round > 5
    finally:
        app.close()


def test_long_names_fit_on_the_final_scores(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The game-over screen's score table in every language: names of 11 and 12 letters
    ("Maximiliane", "Bartholomäus") were cut in its 88-106 px columns ("'Maximilian' does
    not fit in 106x54 px", English): a name that does not fit its column is written out whole
    above the table, each column under its player's badge. The walk is French, Bartholomäus
    second: a delivery's option row named "(village de Bartholomäus)" and was measured as if
    the name could be hyphenated (two lines where it takes three)."""
    from companion.display.kit.text_reports import DRAWN
    from companion.display.screens.round_end.game_over import GameOverScreen
    from companion.display.words import i18n

    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")
    names = ("Maximiliane", "Bartholomäus", "Friederike", "Konstantin")
    lines = [ln for ln in (DATA / "hurried-4p.jsonl").read_text().splitlines() if ln.strip()]
    header = json.loads(lines[0])
    for player, long in zip(header["players"], names, strict=True):
        player["name"] = long
    lines[0] = json.dumps(header)
    app, d = uiplay.started(lines, tmp_path, "fr")
    try:
        d.play(lines)
        assert isinstance(app.screen, GameOverScreen)
        for language in ("fr", "en", "de", "it", "es"):
            i18n.use(language)
            DRAWN.clear()
            app.draw()  # strict: a text cut off raises
            said = {s for s, _rect in DRAWN}
            assert set(names) <= said, (language, sorted(said))
    finally:
        i18n.use("en")
        app.close()
