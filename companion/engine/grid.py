"""The village grid (digest §5): cells around a centre two tiles wide, rings and quarters.

The centre covers (0, 0) and (1, 0); x grows to the right, y downwards.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from operator import itemgetter

from .values import QUARTERS as QUARTERS  # re-exported: a grid idea
from .values import Cell as Cell
from .values import Quarter


def row_first(cell: Cell) -> tuple[int, int]:
    """The sort key of "row by row": y, then x."""
    return cell[1], cell[0]


_ROW_FIRST = itemgetter(1, 0)  # row_first in C: by_row is on the option search's hot path


def by_row(cells: Iterable[Cell]) -> list[Cell]:
    """Cells row by row (y, then x): the order of every list of cells (a dict: its keys)."""
    return sorted(cells, key=_ROW_FIRST)


def ring(cell: Cell) -> int:
    """Ring number of a cell; 0 for the two centre cells."""
    x, y = cell
    return max(-x, x - 1, abs(y))


def ring_cells(n: int) -> list[Cell]:
    """All cells of ring ``n`` (n >= 1), row by row."""
    return list(_ring_cells(n))


def cells_of_ring(n: int) -> tuple[Cell, ...]:
    """``ring_cells`` as a tuple, shared (not to be copied for every question)."""
    return _ring_cells(n)


@cache
def _ring_cells(n: int) -> tuple[Cell, ...]:
    return tuple(Cell(x, y) for y in range(-n, n + 1) for x in range(-n, n + 2)
                 if ring(Cell(x, y)) == n)


def in_quarter(cell: Cell, quarter: Quarter) -> bool:
    """Side cells (y == 0) lie in both the top and the bottom quarter of their side."""
    x, y = cell
    if quarter == "top_left":
        return x <= 0 and y <= 0
    if quarter == "top_right":
        return x > 0 and y <= 0
    if quarter == "bottom_left":
        return x <= 0 and y >= 0
    if quarter == "bottom_right":
        return x > 0 and y >= 0
    raise KeyError(quarter)


def quarters_of(cell: Cell) -> list[Quarter]:
    return list(cell_quarters(cell))


@cache
def cell_quarters(cell: Cell) -> tuple[Quarter, ...]:
    """The quarters a cell lies in (``in_quarter``), remembered: a village has few cells."""
    return tuple(q for q in QUARTERS if in_quarter(cell, q))


def open_ring(built: Iterable[Cell]) -> int:
    """The innermost ring that still has a free cell: the only ring a building may go on."""
    taken = built if isinstance(built, (set, dict)) else set(built)
    n = 1
    while all(c in taken for c in _ring_cells(n)):
        n += 1
    return n


def cell_text(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"
