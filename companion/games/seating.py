"""Seats as they are in a game of Helvetia (its record's header): the device's seat buttons
are physical places around it (seat 1 to 4, counter-clockwise, ``hardware/wiring.md``); a
game puts a colour on each place that plays.

The record's header says where each player sat (``players[i].seat``, 1 to 4); the players
are listed in play order, which is the places' order counter-clockwise (the engine's one home
for seat order and the left neighbour is ``GameState.next_colour``). A button belongs to
whoever sits at its place; a record without seats (older games) sat by the configuration."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..hw.events import NEXT, ButtonEvent


def places(header: Mapping[str, Any], config_seats: Sequence[str]) -> list[str | None]:
    """The colour at each physical place (seat 1 first) in the game of ``header``; None
    where nobody plays. ``config_seats``: the configuration's colour of each place."""
    players = [p for p in header.get("players", []) if isinstance(p, Mapping)]
    at: list[str | None] = [None] * len(config_seats)
    if players and all(isinstance(p.get("seat"), int) for p in players):
        for p in players:
            if 1 <= p["seat"] <= len(at):
                at[p["seat"] - 1] = p["colour"]
        return at
    playing = {p.get("colour") for p in players}
    return [c if c in playing else None for c in config_seats]


def sitter(event: ButtonEvent, header: Mapping[str, Any], config_seats: Sequence[str]
           ) -> ButtonEvent | None:
    """The event as the player at that button's place pressed it (the shared button stays
    itself); None if nobody plays at that place."""
    if event.seat == NEXT or event.seat not in config_seats:
        return event
    colour = places(header, config_seats)[list(config_seats).index(event.seat)]
    if colour is None:
        return None
    return ButtonEvent(colour, event.kind, event.time)


def seat_numbers(at: Sequence[str | None]) -> dict[str, int]:
    """Colour -> its place (1 to 4), for the header."""
    return {c: i + 1 for i, c in enumerate(at) if c}
