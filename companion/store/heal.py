"""Healing a game from its copies: the database's rows, the game's journal and (when both
fail at a place) the backups. Every action's line is taken from whichever copy links it into
the chain that either copy holds; what no copy can give is gone, and the game goes on from the
last action every copy agrees on. Pure: it reads copies and returns what the game is; the store
writes it back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import HelvetiaError
from ..engine.record import loads_line
from . import games
from .journal import ROOT, Reading, link


@dataclass
class Copy:
    """One copy of a game as read: the database's (``sealed``: its row passes its check) or a
    journal's (``sealed``: every line passes its check)."""

    header: str | None
    head: str | None
    started_at: str | None
    actions: list[tuple[str, str]]  # (line, chain) per seq
    ended_at: str | None
    result: str | None
    lines: int  # the journal's length (as the database last knew it, for the database's copy)
    sealed: bool
    role: str = "table"

    @classmethod
    def of_journal(cls, r: Reading) -> Copy:
        return cls(r.header, r.head, r.started_at, list(r.actions), r.ended_at, r.result,
                   r.lines, r.sound, r.role)

    def rows_sound(self) -> bool:
        """Every line links to its chain value, from the head the header gives."""
        if self.header is None or link(ROOT, self.header) != self.head:
            return False
        prev = self.head
        for line, chain in self.actions:
            prev = link(prev, line)
            if prev != chain:
                return False
        return True


@dataclass
class Healed:
    """What a game is after healing. ``db_ok``/``journal_ok``: that copy already said exactly
    this; ``gone``: the actions no copy could give (the game went back); ``gone_lines``: those
    of them still readable somewhere (for the notice)."""

    header: str
    started_at: str
    role: str
    lines: list[str]
    ended_at: str | None
    result: str | None
    db_ok: bool
    journal_ok: bool
    gone: int = 0
    gone_lines: list[str] = field(default_factory=list)
    from_backup: bool = False


def heal(db: Copy | None, journal: Copy | None, backups: Sequence[Copy] = (),
         replay: bool = False) -> Healed | None:
    """The game from its copies; None if not even its header can be read anywhere."""
    copies = [c for c in (db, journal) if c is not None]
    heads = {c.head for c in copies if c.head}
    header = next((c.header for c in copies if c.header and link(ROOT, c.header) in heads),
                  None)
    from_backup = False
    if header is None:
        header = next((b.header for b in backups if b.header
                       and link(ROOT, b.header) == b.head), None)
        from_backup = header is not None
    if header is None:
        return None
    # The copy that knows how the game stands: the journal, written first, unless it is
    # damaged or shorter than the database last saw it.
    db_ok_row = db is not None and db.sealed
    lead: Copy | None
    if journal is not None and journal.sealed and (db is None or not db_ok_row or
                                                   journal.lines >= db.lines):
        lead = journal
    elif db is not None and db_ok_row:
        lead = db
    else:
        lead = max(copies, key=lambda c: len(c.actions)) if copies else None
    target = len(lead.actions) if lead else 0
    prev = link(ROOT, header)
    lines: list[str] = []
    for i in range(target):
        here = [c.actions[i] for c in copies if i < len(c.actions)]
        wanted = {chain for _, chain in here}
        offered = [ln for ln, _ in here] + [b.actions[i][0] for b in backups
                                             if i < len(b.actions)]
        line = next((ln for ln in offered if link(prev, ln) in wanted), None)
        if line is None:
            break
        if line not in {ln for ln, _ in here}:
            from_backup = True
        prev = link(prev, line)
        lines.append(line)
    gone_lines = [c.actions[i][0] for i in range(len(lines), target) for c in [lead]
                  if c is not None]
    if replay:  # (a header the rules refuse: kept as it is, said when the game is loaded)
        lines = replayable(header, lines) or lines
    gone = target - len(lines)
    ended_at, result = (lead.ended_at, lead.result) if lead else (None, None)
    if gone:
        ended_at = result = None  # the game goes on from where it went back to
    started = next((c.started_at for c in (lead, *copies) if c and c.started_at), "")
    role = journal.role if journal is not None and journal.sealed else (
        lead.role if lead else "table")
    healed = Healed(header, started, role, lines, ended_at, result, False, False, gone,
                    gone_lines[-gone:] if gone else [], from_backup)
    healed.db_ok = db is not None and _same(db, healed) and db.sealed
    healed.journal_ok = journal is not None and journal.sealed and _same(journal, healed)
    return healed


def _same(copy: Copy, healed: Healed) -> bool:
    return (copy.header == healed.header and [ln for ln, _ in copy.actions] == healed.lines
            and copy.rows_sound() and copy.ended_at == healed.ended_at
            and copy.result == healed.result)


def replayable(header: str, lines: list[str]) -> list[str] | None:
    """The longest beginning of ``lines`` that replays (all of them, unless a copy was
    changed in a way its checks cannot see, e.g. a store from before the checks); None if
    not even the header does."""
    try:
        game = games.new(loads_line(header))
    except HelvetiaError:
        return None
    for n, line in enumerate(lines):
        try:
            game.apply(loads_line(line))
        except HelvetiaError:
            return lines[:n]
    return lines
