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
