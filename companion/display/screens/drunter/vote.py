"""The toilet vote (§D5): everyone has chosen citizen cards in secret and revealed them at
once; the table taps, for each player, the cards it shows (only cards still in its hand can
be shown), and for a JEEIIN the side its owner says. The running count and its result are
shown as soon as a card is tapped (``drunter.vote.tally``, the engine's own count), the
result once every player has shown its cards; "Count the votes" records the vote (the engine
checks it: everyone at least one card, one side each). A card of the other side than those a
player shows is greyed, its reason said at the tap (``vote.why_not_card``, ruling R12)."""

from __future__ import annotations

from functools import partial

import pygame

from ....drunter import Vote, why_not
from ....drunter.messages import Message
from ....drunter.state import (
    CITIZEN_CARDS,
    JEEIIN,
    DrunterState,
    Tally,
)
from ....drunter.values import CitizenCard, Colour, Side
from ....drunter.vote import side_of, tally, why_not_card
from ...contract import AppView
from ...kit.message_strip import keep_clear
from ...kit.widgets import (
    BODY,
    INK,
    MUTED,
    PANEL,
    W,
    Widget,
    badge,
    button,
    draw_text,
    font,
    text_height,
)
from ...words import i18n
from ...words.i18n import _
from ..parts import TOP, Screen, title_bar
from .map import map_button
from .turn import TOP_BUTTONS, top_buttons
from .undo import steps_back, take_back_button

ROW_Y = TOP + 44
ROW_H = 76
MAP_W = 190
"""The width of "On the map", right of the line that names the tile voted on."""
BACK_W = 232
"""The width of "Take back (n)" after an undo, left of the running count, till it is recorded."""


def card_word(card: str) -> str:
    return i18n.say(Message(f"drunter.word.card.{card}"))


