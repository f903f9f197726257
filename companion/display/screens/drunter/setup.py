"""A new game of Drunter & Drüber (§D2): first what the table does with the pieces (building
cards drawn in secret, a deck of citizen cards each, the workers on the starts, the tiles
dealt), then each player's dealt tiles by kind and length, who starts and the variant.

The players and their names come from the new-game screen. The building cards stay secret:
the companion asks for them only at the end. A deal always adds up: per length the table
counts the street and wall tiles, the canal tiles are the rest (§D2.4).
"""

from __future__ import annotations

from functools import partial

import pygame

from ....drunter import header_line
from ....drunter.board import KINDS
from ....drunter.state import DEAL, LENGTHS, TileKey
from ....drunter.values import Kind
from ....drunter_store import kept_board
from ...contract import AppView
from ...kit.message_strip import keep_clear
from ...kit.widgets import INK, MUTED, WARNING_INK, W, Widget, button, draw_text, paragraph
from ...words import i18n
from ...words.i18n import _, ngettext
from ..parts import TOP, Screen, title_bar
from .board import DrunterBoardScreen

KIND_X = {"street": 150, "wall": 350, "canal": 560}


def kind_name(kind: str) -> str:
    return {"street": _("Streets"), "wall": _("Walls"), "canal": _("Canals")}[kind]


