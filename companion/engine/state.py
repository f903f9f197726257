"""Game state: plain typed values. ``apply`` clones a state and changes only the clone; each
mutable value's ``clone`` is derived from its fields (``copying.derive_clone``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final, TypeVar

from .catalogue import Catalogue, Cost
from .copying import derive_clone
from .grid import Cell
from .messages import Message
from .values import CHARACTERS as CHARACTERS  # re-exported: their home before values.py
from .values import COLOURS as COLOURS
from .values import SEXES as SEXES
from .values import Character, Colour, NeutralCoin, Phase, Sex, by_sex

C = TypeVar("C", bound=str)  # a colour (Helvetia's, or another game's seat)

VILLAGERS_PER_SEX = 8
COINS_PER_COLOUR = 6

# Phases, in the order a game goes through them.
START_PLAYER: Final = "start_player"  # the table says who starts (draws, or chooses the draft's)
DRAFT: Final = "draft"  # standard setup: picking start buildings
START_BUILDINGS: Final = "start_buildings"  # simplified setup: the 3 buildings each player got
NEUTRAL: Final = "neutral"  # 2 players: placing the neutral village's 4 buildings
PLACE: Final = "place"  # each player places its 3 start buildings
COUPLES: Final = "couples"  # the three couple rounds
PLAY: Final = "play"  # turns
SCHOOL: Final = "school"  # round end step 3: villagers return from the school
REVEAL: Final = "reveal"  # round end step 6: the table says which buildings came up
OVER: Final = "over"
PHASES: tuple[Phase, ...] = (START_PLAYER, DRAFT, START_BUILDINGS, NEUTRAL, PLACE, COUPLES, PLAY,
                             SCHOOL, REVEAL, OVER)


def around(colours: Sequence[C], colour: C, step: int) -> C:
    """The seat ``step`` places on from ``colour`` around the table, ``colours`` in play
    order (counter-clockwise): the one home of seat order and the left neighbour."""
    return colours[(colours.index(colour) + step) % len(colours)]


def colour_name(colour: Colour) -> str:
    return colour.capitalize()


@dataclass(frozen=True)
class Adult:
    """A villager on a building: married or single, awake (standing) or asleep (lying).
    A value (frozen), so a state's copy shares it: falling asleep or waking replaces it."""

    colour: Colour
    sex: Sex
    awake: bool = True


@dataclass(frozen=True)
class Building:
    """A building and who is on it. A value (frozen), so a state's copy shares it: a villager
    moving in or a child born replaces it in its village (``Village.add_adult`` …)."""

    type: str
    cell: Cell
    adults: tuple[Adult, ...] = ()
    children: tuple[tuple[Colour, Sex], ...] = ()
    """(colour, sex) of children born this round, lying beside the couple until round end."""


@derive_clone
@dataclass
class Village:
    colour: Colour
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

    def set_children(self, cell: Cell, children: tuple[tuple[Colour, Sex], ...]) -> None:
        """The children lying beside the couple at ``cell`` are now ``children``."""
        self.buildings[cell] = replace(self.buildings[cell], children=children)

    if TYPE_CHECKING:
        def clone(self) -> Village: ...


@derive_clone
@dataclass
class Player:
    colour: Colour
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
    player: Colour
    character: Character | None = None
    """The character chosen for the regular actions."""
    coins: int = 0
    """Coins placed on it, one per regular action."""
    done: int = 0
    """Regular actions performed so far."""
    neutral: bool = False
    """The neutral coin was used instead of a regular action (2 players)."""
    tile: Character | None = None
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
    neutral_colour: Colour | None = None
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
    phase: Phase = START_PLAYER
    round: int = 0
    start_player: Colour | None = None
    active: Colour | None = None
    school: dict[Colour, dict[Sex, int]] = field(default_factory=dict)
    character_coins: dict[Character, dict[Colour, int]] = field(default_factory=dict)
    neutral_coin: NeutralCoin | None = None
    """2 players: ready beside the neutral village, or on the character it was used for."""
    tile_holder: dict[Character, Colour | None] = field(default_factory=dict)
    tiles_used: set[Character] = field(default_factory=set)
    goods_tiles: dict[str, Colour] = field(default_factory=dict)
    """Each goods tile taken, by its good: who holds it."""
    branch_tiles: dict[str, Colour] = field(default_factory=dict)
    """Each market-branch tile taken, by its branch: who holds it."""
    village_tiles: list[Colour] = field(default_factory=list)
    """Who took the village-complete tiles, in order (the first is worth more)."""
    offer: dict[str, int] = field(default_factory=dict)
    stacks: dict[str, dict[str, int]] = field(default_factory=dict)
    start_pool: dict[str, int] = field(default_factory=dict)
    """Start buildings not yet taken (draft) or not yet handed out (simplified)."""
    to_place: dict[str, list[str]] = field(default_factory=dict)
    """Start buildings a village still has to place, by colour (neutral included)."""
    queue: list[Colour] = field(default_factory=list)
    """Who acts next in a setup or round-end phase, in order (the first is ``active``)."""
    couple: int = 0
    letters: dict[Colour, str] = field(default_factory=dict)
    learned_costs: dict[str, Cost] = field(default_factory=dict)
    track: dict[Colour, int] = field(default_factory=dict)
    """Score track: each player's VP as recounted at the last round end."""
    turn: Turn | None = None
    passes: list[Colour] = field(default_factory=list)
    """Players who said they cannot act since the last turn with an action (§7): when every
    coin holder is among them, the round ends."""
    winners: list[Colour] = field(default_factory=list)
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
    def colours(self) -> list[Colour]:
        return [p.colour for p in self.players]

    @property
    def game_over(self) -> bool:
        return self.phase == OVER

    def player(self, colour: Colour) -> Player:
        for p in self.players:
            if p.colour == colour:
                return p
        raise KeyError(colour)

    def index(self, colour: Colour) -> int:
        return self.colours.index(colour)

    def next_colour(self, colour: Colour, step: int = 1) -> Colour:
        """The player ``step`` places on in play order (counter-clockwise: to the right; -1:
        the left neighbour)."""
        return around(self.colours, colour, step)

    def order_from(self, colour: Colour) -> list[Colour]:
        """All players in play order, beginning with ``colour``."""
        cols = self.colours
        i = cols.index(colour)
        return cols[i:] + cols[:i]

    def own_types(self, colour: Colour) -> set[str]:
        return {b.type for b in self.villages[colour].buildings.values()}

    def known_cost(self, type_id: str) -> Cost | None:
        """The cost printed on a type's tiles, if the catalogue or this game knows it."""
        learned = self.learned_costs.get(type_id)  # read off a tile or corrected: it wins
        return learned if learned is not None else self.catalogue.building(type_id).cost
