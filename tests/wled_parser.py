"""WLED's serial input parser, ported for the tests from reading ``wled00/wled_serial.cpp``
(``handleSerial``): the Adalight and TPM2 state machine, byte by byte, with the single-byte
commands it takes between frames.

What matters for our link: between frames (state ``HEADER_A``) a byte is a command: 0xB0-0xB7
switch the baud rate (after which the parser hears only noise from us), 'I' starts an Improv
packet, 'v' 'l' 'L' send answers, 'o' 'O' stream, '{' parses JSON, 0xC9 starts a TPM2 frame.
The count of an Adalight header is a 16-bit number in WLED (count - 1 + 1 wraps to 0 for
65,536 LEDs, and the decrement wraps back), which the port keeps.
"""

from __future__ import annotations

BAUD_COMMANDS = {0xB0: 115200, 0xB1: 230400, 0xB2: 460800, 0xB3: 500000, 0xB4: 576000,
                 0xB5: 921600, 0xB6: 1000000, 0xB7: 1500000}
COMMANDS = {ord("I"), ord("v"), ord("l"), ord("L"), ord("o"), ord("O"), ord("{")}

HEADER_A, HEADER_D, HEADER_LOWER_A, COUNT_HI, COUNT_LO, COUNT_CHECK = range(6)
RED, GREEN, BLUE, TPM2_TYPE, TPM2_HI, TPM2_LO = range(6, 12)

RGB = tuple[int, int, int]


class WledParser:
    """Feed it the bytes a WLED controller receives; ``frames`` holds each frame it showed
    (the pixels of that frame, in order), ``commands`` each byte it took as a command, and
    ``baud`` its speed: once a command changed it, the rest is noise (``noise`` counts it)."""

    def __init__(self, baud: int = 115200) -> None:
        self.line_baud = baud
        """The speed the sender uses."""
        self.baud = baud
        self.state = HEADER_A
        self.count = 0
        self.check = 0
        self.red = self.green = 0
        self.pixels: list[RGB] = []
        self.frames: list[list[RGB]] = []
        self.commands: list[int] = []
        self.noise = 0

    def feed(self, data: bytes) -> None:
        for byte in data:
            if self.baud != self.line_baud:
                self.noise += 1  # framing errors and garbage: nothing we sent is understood
                continue
            self._byte(byte)

    def _byte(self, b: int) -> None:
        s = self.state
        if s == HEADER_A:
            if b == ord("A"):
                self.state = HEADER_D
            elif b == 0xC9:
                self.state = TPM2_TYPE
            elif b in BAUD_COMMANDS:
                self.commands.append(b)
                self.baud = BAUD_COMMANDS[b]
            elif b in COMMANDS:
                self.commands.append(b)
            # any other byte between frames is ignored
        elif s == HEADER_D:
            self.state = HEADER_LOWER_A if b == ord("d") else HEADER_A
        elif s == HEADER_LOWER_A:
            self.state = COUNT_HI if b == ord("a") else HEADER_A
        elif s == COUNT_HI:
            self.pixels = []
            self.count = b * 0x100
            self.check = b
            self.state = COUNT_LO
        elif s == COUNT_LO:
            self.count = (self.count + b + 1) & 0xFFFF
            self.check = self.check ^ b ^ 0x55
            self.state = COUNT_CHECK
        elif s == COUNT_CHECK:
            self.state = RED if self.check == b else HEADER_A
        elif s == TPM2_TYPE:
            self.state = HEADER_A
            if b == 0xDA:
                self.state = TPM2_HI
            elif b == 0xAA:
                self.commands.append(0xC9)  # a TPM2 ping, answered
        elif s == TPM2_HI:
            self.pixels = []
            self.count = (b * 0x100) // 3
            self.state = TPM2_LO
        elif s == TPM2_LO:
            self.count = (self.count + b // 3) & 0xFFFF
            self.state = RED
        elif s == RED:
            self.red = b
            self.state = GREEN
        elif s == GREEN:
            self.green = b
            self.state = BLUE
        else:  # BLUE
            self.pixels.append((self.red, self.green, b))
            self.count = (self.count - 1) & 0xFFFF
            if self.count > 0:
                self.state = RED
            else:
                self.frames.append(self.pixels)
                self.pixels = []
                self.state = HEADER_A

    @property
    def between_frames(self) -> bool:
        return self.state == HEADER_A