class DrunterSetupScreen(Screen):
    def __init__(self, app: AppView, back: Screen, players: list[tuple[str, str]]) -> None:
        self.back = back
        self.players = players
        """(colour, name) in turn order (clockwise, §D3)."""
        self.page = 0
        self.who = 0
        self.start = players[0][0] if players else ""
        self.variant = False
        self.hands: dict[str, dict[TileKey, int]] = {
            c: {(k, n): 0 for k in KINDS for n in LENGTHS} for c, _n in players}
        self.done: set[str] = set()
        """The players whose hand the table has shown (each must be, before the start)."""
        self.check: str | None = None
        """The player whose tab "Start the game" opened, its hand never shown: its heading
        asks to check the tiles, until a tab or a count is tapped (the cause gone)."""
        i18n.set_players([_P(c, n) for c, n in players])

    @property
    def deal(self) -> dict[int, int]:
        return DEAL.get(len(self.players), DEAL[4])

    def canals(self, colour: str, length: int) -> int:
        h = self.hands[colour]
        return self.deal[length] - h[("street", length)] - h[("wall", length)]

    def step(self, kind: Kind, length: int, by: int) -> None:
        c = self.players[self.who][0]
        key = (kind, length)
        n = self.hands[c][key] + by
        if n < 0 or (by > 0 and self.canals(c, length) <= 0):
            return
        self.hands[c][key] = n
        self.done.add(c)
        self.check = None

    def full_hand(self, colour: str) -> dict[TileKey, int]:
        hand = dict(self.hands[colour])
        for n in LENGTHS:
            hand[("canal", n)] = self.canals(colour, n)
        return hand

    def show_hand(self, i: int) -> None:
        """The hand of player ``i`` is shown to be entered (or checked: all canals is a hand)."""
        self.who = i
        self.done.add(self.players[i][0])
        self.check = None

    def begin(self, app: AppView) -> None:
        board = kept_board(app.stored)
        if board is None:
            app.banner = _("First enter the board of Schilda (once, on this device).")
            return
        missing = [c for c, _n in self.players if c not in self.done]
        if missing:  # its tab opened, shown now: its heading says what to do on it
            self.show_hand([c for c, _n in self.players].index(missing[0]))
            self.check = missing[0]
            return
        header = header_line(self.players, board,
                             {c: self.full_hand(c) for c, _n in self.players}, self.start,
                             variant=self.variant)
        app.start_game(header)

    # --- the screen -----------------------------------------------------------------------

    def next_page(self) -> None:
        self.page = 1
        self.show_hand(self.who)

    def layout(self, app: AppView) -> list[Widget]:
        out = [button("back", (W - 128, 4, 120, 48), _("Back"),
                      lambda: app.show(self.back) if self.page == 0 else
                      setattr(self, "page", 0))]
        if len(self.players) not in DEAL:
            return out
        if self.page == 0:
            has_board = kept_board(app.stored) is not None
            out.append(button("drunter_board", (8, 410, 380, 62),
                              _("Correct the board") if has_board else _("Enter the board"),
                              lambda: app.show(DrunterBoardScreen(app, self))))
            out.append(button("next", (W - 268, 410, 260, 62), _("Next"),
                              self.next_page,
                              style="primary",
                              enabled=has_board,
                              why_not=_("First enter the board of Schilda (once, on this "
                                        "device).")))
            return out
        for i, (c, _name) in enumerate(self.players):  # a seat with no name: its colour's word
            out.append(button(f"hand:{c}", (8 + i * 196, TOP + 4, 190, 52), i18n.name(c),
                              partial(self.show_hand, i), colour=c,
                              selected=self.who == i))
        # a refusal's strip keeps off the hand: its line and its counts
        out.append(keep_clear("hand", pygame.Rect(8, TOP + 60, W - 16, 126 - 60 + 3 * 56)))
        c = self.players[self.who][0]
        for row, length in enumerate(sorted(LENGTHS, reverse=True)):
            y = TOP + 126 + row * 56
            for kind in ("street", "wall"):
                x = KIND_X[kind]
                out.append(button(f"tiles:{kind}:{length}:-", (x, y, 52, 52), "\u2212",
                                  partial(self.step, kind, length, -1),
                                  enabled=self.hands[c][(kind, length)] > 0))
                out.append(button(f"tiles:{kind}:{length}:+", (x + 120, y, 52, 52), "+",
                                  partial(self.step, kind, length, 1),
                                  enabled=self.canals(c, length) > 0))
        y = TOP + 296
        for i, (col, _name) in enumerate(self.players):
            out.append(button(f"start:{col}", (230 + i * 76, y, 70, 52), "",
                              partial(setattr, self, "start", col), colour=col,
                              selected=self.start == col))
        out.append(button("variant", (8, 410, 380, 62), _("Variant: two cards each, no votes"),
                          lambda: setattr(self, "variant", not self.variant),
                          selected=self.variant))
        out.append(button("begin", (W - 268, 410, 260, 62), _("Start the game"),
                          lambda: self.begin(app), style="primary"))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        title_bar(s, _("Drunter & Drüber: a new game"), right=W - 136)
        if len(self.players) not in DEAL:
            paragraph(s, _("Drunter & Drüber is played by 2 to 4: choose the players on the "
                           "new-game screen."), pygame.Rect(12, TOP + 12, W - 24, 200))
            return
        d = self.deal
        if self.page == 0:
            steps = [
                _("Each player draws a building card in secret and keeps it hidden; the other "
                  "cards go back in the box unseen."),
                _("Each player takes a deck of 8 citizen cards; the other decks go back in the "
                  "box."),
                _("A road worker on each start: the inn, the two guard posts, the water "
                  "source."),
                _("Shuffle the 60 road tiles and deal them face up: to each player {a} of 3 "
                  "squares, {b} of 2 and {c} of 1.").format(a=d[3], b=d[2], c=d[1]),
                _("Turns go to the left (clockwise) in this order: {order}.").format(
                    order=", ".join(i18n.name(c) for c, _n in self.players)),
            ]
            y = TOP + 8
            for i, step in enumerate(steps, 1):
                draw_text(s, f"{i}.", pygame.Rect(12, y, 30, 30), 24, INK)
                r = draw_text(s, step, pygame.Rect(44, y, W - 56, 80), 24, INK)
                y = max(r.bottom, y + 28) + 12
            return
        c = self.players[self.who][0]
        if self.check == c:  # "Start the game" refused: the line itself says why
            draw_text(s, _("The tiles {who} was dealt: check them, then start the game.").format(
                who=i18n.name(c)), pygame.Rect(8, TOP + 60, W - 16, 34), 24, WARNING_INK,
                wrap=False)
        else:
            draw_text(s, _("The tiles {who} was dealt:").format(who=i18n.name(c)),
                      pygame.Rect(8, TOP + 60, W - 16, 34), 24, INK, wrap=False)
        for kind in KINDS:
            draw_text(s, kind_name(kind), pygame.Rect(KIND_X[kind], TOP + 96, 180, 28),
                      24, MUTED, wrap=False)
        for row, length in enumerate(sorted(LENGTHS, reverse=True)):
            y = TOP + 126 + row * 56
            draw_text(s, ngettext("{n} square", "{n} squares", length).format(n=length),
                      pygame.Rect(8, y, 136, 52), 24, INK, valign="middle", wrap=False)
            for kind in ("street", "wall"):
                draw_text(s, str(self.hands[c][(kind, length)]),
                          pygame.Rect(KIND_X[kind] + 54, y, 64, 52), 24, INK,
                          valign="middle", align="center")
            draw_text(s, str(self.canals(c, length)), pygame.Rect(KIND_X["canal"], y, 64, 52),
                      24, INK, valign="middle", align="center")
        draw_text(s, _("Who starts?"), pygame.Rect(8, TOP + 296, 216, 52), 24, INK,
                  valign="middle", wrap=False)


class _P:
    def __init__(self, colour: str, name: str) -> None:
        self.colour, self.name = colour, name
