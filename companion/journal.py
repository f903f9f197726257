"""One line to the journal: what the companion's owner reads with ``journalctl -u helvetia``
(standard error, which systemd sends there too; the terminal when run by hand). Lines start with
``helvetia:`` and say what happened, in English, once. Not standard output: that is for a
command's answer (and the test tools' JSON)."""

from __future__ import annotations

import sys


def say(line: str) -> None:
    print(f"helvetia: {line}", file=sys.stderr, flush=True)
