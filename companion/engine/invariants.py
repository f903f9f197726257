"""Invariants every state of every game keeps; ``check`` says what is broken, in words."""

from __future__ import annotations

from .scoring import breakdown, vp
from .state import COINS_PER_COLOUR, OVER, VILLAGERS_PER_SEX, GameState


def check(s: GameState) -> list[str]:
    problems = []
    for p in s.players:
        c = p.colour
        villagers = (p.supply["m"] + p.supply["f"] + sum(s.villages[c].centre.values())
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
