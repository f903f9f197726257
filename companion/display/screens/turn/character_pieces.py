"""What lies on a character's button on the turn screen: the character's picture (its tile,
framed in the holder's colour, where a player holds it), and the coins."""

from __future__ import annotations

import pygame

from ....engine import GameState
from ....engine.values import Character
from ...kit.palette import NEUTRAL
from ...kit.widgets import INK, coin
from ...pictures import pictograms
from ...pictures.village_view import tile_icon

PICTURE = 40
"""The character's picture on its button, bottom right: told apart without reading."""


def character_pieces(s: pygame.Surface, r: pygame.Rect, state: GameState,
                     ch: Character) -> None:
    """On a character's button: its picture, on its tile where a player holds one (framed in
    the holder's colour, dark once used this round); the coins lying on it (each with its
    initial)."""
    x = r.left + 20
    y = r.bottom - 18
    for c, n in state.character_coins[ch].items():
        for _i in range(n):
            if x > r.right - PICTURE - 30:
                break
            coin(s, c, (x, y), 12)
            x += 22
    if state.neutral_coin == ch:
        pygame.draw.circle(s, NEUTRAL, (x, y), 12)
        pygame.draw.circle(s, INK, (x, y), 12, 2)
    picture = pygame.Rect(r.right - PICTURE - 6, r.bottom - PICTURE - 5, PICTURE, PICTURE)
    holder = state.tile_holder.get(ch)
    if holder and not state.options.intro:
        tile_icon(s, ch, picture, used=ch in state.tiles_used, colour=holder)
    else:
        face = s.get_at(picture.center)
        pictograms.character(s, ch, picture.inflate(-6, -6), face=(face.r, face.g, face.b))
