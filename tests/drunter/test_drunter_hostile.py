"""Bad input never breaks the Drunter & Drüber engine: a record changed anywhere, to anything,
replays or stops with ``line N: ...`` (a ``RecordError``), never another exception; random
placements are accepted exactly when they are offered."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from companion.drunter import DIRECTIONS, KINDS, ROADS, Game, Place, legal_placements
from companion.drunter.errors import HelvetiaError, RecordError
from companion.drunter.selfplay import play
from companion.drunter.state import PLAY

ODD = [None, -1, 0, 3, 61, 10**11, "x", "", [], {}, True, 1.5, [1, 2], [0, 0, 0], "red",
       "wall_1", "jeeiin", {"red": ["ja"]}, [[0, 0]], "A", "max3"]


def _leaves(obj: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _leaves(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _leaves(v, (*path, i))
    return out


def _set(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    obj[path[0]] = _set(obj[path[0]], path[1:], value)
    return obj


def test_a_record_changed_anywhere_replays_or_names_its_line() -> None:
    rng = random.Random(23)
    stopped = 0
    for seed in range(6):
        game, _ = play(seed, 2 + seed % 3, variant=seed % 2 == 1)
        lines = game.record_lines()
        for _ in range(150):
            n = rng.randrange(len(lines))
            obj = json.loads(lines[n])
            path = rng.choice(_leaves(obj))
            changed = list(lines)
            changed[n] = json.dumps(_set(obj, path, rng.choice(ODD)))
            try:
                Game.from_record(changed)
            except RecordError as exc:
                stopped += 1
                assert 1 <= exc.line <= len(lines), exc
                assert not re.search(r"\{[a-z_]+\}", exc.reason), exc  # a template unfilled
    assert stopped > 300


def test_random_placements_are_accepted_exactly_when_offered() -> None:
    rng = random.Random(5)
    tried = accepted = 0
    for seed in range(30):
        game, _ = play(100 + seed, 2 + seed % 3)
        replay = Game(game.header)
        for action in game.actions:
            s = replay.state
            if s.phase == PLAY:
                offered = set(legal_placements(s, s.active))
                for _ in range(20):
                    length = rng.choice((1, 2, 3))
                    probe = Place(rng.choice(s.colours), rng.choice(KINDS), length,
                                  rng.choice(ROADS),
                                  (rng.randrange(-1, s.board.width + 1),
                                   rng.randrange(-1, s.board.height + 1)),
                                  None if length == 1 else rng.choice(tuple(DIRECTIONS)))
                    tried += 1
                    try:
                        replay.apply(probe)
                    except HelvetiaError:
                        assert probe not in offered
                        continue
                    accepted += 1
                    assert probe in offered
                    replay.undo()
            replay.apply(action)
    assert tried > 5000 and accepted > 0
