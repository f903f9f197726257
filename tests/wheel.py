"""The wheel, built from the sources as a clone has them (no .git, no virtual environment, no
compiled catalogue: the build compiles them).

    python -m tests.wheel OUTDIR

builds it into OUTDIR and prints its path: ``scripts/test.sh`` builds it once this way and hands
it to the suite (``HELVETIA_TEST_WHEEL``); without it the wheel tests build their own.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_IN_A_CLONE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info",
                                        "__pycache__", ".pytest_cache", ".ruff_cache",
                                        ".mypy_cache", ".hypothesis", "*.mo")
"""What is not in a fresh clone (or is built): left out of the copy the wheel is built from."""


def build(out: Path) -> Path:
    """The wheel, built in ``out`` from a copy of the sources as a clone has them."""
    with tempfile.TemporaryDirectory(prefix="helvetia-clone-") as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(ROOT, src, ignore=NOT_IN_A_CLONE)
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                               "-w", str(out), str(src)], capture_output=True, text=True,
                              timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"the wheel did not build:\n{done.stdout}\n{done.stderr}")
    (found,) = out.glob("helvetia_companion-*.whl")
    return found


if __name__ == "__main__":
    print(build(Path(sys.argv[1])))
