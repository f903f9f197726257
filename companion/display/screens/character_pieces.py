"""What lies on a character's button on the turn screen: the coins and the character tile."""

from __future__ import annotations

import pygame

from ...engine import GameState
from ..ui import INK, coin
from ..village_view import tile_icon


def character_pieces(s: pygame.Surface, r: pygame.Rect, state: GameState, ch: str) -> None:
    """On a character's button: the coins lying on it (each with its initial) and its tile,
    framed in its holder's colour, dark once used this round."""
    x = r.left + 20
    y = r.bottom - 18
    for c, n in state.character_coins[ch].items():
        for _i in range(n):
            if x > r.right - 60:
                break
            coin(s, c, (x, y), 12)
            x += 22
    if state.neutral_coin == ch:
        pygame.draw.circle(s, (120, 120, 120), (x, y), 12)
        pygame.draw.circle(s, INK, (x, y), 12, 2)
    holder = state.tile_holder.get(ch)
    if holder and not state.options.intro:
        tile_icon(s, ch, pygame.Rect(r.right - 40, r.top + 8, 32, 32),
                  used=ch in state.tiles_used, colour=holder)
