"""One line to the journal: what the companion's owner reads with ``journalctl -u helvetia``
(standard output under systemd; the terminal when run by hand). Lines start with
``helvetia:`` and say what happened, in English, once."""

from __future__ import annotations

import sys


def say(line: str) -> None:
    print(f"helvetia: {line}", file=sys.stdout, flush=True)
