"""The end of a game of Drunter & Drüber (§D6, §D8): in the variant, first each player chooses
its objective in secret; then each player shows its building card (in the variant its
objective, then its second card) and the table taps it; then the scores, the winners, and the
map with the buildings still standing outlined in the colour of the player whose type they
are (tap a player to see only its buildings)."""

from __future__ import annotations

from functools import partial

import pygame

from ....drunter import BUILDING_TYPES, ChooseObjectives, Reveal, why_not
from ....drunter.messages import Message
from ....drunter.scoring import OBJECTIVE_CARDS
from ....drunter.state import DrunterState
from ....drunter.values import Colour
from ....drunter.vote import votes_left
from ...contract import AppView
from ...kit.widgets import (
    BODY,
    INK,
    LED_BAND_TOP,
    MUTED,
    PANEL,
    W,
    Widget,
    badge,
    button,
    draw_text,
    font,
    paragraph,
)
from ...words import i18n
from ...words.i18n import _, ngettext
from ..parts import TOP, Screen, title_bar
from .map import MapView, crown, draw_map
from .turn import TOP_BUTTONS, flow, top_buttons
from .undo import steps_shown

SPECIAL_SHORT = {"max3": "\u22643", "max4": "\u22644", "lowest": "min", "one_point": "1"}


class DrunterChooseScreen(Screen):
    """§D8: the first road is finished; everyone chooses its objective in secret."""

    def layout(self, app: AppView) -> list[Widget]:
        return [*top_buttons(app),
                button("chosen", (W - 268, 410, 260, 62), _("Everyone has chosen"),
                       lambda: app.apply(ChooseObjectives()), style="primary")]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        title_bar(s, _("Choose your objective"), right=TOP_BUTTONS)
        y = paragraph(s, i18n.say(Message("drunter.table.choose")),
                      pygame.Rect(12, TOP + 12, W - 24, 300))
        for words, colour in steps_shown(app):  # after an undo: take back
            if colour != MUTED and y < 400:
                y = draw_text(s, words, pygame.Rect(12, y + 6, W - 292, 404 - y), 24,
                              colour).bottom


