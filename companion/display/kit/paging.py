"""Texts or rows laid out in pages of a given height: each whole on one page, a new page where
the next would run past the room (a page holds at least one, however tall)."""

from __future__ import annotations

from collections.abc import Iterable


def paged(heights: Iterable[int], room: int, gap: int = 0) -> list[list[int]]:
    """The positions of ``heights`` in pages of ``room`` pixels, ``gap`` after each one."""
    out: list[list[int]] = [[]]
    used = 0
    for i, h in enumerate(heights):
        if out[-1] and used + h > room:
            out.append([])
            used = 0
        out[-1].append(i)
        used += h + gap
    return out