def card_columns() -> list[tuple[CitizenCard, int, int]]:
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
        self.shown: dict[Colour, list[CitizenCard]] = {c: [] for c in state.colours}
        self.sides: dict[Colour, Side] = {}

    def toggle(self, colour: Colour, card: CitizenCard) -> None:
        cards = self.shown[colour]
        if card == JEEIIN:  # off, its owner's side (yes if none yet), then the other, off
            others = side_of([c for c in cards if c != JEEIIN], None)
            if card not in cards:
                cards.append(card)
                self.sides[colour] = others or "yes"
            elif others is None and self.sides.get(colour) == "yes":
                self.sides[colour] = "no"
            else:
                cards.remove(card)
                self.sides.pop(colour, None)
            return
        if card in cards:
            cards.remove(card)
        else:
            cards.append(card)

    def count(self) -> Tally:
        """The votes of the cards tapped so far, counted by the rule (``vote.tally``)."""
        return tally(self.shown, self.sides)

    def action(self) -> Vote:
        return Vote.of({c: tuple(v) for c, v in self.shown.items()},
                       {c: s for c, s in self.sides.items() if JEEIIN in self.shown[c]})

    def tile_words(self) -> str:
        """The tile voted on and the square it starts from, as the map numbers it."""
        pending = self.state.pending
        if pending is None:
            return ""
        tile = i18n.say(Message(f"drunter.word.tile.{pending.kind}", {"n": pending.length}))
        square = i18n.say(Message("drunter.word.square", {"col": pending.squares[0][0] + 1,
                                                           "row": pending.squares[0][1] + 1}))
        return f"{tile}, {square}"

    def hint(self) -> tuple[str, pygame.Rect] | None:
        """The hint under the players' rows, where there is room ("..?" said where it fits;
        always in the key, "?"), and the rectangle its lines take."""
        bottom = ROW_Y + len(self.state.players) * ROW_H
        room = pygame.Rect(8, bottom + 4, W - 16, 410 - bottom - 8)
        if bottom + 40 >= 410:
            return None
        hint = _("Everyone reveals at once. Tap the cards each player shows; a JEEIIN: tap "
                 "again for its side. \"..?\": no vote, it goes back to the hand.")
        if text_height(hint, room.width) > room.height:
            hint = _("Everyone reveals at once. Tap the cards each player shows; a "
                     "JEEIIN: tap again for its side.")
        room.height = min(room.height, text_height(hint, room.width))
        return hint, room

    def layout(self, app: AppView) -> list[Widget]:
        out = top_buttons(app)
        pending = self.state.pending
        if pending is not None:  # the square named, shown on the map
            out.append(map_button(app, (W - MAP_W - 8, TOP - 3, MAP_W, 48), self.state,
                                  [(self.tile_words(), INK)], pending.squares[0]))
        for i, p in enumerate(self.state.players):
            y = ROW_Y + i * ROW_H
            for card, x, w in card_columns():
                label = card_word(card)
                chosen = card in self.shown[p.colour]
                if card == JEEIIN and chosen:
                    label = i18n.say(Message(f"drunter.word.side.{self.sides[p.colour]}"))
                # R12 at the tap: a card of the other side greyed, with the rule's reason
                other = why_not_card(p.colour, self.shown[p.colour],
                                     self.sides.get(p.colour), card)
                why = (_("{who} has played this card already.").format(who=i18n.name(p.colour))
                       if card not in p.cards else None if other is None else i18n.say(other))
                out.append(button(f"card:{p.colour}:{card}",
                                  (x, y + 6, w, 60), label,
                                  partial(self.toggle, p.colour, card),
                                  enabled=why is None, selected=chosen, why_not=why))
        hint = self.hint()
        if hint is not None:  # a refusal's strip keeps off the hint
            out.append(keep_clear("hint", hint[1]))
        reason = why_not(self.state, self.action())
        # after an undo, until the vote is counted: what to take back (the way on once the
        # cards are tapped: "Count the votes")
        back = take_back_button(app, (8, 410, BACK_W, 62),
                                "button" if any(self.shown.values()) else "primary")
        if back is not None:
            out.append(back)
        out.append(button("count", (W - 268, 410, 260, 62), _("Count the votes"),
                          lambda: app.apply(self.action()), style="primary",
                          enabled=reason is None,
                          why_not=None if reason is None else i18n.say(reason)))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        st = self.state
        title_bar(s, _("A vote on {who}'s tile").format(who=i18n.name(st.active)), st.active,
                  right=TOP_BUTTONS)
        if st.pending is not None:
            draw_text(s, self.tile_words(), pygame.Rect(8, TOP, W - MAP_W - 24, 42), 24, INK,
                      valign="middle")
        hint = self.hint()
        if hint is not None:
            draw_text(s, hint[0], hint[1], 24, MUTED)
        for i, p in enumerate(st.players):
            y = ROW_Y + i * ROW_H
            pygame.draw.rect(s, PANEL, (4, y + 2, W - 8, ROW_H - 4), border_radius=8)
            badge(s, p.colour, (26, y + ROW_H // 2), 16)
            draw_text(s, i18n.name(p.colour), pygame.Rect(48, y + 6, card_columns()[0][1] - 52,
                                                          60), 24, INK, valign="middle", bg=PANEL)
        if not any(self.shown.values()):  # nothing shown yet: no count, no result
            return
        votes = self.count()
        if why_not(st, self.action()) is not None:  # not everyone has shown its cards yet
            words = _("So far yes {yes}, no {no}").format(yes=votes.yes, no=votes.no)
        else:
            result = _("the tile stays") if votes.passes else _("the tile goes back")
            words = _("Yes {yes}, no {no}: {result}").format(yes=votes.yes, no=votes.no,
                                                            result=result)
        left = 8 if not steps_back(app) else 16 + BACK_W  # beside "Take back (n)"
        draw_text(s, words, pygame.Rect(left, 410, W - 276 - left, 62), 24, INK,
                  valign="middle")

