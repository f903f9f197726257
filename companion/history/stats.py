"""The players' statistics, from the games summed up (definitions: ``docs/statistics.md``).

A known player is a name entered at the table: a seat left without a name (its colour's name
stands for it in the record) is nobody in particular and has no statistics. Only finished games
count (ended by the rules, a deadlock or agreement); abandoned games and games in play do not.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..engine.state import CHARACTERS, COLOURS
from .summary import SOURCES, GameSummary

HEAD_TO_HEAD_GAMES = 3
"""Games together before a head-to-head rival is named."""


VIRTUAL = "\0virtual:"
"""The key of a virtual player among the rivals (no name entered at a table starts so)."""


def known(name: str, colour: str) -> bool:
    """A name entered at the table, not the colour's name standing for a seat without one."""
    return name.strip().casefold() != colour.casefold()


@dataclass(frozen=True)
class Rival:
    name: str
    times: int
    """Games in which one placed above the other."""
    together: int
    """Finished games the two played together."""
    virtual: str | None = None
    """The companion's level when the rival is a virtual player (all its seats are one
    rival per level, whatever the seat's colour or name)."""


@dataclass(frozen=True)
class PlayerStats:
    name: str
    games: int
    wins: int
    """A shared win counts as a win for each who shares it."""
    best_vp: int
    total_vp: int
    by_source: dict[str, int]
    """VP per §11 source, summed over the games."""
    coins: dict[str, int]
    """Coins placed per character, summed over the games."""
    marriages: int
    beats_most: Rival | None
    loses_to_most: Rival | None
    colours: dict[str, int] = field(default_factory=dict)
    """Games per colour played."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_vp(self) -> float:
        return self.total_vp / self.games if self.games else 0.0

    def average_by_source(self) -> dict[str, float]:
        return {k: v / self.games if self.games else 0.0 for k, v in self.by_source.items()}

    @property
    def favourite(self) -> str | None:
        """The character it placed the most coins on (ties: the rules' order of characters)."""
        most = max(self.coins.values(), default=0)
        return next((ch for ch in CHARACTERS if self.coins.get(ch) == most), None) \
            if most else None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "games": self.games, "wins": self.wins,
            "win_rate": round(self.win_rate, 4), "average_vp": round(self.average_vp, 2),
            "best_vp": self.best_vp,
            "average_vp_by_source": {k: round(v, 2) for k, v in
                                     self.average_by_source().items()},
            "coins_by_character": dict(self.coins), "favourite_character": self.favourite,
            "marriages_per_game": round(self.marriages / self.games, 2) if self.games else 0,
            "beats_most": _rival_json(self.beats_most),
            "loses_to_most": _rival_json(self.loses_to_most),
        }


def _rival_json(r: Rival | None) -> dict[str, Any] | None:
    if r is None:
        return None
    out: dict[str, Any] = {"name": r.name, "games": r.times, "together": r.together}
    if r.virtual:
        out["virtual"] = r.virtual
    return out


def player_stats(games: Iterable[GameSummary]) -> list[PlayerStats]:
    """Every known player of the finished games, the most wins first (then win rate, games,
    name)."""
    acc: dict[str, dict[str, Any]] = {}
    above: dict[tuple[str, str], int] = {}
    together: dict[tuple[str, str], int] = {}
    for g in games:
        if not g.counted:
            continue
        named = [s for s in g.seats if known(s.name, s.colour) and not s.virtual]
        rivals_here = [(s.name, s) for s in named] + [
            (VIRTUAL + s.virtual, s) for s in g.seats if s.virtual]
        for s in named:
            a = acc.setdefault(s.name, {"games": 0, "wins": 0, "best": 0, "total": 0,
                                        "src": dict.fromkeys(SOURCES, 0),
                                        "coins": dict.fromkeys(CHARACTERS, 0),
                                        "marriages": 0, "colours": {}})
            a["games"] += 1
            a["wins"] += s.winner
            a["best"] = max(a["best"], s.vp)
            a["total"] += s.vp
            for k in SOURCES:
                a["src"][k] += s.by_source.get(k, 0)
            for ch in CHARACTERS:
                a["coins"][ch] += s.coins.get(ch, 0)
            a["marriages"] += s.marriages
            a["colours"][s.colour] = a["colours"].get(s.colour, 0) + 1
            for key, o in rivals_here:
                if key == s.name:
                    continue
                together[s.name, key] = together.get((s.name, key), 0) + 1
                if s.rank < o.rank:  # placed above: beat them
                    above[s.name, key] = above.get((s.name, key), 0) + 1
                elif o.virtual and o.rank < s.rank:  # (a virtual rival has no turn of its own)
                    above[key, s.name] = above.get((key, s.name), 0) + 1
    out = []
    for name, a in acc.items():
        rivals = [o for (me, o), n in together.items() if me == name and n >= HEAD_TO_HEAD_GAMES]
        out.append(PlayerStats(
            name=name, games=a["games"], wins=a["wins"], best_vp=a["best"], total_vp=a["total"],
            by_source=a["src"], coins=a["coins"], marriages=a["marriages"],
            beats_most=_most(name, rivals, above, together, beaten=True),
            loses_to_most=_most(name, rivals, above, together, beaten=False),
            colours={c: a["colours"][c] for c in COLOURS if c in a["colours"]}))
    out.sort(key=lambda p: (-p.wins, -p.win_rate, -p.games, p.name.casefold()))
    return out


def _most(name: str, rivals: list[str], above: dict[tuple[str, str], int],
          together: dict[tuple[str, str], int], beaten: bool) -> Rival | None:
    """The rival (3 games together or more) it placed above most often (``beaten``), or below;
    ties go to the higher share of their games together, then the name. None if never."""
    def times(o: str) -> int:
        return above.get((name, o), 0) if beaten else above.get((o, name), 0)

    scored = [(times(o), times(o) / together[name, o], o) for o in rivals if times(o)]
    if not scored:
        return None
    n, _share, who = min(scored, key=lambda t: (-t[0], -t[1], t[2].casefold()))
    if who.startswith(VIRTUAL):
        level = who[len(VIRTUAL):]
        return Rival(f"virtual player ({level})", n, together[name, who], virtual=level)
    return Rival(who, n, together[name, who])
