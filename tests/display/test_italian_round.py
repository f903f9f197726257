"""Italian says "round" for a round, as its rulebook does, and keeps "turno" for a player's
turn (play-test: the Menu's greyed "Termina qui la partita" said "solo a una fine del turno",
the end of a turn, where the rule means the end of a round)."""

from __future__ import annotations

import re

from companion.display.words import catalogues

ROUND = re.compile(r"\bround", re.I)
TURN = re.compile(r"\bturn\b|\bturns\b|\bturn's\b", re.I)


def _entries() -> list[tuple[str, str]]:
    """Each English text of the Italian catalogue with each of its translations."""
    out = []
    for m in catalogues.read("it"):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        out += [(ids[0], s) for s in strings if s]
    return out


def test_the_catalogue_has_texts_about_rounds() -> None:
    assert sum(bool(ROUND.search(e)) for e, _ in _entries()) >= 10


def test_a_round_is_never_a_turno_in_italian() -> None:
    wrong = [(e, s) for e, s in _entries()
             if ROUND.search(e) and not TURN.search(e) and re.search(r"\bturn[oi]\b", s, re.I)]
    assert not wrong, wrong


def test_a_rounds_number_or_end_is_said_with_round() -> None:
    wrong = [(e, s) for e, s in _entries()
             if re.search(r"\bturn[oi] \{round\}|fine del turno", s, re.I)
             and not re.search(r"end of (the|a|your|this) turn", e, re.I)]
    assert not wrong, wrong
