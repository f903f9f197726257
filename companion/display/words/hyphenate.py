"""Where a word too long for its line may break: the one hyphenator of the screens (running
text in ``ui``, the labels on the village pictures in ``village_view``).

A break goes before the first consonant of a syllable, i.e. a consonant (or one of the
clusters that stay together: "sch", "ch", "ck", "ph", "th") followed by a vowel, never inside
such a cluster: "Brunnen-meister", "Gemeinde-haus", "Kuhglo-cke". Measuring is the caller's
(a ``fits`` test on the text as drawn), so this module needs no font."""

from __future__ import annotations

from collections.abc import Callable

VOWELS = frozenset("aeiouyäöüàâéèêëîïôùûáíóúãõœæ")
"""Vowels, in lower case (every comparison is on ``str.lower``)."""
CLUSTERS = ("sch", "ch", "ck", "ph", "th")
"""Consonants that begin a syllable together: a word never breaks inside them."""
HYPHEN = "-"


def starts_syllable(word: str, i: int) -> bool:
    """Whether ``word`` may break before its ``i``-th character: letters on both sides, a
    vowel before, a consonant (or cluster) there that a vowel follows, not inside a
    cluster."""
    if not 0 < i < len(word) - 1 or not (word[i - 1].isalpha() and word[i].isalpha()):
        return False
    low = word.lower()
    if not VOWELS.intersection(low[:i]):
        return False  # the first part has no syllable of its own ("Sch-miede")
    if any(low.startswith(c, j) for c in CLUSTERS for j in range(max(0, i - len(c) + 1), i)
           if j + len(c) > i):
        return False  # inside "ch", "sch", ...
    cluster = next((c for c in CLUSTERS if low.startswith(c, i)), low[i])
    after = low[i + len(cluster):i + len(cluster) + 1]
    return low[i] not in VOWELS and after != "" and after in VOWELS


def with_hyphen(head: str, tail: str) -> str:
    """The first part of a broken word as drawn: a hyphen where letters go on."""
    return head + HYPHEN if head[-1:].isalpha() and tail[:1].isalpha() else head


def break_at(word: str, room: int) -> int:
    """Where to break ``word`` on a line with room for its first ``room`` characters (and the
    hyphen): at the last syllable's start not too far back (a third of the room), else at
    ``room``. Always at least 1: a line takes something."""
    room = max(1, room)
    for i in range(room, max(2, room * 2 // 3) - 1, -1):
        if starts_syllable(word, i):
            return i
    return room


def in_two(word: str, fits: Callable[[str], bool]) -> list[str] | None:
    """``word`` in two lines that each ``fits``, the first with its hyphen: at a syllable's
    start nearest the middle if there is one, else anywhere both fit (keeping at least three
    letters a line); None if no break fits."""
    cuts = [i for i in range(3, len(word) - 2)
            if fits(with_hyphen(word[:i], word[i:])) and fits(word[i:])]
    if not cuts:
        return None
    nice = [i for i in cuts if starts_syllable(word, i)] or cuts
    i = min(nice, key=lambda i: abs(2 * i - len(word)))
    return [with_hyphen(word[:i], word[i:]), word[i:]]
