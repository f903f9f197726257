"""The start of `helvetia run`, where the panel must never stay dark: a configuration with a
mistake starts with its defaults and a screen that says what is wrong (and READY, and the
watchdog, as usual); no display is one journal line and an exit status the unit does not
restart, never a traceback."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.config import load_forgiving
from companion.display.app.start import NO_DISPLAY, start
from companion.display.screens.menu.config_problem import ConfigProblem, problem_text
from companion.display.words.i18n import _

ROOT = Path(__file__).resolve().parent.parent.parent
UNIT = ROOT / "systemd" / "helvetia.service"
HIDDEN = ("NOTIFY_SOCKET", "WATCHDOG_USEC", "DISPLAY", "WAYLAND_DISPLAY", "HELVETIA_CONFIG",
          "SDL_VIDEODRIVER", "STATE_DIRECTORY", "INVOCATION_ID")


def environment(tmp: Path, **more: str) -> dict[str, str]:
    """This checkout's companion, a home of its own (no ~/.config), no desktop."""
    env = {k: v for k, v in os.environ.items() if k not in HIDDEN}
    env.update(HOME=str(tmp), XDG_CONFIG_HOME=str(tmp / "config"),
               XDG_DATA_HOME=str(tmp / "data"), XDG_RUNTIME_DIR=str(tmp),
               SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT), **more)
    return env


def write(tmp: Path, text: str) -> Path:
    path = tmp / "config.toml"
    path.write_text(text)
    return path


def test_a_wrong_setting_takes_its_default_and_the_rest_still_counts(tmp_path: Path) -> None:
    path = write(tmp_path, f'language = "de"\ndata_dir = "{tmp_path / "games"}"\n'
                           '[display]\nrotation = 45\nwidth = 1024\n[leds]\ncolour = 3\n')
    config, problems = load_forgiving(str(path), {"HOME": str(tmp_path)})
    assert [p.key for p in problems] == ["leds.colour", "display.rotation"]
    assert problems[1].allowed == "0, 90, 180, 270"
    assert (config.language, config.data_dir, config.display.width, config.display.rotation
            ) == ("de", tmp_path / "games", 1024, 0)
    assert config.source == path


def test_a_wrong_language_is_english_and_says_what_is_allowed(tmp_path: Path) -> None:
    config, problems = load_forgiving(str(write(tmp_path, 'language = "xx"\n')),
                                      {"HOME": str(tmp_path)})
    assert config.language == "en"
    (problem,) = problems
    assert str(problem) == "language: must be one of 'en', 'de', 'fr', 'it', 'es', not 'xx'"
    assert problem_text(problem) == ("The setting language cannot be used; it has its default.",
                                     'Allowed: "en", "de", "fr", "it", "es"')


def test_a_file_that_is_not_toml_runs_on_defaults_in_its_language(tmp_path: Path) -> None:
    path = write(tmp_path, 'language = "fr"\n[display\nwidth = 3\n')
    config, problems = load_forgiving(str(path), {"HOME": str(tmp_path)})
    assert config.language == "fr" and config.display.width == 800
    assert [p.key for p in problems] == [None] and "is not valid TOML" in str(problems[0])


def test_the_app_starts_on_the_screen_that_says_what_is_wrong(tmp_path: Path) -> None:
    path = write(tmp_path, f'language = "de"\ndata_dir = "{tmp_path / "games"}"\n'
                           '[buttons]\nbackend = "gpoi"\n[leds]\nbackend = "none"\n')
    app = start(str(path))
    try:
        assert not isinstance(app, int)
        assert isinstance(app.overlay, ConfigProblem)
        app.step(0)
        assert app.frames == 1
        assert [w.id for w in app.widgets] == ["config:continue"]
        assert _("The setting {key} cannot be used; it has its default.") != \
            "The setting {key} cannot be used; it has its default."  # in German
        assert app.keyboard is not None  # buttons.backend's default: keys on a desktop
        next(w for w in app.widgets if w.id == "config:continue").on_tap()
        app.step(0)
        assert app.overlay is None and type(app.screen).__name__ == "NewGameScreen"
    finally:
        app.close()


