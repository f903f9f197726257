"""The physical side: seat buttons (gpiozero) and LED strips (Adalight over pyserial), each
with real and simulated backends. Hardware only produces events and draws frames; turning
events into game actions is ``companion.controls``."""
