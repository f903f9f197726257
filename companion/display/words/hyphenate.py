"""Where a word too long for its line may break: the one hyphenator of the screens (running
text in ``ui``, the labels on the village pictures in ``village_view``).

The breaks are the language's own, from the hyphenation patterns of LibreOffice and TeX
(``pyphen``, de/en/fr/it/es): "Brunnen-meister", "Kuh-glo-cke", "can-ton-nier". Measuring is
the caller's (a ``fits`` test on the text as drawn), so this module needs no font."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from . import i18n

if TYPE_CHECKING:  # imported when the first patterns load (a quick start)
    import pyphen

HYPHEN = "-"
PATTERNS = {"de": "de_DE", "en": "en_GB", "fr": "fr", "it": "it_IT", "es": "es"}
"""The patterns of each language of the companion (British English: the companion's)."""


SWITCH_INTERVAL = 0.0005
"""Seconds the loading thread may hold the interpreter while the screen's thread waits."""

_dictionaries: dict[str, pyphen.Pyphen] = {}
_loading = threading.Lock()
_asked: set[str] = set()


def prepare(language: str) -> None:
    """Load ``language``'s patterns beside the screen thread (German's take more than half a
    second, longer on a Pi): the screens ask at their first text, so that a word to break
    later finds them ready. Called again, it does nothing."""
    if language not in _asked:
        _asked.add(language)
        threading.Thread(target=_load_beside, args=(language,), name="hyphenation",
                         daemon=True).start()


def _load_beside(language: str) -> None:
    """``_dictionary`` on its own thread. Meanwhile the screen's thread gets the interpreter
    back within half a millisecond of asking (Python's default is 5 ms): the first frame,
    drawn while the patterns load, loads its fonts in C and asks for it back each time."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(min(interval, SWITCH_INTERVAL))
    try:
        _dictionary(language)
    finally:
        sys.setswitchinterval(interval)


def _dictionary(language: str) -> pyphen.Pyphen:
    """The patterns of ``language``, loaded once (a caller waits for a load under way)."""
    import pyphen

    with _loading:
        found = _dictionaries.get(language)
        if found is None:
            found = _dictionaries[language] = pyphen.Pyphen(
                lang=PATTERNS.get(language, "en_GB"))
        return found


def breaks(word: str, language: str | None = None) -> tuple[int, ...]:
    """Where ``word`` may break (indexes of the first letter after the break) in
    ``language`` (the screen's by default): after a hyphen it has ("Weiß-|Müller"), and at a
    syllable's start by the language's patterns, with letters on both sides."""
    return _breaks(word, language or i18n.language)


@cache
def _breaks(word: str, lang: str) -> tuple[int, ...]:
    syllables = {i for i in _dictionary(lang).positions(word)
                 if 0 < i < len(word) and word[i - 1].isalpha() and word[i].isalpha()}
    hyphens = {i for i in range(1, len(word)) if word[i - 1] == HYPHEN and word[i].isalpha()}
    return tuple(sorted(syllables | hyphens))


def starts_syllable(word: str, i: int, language: str | None = None) -> bool:
    """Whether ``word`` may break before its ``i``-th character."""
    return i in breaks(word, language)


def with_hyphen(head: str, tail: str) -> str:
    """The first part of a broken word as drawn: a hyphen where letters go on."""
    return head + HYPHEN if head[-1:].isalpha() and tail[:1].isalpha() else head


def break_at(word: str, room: int, language: str | None = None) -> int:
    """Where to break ``word`` on a line with room for its first ``room`` characters (and the
    hyphen): at the last syllable's start not too far back (a third of the room), else at
    ``room``. Always at least 1: a line takes something."""
    room = max(1, room)
    near = [i for i in breaks(word, language) if max(2, room * 2 // 3) <= i <= room]
    return near[-1] if near else room


def in_two(word: str, fits: Callable[[str], bool], language: str | None = None
           ) -> list[str] | None:
    """``word`` in two lines that each ``fits``, the first with its hyphen: at a syllable's
    start nearest the middle if there is one, else anywhere both fit (keeping at least three
    letters a line); None if no break fits."""
    cuts = [i for i in range(3, len(word) - 2)
            if fits(with_hyphen(word[:i], word[i:])) and fits(word[i:])]
    if not cuts:
        return None
    own = [i for i in cuts if word[i - 1] == HYPHEN]  # a hyphen the word has: there
    nice = own or [i for i in cuts if starts_syllable(word, i, language)] or cuts
    i = min(nice, key=lambda i: abs(2 * i - len(word)))
    return [with_hyphen(word[:i], word[i:]), word[i:]]
