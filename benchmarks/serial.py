"""The serial link's figures, on a pty pair with WLED's parser (tests/fake_controller.py):
seconds from a replug to the frame back on the strip while the table is idle (goal: under
2 s), open attempts per second while unplugged during an animation (goal: at most one per
backoff step, so about one a second), and link errors after frames cut by unplugs (goal: 0).

Run: python -m benchmarks.serial [RUNS]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time

from companion.hw.adalight import AdalightWriter
from tests.fake_controller import FakeController

LEDS = 100


class Cable:
    def __init__(self, controller: FakeController | None) -> None:
        self.controller = controller
        self.attempts = 0

    def __call__(self) -> str | None:
        self.attempts += 1
        return self.controller.path if self.controller else None


def replug(unplugged: float) -> tuple[float, int]:
    """Seconds from the replug to the frame on the controller, and link errors."""
    wled = FakeController()
    cable = Cable(wled)
    writer = AdalightWriter(cable).start()
    try:
        frame = [(40, 40, 40)] * LEDS
        writer.show(frame)
        wled.wait_for(lambda: len(wled.frames) >= 1)
        # A resend is a resync (3 x LEDS + 3 zeros) and the frame: cut the second one in
        # the middle of its frame.
        resend = 3 * LEDS + 3 + 6 + 3 * LEDS
        wled.cut_at = len(wled.received) + resend + 3 * LEDS + 3 + 150
        wled.wait_for(lambda: len(wled.received) >= wled.cut_at, 10)  # type: ignore[operator]
        wled.unplug()
        cable.controller = None
        time.sleep(unplugged)
        shown = len(wled.frames)
        wled.cut_at = None
        wled.plug()
        start = time.monotonic()
        cable.controller = wled
        wled.wait_for(lambda: len(wled.frames) > shown and wled.frames[-1] == frame, 30)
        return time.monotonic() - start, len(wled.errors)
    finally:
        writer.stop()
        wled.unplug()


def attempts_while_unplugged(seconds: float) -> float:
    cable = Cable(None)
    writer = AdalightWriter(cable).start()
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:  # an animation at 30 frames a second
        writer.show([(n % 256, 0, 0)] * LEDS)
        n += 1
        time.sleep(1 / 30)
    writer.stop()
    return cable.attempts / seconds


def main(runs: int = 5) -> None:
    times, errors = [], 0
    for i in range(runs):
        t, e = replug(5.0 + i * 0.37)
        times.append(t)
        errors += e
    print(f"replug while idle, unplugged 5 s or more: median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s over {runs} runs; link errors after cut frames: {errors}")
    print(f"open attempts while unplugged during an animation: "
          f"{attempts_while_unplugged(10.0):.2f} per second")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
