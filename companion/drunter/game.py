"""The one checked way to change a game of Drunter & Drüber (``apply``), the turn's flow
(§D3, §D5, §D6, §D8), and ``Game``: a record with undo and replay.

A record is JSON Lines: a header naming the game (``"game": "drunter"``), then one action
per line (docs/drunter-board.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.engine.record import check_name, loads_line
from companion.engine.recorded import RecordedGame

from . import placement, scoring, vote
from .actions import (
    Action,
    CannotPlace,
    ChooseObjectives,
    Place,
    Reveal,
    Vote,
    action_to_json,
    parse_action,
)
from .board import BUILDING_TYPES, KINDS, ROADS, board_to_json, load_board
from .errors import HelvetiaError, IllegalAction, MalformedAction, refuse
from .messages import Message, english
from .state import (
    CHOOSE,
    CITIZEN_CARDS,
    COLOURS,
    DEAL,
    LENGTHS,
    OVER,
    PLAY,
    REVEAL,
    VOTE,
    DrunterState,
    PlacedTile,
    Player,
    TileKey,
    new_workers,
)

GAME = "drunter"
RECORD_FORMAT = "drunter-record"
RECORD_VERSION = 1
HEADER_FIELDS = ("format", "version", "game", "players", "start_player", "options", "board",
                 "tiles")


# --- the turn --------------------------------------------------------------------------------

def _lay(s: DrunterState, tile: PlacedTile) -> None:
    """The tile goes onto the map, its road's worker onto its last square (§D4.4); every
    worker with no way forward leaves the map (§D4.5)."""
    s.player(tile.player).tiles[(tile.kind, tile.length)] -= 1
    s.tiles.append(tile)
    for sq in tile.squares:
        s.covered[sq] = len(s.tiles) - 1
    s.workers[tile.road] = tile.squares[-1]
    _finish_boxed_in(s)


def _finish_boxed_in(s: DrunterState) -> None:
    """Every worker with no way forward leaves the map: its road is finished (§D4.5, R2)."""
    for road in ROADS:
        if s.workers[road] is not None and not placement.way_forward(s, road):
            s.workers[road] = None
            if s.first_finished is None:
                s.first_finished = road


def _settle(s: DrunterState) -> None:
    """What comes next once a turn is over or a choice made: the variant's choice of objective
    after the first road is finished (§D8), the end when nobody can place (§D6), else the
    active player's turn."""
    nobody = not any(placement.can_place(s, c) for c in s.colours)
    if s.variant and not s.objectives_chosen and (s.first_finished is not None or nobody):
        s.phase = CHOOSE
    elif nobody:
        s.phase = REVEAL
    else:
        s.phase = PLAY


def _end_turn(s: DrunterState) -> None:
    s.active = s.next_colour(s.active)
    _settle(s)


def _place(s: DrunterState, a: Place) -> None:
    squares = placement.check_place(s, a)
    tile = PlacedTile(a.road, a.kind, squares, a.player)
    if vote.needs_vote(s, squares):
        s.pending = tile  # §D5: announced; the vote decides
        s.phase = VOTE
        return
    _lay(s, tile)
    _end_turn(s)


def _cannot_place(s: DrunterState, a: CannotPlace) -> None:
    places = placement.legal_placements(s, a.player)
    if places and all(vote.needs_vote(s, p.squares) for p in places):
        raise refuse("drunter.can_place_toilet", player=a.player, n=len(places))  # R6
    if places:
        raise refuse("drunter.can_place", player=a.player, n=len(places))
    s.missed += 1
    _end_turn(s)


def _vote(s: DrunterState, a: Vote) -> None:
    result = vote.count_vote(s, a)
    vote.spend_cards(s, result)
    s.votes.append(result)
    tile, s.pending = s.pending, None
    assert tile is not None
    if result.passed:
        _lay(s, tile)
    _end_turn(s)  # §D5: a tile refused goes back to the hand, and the turn ends


def _choose(s: DrunterState, a: ChooseObjectives) -> None:
    s.objectives_chosen = True
    _settle(s)


