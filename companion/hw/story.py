"""The hardware's story in the journal: at start, which buttons (backend, pins) and which LED
strip (port, or where it looked and found none); then a line whenever the LED controller is
lost or comes back (``AdalightWriter(on_change=...)``). ``journalctl -u helvetia`` then tells
an owner why the strip is dark or the buttons do nothing; ``helvetia hwtest`` tries them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .adalight import BY_ID


def pins_text(pins: Mapping[str, int]) -> str:
    return ", ".join(f"{seat}={pin}" for seat, pin in pins.items())


def buttons_line(backend: str, configured: str, pins: Mapping[str, int],
                 gpio: Any = None, error: BaseException | None = None) -> str:
    """``backend``: the one in use; ``configured``: ``buttons.backend`` as set."""
    if gpio is not None:
        factory = next((type(b.pin_factory).__name__ for b in gpio.buttons.values()), "?")
        return f"buttons: GPIO through gpiozero's {factory}, BCM pins {pins_text(pins)}"
    if error is not None:
        hint = f" ({gpio_library_problem()})" if "pin factory" in str(error) else ""
        return (f"buttons: GPIO is not available ({type(error).__name__}: {error}){hint}; "
                f"the keys 1-4 instead, BCM pins {pins_text(pins)} unused. Try them: "
                f"helvetia hwtest")
    if backend == "keyboard":
        why = "not a Raspberry Pi" if configured == "auto" else 'buttons.backend = "keyboard"'
        return f"buttons: the keys 1-4 (hold for undo, N: next) ({why})"
    return f'buttons: none (buttons.backend = "{configured}")'


def gpio_library_problem() -> str:
    """Why gpiozero found no pin factory, as the journal says it: lgpio missing (and how to
    get it), or, lgpio installed, what it said when tried (not a Raspberry Pi, no GPIO chip,
    no permission for /dev/gpiochip0, ...). Only asked when the buttons failed at start."""
    try:
        from gpiozero.pins.lgpio import LGPIOFactory
    except ModuleNotFoundError as exc:
        if exc.name != "lgpio":
            return f"gpiozero's lgpio support failed to load: {exc}"
        return ("no GPIO library for gpiozero: lgpio, from Raspberry Pi OS's python3-lgpio in "
                "a --system-site-packages venv, or 'pip install lgpio'")
    except Exception as exc:  # lgpio is there but does not load (a broken build, a library)
        return f"lgpio is installed but failed to load: {type(exc).__name__}: {exc}"
    try:
        LGPIOFactory().close()
    except Exception as exc:
        return f"lgpio is installed but failed: {type(exc).__name__}: {exc}"
    return "lgpio is installed and opens the GPIO chip now: restart, or try: helvetia hwtest"


def leds_line(backend: str, configured: str, port: str, found: str | None,
              baud: int) -> str:
    """``found``: the port in use (None: none found)."""
    if backend == "serial":
        if port != "auto":
            where = port
        else:
            where = f"{found} (the first in {BY_ID})" if found else \
                f"no port yet (nothing in {BY_ID})"
        return f"LEDs: Adalight at {baud} baud on {where}"
    if backend == "simulated" and configured == "auto":
        return (f"LEDs: no LED controller found (looked in {BY_ID}, leds.port = \"auto\"); "
                f"drawn on the screen instead. Plug it in and restart, or try: helvetia hwtest")
    if backend == "simulated":
        return 'LEDs: drawn on the screen (leds.backend = "simulated")'
    return f'LEDs: none (leds.backend = "{configured}")'
