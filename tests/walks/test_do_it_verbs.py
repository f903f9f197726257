"""Every character's "Do it" names its action, the verb with its target (issue 32), also
where the two take more than a line: the Priest's read "Brunnenmeister / 1 Münze" and did not
say it marries (play-test 2026-11-28). A recorded four-player game is played through the
screens; every "Do it" drawn for a character's action is read.

In all five languages: French, Italian and Spanish lost the verb where it, the target and the
coins took more than the button's two lines at the least text size (a build that buys goods,
"Construire (1 + 1 d'achats = 2) :"; "Consegnare (1 moneta):"; "Despertar (1 moneda):")."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.display.words.i18n import _
from companion.engine import Birth, Build, Deliver, Marry, NeutralBuild, NeutralMarry, Wake
from tests import uiplay

DATA = Path(__file__).parent.parent / "data"
VERBS: dict[type, tuple[str, str]] = {
    Build: ("Build: {building}", "Build ({coins}):"),
    NeutralBuild: ("Build: {building}", "Build ({coins}):"),
    Deliver: ("Deliver: {good}", "Deliver ({coins}):"),
    Wake: ("Wake: {quarter}", "Wake ({coins}):"),
    Marry: ("Marry: {building}", "Marry ({coins}):"),
    NeutralMarry: ("Marry: {building}", "Marry ({coins}):"),
    Birth: ("Birth: {building}", "Birth ({coins}):")}
"""Each action's words on "Do it": with its target, or with its coins over the target."""


def verbs(action: Any) -> set[str]:
    """The action's verb in the screen's language, as either of its words have it."""
    return {_(m).split("{")[0].split("(")[0].strip().rstrip(":").strip()
            for m in VERBS[type(action)]}


@pytest.mark.parametrize("language", ["de", "en", "fr", "it", "es"])
def test_every_do_it_of_a_character_names_its_verb(tmp_path: Path, language: str) -> None:
    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    app, d = uiplay.started(lines, tmp_path, language)
    seen: dict[str, set[str]] = {}
    missing: list[str] = []
    draw = app.draw

    def watched() -> None:
        draw()
        for w in app.widgets:
            if (w.id == "do" or w.id.startswith("do:")) and type(w.value) in VERBS:
                said = (w.lines or [w.label])[0]
                seen.setdefault(type(w.value).__name__, set()).add(said)
                if not any(v in said for v in verbs(w.value)):
                    missing.append(f"{type(w.value).__name__}: {w.lines or [w.label]}")

    app.draw = watched  # type: ignore[method-assign]  # looks, changes nothing
    try:
        d.play(lines)
    finally:
        app.close()
    assert {"Build", "Deliver", "Wake", "Marry", "Birth"} <= set(seen), seen
    assert sorted(set(missing)) == [], "\n".join(sorted(set(missing)))


def test_the_priest_s_do_it_says_it_marries_onto_a_long_name() -> None:
    """The play-test's case: "Heiraten: Brunnenmeister" is wider than the button: the verb
    goes with the coins, over the building."""
    from companion.display.kit.widgets import reset_fonts
    from companion.display.words.do_words import do_lines
    from companion.display.words.i18n import use
    from companion.engine import Game
    from companion.engine.values import Sex, Source

    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    state = Game.from_record(lines).state
    village, cell = next((v, c) for v, vil in state.villages.items()
                         for c, b in vil.buildings.items() if b.type == "well")
    pygame.init()
    reset_fonts()  # (a test before may have quit the font module)
    use("de")
    marry = Marry(player="red", sex=Sex.F, source=Source.CENTRE, village=village, cell=cell)
    assert do_lines(state, marry, "1 Münze") == ["Heiraten (1 Münze):", "Brunnenmeister"]
