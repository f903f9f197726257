"""The second copy of every game: an append-only journal file per game beside the database.

Each line is ``<check> <event>``: the event is compact JSON, the check a hash of the line
before's check and this event, so a changed, lost or reordered line is found and its place is
known. Events: ``["h", header, head, started_at, role]`` (the game begins; ``role`` is
``"table"`` or ``"import"``), ``["a", seq, line, chain]`` (action ``seq``), ``["u", seq]`` (it is
undone), ``["f", ended_at, result]`` (the game ended), ``["r"]`` (its end was undone).

The actions themselves form a chain too, kept in both copies: ``head = link(ROOT, header)``
and ``chain[seq] = link(chain[seq - 1], line)``, so a line from either copy (or a backup) is
known good exactly when it links to the chain value either copy holds for it.

A line is appended (and fsynced) before the database commits the same event; if the commit
fails, the journal is cut back to where it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = "helvetia"
START = "journal"


def link(before: str, text: str) -> str:
    """The next value of a chain: 16 hex digits of BLAKE2b over the value before and ``text``."""
    return hashlib.blake2b(f"{before}\n{text}".encode("utf-8", "surrogatepass"),
                           digest_size=8).hexdigest()


def chain_of(header: str, lines: Iterable[str]) -> list[str]:
    """``[head, chain[1], ...]`` of a record."""
    out = [link(ROOT, header)]
    for line in lines:
        out.append(link(out[-1], line))
    return out


def seal_of(head: str | None, started_at: str | None, ended_at: str | None,
            result: str | None, jlines: int | None, actions: int) -> str:
    """The check of a game's row: its head, dates, result, journal length and action count."""
    return link(str(head), json.dumps([started_at, ended_at, result, jlines, actions]))


def journal_dir(path: Path) -> Path:
    return Path(f"{path}.journal")


def journal_file(path: Path, game_id: int) -> Path:
    return journal_dir(path) / f"game-{game_id}.log"


def _event_text(event: Sequence[Any]) -> str:
    return json.dumps(list(event), ensure_ascii=False, separators=(",", ":"))


@dataclass
class Reading:
    """What a journal file says, read event by event. ``bad``: the numbers (1-based) of the lines
    that failed their check (their event is not used); ``torn``: the last line was cut short."""

    header: str | None = None
    head: str | None = None
    started_at: str | None = None
    role: str = "table"
    actions: list[tuple[str, str]] = field(default_factory=list)  # (line, chain) per seq
    ended_at: str | None = None
    result: str | None = None
    lines: int = 0
    bad: list[int] = field(default_factory=list)
    torn: bool = False
    """The last line was cut short (a power cut while it was written; the commit it belongs
    to never returned): not damage."""

    @property
    def whole(self) -> int:
        """The lines written whole (a last line cut short is not one of them)."""
        return self.lines - 1 if self.torn else self.lines

    @property
    def sound(self) -> bool:
        return self.header is not None and (not self.bad or (self.torn and
                                                              self.bad == [self.lines]))


def read(file: Path) -> Reading | None:
    """The journal ``file`` read; None if there is none."""
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        return None
    except OSError:
        return Reading(bad=[1])
    if not data:
        return None  # made, and cut off before its first line: a game never begun
    out = Reading()
    befores = {START}  # what the line before's check is (as written, or as it should be)
    raw = data.split(b"\n")
    if raw and raw[-1] == b"":
        raw.pop()
    else:
        out.torn = bool(raw)
    for n, chunk in enumerate(raw, 1):
        out.lines = n
        check_b, _, event_b = chunk.partition(b" ")
        check = check_b.decode("ascii", "replace")
        should: set[str] = set()
        try:
            event_text = event_b.decode("utf-8")
            should = {link(b, event_text) for b in befores}
            if check not in should:
                raise ValueError("check")
            _apply(out, json.loads(event_text))
        except (ValueError, TypeError, IndexError, KeyError, AttributeError, RecursionError):
            out.bad.append(n)
            befores = {check} | should
            continue
        befores = {check}
    if out.torn and out.bad != [out.lines]:
        out.torn = False  # the last line is whole after all: only damage cuts it short
    if out.header is None and not out.bad:
        out.bad.append(1)  # no beginning: a journal without its game
    return out


def _apply(out: Reading, event: list[Any]) -> None:
    kind = event[0]
    if kind == "h":
        out.header, out.head, out.started_at, out.role = (str(event[1]), str(event[2]),
                                                          str(event[3]), str(event[4]))
    elif kind == "a":
        seq = int(event[1])
        if not 1 <= seq <= len(out.actions) + 1:
            raise ValueError("seq")
        del out.actions[seq - 1:]
        out.actions.append((str(event[2]), str(event[3])))
    elif kind == "u":
        del out.actions[int(event[1]) - 1:]
    elif kind == "f":
        out.ended_at, out.result = str(event[1]), str(event[2])
    elif kind == "r":
        out.ended_at = out.result = None
    else:
        raise ValueError("event")


def _last_check(fd: int) -> str:
    """The check of the last line of the open journal ``fd`` (START if it is empty)."""
    size = os.fstat(fd).st_size
    if size == 0:
        return START
    at = max(0, size - 65536)
    tail = os.pread(fd, size - at, at).rstrip(b"\n")
    line = tail.rsplit(b"\n", 1)[-1]
    return line.split(b" ", 1)[0].decode("ascii", "replace")


class Appended:
    """One event appended to a journal and fsynced; ``undo()`` cuts it back off (the database
    did not commit the same event)."""

    def __init__(self, file: Path, events: Sequence[Sequence[Any]]) -> None:
        file.parent.mkdir(exist_ok=True)
        fd = os.open(file, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            self.size = os.fstat(fd).st_size
            before = _last_check(fd)
            chunks = []
            for event in events:
                text = _event_text(event)
                before = link(before, text)
                chunks.append(f"{before} {text}\n")
            os.pwrite(fd, "".join(chunks).encode("utf-8", "surrogatepass"), self.size)
            os.fsync(fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, self.size)
            os.close(fd)
            raise
        self.fd = fd
        self.lines = len(events)

    def undo(self) -> None:
        with contextlib.suppress(OSError):
            os.ftruncate(self.fd, self.size)
            os.fsync(self.fd)
        self.close()

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def events_of(header: str, started_at: str, role: str, lines: Sequence[str],
              ended_at: str | None, result: str | None) -> list[list[Any]]:
    """The events of a whole game, for a journal written afresh."""
    chain = chain_of(header, lines)
    events: list[list[Any]] = [["h", header, chain[0], started_at, role]]
    events += [["a", i, line, chain[i]] for i, line in enumerate(lines, 1)]
    if ended_at is not None and result is not None:
        events.append(["f", ended_at, result])
    return events


def rewrite(file: Path, events: Sequence[Sequence[Any]]) -> int:
    """Write a journal afresh (beside it, fsynced, renamed over it); its number of lines."""
    tmp = file.with_name(file.name + ".new")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    Appended(tmp, events).close()
    tmp.replace(file)
    fd = os.open(file.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    return len(events)