def test_helvetia_run_with_a_bad_config_is_ready_and_says_it_once(tmp_path: Path) -> None:
    """As the unit runs it: READY=1 after the first frame, then the watchdog's pings, and the
    journal has the mistake once (no restart loop: the process runs on)."""
    path = write(tmp_path, 'language = "xx"\n[buttons]\nbackend = "none"\n'
                           '[leds]\nbackend = "none"\n')
    notify = str(tmp_path / "notify")
    env = environment(tmp_path, SDL_VIDEODRIVER="dummy", NOTIFY_SOCKET=notify,
                      WATCHDOG_USEC="400000", HELVETIA_CONFIG=str(path))
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(notify)
        server.settimeout(60)
        app = subprocess.Popen([sys.executable, "-m", "companion.cli", "run"], cwd=tmp_path,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
        try:
            got = [server.recv(64) for _ in range(3)]
            running = app.poll() is None
        finally:
            app.terminate()
            output = app.communicate(timeout=30)[0]
    assert got == [b"READY=1", b"WATCHDOG=1", b"WATCHDOG=1"], output
    assert running, output
    line = (f"helvetia: configuration {path}: language: must be one of 'en', 'de', 'fr', 'it', "
            f"'es', not 'xx'; its default is used")
    assert output.splitlines().count(line) == 1, output
    assert "Traceback" not in output


@pytest.mark.parametrize("driver, tried", [
    ("kmsdrm", "SDL's kmsdrm driver: kmsdrm not available"),
    (None, "SDL's own choice of video driver: SDL found no display and would draw offscreen"),
])
def test_no_display_is_one_line_and_an_exit_the_unit_does_not_restart(
        tmp_path: Path, driver: str | None, tried: str) -> None:
    if Path("/dev/dri").exists():
        pytest.skip("this machine has a DRM device")
    empty = write(tmp_path, "")  # the defaults, not this machine's /etc/helvetia
    env = environment(tmp_path, HELVETIA_CONFIG=str(empty),
                      **({"SDL_VIDEODRIVER": driver} if driver else {}))
    for unit, then in ((False, "Run it in a desktop session"),
                       (True, "Not restarted: fix it, then 'systemctl restart helvetia'")):
        done = subprocess.run([sys.executable, "-m", "companion.cli", "run"], cwd=tmp_path,
                              env=env | ({"INVOCATION_ID": "0" * 32} if unit else {}),
                              capture_output=True, text=True, timeout=200)
        assert done.returncode == NO_DISPLAY, done.stdout + done.stderr
        assert done.stdout == ""
        (line,) = done.stderr.splitlines()
        assert line.startswith(f"helvetia: no display: {tried}"), line
        assert "DRM devices: none" in line and "neither DISPLAY nor WAYLAND_DISPLAY set" in line
        assert then in line
    assert f"RestartPreventExitStatus={NO_DISPLAY}" in UNIT.read_text().splitlines()


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="no Xvfb (apt-get install xvfb)")
@pytest.mark.skipif(Path("/dev/dri").exists(), reason="KMSDRM may work here")
def test_on_a_desktop_kmsdrm_falls_back_to_a_window(tmp_path: Path) -> None:
    """Run by hand with the unit's SDL_VIDEODRIVER=kmsdrm in a desktop session (here an X
    server in memory): a window, READY, and the journal says why it is not KMSDRM."""
    display = f":{40 + os.getpid() % 50}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    notify = str(tmp_path / "notify")
    try:
        socket_file = Path(f"/tmp/.X11-unix/X{display[1:]}")
        end = time.monotonic() + 30
        while not socket_file.exists() and time.monotonic() < end:
            time.sleep(0.05)
        env = environment(tmp_path, SDL_VIDEODRIVER="kmsdrm", DISPLAY=display,
                          NOTIFY_SOCKET=notify, HELVETIA_CONFIG=str(write(
                              tmp_path, '[buttons]\nbackend = "none"\n[leds]\nbackend = "none"\n')))
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
            server.bind(notify)
            server.settimeout(60)
            app = subprocess.Popen([sys.executable, "-m", "companion.cli", "run"], cwd=tmp_path,
                                   env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True)
            try:
                ready = server.recv(64)
            finally:
                app.terminate()
                output = app.communicate(timeout=30)[0]
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=30)
    assert ready == b"READY=1", output
    assert ("helvetia: display: SDL's kmsdrm driver failed (kmsdrm not available); a window on "
            "this desktop instead") in output.splitlines(), output


@pytest.mark.skipif(Path("/dev/dri").exists(), reason="this machine has a DRM device")
def test_right_after_boot_a_display_still_loading_is_waited_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No udev-settle: 10 s after boot the display driver may not be there yet. The start
    tries again each second (here it never comes), for at most 45 s, then says so."""
    from companion.display.app import start as start_module
    slept: list[float] = []
    clock = [0.0]

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock[0] += seconds

    import pygame

    pygame.display.quit()  # SDL reads the driver from the environment at its init
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    env = os.environ
    with pytest.raises(start_module.NoDisplay, match="SDL's kmsdrm driver: kmsdrm not"):
        start_module.open_display(env, since_boot=lambda: 10.0, sleep=sleep,
                                  clock=lambda: clock[0])
    assert slept == [1.0] * 45
    slept.clear()
    with pytest.raises(start_module.NoDisplay):
        start_module.open_display(env, since_boot=lambda: 600.0, sleep=sleep,
                                  clock=lambda: clock[0])
    assert slept == []
