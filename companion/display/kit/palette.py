"""The one palette: the screens' surfaces and inks, the players' colours (each with the ink
that reads on it), and the colours of the pictograms' goods and buildings. Every colour on a
screen comes from here."""

from __future__ import annotations

Colour = tuple[int, int, int]

# --- surfaces and inks ---------------------------------------------------------------------
BACKGROUND = (241, 236, 222)
PANEL = (228, 221, 203)
INK = (34, 34, 34)
MUTED = (84, 78, 68)
"""Secondary text: 4.5:1 or better on every surface it is drawn on (disabled buttons too)."""
ACCENT = (52, 92, 52)
ACCENT_INK = (255, 255, 255)
BUTTON = (252, 250, 244)
BUTTON_EDGE = (150, 142, 124)
SELECTED = (206, 226, 196)
DISABLED = (222, 218, 208)
WARNING_BG = (250, 224, 200)
WARNING_INK = (140, 50, 10)
GRID = (200, 192, 172)
HIGHLIGHT = (236, 150, 30)
"""The cell a table step points at."""
CENTRE = (214, 224, 200)
"""A village's centre."""
TILE_FACE = (250, 244, 226)
TILE_USED = (86, 82, 76)
NEUTRAL = (120, 120, 120)
"""The neutral coin and the neutral village's pieces."""

# --- the players ---------------------------------------------------------------------------
PLAYER = {"red": (196, 42, 42), "blue": (38, 92, 196), "yellow": (232, 184, 36),
          "white": (250, 250, 250)}
PLAYER_INK = {"red": (255, 255, 255), "blue": (255, 255, 255), "yellow": (34, 34, 34),
              "white": (34, 34, 34)}
LIGHT = {"yellow", "white"}
"""Player colours too light to stand on the background alone: drawn with a dark outline."""

# --- the pictograms ------------------------------------------------------------------------
BRICK = (178, 72, 44)
WOOD = (150, 98, 52)
WOOD_CUT = (222, 184, 128)
STONE = (170, 170, 164)
GRAIN = (226, 182, 58)
WATER = (70, 140, 220)
ORE = (96, 92, 96)
ORE_GLINT = (212, 170, 90)
COW = (250, 250, 246)
COW_SPOT = (40, 36, 34)
MUZZLE = (236, 170, 170)
GOAT = (176, 144, 104)
BREAD = (196, 132, 64)
BEER = (238, 178, 40)
FOAM = (255, 255, 250)
IRON = (120, 128, 140)
MILK = (238, 238, 232)
MEAT = (204, 76, 76)
BONE = (246, 240, 222)
CHEESE = (246, 206, 80)
CLOTH = (160, 104, 60)
CLOTH_ROLL = (132, 84, 46)
BELL = (214, 168, 48)
AWNING = (220, 90, 70)
WALL = (238, 226, 200)
ROOF = (168, 70, 50)
