"""How far the setup has come, on the draft and the placement screens: who drafted what so far
(and that the same player picks again: its second pick in a row is no failed tap), and how
many start buildings are placed of all."""

from __future__ import annotations

import pygame

from ....engine import Action, GameState
from ....engine.actions import Pick
from ....engine.state import DRAFT, PLACE
from ...kit.widgets import BACKGROUND, BODY, INK, MUTED, badge, draw_text, font, text_height
from ...pictures import pictograms
from ...words.i18n import _, building, name
from ..parts import TOP, players_panel


def picks_again(state: GameState, last: Action | None) -> str | None:
    """ "Anna picks again: …" when the draft's next pick is the same player's as the last
    (said instead of the draft's instruction, the name once)."""
    if state.phase != DRAFT or not isinstance(last, Pick) or last.player != state.active:
        return None
    return _("{who} picks again: take another start building tile from the offer.").format(
        who=name(last.player))


def drafted(state: GameState) -> dict[str, list[str]]:
    """Each player's start buildings drafted so far, in the order taken, in words."""
    return {p.colour: [building(state.catalogue, t) for t in state.to_place.get(p.colour, ())]
            for p in state.players}


PICK = 34
"""A drafted building's pictogram in the draft's list when its words do not fit."""


def drafted_panel(s: pygame.Surface, state: GameState, rect: pygame.Rect) -> int:
    """In the players panel's place during the draft: "Drafted so far:", then each player's
    badge with its buildings (the one to pick framed by its badge's ring): in words where
    they all fit ``rect``, else each player's name with its buildings' pictograms (as on
    the buttons to pick them), so that nothing runs below ``rect`` (under a control).
    Returns the y below it."""
    y = rect.top
    title = _("Drafted so far:")
    draw_text(s, title, pygame.Rect(rect.left, y, rect.width, 30), BODY, MUTED, wrap=False)
    y += 32
    width = rect.width - 36
    picks = {c: state.to_place.get(c, ()) for c in (p.colour for p in state.players)}
    lines = {c: _("{who}: {what}").format(  # the name: colours repeat
        who=name(c), what=", ".join(building(state.catalogue, t) for t in ts) or "–")  # noqa: RUF001
        for c, ts in picks.items()}
    heights = {c: max(text_height(w, width), 28) for c, w in lines.items()}
    in_words = y + sum(h + 4 for h in heights.values()) <= rect.bottom
    for colour_, types in picks.items():
        badge(s, colour_, (rect.left + 14, y + 14), 14)
        if colour_ == state.active:  # whose pick it is: a second ring
            pygame.draw.circle(s, INK, (rect.left + 14, y + 14), 17, 2)
        if in_words:
            h = heights[colour_]
            draw_text(s, lines[colour_], pygame.Rect(rect.left + 34, y, width, h), BODY, INK,
                      bg=BACKGROUND)
            y += h + 4
            continue
        who = name(colour_)
        room = width - len(types) * (PICK + 4)
        beside = text_width(who) <= room
        draw_text(s, who, pygame.Rect(rect.left + 34, y, room if beside else width, 28), BODY,
                  INK, wrap=False, bg=BACKGROUND)
        x = rect.left + 34 + (text_width(who) + 8 if beside else 0)
        if not beside:
            y += 30
        for t in types:
            pictograms.building(s, state.catalogue, t, pygame.Rect(x, y, PICK, PICK))
            x += PICK + 4
        y += max(PICK, 28) + 4
    return y


def text_width(s: str) -> int:
    return font(BODY).size(s)[0]


def left_panel(s: pygame.Surface, state: GameState) -> None:
    """The setup screen's left side: the players; in the draft who drafted what instead;
    while the start buildings are placed, how many are, under the players."""
    if state.phase == DRAFT:
        drafted_panel(s, state, pygame.Rect(8, TOP + 4, 240, 342))
        return
    below = players_panel(s, state, pygame.Rect(8, TOP + 4, 240, 230))
    placed = placed_line(state)
    if placed:
        draw_text(s, placed, pygame.Rect(8, below + 4, 240, 60), BODY, INK)


def placed_line(state: GameState) -> str | None:
    """ "7 of 12 placed": the players' start buildings on the table so far."""
    if state.phase != PLACE:
        return None
    left = sum(len(state.to_place.get(p.colour, ())) for p in state.players)
    total = sum(len(state.villages[p.colour].buildings) for p in state.players) + left
    return _("{n} of {total} placed").format(n=total - left, total=total)
