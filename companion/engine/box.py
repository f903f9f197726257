"""What comes out of the box before the first action, and where it goes (rules §1, §6:
the board, the building tiles sorted by the stack on their backs, stack I laid out, the start
tiles, the character, goods and special tiles, each player's pieces, the score cubes, the
village centres, the 2-player neutral village, the start-player token).

Counts only, read off the game's own setup (``setup.new_game``) and the catalogue: the setup
checklist asks here and writes no number of its own. Pure: no display, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .state import CHARACTERS, COINS_PER_COLOUR, VILLAGERS_PER_SEX, GameState
from .values import Sex

VILLAGE_CENTRES = 5
"""Village centres in the box, each with a letter A-E on its back (§1)."""
SCORE_CUBES = 1
"""Each player's cube on space 0 of the score track (§1: 17 cubes, 1 marks the score)."""
DOWRY = 2
"""Coins each player gives away as dowry (§6.1 step 5; with 2 players §6.3)."""


@dataclass(frozen=True)
class Kit:
    """One player's pieces, all of its colour (§1)."""

    villagers: Mapping[str, int]
    """By sex: "m" men, "f" women."""
    coins: int
    cubes: int
    """Delivery cubes: one per good of the market, and the score cube."""


@dataclass(frozen=True)
class Box:
    """The setup of one game, as counts (§1, §6)."""

    colours: tuple[str, ...]
    """The players, in play order."""
    kit: Kit
    score_cubes: int
    dowry: int
    centres: int
    """Village centres in play: one per player, and the neutral village's."""
    centres_back: int
    """Village centres that go back into the box."""
    letters: bool
    """The simplified setup: the start tiles come by the letters on the village centres."""
    start_tiles: Mapping[str, int]
    """The start tiles laid out, by type (the draft's pool; all lettered tiles for letters)."""
    start_tiles_back: int
    """Start tiles back into the box before the draft (one per type with 2 or 3 players)."""
    stack1: Mapping[str, int]
    """Stack I: laid out face up beside the board, by type (the buildings on offer)."""
    stack2: int
    stack3: int
    """Stacks II and III: shuffled face down, set aside."""
    character_tiles: int
    """On the board; 0 in the intro game (they stay in the box)."""
    character_tiles_back: int
    goods_tiles: int
    branch_tiles: int
    village_tiles: int
    neutral: str | None
    """The 2-player neutral village's colour."""
    neutral_villagers: Mapping[Sex, int]
    neutral_coins: int
    """The neutral coin beside the neutral village (§6.3)."""
    draft_start_chosen: bool
    """The draft's start player is chosen (§6.1); else drawn at random (§6.2, §6.3)."""


def box(state: GameState) -> Box:
    """The setup of the game ``state`` is the start of (before its first action)."""
    cat = state.catalogue
    letters = state.options.setup == "simplified"
    lettered = {t: b.stacks["start"] for t, b in cat.buildings.items() if b.stacks["start"]}
    pool = dict(state.start_pool)
    neutral = state.options.neutral_colour
    neutral_village = state.villages.get(neutral) if neutral else None
    villages = len(state.players) + (1 if neutral else 0)
    characters = 0 if state.options.intro else len(CHARACTERS)
    return Box(
        colours=tuple(state.colours),
        kit=Kit(MappingProxyType({"m": VILLAGERS_PER_SEX, "f": VILLAGERS_PER_SEX}),
                COINS_PER_COLOUR, len(cat.goods) + SCORE_CUBES),
        score_cubes=SCORE_CUBES,
        dowry=DOWRY,
        centres=villages,
        centres_back=VILLAGE_CENTRES - villages,
        letters=letters,
        start_tiles=MappingProxyType(lettered if letters else pool),
        start_tiles_back=0 if letters else sum(lettered.values()) - sum(pool.values()),
        stack1=MappingProxyType(dict(state.offer)),
        stack2=sum(state.stacks.get("2", {}).values()),
        stack3=sum(state.stacks.get("3", {}).values()),
        character_tiles=characters,
        character_tiles_back=len(CHARACTERS) - characters,
        goods_tiles=len(cat.goods_tile_vp),
        branch_tiles=len(cat.branches),
        village_tiles=len(cat.village_tile_vp),
        neutral=neutral,
        neutral_villagers=MappingProxyType(dict(neutral_village.centre) if neutral_village
                                           else {}),
        neutral_coins=1 if state.neutral_coin == "ready" else 0,
        draft_start_chosen=not letters and len(state.players) > 2,
    )
