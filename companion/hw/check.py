"""`helvetia hwtest`: try the buttons and the LED strip before a game, as a builder would."""

from __future__ import annotations

import queue
import time
import warnings

from .adalight import AdalightWriter, find_port
from .events import ButtonEvent
from .leds import CALM, OFF, PLAYER, WARNING, Layout, default_layout, scale

SEATS = ("red", "blue", "yellow", "white")


def pattern(layout: Layout, step: int) -> list[tuple[int, int, int]]:
    """One seat segment at a time, in its player's colour: seat LED, quarters, a bar filling."""
    pixels = [OFF] * layout.count
    seat = step // 21 % len(layout.seats)
    seg = layout.seats[seat]
    colour = PLAYER[SEATS[seat % 4]]
    pixels[seg.seat] = colour
    for i, index in enumerate(seg.quarters):
        pixels[index] = CALM if i % 2 == 0 else scale(WARNING, 0.6)
    first, length = seg.bar
    for i in range(min(step % 21, length)):
        pixels[first + i] = scale(colour, 0.3)
    return pixels


def run(port: str | None, baud: int, pins: dict[str, int], seconds: float, *,
        dtr_rts: str = "high") -> int:
    from ..config import pin_warnings

    for warning in pin_warnings(pins):
        print(f"warning: {warning}")
    layout = default_layout(4)
    writer = AdalightWriter(lambda: find_port(port), baud, dtr_rts=dtr_rts).start()
    events: queue.Queue[ButtonEvent] = queue.Queue()
    buttons = None
    try:
        from gpiozero.exc import PinFactoryFallback

        from .buttons import GpioButtons

        warnings.simplefilter("ignore", PinFactoryFallback)  # the line below says it plainly
        buttons = GpioButtons(pins, events)
        print(f"buttons: {', '.join(f'{s} on GPIO{p}' for s, p in pins.items())}; "
              f"press or hold them")
    except Exception as exc:  # no GPIO here (a laptop), or a pin in use
        print(f"buttons: not available ({exc})")
    status = ""
    end = time.monotonic() + seconds
    step = 0
    try:
        while time.monotonic() < end:
            writer.show(pattern(layout, step))
            step += 1
            if writer.status != status:
                status = writer.status
                print(f"LEDs: {status}")
            try:
                e = events.get(timeout=0.1)
                print(f"button: {e.seat} {e.kind}")
            except queue.Empty:
                pass
    except KeyboardInterrupt:
        pass
    finally:
        writer.show([OFF] * layout.count)
        writer.stop()  # sends that dark frame first
        if buttons:
            buttons.close()
    return 0
