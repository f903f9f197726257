"""``python -m tests.drunter_screens_tour DIR [LANGUAGE]``: a 3-player game of Drunter & Drüber
through every Drunter screen under SDL's dummy driver, as a first-time group would meet them:
the board entered (a refusal on "Save" first), the key's pages, a greyed tile tapped, a canal
tile laid and undone by a held seat button, a vote with a refusal, a vote undone, a missed
turn, the end's cards (a refusal first), the scores. A screenshot after every step worth
looking at goes to DIR (``NN-what.png``): the pictures a person checks, screen by screen."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.drunter.state import PLAY, VOTE
from tests.drunter.test_drunter_board_screen import enter_made_up_board
from tests.drunter.test_drunter_ui import HANDS, play_turn
from tests.ui_driver import Driver


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "drunter-shots")
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    tour(out, language)
    return 0


def tour(out: Path, language: str = "en", seen: Callable[[str, App], None] | None = None,
         board: Callable[[Driver], None] = enter_made_up_board) -> None:
    """The tour on the map ``board`` enters; ``seen(what, app)`` after every screenshot,
    the texts of that frame in ``text_reports.DRAWN`` (and only those)."""
    out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="drunter-tour-"))
    app = App(Config(language=language, data_dir=data, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    d = Driver(app)
    n = 0

    def shot(what: str) -> None:
        nonlocal n
        d.widgets()
        text_reports.DRAWN.clear()
        app.draw()
        pygame.image.save(app.window, str(out / f"{n:02d}-{what}.png"))
        if seen is not None:
            seen(what, app)
        n += 1

    def key_pages(what: str) -> None:
        d.tap("key")
        shot(f"{what}-key-1")
        page = 2
        while d.has("key:next"):
            d.tap("key:next")
            shot(f"{what}-key-{page}")
            page += 1
        d.tap("key:close")

    def refused(widget: str, what: str) -> None:
        """A greyed control tapped: the app says why (the banner)."""
        w = next(w for w in d.widgets() if w.id == widget)
        d.touch_at(w.rect.center)
        shot(f"{what}-refused")
        app.banner = None

    d.seat_players(["red", "yellow", "blue"])  # clockwise from seat 1: red, blue, yellow
    d.tap("game:drunter")
    d.tap("drunter_board")
    d.tap("save")  # nothing entered yet: refused, with the reason
    shot("board-refused")
    d.tap("back")
    d.tap("back")
    board(d)
    shot("board")
    key_pages("board")
    d.tap("save")
    shot("board-saved")
    d.tap("back")
    shot("setup-pieces")
    d.tap("next")
    for c in ("red", "blue"):  # yellow: canals only, to miss turns once the canal ends
        d.tap(f"hand:{c}")
        for length, (streets, walls) in HANDS.items():
            for kind, k in (("street", streets), ("wall", walls)):
                for _ in range(k):
                    d.tap(f"tiles:{kind}:{length}:+")
    d.tap("start:blue")
    d.tap("begin")  # yellow's tiles not looked at: refused, yellow's tab opened
    shot("setup-hands-refused")
    d.tap("begin")  # yellow's as dealt, every tile a canal
    shot("turn")
    key_pages("turn")
    greyed = next((w.id for w in d.widgets() if w.id.startswith("tile:") and not w.enabled),
                  None)
    if greyed is not None:
        refused(greyed, "turn-tile")
    refused("place", "turn-place")
    d.seat("red")  # not red's turn
    shot("turn-not-yours")
    app.banner = None
    screen = app.screen
    canal = next(p for p in screen.places if p.kind == "canal")
    d.tap(f"tile:canal:{canal.length}")
    shot("turn-canal-tile")
    d.tap(f"square:{canal.square[0]},{canal.square[1]}")
    shot("turn-canal-square")
    if app.screen.chosen != canal:
        d.tap(f"way:{canal.road}:{canal.direction}")
        shot("turn-canal-way")
    d.seat(app.session.state.active)
    shot("turn-after-canal")
    d.hold("red")
    shot("undo-confirm")
    d.tap("undo:yes")
    shot("undo-canal-done")
    d.tap("menu")
    shot("menu")
    d.tap("menu:new_game")  # a game under way: asked first
    shot("menu-new-game")
    d.tap("abandon:no")
    d.open_games()
    shot("games-in-play")
    d.tap(next(w.id for w in d.widgets() if w.id in ("back", "games:back", "close")))
    shot("back-from-games")
    votes = turns = 0
    missed = greyed_held = False
    while app.session.state.phase in (PLAY, VOTE):
        if app.session.state.phase == VOTE:
            shot(f"vote-{votes}-called")
            state = app.session.state
            if votes == 0:
                refused("count", "vote-count")
                d.tap("map")
                shot("vote-map")
                d.tap("map:close")
            for p in state.players:  # the active player's smallest yes card it still holds
                card = (next(c for c in ("ja", "jaa", "jaaa") if c in p.cards)
                        if p.colour == state.active else "ne" if votes == 0 else "abstain")
                d.tap(f"card:{p.colour}:{card}")
            if votes == 0:  # a no card beside a yes card: greyed, the reason at the tap
                refused(f"card:{state.active}:nee", "vote-both-sides")
            if votes == 1:
                d.tap(f"card:{state.active}:jeeiin")
            shot(f"vote-{votes}-cards")
            d.tap("count")
            shot(f"vote-{votes}-result")
            if votes == 0:  # undone: the vote again, with what to take back
                d.tap("undo")
                d.tap("undo:yes")
                shot("vote-undone")
                if d.has("steps:show"):
                    d.tap("steps:show")
                    shot("vote-undone-steps")
                    d.tap("map")
                    shot("vote-undone-steps-map")
                    d.tap("map:close")  # one Close: back to the vote
                for p in state.players:
                    card = "ja" if p.colour == state.active else "ne"
                    d.tap(f"card:{p.colour}:{card}")
                d.tap("count")
                shot("vote-0-again-result")  # the table's steps after the vote, in full
            votes += 1
            continue
        screen = app.screen
        held = [w for w in d.widgets() if w.id.startswith("tile:") and not w.enabled
                and not w.label.startswith("0")]
        if held and not greyed_held:  # a tile in the hand that fits nowhere: why
            refused(held[0].id, f"turn-{turns}-greyed-tile")
            greyed_held = True
        if screen.cannot_place is not None and not missed:
            shot(f"turn-{turns}-cannot-place")
            missed = True
        play_turn(d, want_vote=votes < 2, spare=True)
        turns += 1
        if turns % 8 == 0:
            shot(f"turn-{turns}")
        if turns > 120:
            raise SystemExit("the game does not end")
    shot("reveal")
    refused("score", "reveal-score")
    for colour, card in (("red", "A"), ("blue", "C"), ("yellow", "B")):
        d.tap(f"reveal:{colour}:{card}")
    shot("reveal-cards")
    d.tap("score")
    shot("over")
    key_pages("over")
    d.tap("player:blue")
    shot("over-blue")
    print(f"{n} screenshots in {out}, {turns} turns, {votes} votes")
    app.close()


if __name__ == "__main__":
    raise SystemExit(main())
