"""Faults injected into the store, a few trials of each kind (``benchmarks/store_faults.py``
runs many and prints the figures): bits flipped and bytes overwritten in the database, a bit
flipped in a game's journal and in the WAL, the WAL deleted after undos back past a round end,
the counting files deleted, two companions on one store. Targets: no silent change, no crash,
never the new-game screen for a game a copy can restore, and damage in one place repaired with
no action lost. (A slow card: ``tests/store/test_store_slow.py``.)"""

from __future__ import annotations

import logging

import pytest

from benchmarks.store_faults import KINDS, run

SINGLE_PLACE = ("db-flip", "db-overwrite", "journal", "wal-flip", "wal-lost", "counter-lost")


# One worker: the faults (a module fixture) are injected once.
pytestmark = pytest.mark.xdist_group("fault_suite")


@pytest.fixture(scope="module")
def figures() -> dict[str, object]:
    logging.disable(logging.WARNING)
    try:
        return run(4, seed=1818)  # type: ignore[return-value]
    finally:
        logging.disable(logging.NOTSET)


@pytest.mark.parametrize("kind", KINDS)
def test_no_fault_changes_a_game_silently_or_crashes(figures: dict, kind: str) -> None:
    c = figures[kind]
    assert c["trials"] == 4
    assert c["silent"] == 0 and c["crash"] == 0 and c["new-game screen"] == 0, dict(c)


@pytest.mark.parametrize("kind", SINGLE_PLACE)
def test_damage_in_one_place_is_repaired_with_no_action_lost(figures: dict, kind: str) -> None:
    c = figures[kind]
    assert c["lost"] == 0 and c["actions lost"] == 0 and c["fell back, told"] == 0, dict(c)
    assert c["repaired exactly"] + c["unharmed"] == c["trials"]


def test_damage_in_both_copies_goes_back_and_says_so(figures: dict) -> None:
    c = figures["both-copies"]
    assert c["fell back, told"] == c["trials"] == 4 and c["actions lost"] >= 4
