"""Why a character has nothing to do for a player now (digest §9): the reason a coin on it is
refused (§7, "``choose`` is refused when no action of that character is possible now"), in
the rules' own terms, so that a greyed-out character can say why."""

from __future__ import annotations

from .characters import buildable_types, unbound
from .messages import Message, message
from .state import GameState
from .values import SEXES, SOURCES, Character, Colour


def idle_reason(state: GameState, colour: Colour, character: Character) -> Message:
    """Why ``character`` offers ``colour`` no action now (call it only when none is
    possible)."""
    if character == "builder":
        if not any(n for n in state.offer.values()):
            return message("idle.builder_no_offer")
        if not any(True for _ in buildable_types(state, colour)):
            return message("idle.builder_owns_all", player=colour)
        return message("idle.builder_cannot_pay", player=colour)
    if character == "carter":
        return message("idle.carter", player=colour)
    if character == "night_watchman":
        return message("idle.night_watchman")
    if character == "priest":
        if not any(unbound(state, colour, src)[sex] for src in SOURCES
                   for sex in SEXES):
            return message("idle.priest_no_unbound", player=colour)
        return message("idle.priest_no_single", player=colour)
    if not any(state.player(colour).supply.values()):
        return message("idle.midwife_no_supply", player=colour)
    return message("idle.midwife", player=colour)