def _reveal(s: DrunterState, a: Reveal) -> None:
    cards = dict(a.cards)
    allowed = scoring.OBJECTIVE_CARDS if s.variant else BUILDING_TYPES
    count = 2 if s.variant else 1
    seen: dict[str, str] = {}
    for colour in cards:
        if colour not in s.colours:
            raise refuse("drunter.not_a_player", player=colour)
    for colour in s.colours:
        shown = cards.get(colour)
        if not shown:
            raise refuse("drunter.reveal_missing", player=colour)
        if len(shown) != count:
            raise refuse("drunter.reveal_count", player=colour, n=count)
        for card in shown:
            if card not in scoring.OBJECTIVE_CARDS:
                raise MalformedAction(f"reveal: {card[:20]!r} is not a card")
            if card not in allowed:
                raise refuse("drunter.variant_card", objective=card)
            if seen.get(card) == colour:
                raise refuse("drunter.same_card", player=colour, objective=card)
            if card in seen:
                raise refuse("drunter.card_taken", player=colour, objective=card,
                             other=seen[card])
            seen[card] = colour
    s.revealed = {c: tuple(cards[c]) for c in s.colours}
    scoring.decide(s, s.revealed)
    s.phase = OVER


_HANDLERS: dict[type[Action], tuple[str, Callable[[DrunterState, Any], None]]] = {
    Place: (PLAY, _place), CannotPlace: (PLAY, _cannot_place), Vote: (VOTE, _vote),
    ChooseObjectives: (CHOOSE, _choose), Reveal: (REVEAL, _reveal),
}


def phase_message(state: DrunterState) -> Message:
    """What the game waits for, as data: ``"drunter.phase.<phase>"``."""
    params = {"player": state.active} if state.phase in (PLAY, VOTE) else {}
    return Message(f"drunter.phase.{state.phase}", params)


def out_of_phase(state: DrunterState, action: Action) -> IllegalAction:
    """Why ``action`` does not belong to the game's phase, with the rule that says when it
    does: the reveal at the end (§D6), a vote only over a toilet and never in the variant
    (§D5, §D8), the objectives in the variant once the first road is finished (§D8)."""
    now = phase_message(state)
    if isinstance(action, Reveal) and state.phase in (PLAY, VOTE, CHOOSE):
        return refuse("drunter.reveal_early", phase=now)
    if isinstance(action, Vote):
        return refuse("drunter.vote_variant") if state.variant else \
            refuse("drunter.no_vote", phase=now)
    if isinstance(action, ChooseObjectives) and not state.variant:
        return refuse("drunter.choose_basic")
    if isinstance(action, ChooseObjectives) and state.phase in (PLAY, VOTE):
        return refuse("drunter.choose_early", phase=now)
    return refuse("drunter.wrong_phase", phase=now)


def apply(state: DrunterState, action: Action) -> DrunterState:
    """The state after ``action``; ``state`` itself never changes. Raises ``IllegalAction``
    (a ``drunter.*`` code and its parameters) or ``MalformedAction``."""
    if not isinstance(action, Action) or type(action) not in _HANDLERS:
        raise MalformedAction(f"not an action: {action!r}")
    if parse_action(action_to_json(action)) != action:  # a typed action of the format
        raise MalformedAction(f"not an action of the record format: {action!r}")
    phase, handler = _HANDLERS[type(action)]
    player = getattr(action, "player", None)
    if player is not None and player not in state.colours:
        raise refuse("drunter.not_a_player", player=player)
    if state.phase != phase:
        raise out_of_phase(state, action)
    if player is not None and player != state.active:
        raise refuse("drunter.not_your_turn", active=state.active, player=player)
    new = state.clone()
    handler(new, action)
    return new


def why_not(state: DrunterState, action: Action) -> Message | None:
    """Why ``action`` is refused now, or ``None`` if ``apply`` accepts it."""
    try:
        apply(state, action)
    except HelvetiaError as exc:
        return exc.msg
    return None


# --- setup (§D2) -----------------------------------------------------------------------------

def _hand(raw: Any, where: str) -> dict[TileKey, int]:
    if not isinstance(raw, Mapping) or set(raw) - set(KINDS):
        raise MalformedAction(f"{where} must be an object {{street, wall, canal}}")
    out: dict[TileKey, int] = {}
    for kind in KINDS:
        counts = raw.get(kind, [0, 0, 0])
        if (not isinstance(counts, list) or len(counts) != 3
                or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 60
                           for n in counts)):
            raise MalformedAction(f"{where}.{kind} must be [tiles of 1, of 2, of 3 squares]")
        out.update({(kind, length): counts[length - 1] for length in LENGTHS})
    return out


