"""The touchscreen companion (pygame-ce): screens that draw the engine's state and turn taps
into engine actions."""
