"""What the history's screens share: the words for a stored game (when, how long, which setup,
who won), the title bar and the way back. Imports no other screen, so that any screen can open
the history without an import cycle."""

from __future__ import annotations

from typing import Any

import pygame

from ....games import DEFAULT, titles
from ....history.summary import ABANDONED, IN_PLAY, GameSummary, Seat
from ...contract import AppView
from ...contract import Screen as Screen  # the history's screens take it from here
from ...kit.widgets import BODY, INK, PANEL, TITLE, W, Widget, button, draw_text, font
from ...words.i18n import N_, _, colour_name, ngettext
from ..turn.virtual import level_word

TOP = 60
"""As ``common.TOP``: the top bar's height."""
SOURCES = {"start_player": N_("start player"), "deliveries": N_("deliveries"),
           "goods_tiles": N_("goods tiles"), "character_tiles": N_("character tiles"),
           "vp_buildings": N_("VP buildings"), "branch_tiles": N_("branch tiles"),
           "village_tiles": N_("village tiles")}
"""The §11 sources in words, as the round's scores name them."""


def title_bar(s: pygame.Surface, title: str, right: int) -> None:
    """The title left of ``right``, where the top bar's buttons begin."""
    pygame.draw.rect(s, PANEL, (0, 0, W, TOP - 4))
    draw_text(s, title, pygame.Rect(12, 2, right - 20, TOP - 8), TITLE, INK, valign="middle",
              bg=PANEL)


def seat_name(seat: Seat) -> str:
    """A player of a stored game by name; a seat without one by its colour's word; a seat the
    companion played with its level: "Giallo (Strong)"."""
    name = seat.name if seat.name.casefold() != seat.colour else colour_name(seat.colour)
    return f"{name} ({level_word(seat.virtual)})" if seat.virtual else name


def when(stamp: str | None) -> str:
    """A stored time as the screens show it: ``2026-11-25 20:05``."""
    return (stamp or "").replace("T", " ")[:16]


def duration(game: GameSummary) -> str:
    minutes = game.duration_min
    if minutes is None:
        return ""
    if minutes < 60:
        return _("{m} min").format(m=minutes)
    return _("{h} h {m} min").format(h=minutes // 60, m=minutes % 60)


def setup_words(game: GameSummary) -> str:
    if game.game != DEFAULT:  # another game, named (the statistics are the default game's)
        return " · ".join((titles().get(game.game, game.game), ngettext(
            "{n} player", "{n} players", game.players).format(n=game.players)))
    words = [ngettext("{n} player", "{n} players", game.players).format(n=game.players),
             _("draft") if game.setup == "draft" else _("buildings by letter")]
    if game.intro:
        words.append(_("intro game"))
    return " · ".join(words)


def result_words(game: GameSummary) -> str:
    """Who won, a shared win said as such; or what became of a game not finished."""
    if game.status == ABANDONED:
        return _("abandoned")
    if game.status == IN_PLAY:
        return _("in play")
    if not game.winners:
        return _("cannot be replayed")
    names = " & ".join(seat_name(game.seat(c)) for c in game.winners)
    return (_("{who} wins!") if len(game.winners) == 1 else _("{who} share the win!")).format(
        who=names)


def ending_words(game: GameSummary) -> str:
    """How a finished game ended when the table agreed to stop (§12), and at which score (the
    winners'); empty for any other game."""
    if not game.finished or game.ended_by != "agreement" or not game.seats:
        return ""
    return _("by agreement at {vp} VP").format(vp=max(seat.vp for seat in game.seats))


def back_button(app: AppView, back: Any) -> Widget:
    w = max(font(BODY).size(_("Back"))[0] + 24, 90)
    return button("back", (W - 4 - w, 4, w - 4, 48), _("Back"), back)
