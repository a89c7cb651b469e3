"""Run the benchmarks: ``python -m benchmarks`` (all) or ``python -m benchmarks engine replay``."""

from __future__ import annotations

import importlib
import sys

NAMES = ("engine", "replay_load", "board", "tournament", "viewer", "corpus", "play", "trainer")
ON_REQUEST = ("instructions", "load", "first_visit", "learn_tab")
"""Run only when named, as they take minutes: instructions needs valgrind; load serves the demo
to a crowd of browsers (``python -m benchmarks.load`` takes scenarios and voila options);
first_visit to one visitor at a time, reading whose CPU each visit costs."""


def main(argv: list[str]) -> None:
    for name in argv or NAMES:
        if name not in NAMES + ON_REQUEST:
            raise SystemExit(f"unknown benchmark {name!r}; choose from "
                             f"{', '.join(NAMES + ON_REQUEST)}")
        print(f"== {name}")
        importlib.import_module(f"benchmarks.{name}").run()


if __name__ == "__main__":
    main(sys.argv[1:])
