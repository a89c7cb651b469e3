"""Every module of the package has a name of its own: a traceback or an editor's tab that shows
only ``words.py`` or ``review.py`` must say which one it is."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import splendor_nb

PACKAGE = Path(splendor_nb.__file__).parent
SHARED_NAMES = {"__init__.py", "__main__.py"}  # a package's own files, named by the package


def test_no_two_modules_share_a_file_name() -> None:
    where: defaultdict[str, list[str]] = defaultdict(list)
    for module in PACKAGE.rglob("*.py"):
        if module.name not in SHARED_NAMES:
            where[module.name].append(str(module.relative_to(PACKAGE)))
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}
