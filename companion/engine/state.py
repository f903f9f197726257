"""Game state: plain typed values. ``apply`` clones a state and changes only the clone; each
mutable value's ``clone`` is derived from its fields (``copying.derive_clone``)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .catalogue import Catalogue, Cost
from .copying import derive_clone
from .grid import Cell
from .messages import Message
from .values import SEXES as SEXES  # re-exported: its home before values.py
from .values import NeutralCoin, Sex, by_sex

CHARACTERS = ("builder", "carter", "night_watchman", "priest", "midwife")
COLOURS = ("red", "blue", "yellow", "white")
VILLAGERS_PER_SEX = 8
COINS_PER_COLOUR = 6

# Phases, in the order a game goes through them.
START_PLAYER = "start_player"  # the table says who starts (draws it, or chooses the draft's start)
DRAFT = "draft"  # standard setup: picking start buildings
START_BUILDINGS = "start_buildings"  # simplified setup: which 3 buildings each player received
NEUTRAL = "neutral"  # 2 players: placing the neutral village's 4 buildings
PLACE = "place"  # each player places its 3 start buildings
COUPLES = "couples"  # the three couple rounds
PLAY = "play"  # turns
SCHOOL = "school"  # round end step 3: villagers return from the school
REVEAL = "reveal"  # round end step 6: the table says which buildings came up
OVER = "over"


def around(colours: list[str], colour: str, step: int) -> str:
    """The seat ``step`` places on from ``colour`` around the table, ``colours`` in play
    order (counter-clockwise): the one home of seat order and the left neighbour."""
    return colours[(colours.index(colour) + step) % len(colours)]


def colour_name(colour: str) -> str:
    return colour.capitalize()


@dataclass(frozen=True)
class Adult:
    """A villager on a building: married or single, awake (standing) or asleep (lying).
    A value (frozen), so a state's copy shares it: falling asleep or waking replaces it."""

    colour: str
    sex: Sex
    awake: bool = True


@dataclass(frozen=True)
class Building:
    """A building and who is on it. A value (frozen), so a state's copy shares it: a villager
    moving in or a child born replaces it in its village (``Village.add_adult`` …)."""

    type: str
    cell: Cell
    adults: tuple[Adult, ...] = ()
    children: tuple[tuple[str, Sex], ...] = ()
    """(colour, sex) of children born this round, lying beside the couple until round end."""


@derive_clone
@dataclass
class Village:
    colour: str
    neutral: bool = False
    buildings: dict[Cell, Building] = field(default_factory=dict)
    centre: dict[Sex, int] = field(default_factory=lambda: by_sex(0))
    """Unbound villagers of the village's own colour waiting in the centre, by sex."""
    coins: dict[str, int] = field(default_factory=dict)
    """Dowry coins lying in the centre, by colour."""

    def add_adult(self, cell: Cell, adult: Adult) -> None:
        """A villager moves onto the building at ``cell`` (buildings are values: replaced)."""
        b = self.buildings[cell]
        self.buildings[cell] = replace(b, adults=(*b.adults, adult))

    def set_adults(self, cell: Cell, adults: tuple[Adult, ...]) -> None:
        """The villagers on the building at ``cell`` are now ``adults``."""
        self.buildings[cell] = replace(self.buildings[cell], adults=adults)

    def set_children(self, cell: Cell, children: tuple[tuple[str, Sex], ...]) -> None:
        """The children lying beside the couple at ``cell`` are now ``children``."""
        self.buildings[cell] = replace(self.buildings[cell], children=children)

    if TYPE_CHECKING:
        def clone(self) -> Village: ...


@derive_clone
@dataclass
class Player:
    colour: str
    name: str
    coins: int = 0
    """Own coins in hand, usable now."""
    won_coins: int = 0
    """Own coins won back as dowry this turn: usable from the next turn on."""
    supply: dict[Sex, int] = field(default_factory=lambda: by_sex(VILLAGERS_PER_SEX))
    delivered: list[str] = field(default_factory=list)

    if TYPE_CHECKING:
        def clone(self) -> Player: ...


