"""One stored game summed up: what the Games and Players screens, the exports and BG Stats
need, computed from the game's record by replaying it through the engine (never from a second
copy of scores). A summary is a plain value that turns into JSON and back, so the store can keep
it beside the record (``store.summaries``) and rebuild it from the record at any time."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from typing import Any, TypeVar

from ..engine import AddCoin, Choose, Game, HelvetiaError, Marry, apply, parse_action
from ..engine.record import loads_line
from ..engine.round_end import scored
from ..engine.scoring import BREAKDOWN, awake_villagers, breakdown
from ..engine.state import CHARACTERS, GameState
from ..engine.values import Colour

C = TypeVar("C", bound=str)  # a colour (of either game)

VERSION = 3
"""The summary's own version: a stored summary of another version is computed again."""

FINISHED, ABANDONED, IN_PLAY, UNREADABLE = "finished", "abandoned", "in_play", "unreadable"
SOURCES = BREAKDOWN
"""The VP sources of §11, in the rules' order."""


@dataclass(frozen=True)
class Seat:
    """One player of a game, with everything the history says of it."""

    colour: str
    name: str
    vp: int
    """Final VP (the score track after the last round end)."""
    by_source: dict[str, int]
    """The final VP by §11 source."""
    awake: int
    """Awake villagers at the end: the tie-break of §12."""
    rank: int
    """1 = best; tied players share a rank (VP, then awake villagers, as §12 decides)."""
    winner: bool
    coins: dict[str, int]
    """Coins placed per character over the game."""
    marriages: int
    """Villagers this player married into another village with the Priest."""
    virtual: str | None = None
    """The companion's level where it played this seat (the record's ``virtual``)."""


@dataclass(frozen=True)
class GameSummary:
    id: int
    status: str
    """``finished`` (ended by the rules, a deadlock or agreement), ``abandoned``, ``in_play``,
    or ``unreadable`` (a stored record that no longer replays: kept, not counted)."""
    started_at: str
    """Local time of the start, ``YYYY-MM-DDTHH:MM:SS`` as the store keeps it."""
    ended_at: str | None
    setup: str
    intro: bool
    neutral: str | None
    """The neutral village's colour in a 2-player game."""
    start_player: str | None
    """Who held the start-player token at the start of round 1."""
    seats: tuple[Seat, ...]
    """In play order."""
    winners: tuple[str, ...]
    tie_break: str | None
    rounds: tuple[dict[str, int], ...]
    """Each player's VP after each round end, in order."""
    turns: int
    """Turns played: every ``end_turn`` and every ``cannot_act`` (a turn passed)."""
    actions: int
    play_id: str = ""
    """A stable id of this stored game (its start and header), for BG Stats."""
    version: int = VERSION
    extra: dict[str, Any] = field(default_factory=dict)
    ended_by: str | None = None
    """How a finished game ended short of the target: ``deadlock`` or ``agreement`` (§12)."""

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def counted(self) -> bool:
        """Whether the statistics count it: finished games of Helvetia only (by agreement
        too); another game is listed, never counted with Helvetia's."""
        return self.status == FINISHED and self.game == "helvetia"

    @property
    def finished(self) -> bool:
        """Ended by the rules (of either game), by a deadlock or by agreement."""
        return self.status == FINISHED

    @property
    def game(self) -> str:
        """The game played: its name (``companion.games``)."""
        return str(self.extra.get("game", "helvetia"))

    @property
    def duration_min(self) -> int | None:
        """Minutes from the start to the end (wall time, pauses included)."""
        if not self.ended_at:
            return None
        try:
            start = datetime.fromisoformat(self.started_at)
            end = datetime.fromisoformat(self.ended_at)
        except ValueError:
            return None
        return max(0, round((end - start).total_seconds() / 60))

    def seat(self, colour: str) -> Seat:
        return next(s for s in self.seats if s.colour == colour)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> GameSummary:
        d = dict(obj)
        d["seats"] = tuple(Seat(**s) for s in d["seats"])
        d["winners"] = tuple(d["winners"])
        d["rounds"] = tuple(d["rounds"])
        return cls(**d)


def play_id(started_at: str, header_line: str) -> str:
    """Stable as long as the game is stored: its start and its header, hashed."""
    digest = hashlib.sha256(f"{started_at}\n{header_line}".encode()).hexdigest()
    return f"helvetia-{digest[:12]}"


def player_id(name: str) -> str:
    """Stable per known player: the same name, the same id on every device."""
    return "p-" + hashlib.sha256(name.strip().casefold().encode()).hexdigest()[:10]


def ranks(scores: Mapping[C, tuple[int, int]]) -> dict[C, int]:
    """Competition ranks (1, 2, 2, 4) by (VP, awake villagers), highest first."""
    return {c: 1 + sum(1 for o in scores.values() if o > key) for c, key in scores.items()}


