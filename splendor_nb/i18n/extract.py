"""Finding the messages in the sources, for Babel (``make messages``) and for the tests.

Most messages are calls, ``gettext("...")`` or ``translator.ngettext("...", "...", n)``, which
Babel's own Python extractor finds. Some modules keep their words in tables instead
(splendor_nb/play/sentences.py, the turn diagram's ``LABELS``): :func:`extract_tables` is the Babel
extraction method for those. ``babel.cfg`` names each such module and its tables; a table is a
string, or a dict whose values are strings or ``(singular, plural)`` pairs.

>>> import io
>>> found = list(extract_tables(io.BytesIO(b""), [], [], {"module": "splendor_nb.play.sentences",
...                                                       "tables": "PLURALS LIST_END"}))
>>> found[0][1:3]
('ngettext', ('{count} point', '{count} points'))
>>> found[-1][1:]
(None, '{items} and {last}', ['LIST_END'])
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Collection, Iterator, Mapping
from typing import IO

Extracted = tuple[int, str | None, str | tuple[str, ...], list[str]]
"""What a Babel extraction method yields: line, function name, message(s), comments."""


def extract_tables(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                   options: Mapping[str, str]) -> Iterator[Extracted]:
    """Babel extraction method: the strings of the tables ``options["tables"]`` (names
    separated by spaces) of the module ``options["module"]``, as the module computes them.

    The module is imported, so a table built with f-strings yields the texts it really holds.
    Each message comes with its line and an extracted comment that names its table and key;
    ``options["context"]``, if given, is the gettext context of them all (``pgettext``).
    """
    context = options.get("context")
    module = importlib.import_module(options["module"])
    lines = _table_lines(fileobj.read().decode("utf-8"))
    for name in options["tables"].split():
        table = getattr(module, name)
        entries = table.items() if isinstance(table, dict) else [(None, table)]
        for key, value in entries:
            where = name if key is None else f"{name}[{key!r}]"
            line = lines.get((name, key), lines.get((name, None), 0))
            if isinstance(value, tuple) and context:
                yield line, "npgettext", (context, *value), [where]
            elif isinstance(value, tuple):
                singular, plural = value
                yield line, "ngettext", (singular, plural), [where]
            elif context:
                yield line, "pgettext", (context, value), [where]
            else:
                yield line, None, value, [where]


def _table_lines(source: str) -> dict[tuple[str, object], int]:
    """The line of each module-level table, and of each literal key in a dict table."""
    lines: dict[tuple[str, object], int] = {}
    for node in ast.parse(source).body if source else []:
        target, value = _assignment(node)
        if target is None or value is None:
            continue
        lines[(target, None)] = node.lineno
        if isinstance(value, ast.Dict):
            for key, item in zip(value.keys, value.values):
                if isinstance(key, ast.Constant):
                    lines[(target, key.value)] = item.lineno
    return lines


def _assignment(node: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
            node.targets[0], ast.Name):
        return node.targets[0].id, node.value
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id, node.value
    return None, None
