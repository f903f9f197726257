"""The systemd unit's sandbox, rebuilt where systemd cannot run it (a container without systemd
as PID 1): the unit is parsed, and the settings that plain Linux tools can reproduce are
applied to a command, so the installed app can be started under them in CI.

Reproduced: ``User``/``Group`` (an unprivileged uid, the ``SupplementaryGroups`` that exist
here), ``NoNewPrivileges``, an empty ``CapabilityBoundingSet``/``AmbientCapabilities``,
``ProtectSystem=strict`` (every mount read-only but ``/dev``, ``/proc``, ``/sys``),
``ProtectHome`` and ``PrivateTmp`` (empty tmpfs over them), ``StateDirectory`` (a fresh
writable ``/var/lib/<name>``, also the ``WorkingDirectory``), ``UMask``, the unit's
``Environment``, ``RestrictAddressFamilies`` (a seccomp filter on ``socket()``, as systemd
installs it) and ``SystemCallFilter``/``SystemCallErrorNumber`` (a seccomp allow-list of the
unit's groups, expanded by ``systemd-analyze syscall-filter``; left out where that is missing).
Not reproduced (they need systemd, cgroups or a real device): ``DevicePolicy``/``DeviceAllow``,
``IPAddressDeny``, ``ProtectKernel*``, ``ProtectClock``, ``ProtectProc``,
``Restrict{Namespaces,Realtime,SUIDSGID}``, ``LockPersonality``, ``RemoveIPC``,
``SystemCallArchitectures`` (calls of another ABI pass),
``RuntimeDirectory`` (the runtime dir is made in the private tmp).

``python -m tests.sandbox --unit UNIT [--keep DIR ...] -- COMMAND`` runs COMMAND that way (as
root).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import errno
import grp
import os
import platform
import shlex
import socket
import struct
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

UNPRIVILEGED = 65534  # nobody: the unit's own user does not exist here

# seccomp, as systemd's RestrictAddressFamilies= builds it: socket()'s first argument
# (the family) against an allow-list; anything else fails with EAFNOSUPPORT.
AUDIT_ARCH = {"x86_64": (0xC000003E, 41), "aarch64": (0xC00000B7, 198)}  # arch, __NR_socket
BPF_LD_W_ABS, BPF_JEQ_K, BPF_RET_K = 0x20, 0x15, 0x06
SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO = 0x7FFF0000, 0x00050000
EAFNOSUPPORT = 97
PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2


def unit_settings(path: Path) -> dict[str, list[str]]:
    """Each key of the unit's sections with all its values in order (keys may repeat)."""
    settings: dict[str, list[str]] = {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";", "[")):
            continue
        key, _, value = line.partition("=")
        settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def address_families(settings: dict[str, list[str]]) -> list[str]:
    """The families ``RestrictAddressFamilies=`` allows (an allow-list; the last empty
    assignment resets it, as in systemd)."""
    families: list[str] = []
    for value in settings.get("RestrictAddressFamilies", []):
        if not value:
            families = []
        elif value.startswith("~"):
            raise ValueError("a deny-list of address families is not reproduced here")
        else:
            families += value.split()
    return families


def restrict_address_families(families: Sequence[str]) -> None:
    """Install the seccomp filter in this process (inherited by everything it executes)."""
    arch, nr_socket = AUDIT_ARCH[platform.machine()]
    numbers = [int(getattr(socket, f)) for f in families]
    allow = len(numbers) + 6  # index of the final RET ALLOW
    program = [(BPF_LD_W_ABS, 0, 0, 4),                      # seccomp_data.arch
               (BPF_JEQ_K, 0, allow - 2, arch),
               (BPF_LD_W_ABS, 0, 0, 0),                      # seccomp_data.nr
               (BPF_JEQ_K, 0, allow - 4, nr_socket),
               (BPF_LD_W_ABS, 0, 0, 16)]                     # args[0], the family
    for i, number in enumerate(numbers):
        program.append((BPF_JEQ_K, allow - (5 + i) - 1, 0, number))
    program += [(BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | EAFNOSUPPORT),
                (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW)]
    assert len(program) == allow + 1
    _install(program)


def restrict_system_calls(allowed: Sequence[int], errno: int) -> None:
    """Install a seccomp allow-list of system call numbers: any other call fails with
    ``errno`` (SystemCallFilter= with SystemCallErrorNumber=)."""
    arch, _ = AUDIT_ARCH[platform.machine()]
    program = [(BPF_LD_W_ABS, 0, 0, 4), (BPF_JEQ_K, 1, 0, arch),
               (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW),  # another ABI: not filtered
               (BPF_LD_W_ABS, 0, 0, 0)]
    for number in sorted(set(allowed)):
        program += [(BPF_JEQ_K, 0, 1, number), (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW)]
    program.append((BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | errno))
    _install(program)


