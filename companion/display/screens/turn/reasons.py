"""Why a control is greyed out, and why a place on a picture takes no action, in the engine's
words: a character with nothing to do asks ``why_not`` of a coin on it; a place asks it of the
action the screen would make, moved to that place."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any

import pygame

from ....engine import Action, Choose, HelvetiaError, TurnOptions, apply, why_not
from ....engine.actions import Birth, Build, Deliver, Marry, PlaceNeutral, Wake
from ....engine.state import PLAY, GameState
from ....engine.values import Character
from ...kit.widgets import Widget
from ...words.i18n import _, character, say
from ..parts import value_key

CHARACTER: dict[type[Action], Character] = {
    Build: "builder", Deliver: "carter", Wake: "night_watchman", Marry: "priest", Birth: "midwife"}


def _probe(state: GameState, a: Action) -> GameState:
    """The state the action would meet: after its character was chosen, for a coin's action
    of a turn with no character yet (the place's reason, not "choose first")."""
    ch = CHARACTER.get(type(a))
    turn = state.turn
    if state.phase != PLAY or ch is None or turn is None or turn.character is not None \
            or getattr(a, "tile", False):
        return state
    try:
        return apply(state, Choose(a.player, ch, 1))  # type: ignore[attr-defined]
    except HelvetiaError:
        return state


def why_not_there(state: GameState, template: Action, **place: Any) -> str | None:
    """Why ``template`` moved to ``place`` (cell, village, quarter...) is refused; None if
    it is not (or the action has no such fields)."""
    names = {f.name for f in fields(template)}
    if not set(place) <= names:
        return None
    moved = replace(template, **place)
    reason = why_not(_probe(state, moved), moved)
    return say(reason) if reason is not None else None


def refusals(state: GameState, rects: Mapping[Any, pygame.Rect], offered: set[Any],
             template: Action | None, field: str, village: str) -> list[Widget]:
    """A silent widget on every place of ``village``'s picture not ``offered`` whose tap says
    why (only where the action's place lies in that village)."""
    if template is None:
        return []
    has_village = "village" in {f.name for f in fields(template)}
    home = (state.options.neutral_colour if isinstance(template, PlaceNeutral)
            else getattr(template, "player", None))
    if not has_village and village != home:
        return []
    also = {"village": village} if has_village else {}
    out = []
    for key, r in rects.items():
        if key in offered:
            continue
        text = why_not_there(state, template, **{field: key}, **also)
        if text:
            out.append(Widget(f"{field}-no:{value_key(key)}", r, enabled=False, why_not=text,
                              style="invisible"))
    return out


def why_not_character(options: TurnOptions, state: GameState, ch: Character) -> str:
    """Why a character's button is greyed out."""
    o = options
    if o.chosen not in (None, ch) and ch not in o.tiles:
        return _("The {chosen} is this turn's character: one character a turn.").format(
            chosen=character(o.chosen))  # (not None: it is not in (None, ch))
    if not (list(o.regular.get(ch, ())) + list(o.tiles.get(ch, ()))):
        reason = why_not(state, Choose(o.player, ch, 1))  # the engine's, in its terms (§9)
        return say(reason) if reason else _("The {character} has nothing to do now.").format(
            character=character(ch))
    return _("Nothing the {character} could do can be paid now.").format(
        character=character(ch))
