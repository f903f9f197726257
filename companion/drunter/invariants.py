"""Invariants every state of every game of Drunter & Drüber keeps; ``check`` says what is
broken, in words, and ``liveness`` that whoever is to act has a way forward."""

from __future__ import annotations

from collections import Counter

from .board import ROAD_KIND, ROADS
from .errors import HelvetiaError
from .game import apply
from .placement import legal_placements
from .state import ABSTAIN, CHOOSE, CITIZEN_CARDS, OVER, PLAY, REVEAL, VOTE, DrunterState


def check(s: DrunterState) -> list[str]:
    problems: list[str] = []
    # tiles conserved: in the hand (an announced tile too), or on the map, never both
    for p in s.players:
        placed = Counter((t.kind, t.length) for t in s.tiles if t.player == p.colour)
        for key, dealt in s.dealt[p.colour].items():
            held = p.tiles.get(key, 0)
            if held < 0 or held + placed[key] != dealt:
                problems.append(f"{p.colour}: {key} {held} held + {placed[key]} placed != "
                                f"{dealt} dealt")
    # no overlap: every square of every tile on the map, free of starts and other tiles
    seen: dict[tuple[int, int], int] = {}
    for i, t in enumerate(s.tiles):
        if t.kind != ROAD_KIND[t.road] or len(set(t.squares)) != len(t.squares):
            problems.append(f"tile {i} is not a tile of its road")
        for sq in t.squares:
            if not s.board.on_map(sq) or s.board.is_start(sq):
                problems.append(f"tile {i} on {sq}: off the map or on a start")
            if sq in seen:
                problems.append(f"tiles {seen[sq]} and {i} overlap on {sq}")
            seen[sq] = i
    if seen != s.covered:
        problems.append("the covered squares are not the tiles' squares")
    # votes spent once: every card is in the hand or spent, once; "..?" never leaves
    for p in s.players:
        spent = s.spent.get(p.colour, [])
        if len(set(spent)) != len(spent) or ABSTAIN in spent:
            problems.append(f"{p.colour}: a card spent twice, or '..?' spent")
        if set(spent) & p.cards or set(spent) | p.cards != set(CITIZEN_CARDS):
            problems.append(f"{p.colour}: cards in hand and spent do not make the deck")
    # workers: on the last square of their road (the start before its first tile)
    for road in ROADS:
        w = s.workers[road]
        own = [t for t in s.tiles if t.road == road]
        end = own[-1].squares[-1] if own else s.board.starts[road]
        if w is not None and w != end:
            problems.append(f"the worker of {road} is on {w}, not on its road's end {end}")
    if (s.pending is None) != (s.phase != VOTE):
        problems.append("a tile is announced outside a vote, or a vote has no tile")
    if s.variant and s.votes:
        problems.append("a vote in the variant")
    if s.phase == CHOOSE and not s.variant:
        problems.append("a choice of objectives outside the variant")
    if s.phase == OVER and not s.winners:
        problems.append("the game is over without a winner")
    return problems


def liveness(s: DrunterState) -> list[str]:
    """Whoever is to act can act: a placement, or "cannot place" accepted; in a vote, an
    all-abstain vote is accepted; the choice and the reveal each have their action."""
    from .actions import Action, CannotPlace, ChooseObjectives, Reveal, Vote
    from .scoring import OBJECTIVE_CARDS

    if s.phase == OVER:
        return []
    action: Action
    if s.phase == PLAY:
        offered = legal_placements(s, s.active)
        action = offered[0] if offered else CannotPlace(s.active)
    elif s.phase == VOTE:
        action = Vote.of({c: [ABSTAIN] for c in s.colours})
    elif s.phase == CHOOSE:
        action = ChooseObjectives()
    else:
        assert s.phase == REVEAL
        n = 2 if s.variant else 1
        cards = list(OBJECTIVE_CARDS)
        action = Reveal.of({c: cards[i * n:(i + 1) * n] for i, c in enumerate(s.colours)})
    try:
        apply(s, action)
    except HelvetiaError as exc:
        return [f"{s.phase}: no way forward ({exc})"]
    return []
