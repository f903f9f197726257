"""A start building greyed in the draft says the engine's own reason (play-test: a type the
player already held said "none of these is left" though copies were left; the rule is that
nobody takes a type twice): at every pick of a four-player draft, in German, each greyed type
says what ``why_not`` says of picking it, and a tap on it shows that."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from companion.display.contract import helvetia_state
from companion.display.words import i18n
from companion.engine import Pick, why_not
from companion.engine.state import DRAFT
from tests import uiplay

DATA = Path(__file__).parent.parent / "data"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.use("en")


def test_a_greyed_start_building_says_the_engines_reason(tmp_path: Path) -> None:
    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    picks = [i for i, ln in enumerate(lines[1:]) if json.loads(ln)["type"] == "pick"]
    app, d = uiplay.started(lines, tmp_path, "de")
    codes = set()
    for stop in picks[1:]:
        d.play(lines, stop=stop)
        state = helvetia_state(app)
        assert state is not None
        if state.phase != DRAFT:
            continue
        app.draw()
        player = state.queue[0]
        for w in d.widgets():
            if not w.id.startswith("value:building:") or w.enabled:
                continue
            reason = why_not(state, Pick(player, w.value))
            assert reason is not None, f"{w.value} is greyed, yet the engine takes it"
            assert w.why_not == i18n.say(reason), (w.value, w.why_not)
            if reason.code not in codes:  # a tap says it (once a reason)
                codes.add(reason.code)
                d.touch(w)
                assert app.banner == w.why_not
                app.banner = None
    assert "type_twice" in codes, codes
    app.close()
