"""The state of a game of Drunter & Drüber: plain typed values (§D7 says what is kept)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Final

from .board import KINDS, ROADS, Board, Square
from .values import CITIZEN_CARDS as CITIZEN_CARDS  # re-exported: their home before values
from .values import COLOURS as COLOURS
from .values import SIDES as SIDES
from .values import SPECIAL_CARDS as SPECIAL_CARDS
from .values import CitizenCard, Colour, Kind, Phase, Road, Side

# --- phases ----------------------------------------------------------------------------------
PLAY: Final = "play"  # the active player places a tile or misses its turn (§D3)
VOTE: Final = "vote"  # everyone votes on the active player's tile over a toilet (§D5)
CHOOSE: Final = "choose"  # variant: each player chooses its objective card (§D8)
REVEAL: Final = "reveal"  # the end: the players reveal their building cards (§D6)
OVER: Final = "over"
PHASES: tuple[Phase, ...] = (PLAY, VOTE, CHOOSE, REVEAL, OVER)

LENGTHS = (1, 2, 3)
TileKey = tuple[Kind, int]
"""A tile in a hand: (kind, length)."""
TILE_KEYS: tuple[TileKey, ...] = tuple((k, n) for k in KINDS for n in LENGTHS)
DEAL = {2: {3: 6, 2: 12, 1: 12}, 3: {3: 4, 2: 8, 1: 8}, 4: {3: 3, 2: 6, 1: 6}}
"""§D2.4: tiles of each length each player is dealt, by player count (all 60 in every case)."""

# --- citizen cards (§D1, §D5) ----------------------------------------------------------------
CARD_VOTES: dict[CitizenCard, int] = {"ja": 1, "jaa": 2, "jaaa": 3, "jeeiin": 2, "ne": 1,
                                      "nee": 2, "neee": 3, "abstain": 0}
"""Each citizen card's votes as printed (the tie-break of §D6 adds these up)."""
YES_CARDS: frozenset[CitizenCard] = frozenset({"ja", "jaa", "jaaa"})
NO_CARDS: frozenset[CitizenCard] = frozenset({"ne", "nee", "neee"})
JEEIIN: Final = "jeeiin"
ABSTAIN: Final = "abstain"
"""The "..?" card: 0 votes, back to its owner's hand after every vote."""

# --- objective cards (§D6, §D8) --------------------------------------------------------------


@dataclass(frozen=True)
class PlacedTile:
    """A tile on the map: its road, kind, the player who placed it and its squares in order
    (figure first; a 3-square tile's middle square is its bridge)."""

    road: Road
    kind: Kind
    squares: tuple[Square, ...]
    player: Colour

    @property
    def length(self) -> int:
        return len(self.squares)

    @property
    def bridge(self) -> Square | None:
        return self.squares[1] if len(self.squares) == 3 else None


@dataclass(frozen=True)
class Tally:
    """Yes and no votes as printed on the cards shown (``vote.tally`` counts them)."""

    yes: int
    no: int

    @property
    def passes(self) -> bool:
        """§D5: yes wins ties (a vote in which everyone abstains passes)."""
        return self.yes >= self.no


@dataclass(frozen=True)
class VoteResult:
    """A toilet vote: the cards each player showed, JEEIIN's sides, the totals, the result."""

    player: Colour
    cards: tuple[tuple[Colour, tuple[CitizenCard, ...]], ...]
    sides: tuple[tuple[Colour, Side], ...]
    yes: int
    no: int

    @property
    def passed(self) -> bool:
        return Tally(self.yes, self.no).passes


@dataclass
class Player:
    colour: Colour
    name: str
    tiles: dict[TileKey, int]
    cards: set[CitizenCard]
    """Citizen cards still in the hand."""


@dataclass
class DrunterState:
    board: Board
    players: list[Player]
    variant: bool
    dealt: dict[Colour, dict[TileKey, int]]
    """What each player was dealt (the tiles-conserved invariant counts against it)."""
    active: Colour
    """Whose turn it is (who placed the tile being voted on, during a vote)."""
    phase: Phase = PLAY
    workers: dict[Road, Square | None] = field(default_factory=dict)
    """Road → its worker's square; ``None`` once the road is finished (the worker has left)."""
    tiles: list[PlacedTile] = field(default_factory=list)
    covered: dict[Square, int] = field(default_factory=dict)
    """Square → index in ``tiles`` of the tile covering it."""
    pending: PlacedTile | None = None
    """The tile announced over a toilet, while the vote is on."""
    votes: list[VoteResult] = field(default_factory=list)
    spent: dict[Colour, list[CitizenCard]] = field(default_factory=dict)
    """Colour → citizen cards played and out of the game, in order."""
    missed: int = 0
    """Turns missed so far (§D3)."""
    first_finished: str | None = None
    """The first road finished (the variant's moment to choose, §D8)."""
    objectives_chosen: bool = False
    revealed: dict[Colour, tuple[str, ...]] = field(default_factory=dict)
    scores: dict[Colour, int] = field(default_factory=dict)
    second_scores: dict[Colour, int] = field(default_factory=dict)
    winners: tuple[Colour, ...] = ()
    tie_break: str | None = None
    """How a tie for the most points was decided: "votes", "second_card" or "shared"."""

    @property
    def colours(self) -> tuple[Colour, ...]:
        return tuple(p.colour for p in self.players)

    @property
    def game_over(self) -> bool:
        return self.phase == OVER

    def player(self, colour: str) -> Player:
        return next(p for p in self.players if p.colour == colour)

    def next_colour(self, colour: Colour) -> Colour:
        """The player to the left: turns go clockwise, in the header's order (§D3)."""
        cs = self.colours
        return cs[(cs.index(colour) + 1) % len(cs)]

    def road_at(self, square: Square) -> Road | None:
        """The road covering a square (a start belongs to its road), or ``None``."""
        i = self.covered.get(square)
        if i is not None:
            return self.tiles[i].road
        for road, s in self.board.starts.items():
            if s == square:
                return road
        return None

    def is_free(self, square: Square) -> bool:
        """On the map and covered by no road (starts count as road)."""
        return (self.board.on_map(square) and square not in self.covered
                and not self.board.is_start(square))

    def bridge_road(self, square: Square) -> Road | None:
        """The road whose bridge is on this square, if any."""
        i = self.covered.get(square)
        if i is None or self.tiles[i].bridge != square:
            return None
        return self.tiles[i].road

    def clone(self) -> DrunterState:
        new = copy.copy(self)
        new.players = [Player(p.colour, p.name, dict(p.tiles), set(p.cards))
                       for p in self.players]
        new.workers = dict(self.workers)
        new.tiles = list(self.tiles)
        new.covered = dict(self.covered)
        new.votes = list(self.votes)
        new.spent = {c: list(v) for c, v in self.spent.items()}
        new.revealed = dict(self.revealed)
        new.scores = dict(self.scores)
        new.second_scores = dict(self.second_scores)
        return new


def new_workers(board: Board) -> dict[Road, Square | None]:
    return {r: board.starts[r] for r in ROADS}
