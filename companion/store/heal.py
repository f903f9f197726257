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
    lines: int  # the journal's whole lines (as the database last knew them, for its copy)
    sealed: bool
    role: str = "table"

    @classmethod
    def of_journal(cls, r: Reading) -> Copy:
        return cls(r.header, r.head, r.started_at, list(r.actions), r.ended_at, r.result,
                   r.whole, r.sound, r.role)

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
    lead = _lead(db, journal, copies)
    target = len(lead.actions) if lead else 0
    prev = link(ROOT, header)
    lines: list[str] = []
    for i in range(target):
        assert lead is not None  # (target is 0 without one)
        line = _line_at(i, prev, lead, copies, backups)
        if line is None:
            break
        if line not in {c.actions[i][0] for c in copies if i < len(c.actions)}:
            from_backup = True
        prev = link(prev, line)
        lines.append(line)
    gone_lines = [] if lead is None else [ln for ln, _ in lead.actions[len(lines):target]]
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


def _lead(db: Copy | None, journal: Copy | None, copies: Sequence[Copy]) -> Copy | None:
    """The copy that says how the game stands (docs/store.md, "Reconciliation"). A journal's
    line is synced before the database commits its event, so a sealed database row that
    counts N journal lines proves the journal had N whole lines: a sound journal with at least
    as many leads (it holds all the database has, and what a lost WAL or a cut-off commit did
    not keep); one with fewer was cut (damage), and the database leads. A damaged journal
    line: the database leads. Neither copy checks: the longer one, line by line."""
    db_sealed = db is not None and db.sealed
    if journal is not None and journal.sealed and (
            not db_sealed or journal.lines >= db.lines):  # type: ignore[union-attr]
        return journal
    if db_sealed:
        return db
    return max(copies, key=lambda c: len(c.actions)) if copies else None


def _line_at(i: int, prev: str, lead: Copy, copies: Sequence[Copy],
             backups: Sequence[Copy]) -> str | None:
    """Action ``i``'s line: the lead's chain value decides which action is there; any copy may
    give the text that links to it. Another copy's own action at ``i`` (one the lead undid)
    is never taken. The lead's chain value itself may be the damaged part: then the value its
    own line links to counts when another copy or the lead's next action confirms it."""
    lead_line, lead_chain = lead.actions[i]
    wanted = {lead_chain}
    mine = link(prev, lead_line)
    if mine != lead_chain:
        confirmed = any(i < len(c.actions) and c.actions[i][1] == mine
                        for c in (*copies, *backups))
        if i + 1 < len(lead.actions):
            confirmed |= lead.actions[i + 1][1] == link(mine, lead.actions[i + 1][0])
        if confirmed:
            wanted.add(mine)
    offered = [lead_line] + [c.actions[i][0] for c in (*copies, *backups)
                             if i < len(c.actions)]
    return next((ln for ln in offered if link(prev, ln) in wanted), None)


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