def _install(program: list[tuple[int, int, int, int]]) -> None:
    code = b"".join(struct.pack("HBBI", *ins) for ins in program)
    buffer = ctypes.create_string_buffer(code)

    class Prog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    prog = Prog(len(program), ctypes.addressof(buffer))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or libc.prctl(
            PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "seccomp filter refused")


def system_call_groups() -> dict[str, list[str]] | None:
    """systemd's system call groups (``@name`` -> members, groups among them), or None
    without ``systemd-analyze``."""
    try:
        out = subprocess.run(["systemd-analyze", "syscall-filter", "--no-pager"],
                             capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    groups: dict[str, list[str]] = {}
    current = None
    for line in out.splitlines():
        if line.startswith("@"):
            current = groups.setdefault(line.strip(), [])
        elif current is not None and line.startswith("    ") and not line.strip().startswith("#"):
            current.append(line.strip())
    return groups or None


def system_call_numbers() -> dict[str, int]:
    """This machine's system call numbers by name, from the kernel headers."""
    header = {"x86_64": "/usr/include/x86_64-linux-gnu/asm/unistd_64.h",
              "aarch64": "/usr/include/asm-generic/unistd.h"}[platform.machine()]
    numbers = {}
    for line in Path(header).read_text().splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[0] == "#define" and fields[2].isdigit():
            name = fields[1].removeprefix("__NR3264_").removeprefix("__NR_")
            if name != fields[1]:
                numbers[name] = int(fields[2])
    return numbers


def allowed_system_calls(settings: dict[str, list[str]]) -> list[int] | None:
    """The numbers ``SystemCallFilter=`` allows (an allow-list, then ``~`` entries taken out,
    as systemd does), or None when it cannot be worked out here."""
    groups = system_call_groups()
    values = settings.get("SystemCallFilter", [])
    if groups is None or not values or values[0].startswith("~"):
        return None

    def expand(names: Sequence[str]) -> set[str]:
        out: set[str] = set()
        for name in names:
            out |= expand(groups[name]) if name.startswith("@") else {name}
        return out

    allowed: set[str] = set()
    for value in values:
        if value.startswith("~"):
            allowed -= expand(value[1:].split())
        else:
            allowed |= expand(value.split())
    numbers = system_call_numbers()
    return sorted(numbers[n] for n in allowed if n in numbers)


def supported() -> str | None:
    """None when the sandbox can be built here, else why not."""
    if sys.platform != "linux" or platform.machine() not in AUDIT_ARCH:
        return "needs Linux on x86_64 or aarch64"
    if os.geteuid() != 0:
        return "needs root (mount namespaces, a change of user)"
    from shutil import which
    if not (which("unshare") and which("setpriv")):
        return "needs unshare and setpriv (util-linux)"
    if os.system("unshare -m true 2>/dev/null") != 0:
        return "cannot create a mount namespace here"
    return None


def environment(settings: dict[str, list[str]], state: Path, runtime: Path) -> dict[str, str]:
    """The environment the unit gives: its Environment= lines, what systemd sets itself."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
           "HOME": str(state), "STATE_DIRECTORY": str(state),
           "RUNTIME_DIRECTORY": str(runtime)}
    for value in settings.get("Environment", []):
        for item in shlex.split(value):
            key, _, v = item.partition("=")
            env[key] = v
    env["XDG_RUNTIME_DIR"] = str(runtime)
    return env


def command(unit: Path, argv: Sequence[str], keep: Sequence[Path] = ()) -> list[str]:
    """``argv`` wrapped in the unit's sandbox. ``keep``: paths that stay visible (read-only)
    where they are, e.g. the installed venv and a notify socket's folder under /tmp."""
    settings = unit_settings(unit)
    # The interpreter stays where it is (on the Pi /usr/bin/python3; here it may live in a
    # home directory, which ProtectHome= would hide), and so does this file's stage that
    # installs the address-family filter.
    keep = [*dict.fromkeys([Path(sys.base_prefix), Path(sys.prefix),
                            Path(__file__).resolve().parent, *keep])]
    state = Path("/var/lib") / settings["StateDirectory"][0]
    runtime = Path("/tmp/run") / settings["RuntimeDirectory"][0]
    groups = [g for g in settings.get("SupplementaryGroups", [""])[0].split() if _gid(g)]
    umask = settings.get("UMask", ["0022"])[0]
    q = shlex.quote
    script = [
        "set -e",
        # ProtectSystem=strict: every mount read-only, but the API file systems.
        "for m in $(awk '{print $5}' /proc/self/mountinfo | sort -u); do case $m in "
        "/proc|/proc/*|/sys|/sys/*|/dev|/dev/*) ;; *) mount -o remount,bind,ro $m "
        "2>/dev/null || true;; esac; done",
        "if [ -w / ] || [ -w /usr ]; then echo 'sandbox: / stays writable' >&2; exit 3; fi",
        "mount -t tmpfs -o mode=0755 tmpfs /mnt",
    ]
    for i, path in enumerate(keep):
        script += [f"mkdir /mnt/{i}", f"mount --bind {q(str(path))} /mnt/{i}"]
    if settings.get("PrivateTmp") != ["yes"]:
        raise ValueError("the runtime directory is made in the private /tmp: PrivateTmp=yes")
    script += [f"mount -t tmpfs -o mode=1777 tmpfs {d}" for d in ("/tmp", "/var/tmp")]
    if settings.get("ProtectHome") in (["yes"], ["tmpfs"], ["read-only"]):
        script += [f"[ -d {d} ] && mount -t tmpfs -o mode=0755 tmpfs {d} || true"
                   for d in ("/home", "/root", "/run/user")]
    for i, path in enumerate(keep):
        script += [f"mkdir -p {q(str(path))}", f"mount --bind /mnt/{i} {q(str(path))}",
                   f"mount -o remount,bind,ro {q(str(path))}"]
    script += [
        # StateDirectory=, the WorkingDirectory: fresh and the user's own.
        "mount -t tmpfs -o mode=0755 tmpfs /var/lib",
        f"mkdir -p {state} {runtime}",
        f"chown {UNPRIVILEGED}:{UNPRIVILEGED} {state} {runtime}",
        f"chmod {settings.get('StateDirectoryMode', ['0755'])[0]} {state}",
        f"chmod {settings.get('RuntimeDirectoryMode', ['0755'])[0]} {runtime}",
        f"cd {state}",
        f"umask {umask}",
        "exec setpriv --reuid={u} --regid={u} {groups} --no-new-privs --bounding-set=-all "
        "--inh-caps=-all --ambient-caps=-all \"$@\"".format(
            u=UNPRIVILEGED,
            groups="--groups=" + ",".join(str(_gid(g)) for g in groups) if groups
            else "--clear-groups"),
    ]
    inner = [sys.executable, "-I", str(Path(__file__).resolve())]
    if "RestrictAddressFamilies" in settings:  # else every family, as in systemd
        inner += ["--families", ",".join(address_families(settings))]
    calls = allowed_system_calls(settings)
    if calls is not None:
        errno_name = settings.get("SystemCallErrorNumber", ["EPERM"])[-1]
        inner += ["--syscalls", ",".join(map(str, calls)),
                  "--errno", str(getattr(errno, errno_name))]
    inner += ["--", *argv]
    env = ["env", "-i", *(f"{k}={v}" for k, v in environment(settings, state, runtime).items())]
    return ["unshare", "-m", "--propagation", "private", "sh", "-c", "\n".join(script),
            "sandbox", *env, *inner]


def uevent_sockets(pid: int | str = "self") -> list[str]:
    """The groups of the NETLINK_KOBJECT_UEVENT sockets process ``pid`` holds (udev's monitor
    listens on group 2, the kernel's on 1)."""
    held = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):  # closed meanwhile
            held.add(os.readlink(fd))
    found = []
    for line in Path(f"/proc/{pid}/net/netlink").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == "15" and f"socket:[{fields[-1]}]" in held:
            found.append(fields[3])
    return found


def _gid(name: str) -> int | None:
    try:
        return grp.getgrnam(name).gr_gid
    except KeyError:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--families", help="(inside) install the address-family filter")
    parser.add_argument("--syscalls", help="(inside) install the system call allow-list")
    parser.add_argument("--errno", type=int, default=errno.EPERM)
    parser.add_argument("--unit", type=Path)
    parser.add_argument("--keep", type=Path, action="append", default=[])
    parser.add_argument("argv", nargs="+")
    args = parser.parse_args(argv)
    if args.families is not None or args.syscalls is not None:  # the last stage, inside
        if args.families is not None:
            restrict_address_families([f for f in args.families.split(",") if f])
        if args.syscalls is not None:
            restrict_system_calls([int(n) for n in args.syscalls.split(",")], args.errno)
        os.execvp(args.argv[0], args.argv)
    why = supported()
    if why:
        print(f"sandbox: {why}", file=sys.stderr)
        return 2
    cmd = command(args.unit, args.argv, args.keep)
    os.execvp(cmd[0], cmd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
