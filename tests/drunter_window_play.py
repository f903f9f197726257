"""``python -m tests.drunter_window_play DIR``: a 3-player game of Drunter & Drüber played in a
real window (run it under Xvfb: ``xvfb-run -s "-screen 0 800x480x24" ...``), as a new group
would: a made-up board tapped in on the board screen, the setup, every turn to the end with
toilet votes, the end's cards. A screenshot of the window after every step worth looking at
goes to DIR (``NN-what.png``); the README's Drunter section shows some of them."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pygame

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.drunter.state import PLAY, VOTE
from tests.drunter.test_drunter_board_screen import enter_made_up_board
from tests.drunter.test_drunter_ui import HANDS, play_turn
from tests.ui_driver import Driver


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "drunter-shots")
    out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="drunter-play-"))
    app = App(Config(language=sys.argv[2] if len(sys.argv) > 2 else "en", data_dir=data,
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    d = Driver(app)
    n = 0

    def shot(what: str) -> None:
        nonlocal n
        d.widgets()
        app.draw()
        pygame.image.save(app.window, str(out / f"{n:02d}-{what}.png"))
        n += 1

    d.seat_players(["red", "yellow", "blue"])  # clockwise from seat 1: red, blue, yellow
    shot("new-game")
    enter_made_up_board(d)
    shot("board")
    d.tap("save")
    d.tap("back")
    shot("setup-pieces")
    d.tap("next")
    for c in ("red", "blue", "yellow"):
        d.tap(f"hand:{c}")
        for length, (streets, walls) in HANDS.items():
            for kind, k in (("street", streets), ("wall", walls)):
                for _ in range(k):
                    d.tap(f"tiles:{kind}:{length}:+")
    shot("setup-hands")
    d.tap("start:blue")
    d.tap("begin")
    shot("turn")
    votes = turns = 0
    while app.session.state.phase in (PLAY, VOTE):
        if app.session.state.phase == VOTE:
            shot("vote-called")
            state = app.session.state
            for p in state.players:
                card = "ja" if p.colour == state.active else ("ne" if votes == 0 else "abstain")
                d.tap(f"card:{p.colour}:{card}")
            shot("vote-cards")
            d.tap("count")
            shot("vote-result")
            votes += 1
            continue
        screen = app.screen
        if turns in (1, 4) and screen.places:
            first = screen.places[0]
            d.tap(f"tile:{first.kind}:{first.length}")
            shot(f"turn-{turns}-tile")
            d.tap(f"square:{first.square[0]},{first.square[1]}")
            shot(f"turn-{turns}-square")
            d.seat(app.session.state.active)
        else:
            play_turn(d, want_vote=votes < 2, spare=True)
        turns += 1
        if turns % 5 == 0 or screen.cannot_place is not None:
            shot(f"turn-{turns}")
    shot("reveal")
    for colour, card in (("red", "A"), ("blue", "C"), ("yellow", "B")):
        d.tap(f"reveal:{colour}:{card}")
    shot("reveal-cards")
    d.tap("score")
    shot("over")
    d.tap("player:blue")
    shot("over-blue")
    d.tap("new")
    d.open_games()
    shot("games")
    print(f"{n} screenshots in {out}, {turns} turns, {votes} votes")
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
