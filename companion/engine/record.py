"""Reading a game record safely: every line bounded before it is parsed, the header checked.

A record comes from anywhere (a file, the store, a USB stick), so nothing in it may make the
parser hang, recurse or crash: lines and records have a size limit, JSON nests at most
``MAX_DEPTH`` deep, numbers have at most ``MAX_DIGITS`` digits, ``NaN``/``Infinity`` and lone
surrogates are refused. Every refusal is a ``MalformedAction`` (``RecordError`` with the line
number once ``Game.from_record`` has it).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from .errors import MalformedAction

MAX_LINE = 256 * 1024  # characters in one line (a header with a whole catalogue is ~12 KB)
MAX_LINES = 20_000  # lines in one record (a 4-player game has about 700)
MAX_RECORD = 8 * 1024 * 1024  # characters in one record
MAX_DEPTH = 16  # nesting of [] and {} (the deepest line, a header catalogue, needs 5)
MAX_DIGITS = 12  # digits in one number
NAME_MAX = 16  # characters in a player's name (the names issue)

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_SURROGATE = re.compile("[\ud800-\udfff]")
# What str.splitlines() (and so many a reader) takes for the end of a line, besides \r and \n,
# which JSON escapes anyway. Escaped in every line written, so that any text reads back.
LINE_BREAKS = {c: f"\\u{c:04x}" for c in (0x0B, 0x0C, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029)}


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise MalformedAction(f"a number with too many digits ({len(text)} characters; at "
                              f"most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text[:64]) if len(text) <= 64 else float("inf")
    if not math.isfinite(value):
        raise MalformedAction("a number too large for a record")
    return value


def _constant(text: str) -> Any:
    raise MalformedAction(f"{text} is not a number the record allows")


def _check_strings(v: Any) -> None:
    if isinstance(v, str):
        if _SURROGATE.search(v):
            raise MalformedAction("text with a lone surrogate (not Unicode text)")
    elif isinstance(v, dict):
        for k, x in v.items():
            _check_strings(k)
            _check_strings(x)
    elif isinstance(v, list):
        for x in v:
            _check_strings(x)


def loads_line(raw: str) -> Any:
    """One record line as JSON, within the bounds above; ``MalformedAction`` if not."""
    if len(raw) > MAX_LINE:
        raise MalformedAction(f"the line is too long ({len(raw)} characters; at most "
                              f"{MAX_LINE})")
    depth = deepest = 0
    for m in _BRACKETS.finditer(_STRINGS.sub("", raw)):
        depth += 1 if m.group() in "[{" else -1
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise MalformedAction(f"JSON nested too deep (more than {MAX_DEPTH} levels)")
    try:
        obj = json.loads(raw, parse_int=_int, parse_float=_float,
                         parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise MalformedAction(f"not valid JSON ({exc.msg})", "malformed") from None
    except RecursionError:  # a line the bracket count above misjudged: still refused
        raise MalformedAction("JSON nested too deep") from None
    _check_strings(obj)
    return obj


def dumps_line(obj: Mapping[str, Any]) -> str:
    """One record line: compact UTF-8 JSON in which every line break is escaped."""
    return json.dumps(obj, ensure_ascii=False).translate(LINE_BREAKS)


def split_record(text: str) -> list[str]:
    """A record's lines: split at ``\\n`` only (and a ``\\r`` before it), never at the other
    characters ``str.splitlines`` takes for line ends; bounded in size and count."""
    if len(text) > MAX_RECORD:
        raise MalformedAction(f"the record is too large ({len(text)} characters; at most "
                              f"{MAX_RECORD})")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) > MAX_LINES:
        raise MalformedAction(f"the record has too many lines ({len(lines)}; at most "
                              f"{MAX_LINES})")
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def line_problem(text: str) -> str | None:
    """What keeps ``text`` from being one line of text that can be shown (None: nothing): a
    control character (C0 with NUL and newlines, DEL, C1), a line or paragraph separator
    (U+2028/9), a lone surrogate, a code point Unicode has not assigned. The one rule for
    names, locations and board names."""
    if _SURROGATE.search(text):
        return "is not Unicode text (a lone surrogate)"
    for c in text:
        if unicodedata.category(c) in ("Cc", "Cn") or c in "\u2028\u2029":
            what = ("an unassigned code point" if unicodedata.category(c) == "Cn" else
                    "a line separator" if c in "\u2028\u2029" else "a control character")
            return f"holds {what} (U+{ord(c):04X})"
    return None


def check_name(name: Any, where: str) -> str:
    """A player's name: one line of text (``line_problem``) of 1 to ``NAME_MAX`` characters.
    Checked once, here, wherever a name comes from."""
    if not isinstance(name, str) or not name.strip():
        raise MalformedAction(f"{where} must be a non-empty string")
    if len(name) > NAME_MAX:
        raise MalformedAction(f"{where} is {len(name)} characters long; at most {NAME_MAX}")
    problem = line_problem(name)
    if problem is not None:
        raise MalformedAction(f"{where} {problem}")
    return name
