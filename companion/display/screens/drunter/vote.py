"""The toilet vote (§D5): everyone has chosen citizen cards in secret and revealed them at
once; the table taps, for each player, the cards it shows (only cards still in its hand can
be shown), and for a JEEIIN the side its owner says. The running count and its result are
shown; "Count the votes" records the vote (the engine checks it: everyone at least one
card)."""

from __future__ import annotations

from functools import partial

import pygame

from ....drunter import Vote, why_not
from ....drunter.messages import Message
from ....drunter.state import ABSTAIN, CARD_VOTES, CITIZEN_CARDS, JEEIIN, NO_CARDS, DrunterState
from ...contract import AppView
from ...kit.widgets import BODY, INK, MUTED, PANEL, W, Widget, badge, button, draw_text, font
from ...words import i18n
from ...words.i18n import _
from ..parts import TOP, Screen, title_bar
from .undo import DrunterUndoConfirm

ROW_Y = TOP + 44
ROW_H = 76


def card_word(card: str) -> str:
    return i18n.say(Message(f"drunter.word.card.{card}"))


def card_columns() -> list[tuple[str, int, int]]:
    """Each citizen card's button: (card, x, width), as wide as its printed name needs (a
    JEEIIN's side words too), right-aligned on the screen."""
    sides = [i18n.say(Message(f"drunter.word.side.{s}")) for s in ("yes", "no")]
    widths = [max(60, max(font(BODY).size(w)[0] for w in
                          [card_word(c), *(sides if c == JEEIIN else [])]) + 22)
              for c in CITIZEN_CARDS]
    x = W - 6 - sum(widths) - 2 * (len(widths) - 1)
    out = []
    for c, w in zip(CITIZEN_CARDS, widths, strict=True):
        out.append((c, x, w))
        x += w + 2
    return out


class DrunterVoteScreen(Screen):
    def __init__(self, state: DrunterState) -> None:
        self.state = state
        self.shown: dict[str, list[str]] = {c: [] for c in state.colours}
        self.sides: dict[str, str] = {}

    def toggle(self, colour: str, card: str) -> None:
        cards = self.shown[colour]
        if card == JEEIIN:  # off, then yes, then no, then off again
            side = self.sides.get(colour)
            if card not in cards:
                cards.append(card)
                self.sides[colour] = "yes"
            elif side == "yes":
                self.sides[colour] = "no"
            else:
                cards.remove(card)
                self.sides.pop(colour, None)
            return
        if card in cards:
            cards.remove(card)
        else:
            cards.append(card)

    def count(self) -> tuple[int, int]:
        yes = no = 0
        for colour, cards in self.shown.items():
            for card in cards:
                if card == JEEIIN:
                    if self.sides.get(colour) == "no":
                        no += CARD_VOTES[card]
                    else:
                        yes += CARD_VOTES[card]
                elif card in NO_CARDS:
                    no += CARD_VOTES[card]
                elif card != ABSTAIN:
                    yes += CARD_VOTES[card]
        return yes, no

    def action(self) -> Vote:
        return Vote.of({c: tuple(v) for c, v in self.shown.items()},
                       {c: s for c, s in self.sides.items() if JEEIIN in self.shown[c]})

    def layout(self, app: AppView) -> list[Widget]:
        out = [button("undo", (W - 228, 4, 220, 48), _("Undo"),
                      lambda: setattr(app, "overlay", DrunterUndoConfirm()))]
        for i, p in enumerate(self.state.players):
            y = ROW_Y + i * ROW_H
            for card, x, w in card_columns():
                label = card_word(card)
                chosen = card in self.shown[p.colour]
                if card == JEEIIN and chosen:
                    label = i18n.say(Message(f"drunter.word.side.{self.sides[p.colour]}"))
                out.append(button(f"card:{p.colour}:{card}",
                                  (x, y + 6, w, 60), label,
                                  partial(self.toggle, p.colour, card),
                                  enabled=card in p.cards, selected=chosen,
                                  why_not=_("{who} has played this card already.").format(
                                      who=i18n.name(p.colour))))
        reason = why_not(self.state, self.action())
        out.append(button("count", (W - 268, 410, 260, 62), _("Count the votes"),
                          lambda: app.apply(self.action()), style="primary",
                          enabled=reason is None,
                          why_not=None if reason is None else i18n.say(reason)))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        st = self.state
        title_bar(s, _("A vote on {who}'s tile").format(who=i18n.name(st.active)), st.active,
                  right=W - 236)
        pending = st.pending
        if pending is not None:
            tile = i18n.say(Message(f"drunter.word.tile.{pending.kind}", {"n": pending.length}))
            square = i18n.say(Message("drunter.word.square", {"col": pending.squares[0][0] + 1,
                                                               "row": pending.squares[0][1] + 1}))
            draw_text(s, f"{tile}, {square}", pygame.Rect(8, TOP, W - 16, 42), 24, INK,
                      valign="middle")
        bottom = ROW_Y + len(st.players) * ROW_H
        if bottom + 40 < 410:
            draw_text(s, _("Everyone reveals at once. Tap the cards each player shows; a "
                           "JEEIIN: tap again for its side."),
                      pygame.Rect(8, bottom + 4, W - 16, 410 - bottom - 8), 24, MUTED)
        for i, p in enumerate(st.players):
            y = ROW_Y + i * ROW_H
            pygame.draw.rect(s, PANEL, (4, y + 2, W - 8, ROW_H - 4), border_radius=8)
            badge(s, p.colour, (26, y + ROW_H // 2), 16)
            draw_text(s, i18n.name(p.colour), pygame.Rect(48, y + 6, card_columns()[0][1] - 52,
                                                          60), 24, INK, valign="middle", bg=PANEL)
        yes, no = self.count()
        result = _("the tile stays") if yes >= no else _("the tile goes back")
        draw_text(s, _("Yes {yes}, no {no}: {result}").format(yes=yes, no=no, result=result),
                  pygame.Rect(8, 410, W - 284, 62), 24, INK, valign="middle")

