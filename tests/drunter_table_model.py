"""A model of a Drunter & Drüber table that moves its pieces only as the screens say: the act
a player was shown before tapping (a tile laid where the screen previewed it, the citizen
cards turned face up in a vote) and then the table's steps (``companion/drunter/table.py``),
an undone action's take-back steps included.

:class:`Table` holds what lies on the table: the tiles on the map (an announced tile too),
the four road workers, each player's tiles and citizen cards in hand, the cards face up in a
vote, the cards in the box. ``Table.of(state)`` is what the table must look like for an engine
state; ``act`` and ``do`` move the pieces. ``test_drunter_table_model.py`` plays games with
undos and compares after every action.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from companion.drunter import Action, Place, Vote
from companion.drunter.board import Square
from companion.drunter.messages import Message
from companion.drunter.state import ABSTAIN, DrunterState

TileOnMap = tuple[str, int, str]
"""A tile on the map: kind, length, the player who laid it (keyed by road and first square)."""


@dataclass
class Table:
    tiles: dict[tuple[str, Square], TileOnMap] = field(default_factory=dict)
    workers: dict[str, Square | None] = field(default_factory=dict)
    hands: Counter[tuple[str, str, int]] = field(default_factory=Counter)
    cards: dict[str, set[str]] = field(default_factory=dict)
    shown: dict[str, list[str]] = field(default_factory=dict)
    """Citizen cards lying face up: revealed in a vote, not yet boxed or taken back."""
    box: Counter[tuple[str, str]] = field(default_factory=Counter)
    announced: tuple[str, Square] | None = None
    """The tile laid last, while it is voted on (not compared: the table knows it by sight)."""
    laid: tuple[str, Square] | None = None

    @classmethod
    def of(cls, s: DrunterState) -> Table:
        """What the table must look like when the engine is in state ``s``."""
        t = cls()
        for tile in [*s.tiles, *([s.pending] if s.pending else [])]:
            t.tiles[(tile.road, tile.squares[0])] = (tile.kind, tile.length, tile.player)
        t.workers = dict(s.workers)
        for p in s.players:
            for (kind, length), n in p.tiles.items():
                t.hands[(p.colour, kind, length)] += n
            t.cards[p.colour] = set(p.cards)
            for card in s.spent.get(p.colour, []):
                t.box[(p.colour, card)] += 1
        if s.pending is not None:
            t.hands[(s.pending.player, s.pending.kind, s.pending.length)] -= 1
        return t

    def comparable(self) -> tuple[Any, ...]:
        return (self.tiles, self.workers, +self.hands, self.cards,
                {c: v for c, v in self.shown.items() if v}, +self.box)

    # --- what a player does, as the screen showed it ------------------------------------

    def act(self, action: Action) -> None:
        if isinstance(action, Place):  # laid where the screen previewed it
            self._lay(action.road, action.square, (action.kind, action.length, action.player))
        if isinstance(action, Vote):  # everyone reveals at once
            for colour, played in action.cards:
                for card in played:
                    self.cards[colour].remove(card)
                    self.shown.setdefault(colour, []).append(card)

    def _lay(self, road: str, square: Square, tile: TileOnMap) -> None:
        key = (road, square)
        assert key not in self.tiles, key
        self.tiles[key] = tile
        self.hands[(tile[2], tile[0], tile[1])] -= 1
        assert self.hands[(tile[2], tile[0], tile[1])] >= 0
        self.laid = key

    # --- the table's steps --------------------------------------------------------------

    def do(self, m: Message) -> None:
        p = dict(m.params)
        code = m.code.removeprefix("drunter.table.")
        if code == "vote":
            self.announced = self.laid
        elif code == "vote_won":
            self.announced = None
        elif code == "vote_lost":
            assert self.announced is not None
            kind, length, player = self.tiles.pop(self.announced)
            assert player == p["player"]
            self.hands[(player, kind, length)] += 1
            self.announced = None
        elif code == "cards_out":
            for colour, cards in self.shown.items():
                for card in cards:
                    if card == ABSTAIN:
                        self.cards[colour].add(card)
                    else:
                        self.box[(colour, card)] += 1
            self.shown = {}
        elif code == "abstain_back":
            for colour, cards in self.shown.items():
                assert set(cards) == {ABSTAIN}, cards
                self.cards[colour].add(ABSTAIN)
            self.shown = {}
        elif code in ("move_worker", "back.worker", "back.worker_returns"):
            self.workers[p["road"]] = p["square"]
        elif code == "worker_leaves":
            self.workers[p["road"]] = None
        elif code == "back.tile":
            kind, length = p["tile"]
            assert self.tiles.pop((p["road"], p["square"])) == (kind, length, p["player"])
            self.hands[(p["player"], kind, length)] += 1
            self.announced = None
        elif code == "back.tile_again":
            kind, length = p["tile"]
            self._lay(p["road"], p["square"], (kind, length, p["player"]))
            self.announced = self.laid
        elif code == "back.revote":
            kind, length = p["tile"]
            assert self.tiles[(p["road"], p["square"])] == (kind, length, p["player"])
            self.announced = (p["road"], p["square"])
        elif code == "back.cards":
            for card in p["cards"]:
                assert self.box[(p["player"], card)] > 0, (p, self.box)
                self.box[(p["player"], card)] -= 1
                self.cards[p["player"]].add(card)
        else:  # words only: a missed turn, the choice, the reveal, nothing to take back
            assert code in ("missed", "choose", "reveal", "reveal_variant", "back.choose",
                            "back.reveal", "back.nothing"), code
