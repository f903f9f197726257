"""``python -m tests.screenshots [DIR] [--language LANG]``: re-makes ``docs/screenshots/``
(every screen at 800 x 480) and says any text that does not fit or lacks contrast."""

from tests.screens import main

if __name__ == "__main__":
    raise SystemExit(main())
