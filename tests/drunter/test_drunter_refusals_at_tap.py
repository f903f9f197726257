"""Two of the play-test's refusals (2026-11-28), through the screens: the dealt tiles'
refusal opens the tab of the player it names and its line says what to do there (a strip
said "Enter the tiles of Yellow first." while that tab showed the counts, again at every
"Start", over the line "The tiles Yellow was dealt:"); a
vote card of the other side is greyed at the tap, with the rule's reason (R12; it was refused
only on "Count the votes", the strip over the hint)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.display.kit.widgets import WARNING_INK
from companion.display.words import i18n
from companion.drunter.messages import Message
from companion.drunter.state import NO_CARDS, PLAY, VOTE, YES_CARDS
from companion.drunter.vote import why_not_card
from tests.app_config import config
from tests.drunter.test_drunter_board_screen import enter_made_up_board
from tests.drunter.test_drunter_ui import HANDS, play_turn, set_up
from tests.ui_driver import Driver


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def drawn(d: Driver, text: str) -> pygame.Rect:
    """Where the current frame draws ``text`` (French spaces made ordinary)."""
    text_reports.DRAWN.clear()
    d.widgets()
    d.app.draw()
    return next(r for t, r in text_reports.DRAWN
                if t.replace("\u202f", " ").replace("\xa0", " ") == text)


def strip(d: Driver) -> pygame.Rect:
    return next(w.rect for w in d.widgets() if w.id == "banner")


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_the_dealt_tiles_refusal_opens_the_tab_it_names_and_then_lets_the_game_start(
        tmp_path: Path, language: str) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    d.seat_players(["red", "yellow", "blue"])
    enter_made_up_board(d)
    d.tap("save")
    d.tap("back")
    i18n.use(language)
    d.tap("next")
    for c in ("red", "blue"):
        d.tap(f"hand:{c}")
        for length, (streets, walls) in HANDS.items():
            for kind, n in (("street", streets), ("wall", walls)):
                for _ in range(n):
                    d.tap(f"tiles:{kind}:{length}:+")
    text_reports.clear_reports()
    d.tap("begin")  # yellow's tiles never shown: refused, yellow's tab opened
    assert d.screen_name() == "DrunterSetupScreen"
    assert next(w for w in d.widgets() if w.id == "hand:yellow").selected
    said = i18n._("The tiles {who} was dealt: check them, then start the game.").format(
        who=i18n.name("yellow"))
    line = drawn(d, said)  # the line itself says why, in the refusal's ink, whole
    assert line.top >= next(w for w in d.widgets() if w.id == "hand:yellow").rect.bottom
    assert app.banner is None and text_reports.REPORTS == []
    assert (said, WARNING_INK) in [(k[1].replace("\u202f", " ").replace("\xa0", " "), k[2])
                                   for k in text_reports.CONTRAST]
    d.tap("hand:red")
    d.tap("hand:yellow")  # another tab and back: the cause is gone, the plain line again
    drawn(d, i18n._("The tiles {who} was dealt:").format(who=i18n.name("yellow")))
    d.tap("begin")  # yellow's counts were shown: the game starts
    assert d.screen_name() == "DrunterTurnScreen" and app.banner is None
    assert app.session.state.player("yellow").tiles[("canal", 3)] == 4  # as dealt: canals


def test_a_card_of_the_other_side_is_refused_at_the_tap_by_the_rule(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    while app.session.state.phase == PLAY:
        play_turn(d, want_vote=True)
    assert app.session.state.phase == VOTE
    state = app.session.state
    active = state.active
    hint = i18n._("Everyone reveals at once. Tap the cards each player shows; a JEEIIN: tap "
                  "again for its side. \"..?\": no vote, it goes back to the hand.")
    d.tap(f"card:{active}:ja")
    for card in sorted(NO_CARDS):  # every no card greyed, with the rule's own reason
        w = next(w for w in d.widgets() if w.id == f"card:{active}:{card}")
        reason = why_not_card(active, ["ja"], None, card)
        assert reason == Message("drunter.vote_shows_yes", {"player": active})
        assert not w.enabled and w.why_not == i18n.say(reason)
    for card in ("jaa", "jeeiin", "abstain"):  # its own side, JEEIIN and "..?" may join
        assert next(w for w in d.widgets() if w.id == f"card:{active}:{card}").enabled
    nee = next(w for w in d.widgets() if w.id == f"card:{active}:nee")
    d.touch_at(nee.rect.center)  # said at once, the card not shown
    assert app.banner == i18n.say(Message("drunter.vote_shows_yes", {"player": active}))
    assert app.screen.shown[active] == ["ja"]
    assert not strip(d).colliderect(drawn(d, hint))  # the hint stays readable
    other = next(p.colour for p in state.players if p.colour != active)
    d.tap(f"card:{other}:ne")  # the other way round: a yes card greyed beside a no card
    assert app.banner is None  # answered by that tap
    assert all(not next(w for w in d.widgets() if w.id == f"card:{other}:{c}").enabled
               for c in YES_CARDS)
    d.tap(f"card:{other}:jeeiin")  # JEEIIN takes the side of the cards beside it: no
    assert app.screen.sides[other] == "no"
    d.tap(f"card:{active}:ja")  # taken back: the no cards open again
    assert next(w for w in d.widgets() if w.id == f"card:{active}:nee").enabled
