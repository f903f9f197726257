"""Every single fault kind at every place that matters (issue 30), a sample of the bits of
each place: the WAL's frames since the last checkpoint, each cut and bits of each journal's
last line and every bit of its newline, a lost WAL or journal, the database header (every bit
of its format bytes), each summary row; on stores closed cleanly and killed, with and without
a turn undone before the fault, with a finished game of one kind (Helvetia, Drunter & Drüber)
and the table's game of the other. The store is opened as a restart would, then a round end's
journal check runs (``Store.check_journals``): a damaged journal of either game is found.
The oracle is what each commit returned: no action lost or changed silently, no false "both
copies were damaged", no store left stuck, no crash.
(``benchmarks/store_faults.py --exhaustive`` runs every bit and prints the same table.)"""

from __future__ import annotations

import logging
import random

import pytest

from tests import store_probe


@pytest.mark.parametrize("scenario", store_probe.SAMPLED)
def test_no_single_fault_loses_changes_or_sticks_silently(scenario: str) -> None:
    logging.disable(logging.WARNING)  # every repair is logged; the verdicts are the figures
    try:
        bad: list[str] = []
        figures = store_probe.run(random.Random(30), 6, log=bad.append,
                                  scenarios=(scenario,))
    finally:
        logging.disable(logging.NOTSET)
    report = store_probe.report(figures)
    assert not bad, "\n".join(bad[:20]) + "\n" + report
    kinds = set(figures)
    assert {"journal-cut", "journal-last-line-bit", "journal-newline-bit", "journal-lost",
            "db-header", "db-write-version", "db-action-bit", "summary-bit",
            "summary-type"} <= kinds, report
    if scenario.startswith("killed"):
        assert {"wal-frame-header", "wal-frame-page", "wal-lost"} <= kinds, report
    assert all(c["trials"] for c in figures.values())
    for kind in ("journal-last-line-bit", "journal-lost"):  # found in either game: the
        found = figures[kind]["repaired, told"]  # finished game's at the next round end
        assert found == figures[kind]["trials"], report