def new_game(header: Any) -> DrunterState:
    """The state before the first action, from a record header (checked)."""
    if not isinstance(header, Mapping):
        raise MalformedAction("the header must be a JSON object")
    unknown = sorted(str(k) for k in header if k not in HEADER_FIELDS)
    if unknown:
        raise MalformedAction(f"the header has unknown field(s): {', '.join(unknown)}")
    if header.get("game") != GAME or header.get("format") != RECORD_FORMAT:
        raise MalformedAction(f"the header must name \"game\": \"{GAME}\" and \"format\": "
                              f"\"{RECORD_FORMAT}\"")
    if type(header.get("version")) is not int or header.get("version") != RECORD_VERSION:
        raise MalformedAction(f"record version {header.get('version')!r} is not supported "
                              f"(this companion reads version {RECORD_VERSION})")
    raw_players = header.get("players")
    if not isinstance(raw_players, list):
        raise MalformedAction("the header's 'players' must be a list")
    if not 2 <= len(raw_players) <= 4:
        raise refuse("drunter.player_count", given_n=len(raw_players))
    players: list[Player] = []
    tiles = header.get("tiles")
    if not isinstance(tiles, Mapping):
        raise MalformedAction("the header's 'tiles' must be an object colour → hand")
    for i, p in enumerate(raw_players):
        if not isinstance(p, Mapping) or set(p) - {"colour", "name"} or \
                p.get("colour") not in COLOURS:
            raise MalformedAction(f"players[{i}] must be {{colour, name}}, a colour of "
                                  f"{', '.join(COLOURS)}")
        colour = p["colour"]
        name = check_name(p.get("name", colour.capitalize()), f"players[{i}].name")
        if any(q.colour == colour for q in players):
            raise MalformedAction("two players have the same colour")
        hand = _hand(tiles.get(colour), f"tiles.{colour}")
        players.append(Player(colour, name, hand, set(CITIZEN_CARDS)))
    if set(tiles) - {p.colour for p in players}:
        raise MalformedAction("the header's 'tiles' names a colour that is not playing")
    deal = DEAL[len(players)]
    for p in players:
        for length in LENGTHS:
            given = sum(p.tiles[(k, length)] for k in KINDS)
            if given != deal[length]:
                raise refuse("drunter.deal_count", player=p.colour, given_n=given, n=length,
                             expected=deal[length])
    options = header.get("options", {})
    if not isinstance(options, Mapping) or set(options) - {"variant"} or \
            not isinstance(options.get("variant", False), bool):
        raise MalformedAction("the header's 'options' must be {\"variant\": true or false}")
    board = load_board(header.get("board"))
    start = next((p.colour for p in players if p.colour == header.get("start_player")), None)
    if start is None:
        raise MalformedAction("the header's 'start_player' must be one of the players")
    state = DrunterState(board=board, players=players, variant=options.get("variant", False),
                         dealt={p.colour: dict(p.tiles) for p in players}, active=start,
                         workers=new_workers(board))
    _finish_boxed_in(state)  # a start with no square free beside it (a made-up map's corner)
    _settle(state)
    return state


def header_line(players: Iterable[tuple[str, str]], board: Any,
                tiles: Mapping[str, Mapping[TileKey, int]], start_player: str, *,
                variant: bool = False) -> dict[str, Any]:
    """A record header: ``players`` as (colour, name) in turn order (clockwise), ``board`` a
    ``Board`` or its JSON, ``tiles`` each player's dealt hand by (kind, length)."""
    board_json = board if isinstance(board, Mapping) else board_to_json(board)
    return {
        "format": RECORD_FORMAT, "version": RECORD_VERSION, "game": GAME,
        "players": [{"colour": c, "name": n} for c, n in players],
        "start_player": start_player,
        "options": {"variant": variant},
        "board": dict(board_json),
        "tiles": {c: {k: [hand.get((k, n), 0) for n in LENGTHS] for k in KINDS}
                  for c, hand in tiles.items()},
    }


def is_drunter_header(obj: Any) -> bool:
    """Whether a record's first line names this game (the CLI dispatches on it)."""
    return isinstance(obj, Mapping) and obj.get("game") == GAME


class Game(RecordedGame[DrunterState, Action]):
    """A game of Drunter & Drüber as its record: the header, the actions applied, and every
    state along the way (``engine.recorded.RecordedGame``)."""

    ACTION = Action

    def __init__(self, header: Mapping[str, Any]) -> None:
        super().__init__(header, new_game(header))

    step = staticmethod(apply)
    parse = staticmethod(parse_action)
    to_json = staticmethod(action_to_json)

    def nothing_to_undo(self) -> IllegalAction:
        return refuse("drunter.nothing_to_undo")


def phase_text(state: DrunterState) -> str:
    return english(phase_message(state))


def is_drunter_record(lines: Iterable[str]) -> bool:
    """Whether a record's first non-blank line is a header naming this game (a line that is
    not JSON is not: the reader that tries it says what is wrong)."""
    for raw in lines:
        if raw.strip():
            try:
                return is_drunter_header(loads_line(raw))
            except HelvetiaError:
                return False
    return False
