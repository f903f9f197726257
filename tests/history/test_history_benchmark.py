"""``benchmarks/history.py`` in a short form, so that it cannot rot (issue 31): a store filled
the store's own way, the screens reached through the Menu. Figures printed, no timing
asserted."""

from __future__ import annotations

import pytest

from benchmarks import history


def test_the_history_benchmark_runs_and_prints_its_figures(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert history.main(["8"]) == 0
    out = capsys.readouterr().out
    for figure in ("Games list (Menu, Games)", "a game (from the Games list)",
                   "next page of the Games list", "Players screen"):
        assert f"{figure}" in out and "median" in out, out
