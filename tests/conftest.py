"""Hermetic tests: none reads this machine's /etc/helvetia or /var/lib/helvetia (on a Pi with
the companion installed they hold a real configuration and the table's games) unless it says
so with ``@pytest.mark.system_paths``. Subprocesses get an explicit configuration instead."""

from __future__ import annotations

import pytest

from companion import cli_store, config


@pytest.fixture(autouse=True)
def _not_this_machines_companion(request: pytest.FixtureRequest, tmp_path_factory:
                                 pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("system_paths"):
        return
    nowhere = tmp_path_factory.mktemp("system") / "absent"
    monkeypatch.setattr(config, "SYSTEM_CONFIG", nowhere / "etc" / "helvetia" / "config.toml")
    monkeypatch.setattr(cli_store, "SERVICE_DIR", nowhere / "var" / "lib" / "helvetia")