@derive_clone
@dataclass
class Turn:
    player: str
    character: str | None = None
    """The character chosen for the regular actions."""
    coins: int = 0
    """Coins placed on it, one per regular action."""
    done: int = 0
    """Regular actions performed so far."""
    neutral: bool = False
    """The neutral coin was used instead of a regular action (2 players)."""
    tile: str | None = None
    """The character tile used this turn."""
    tile_after: bool = False
    """The tile's action followed a regular action: no more coin may be added after it."""
    spent: int = 0
    """Coins spent this turn: placed on the character plus goods bought."""
    births: list[Cell] = field(default_factory=list)
    returned: int = 0
    """Coins taken back into the hand this turn: they could buy no action of the character
    (§7). The table takes them off the character."""

    if TYPE_CHECKING:
        def clone(self) -> Turn: ...


@dataclass(frozen=True)
class Options:
    setup: str = "draft"
    """'draft' (standard) or 'simplified' (buildings by village-centre letter)."""
    intro: bool = False
    """No character tiles; the game ends at 18 VP."""
    neutral_colour: str | None = None
    """The neutral village's colour in a 2-player game."""

    @property
    def target(self) -> int:
        return 18 if self.intro else 20


@derive_clone
@dataclass
class GameState:
    catalogue: Catalogue
    options: Options
    players: list[Player]
    """In play order: counter-clockwise around the table."""
    villages: dict[str, Village]
    phase: str = START_PLAYER
    round: int = 0
    start_player: str | None = None
    active: str | None = None
    school: dict[str, dict[Sex, int]] = field(default_factory=dict)
    character_coins: dict[str, dict[str, int]] = field(default_factory=dict)
    neutral_coin: NeutralCoin | None = None
    """2 players: ready beside the neutral village, or on the character it was used for."""
    tile_holder: dict[str, str | None] = field(default_factory=dict)
    tiles_used: set[str] = field(default_factory=set)
    goods_tiles: dict[str, str] = field(default_factory=dict)
    branch_tiles: dict[str, str] = field(default_factory=dict)
    village_tiles: list[str] = field(default_factory=list)
    offer: dict[str, int] = field(default_factory=dict)
    stacks: dict[str, dict[str, int]] = field(default_factory=dict)
    start_pool: dict[str, int] = field(default_factory=dict)
    """Start buildings not yet taken (draft) or not yet handed out (simplified)."""
    to_place: dict[str, list[str]] = field(default_factory=dict)
    """Start buildings a village still has to place, by colour (neutral included)."""
    queue: list[str] = field(default_factory=list)
    """Who acts next in a setup or round-end phase, in order (the first is ``active``)."""
    couple: int = 0
    letters: dict[str, str] = field(default_factory=dict)
    learned_costs: dict[str, Cost] = field(default_factory=dict)
    track: dict[str, int] = field(default_factory=dict)
    """Score track: each player's VP as recounted at the last round end."""
    turn: Turn | None = None
    passes: list[str] = field(default_factory=list)
    """Players who said they cannot act since the last turn with an action (§7): when every
    coin holder is among them, the round ends."""
    winners: list[str] = field(default_factory=list)
    tie_break: str | None = None
    acted: bool = False
    """An action (not "cannot act") was taken in this round (§12 "Deadlock")."""
    ended_by: str | None = None
    """How a game that is over ended short of the target: "deadlock" or "agreement" (§12)."""
    round_ended: Message | None = None
    """Why the last round ended (``turns.why_round_ends``): for the table to be told."""

    if TYPE_CHECKING:
        def clone(self) -> GameState: ...

    # --- look-ups -------------------------------------------------------------------------

    @property
    def colours(self) -> list[str]:
        return [p.colour for p in self.players]

    @property
    def game_over(self) -> bool:
        return self.phase == OVER

    def player(self, colour: str) -> Player:
        for p in self.players:
            if p.colour == colour:
                return p
        raise KeyError(colour)

    def index(self, colour: str) -> int:
        return self.colours.index(colour)

    def next_colour(self, colour: str, step: int = 1) -> str:
        """The player ``step`` places on in play order (counter-clockwise: to the right; -1:
        the left neighbour)."""
        return around(self.colours, colour, step)

    def order_from(self, colour: str) -> list[str]:
        """All players in play order, beginning with ``colour``."""
        cols = self.colours
        i = cols.index(colour)
        return cols[i:] + cols[:i]

    def own_types(self, colour: str) -> set[str]:
        return {b.type for b in self.villages[colour].buildings.values()}

    def known_cost(self, type_id: str) -> Cost | None:
        """The cost printed on a type's tiles, if the catalogue or this game knows it."""
        learned = self.learned_costs.get(type_id)  # read off a tile or corrected: it wins
        return learned if learned is not None else self.catalogue.building(type_id).cost
