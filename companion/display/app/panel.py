"""The panel's geometry: logical 800 x 480 pixels to window pixels and back, through the
rotation (clockwise, in degrees) and the scaling. SDL's KMSDRM ignores the kernel's rotation,
so the app rotates what it draws and maps touches back itself."""

from __future__ import annotations

from ..kit.widgets import H, W


def to_logical(size: tuple[int, int], rotation: int, x: float, y: float) -> tuple[int, int]:
    """Window pixels to logical pixels, undoing the rotation and the scaling."""
    ww, wh = size
    u, v = x / ww, y / wh
    if rotation == 90:
        u, v = v, 1 - u
    elif rotation == 180:
        u, v = 1 - u, 1 - v
    elif rotation == 270:
        u, v = 1 - v, u
    return int(u * W), int(v * H)


def to_window(size: tuple[int, int], rotation: int, pos: tuple[int, int]
              ) -> tuple[float, float]:
    """Logical pixels to window pixels: where a logical point is drawn."""
    ww, wh = size
    u, v = (pos[0] + 0.5) / W, (pos[1] + 0.5) / H
    if rotation == 90:
        u, v = 1 - v, u
    elif rotation == 180:
        u, v = 1 - u, 1 - v
    elif rotation == 270:
        u, v = v, 1 - u
    return u * ww, v * wh
