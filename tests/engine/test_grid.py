"""The village grid (digest §5)."""

from companion.engine.grid import open_ring, quarters_of, ring, ring_cells


def test_rings() -> None:
    assert len(ring_cells(1)) == 10 and len(ring_cells(2)) == 18
    assert ring((0, 0)) == ring((1, 0)) == 0
    assert {ring(c) for c in [(-1, 0), (2, 0), (0, -1), (1, 1), (-1, -1), (2, 1)]} == {1}
    assert ring((-2, 0)) == ring((3, 2)) == 2


def test_quarters_side_buildings_lie_in_two() -> None:
    assert quarters_of((-1, 0)) == ["top_left", "bottom_left"]
    assert quarters_of((2, 0)) == ["top_right", "bottom_right"]
    assert quarters_of((0, -1)) == ["top_left"]
    assert quarters_of((1, -1)) == ["top_right"]
    assert quarters_of((-1, 1)) == ["bottom_left"]
    assert quarters_of((-2, 0)) == ["top_left", "bottom_left"]  # outer rings: same midlines
    assert quarters_of((3, -2)) == ["top_right"]


def test_the_innermost_open_ring() -> None:
    assert open_ring([]) == 1
    assert open_ring(ring_cells(1)[:9]) == 1
    assert open_ring(ring_cells(1)) == 2
    assert open_ring(ring_cells(1) + ring_cells(2)) == 3
