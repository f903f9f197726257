"""Invariants every state of every game keeps; ``check`` says what is broken, in words, and
``liveness`` that whoever is to act can act."""

from __future__ import annotations

from .actions import Action, CannotAct, Choose, TileCost
from .errors import HelvetiaError
from .game import apply
from .options import TurnOptions, legal_actions, turn_options
from .round_end import reveal_counts
from .scoring import breakdown, vp
from .state import COINS_PER_COLOUR, OVER, PLAY, REVEAL, VILLAGERS_PER_SEX, GameState
from .values import Via


def check(s: GameState) -> list[str]:
    problems = []
    for p in s.players:
        c = p.colour
        villagers = (sum(p.supply.values()) + sum(s.villages[c].centre.values())
                     + sum(s.school[c].values())
                     + sum(1 for v in s.villages.values() for b in v.buildings.values()
                           for a in b.adults if a.colour == c)
                     + sum(1 for v in s.villages.values() for b in v.buildings.values()
                           for cc, _ in b.children if cc == c))
        if villagers != 2 * VILLAGERS_PER_SEX:
            problems.append(f"{c}: {villagers} villagers")
        coins = (p.coins + p.won_coins + sum(f.get(c, 0) for f in s.character_coins.values())
                 + sum(v.coins.get(c, 0) for v in s.villages.values()))
        if coins != COINS_PER_COLOUR:
            problems.append(f"{c}: {coins} coins")
        if len(set(p.delivered)) != len(p.delivered):
            problems.append(f"{c}: a good delivered twice")
        if vp(s, c) != sum(breakdown(s, c).values()):
            problems.append(f"{c}: vp is not the sum of its breakdown")
        for v in s.villages.values():
            for b in v.buildings.values():
                if len(b.adults) > 2 or len({a.colour for a in b.adults}) != len(b.adults):
                    problems.append(f"bad couple on {b.type} in {v.colour}")
    n = s.options.neutral_colour
    if n:
        total = sum(s.villages[n].centre.values()) + sum(
            1 for v in s.villages.values() for b in v.buildings.values()
            for a in b.adults if a.colour == n)
        if total != 2 * VILLAGERS_PER_SEX:
            problems.append(f"neutral: {total} villagers")
        if any(not a.awake for v in s.villages.values() for b in v.buildings.values()
               for a in b.adults if a.colour == n):
            problems.append("a neutral villager sleeps")
    if s.phase == OVER:
        # Nothing changes after the final score: the track must be the recount.
        recount = {c: vp(s, c) for c in s.colours}
        if s.track != recount:
            problems.append(f"score track {s.track} is not the recount {recount}")
    return problems


def liveness(s: GameState, opts: TurnOptions | None = None) -> list[str]:
    """The game never strands the table: either it is over, or whoever is to act has at least
    one legal action. Setup and round end: ``legal_actions`` (the reveal: the stacks hold the
    tiles to come up). A turn: an option ``apply`` accepts (a building of unknown cost: its
    ``TileCost``), ``end_turn`` or ``cannot_act``. ``opts``: the turn's options, if known."""
    if s.phase == OVER:
        return []
    if s.phase == REVEAL:
        return [] if sum(reveal_counts(s)) > 0 else ["reveal: no building left to come up"]
    if s.phase != PLAY:
        return [] if legal_actions(s) else [f"{s.phase}: no legal action for {s.active}"]
    opts = opts or turn_options(s)
    colour = opts.player

    def accepted(action: Action) -> bool:
        try:
            apply(s, action)
        except HelvetiaError:
            return False
        return True

    # turn_options asked apply about end_turn; the pass is checked by apply here.
    if opts.can_end_turn:
        return []
    if opts.can_declare_stuck and accepted(CannotAct(colour)):
        return []
    for o in opts.all():
        if o.cost_needed is not None:
            if accepted(TileCost(colour, o.cost_needed, (("wood", 1),))):
                return []
            continue
        if not o.affordable:
            continue
        state = s
        if o.via is Via.COIN and opts.chosen is None:
            try:
                state = apply(s, Choose(colour, o.character, 1))
            except HelvetiaError:
                continue
        try:
            apply(state, o.action)
        except HelvetiaError:
            continue
        return []
    return [f"turn: {colour} holds {s.player(colour).coins} coin(s) and has no legal action"
            f" ({opts.stuck_reason})"]
