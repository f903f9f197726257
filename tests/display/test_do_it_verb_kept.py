""""Do it" names its verb in every language, for every building, good and quarter and every
coin count it can say (issue 32): French, Italian and Spanish lost it where the verb, the
target and the coins took more than the button's two lines ("Construire (1 + 1 d'achats = 2) :"
is 358 px wide, the button 248): "Do it" then said the target and the coins alone. Each
line "Do it" gets also fits the button whole, at the house's least text size."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.display.kit.widgets import BODY, fit, line_step, reset_fonts
from companion.display.words.do_words import coins_line, do_lines
from companion.display.words.i18n import _, ngettext, punctuate, use
from companion.engine import Action, Build, Deliver, Game, GameState, Wake
from companion.engine.actions import Step
from companion.engine.values import QUARTERS

DATA = Path(__file__).parent.parent / "data"
WIDTH = 248
"""The words' room on "Do it" (``DO_RECT`` less the button's margins)."""
VERB = {Build: "Build: {building}", Deliver: "Deliver: {good}", Wake: "Wake: {quarter}"}


@pytest.fixture(scope="module")
def state() -> GameState:
    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    pygame.init()
    reset_fonts()  # (a test before may have quit the font module)
    return Game.from_record(lines).state


def actions(state: GameState) -> list[Action]:
    cell = (0, 0)
    return [*(Build(player="red", building=t, cell=cell) for t in state.catalogue.buildings),
            *(Deliver(player="red", chain=(Step(village="red", cell=cell, good=g),))
              for g in state.catalogue.goods),
            *(Wake(player="red", village="red", quarter=q) for q in QUARTERS)]


def coin_words() -> list[str]:
    """Every way "Do it" says its coins: a count, one more, a count and goods bought."""
    return [*(ngettext("{n} coin", "{n} coins", n).format(n=n) for n in (1, 2, 3)),
            *(ngettext("+{n} coin", "+{n} coins", n).format(n=n) for n in (1, 2)),
            *(coins_line(n, paid) for n, paid in ((1, 2), (1, 3), (2, 3), (2, 4)))]


@pytest.mark.parametrize("language", ["de", "en", "fr", "it", "es"])
def test_do_it_says_its_verb_and_fits(state: GameState, language: str) -> None:
    use(language)
    try:
        lost: list[str] = []
        for action in actions(state):
            verb = _(VERB[type(action)]).split("{")[0].strip().rstrip(":").strip()
            for coins in coin_words():
                for counted in (False, True):
                    lines = do_lines(state, action, coins, WIDTH, counted=counted)
                    assert lines is not None
                    room = 2 * line_step(BODY) // len(lines)
                    fits = all(fit(punctuate(ln), WIDTH, room, BODY, BODY, split=False).fits
                               for ln in lines)
                    if not lines[0].startswith(verb) or not fits:
                        lost.append(f"{lines} ({coins})")
        assert lost == [], "\n".join(lost)
    finally:
        use("en")
