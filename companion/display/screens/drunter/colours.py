"""The colours of Drunter & Drüber's map: each road's, each building type's, the toilets' (the
board screen and the map draw with them)."""

from __future__ import annotations

from ....drunter.board import BUILDING_TYPES

RGB = tuple[int, int, int]

ROAD_COLOURS: dict[str, RGB] = {"street": (110, 84, 52), "wall_1": (134, 40, 40),
                                "wall_2": (134, 40, 40), "canal": (28, 86, 160)}
TYPE_COLOURS: dict[str, RGB] = dict(zip(BUILDING_TYPES, (
    (246, 206, 160), (200, 226, 170), (190, 214, 240), (236, 196, 226), (240, 236, 170),
    (214, 204, 190)), strict=True))
TOILET_COLOUR: RGB = (220, 240, 246)
