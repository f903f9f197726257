"""What the checks beside the table find is said once each, however the threads interleave:
checks add (``tell_late``) while the screen takes (``take_late_notices``); none is lost
and none said twice."""

from __future__ import annotations

import threading
from pathlib import Path

from companion.engine.messages import Message
from companion.store import Store


def test_notices_from_checks_beside_the_table_are_each_said_once(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path / "store.db")
    try:
        per_thread, threads_n = 400, 4
        said: list[Message] = []
        done = threading.Event()

        def check(t: int) -> None:
            for i in range(per_thread):
                store.tell_late([Message("store.repaired", {"game": t * per_thread + i})])

        def screen() -> None:
            while not done.is_set():
                said.extend(store.take_late_notices())

        reader = threading.Thread(target=screen)
        reader.start()
        checks = [threading.Thread(target=check, args=(t,)) for t in range(threads_n)]
        for c in checks:
            c.start()
        for c in checks:
            c.join()
        done.set()
        reader.join()
        said.extend(store.take_late_notices())
        games = sorted(int(m.params["game"]) for m in said)
        assert games == list(range(per_thread * threads_n))
        assert store.take_late_notices() == []
    finally:
        store.close()