def summarize(game_id: int, lines: Iterable[str], started_at: str, ended_at: str | None,
              result: Mapping[str, Any] | None) -> GameSummary:
    """Replay the record (header line first) and sum the game up. ``result`` is the store's
    (it says whether the game was abandoned)."""
    lines = [ln for ln in lines if ln.strip()]
    try:
        header = loads_line(lines[0])
    except HelvetiaError as exc:
        return _unreadable(game_id, {}, lines[0], started_at, ended_at, str(exc))
    abandoned = bool(result and result.get("abandoned"))
    try:
        state, per_round, turns, coins, marriages, first = _replay(header, lines[1:])
    except HelvetiaError as exc:
        return _unreadable(game_id, header, lines[0], started_at, ended_at, str(exc))
    winners = list(state.winners)
    if not state.game_over and ended_at and result and not abandoned:
        # Ended with winners the store was told (by agreement, §12) where the record has no
        # end of its own: a finished game all the same.
        winners = [c for c in result.get("winners") or [] if c in state.colours]
    status = FINISHED if state.game_over or winners else ABANDONED if abandoned else IN_PLAY
    ended_by = state.ended_by if state.game_over else "agreement" if winners else None
    scores = {c: (state.track.get(c, 0), awake_villagers(state, c)) for c in state.colours}
    rank = ranks(scores)
    levels = {p.get("colour"): p.get("virtual") for p in header.get("players", [])
              if isinstance(p, dict)}
    seats = tuple(Seat(colour=p.colour, name=p.name, vp=state.track.get(p.colour, 0),
                       by_source=breakdown(state, p.colour), awake=scores[p.colour][1],
                       rank=rank[p.colour], winner=p.colour in winners,
                       coins=coins[p.colour], marriages=marriages[p.colour],
                       virtual=levels.get(p.colour) or None)
                  for p in state.players)
    return GameSummary(
        id=game_id, status=status, started_at=started_at,
        ended_at=ended_at if status != IN_PLAY else None,
        setup=state.options.setup, intro=state.options.intro,
        neutral=state.options.neutral_colour, start_player=first,
        seats=seats, winners=tuple(winners), tie_break=state.tie_break,
        rounds=tuple(per_round), turns=turns, actions=len(lines) - 1,
        play_id=play_id(started_at, lines[0]), ended_by=ended_by)


def _replay(header: Mapping[str, Any], lines: list[str]
            ) -> tuple[GameState, list[dict[str, int]], int, dict[Colour, dict[str, int]],
                       dict[Colour, int], Colour | None]:
    state = Game(header).state
    first: Colour | None = None
    per_round: list[dict[str, int]] = []
    coins: dict[Colour, dict[str, int]] = {c: dict.fromkeys(CHARACTERS, 0) for c in state.colours}
    marriages = dict.fromkeys(state.colours, 0)
    turns = 0
    for line in lines:
        action = parse_action(loads_line(line))
        before = state
        state = apply(before, action)
        kind = action.type
        if isinstance(action, Choose):
            coins[action.player][action.character] += action.coins
        elif isinstance(action, AddCoin) and before.turn is not None and before.turn.character:
            coins[action.player][before.turn.character] += 1
        elif isinstance(action, Marry):
            marriages[action.player] += 1
        elif kind in ("end_turn", "cannot_act"):
            turns += 1
        if before.round == 0 and state.round == 1:
            first = state.start_player  # who holds the token as round 1 begins
        if scored(before, state):
            # a round end's scoring (§10.5)
            per_round.append({c: vp for c, vp in state.track.items()})
    return state, per_round, turns, coins, marriages, first


def in_play(game_id: int, header_line: str, started_at: str, actions: int) -> GameSummary:
    """A game still in play as the Games screen lists it: who plays and since when, from its
    header alone (no replay: opening it replays it)."""
    try:
        header = loads_line(header_line)
    except HelvetiaError:
        header = {}
    got = _unreadable(game_id, header, header_line, started_at, None, "")
    from ..games import DEFAULT, kind_of_header  # the game it is, from its header

    name = kind_of_header(header).name
    if name == DEFAULT:
        return replace(got, status=IN_PLAY, actions=actions, extra={})
    return replace(got, status=IN_PLAY, actions=actions, setup=name, extra={"game": name})


def _unreadable(game_id: int, header: Mapping[str, Any], header_line: str, started_at: str,
                ended_at: str | None, why: str) -> GameSummary:
    players = [p for p in header.get("players", []) if isinstance(p, dict)]
    seats = tuple(Seat(str(p.get("colour")), str(p.get("name") or p.get("colour")), 0,
                       dict.fromkeys(SOURCES, 0), 0, 1, False, dict.fromkeys(CHARACTERS, 0), 0,
                       str(p["virtual"]) if p.get("virtual") else None)
                  for p in players)
    options = header.get("options") or {}
    return GameSummary(game_id, UNREADABLE, started_at, ended_at,
                       str(options.get("setup", "draft")), bool(options.get("intro")),
                       options.get("neutral_colour"), None, seats, (), None, (), 0, 0,
                       play_id(started_at, header_line), extra={"why": why[:300]})