class DrunterRevealScreen(Screen):
    """Each player's building card (variant: objective, then second card), tapped."""

    def __init__(self, state: DrunterState) -> None:
        self.state = state
        self.cards: dict[Colour, list[str]] = {c: [] for c in state.colours}

    @property
    def need(self) -> int:
        return 2 if self.state.variant else 1

    @property
    def pitch(self) -> int:
        """A player's row: lower with four players, so that the table's steps fit below."""
        return 66 if len(self.state.players) <= 3 else 56

    @property
    def first_row(self) -> int:
        """Where the rows begin: under the line that says what to tap, or with four players
        right under the title (that line then follows the steps, where room is left)."""
        return TOP + 48 if len(self.state.players) <= 3 else TOP + 4

    @staticmethod
    def score_rect() -> pygame.Rect:
        """"Score", as wide as its word needs: the steps take the rest of the bottom line."""
        w = max(font(BODY).size(_("Score"))[0] + 40, 180)
        return pygame.Rect(W - 8 - w, 410, w, 62)

    def tap(self, colour: Colour, card: str) -> None:
        mine = self.cards[colour]
        if card in mine:
            mine.remove(card)
        elif len(mine) < self.need:
            mine.append(card)
        else:
            mine[-1] = card

    def action(self) -> Reveal:
        return Reveal.of({c: tuple(v) for c, v in self.cards.items()})

    def layout(self, app: AppView) -> list[Widget]:
        out = top_buttons(app)
        choices = OBJECTIVE_CARDS if self.state.variant else BUILDING_TYPES
        w = 60 if len(choices) > 6 else 72
        taken = {card: c for c, v in self.cards.items() for card in v}
        for i, p in enumerate(self.state.players):
            y = self.first_row + i * self.pitch
            for j, card in enumerate(choices):
                mine = self.cards[p.colour]
                label = SPECIAL_SHORT.get(card, card)
                other = taken.get(card)
                out.append(button(f"reveal:{p.colour}:{card}",
                                  (160 + j * (w + 2), y + 4, w, self.pitch - 10), label,
                                  partial(self.tap, p.colour, card),
                                  selected=card in mine,
                                  enabled=other in (None, p.colour),
                                  why_not=None if other is None else _(
                                      "{who} has shown this card.").format(
                                          who=i18n.name(other))))
        reason = why_not(self.state, self.action())
        score = self.score_rect()
        out.append(button("score", (score.x, score.y, score.w, score.h), _("Score"),
                          lambda: app.apply(self.action()), style="primary",
                          enabled=reason is None,
                          why_not=None if reason is None else i18n.say(reason)))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        title_bar(s, _("The end: reveal the cards"), right=TOP_BUTTONS)
        hint = (_("Tap each player's objective, then its second card.") if self.need == 2
                else _("Tap the building card each player shows."))
        if self.first_row > TOP + 4:
            draw_text(s, hint, pygame.Rect(8, TOP, W - 16, 44), 24, INK, valign="middle")
        pitch = self.pitch
        for i, p in enumerate(self.state.players):
            y = self.first_row + i * pitch
            pygame.draw.rect(s, PANEL, (4, y + 1, W - 8, pitch - 2), border_radius=8)
            badge(s, p.colour, (26, y + pitch // 2), 16)
            shown = self.cards[p.colour]
            if self.need == 2 and shown:  # the order they were tapped: objective first
                draw_text(s, i18n.name(p.colour), pygame.Rect(48, y + 3, 108, 28), 24, INK,
                          bg=PANEL, wrap=False)
                draw_text(s, ", ".join(SPECIAL_SHORT.get(c, c) for c in shown),
                          pygame.Rect(48, y + pitch - 31, 108, 28), 24, MUTED, bg=PANEL,
                          wrap=False)
            else:
                draw_text(s, i18n.name(p.colour), pygame.Rect(48, y + 4, 108, pitch - 8), 24,
                          INK, valign="middle", bg=PANEL)
        bottom = self.first_row + len(self.state.players) * pitch + 4
        score = self.score_rect()  # the steps: left of "Score", down to the bottom
        steps = steps_shown(app)
        below = [] if self.first_row > TOP + 4 else [(hint, INK)]
        flow(s, [*steps, *below],
             [pygame.Rect(8, bottom, score.left - 16, LED_BAND_TOP - bottom)], kept=len(steps))


class DrunterOverScreen(Screen):
    """The scores, the winners, the map with the standing buildings per type."""

    def __init__(self, state: DrunterState) -> None:
        self.state = state
        self.only: str | None = None
        """The player whose buildings alone are shown (none: everyone's)."""

    def owners(self) -> dict[str, str]:
        s = self.state
        return {cards[0]: c for c, cards in s.revealed.items()
                if cards and cards[0] in BUILDING_TYPES and self.only in (None, c)}

    def show_only(self, c: str) -> None:
        """One player's scores on the map (a second tap: everyone's again)."""
        self.only = None if self.only == c else c

    def layout(self, app: AppView) -> list[Widget]:
        out = top_buttons(app)
        ranked = sorted(self.state.players, key=lambda p: -self.state.scores.get(p.colour, 0))
        for i, p in enumerate(ranked):
            out.append(button(f"player:{p.colour}", (476, TOP + 4 + i * 64, W - 484, 58), "",
                              partial(self.show_only, p.colour),
                              selected=self.only == p.colour, colour=p.colour,
                              lines=[self._line(p.colour)],
                              paint=crown if p.colour in self.state.winners else None))
        out.append(button("new", (476, 410, W - 484, 62), _("New game"), app.new_game,
                          style="primary"))
        return out

    def _line(self, colour: Colour) -> str:
        s = self.state
        card = s.revealed.get(colour, ("?",))[0]
        n = s.scores.get(colour, 0)
        return ngettext("{who}: {n} point ({card})", "{who}: {n} points ({card})", n).format(
            who=i18n.name(colour), n=n, card=SPECIAL_SHORT.get(card, card))

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        st = self.state
        names = ", ".join(i18n.name(c) for c in st.winners)
        title = (_("{who} wins").format(who=names) if len(st.winners) == 1
                 else _("Shared win: {who}").format(who=names))
        title_bar(s, title, st.winners[0] if len(st.winners) == 1 else None, right=TOP_BUTTONS)
        view = MapView.fit(st, pygame.Rect(8, TOP + 4, 460, 316))
        draw_map(s, st, view, standing=self.owners())
        note = {"votes": _("A tie for the most points: the most votes left in the hand "
                           "wins ({votes})."),
                "second_card": _("A tie for the most points: the second card decided."),
                "shared": _("A tie that nothing breaks: the win is shared.")}.get(
                    st.tie_break or "", _("Outlined: the buildings still standing, in the "
                                          "colour of the player who scores them."))
        if st.tie_break == "votes":
            note = note.format(votes=", ".join(f"{i18n.name(c)} {votes_left(st, c)}"
                                               for c in st.colours))
        draw_text(s, note, pygame.Rect(8, TOP + 326, 460, LED_BAND_TOP - TOP - 326), 24, INK)

