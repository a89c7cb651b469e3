"""Run the benchmarks: ``python -m benchmarks`` (all) or ``python -m benchmarks engine replay``."""

from __future__ import annotations

import importlib
import sys

NAMES = ("engine", "replay_load", "tournament", "viewer", "corpus")
ON_REQUEST = ("instructions",)
"""Run only when named: they need valgrind and take minutes."""


def main(argv: list[str]) -> None:
    for name in argv or NAMES:
        if name not in NAMES + ON_REQUEST:
            raise SystemExit(f"unknown benchmark {name!r}; choose from "
                             f"{', '.join(NAMES + ON_REQUEST)}")
        print(f"== {name}")
        importlib.import_module(f"benchmarks.{name}").run()


if __name__ == "__main__":
    main(sys.argv[1:])
