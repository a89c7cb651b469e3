"""The replay format's schema (``splendor_nb/data/replay.schema.json``, docs/replay-format.md)
and the checks of a document against it, made before any move is replayed.

>>> document_problem({"format": "splendor-nb-replay", "version": 3})
(None, 'unknown replay version 3; this splendor_nb reads versions 1 and 2')
>>> checked_headers(2, 7, {"event": "club night"})["seed"]
7
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import Any

import fastjsonschema

from splendor_nb.replay.move_paths import MAX_NESTING
from splendor_nb.replay.replay_errors import FORMAT_RULE, ReplayError
from splendor_nb.replay.strict_json import read_document

FORMAT = "splendor-nb-replay"
VERSION = 2
"""The newest version this splendor_nb writes: a replay without variations and without an
analysis is still written as version 1."""
VERSIONS = (1, 2)


def checked_headers(players: int, seed: int | None, given: dict[str, Any] | None
                    ) -> dict[str, Any]:
    """The default headers updated with ``given``, checked against the schema."""
    headers: dict[str, Any] = {
        "players": [{"name": f"Player {i + 1}", "kind": "human", "level": None}
                    for i in range(players)],
        "date": datetime.date.today().isoformat(),
        "event": "",
        "result": "",
        "notes": "",
        "seed": seed,
    }
    headers.update(given or {})
    try:
        _validator("headers")(headers)
    except fastjsonschema.JsonSchemaValueException as error:
        raise ReplayError(f"bad headers: {_schema_message(error)}", rule=FORMAT_RULE) from None
    if len(headers["players"]) != players:
        raise ReplayError(f"bad headers: {len(headers['players'])} players named for a "
                          f"{players}-player game", rule=FORMAT_RULE)
    return headers


def document_problem(document: Any) -> tuple[int | None, str]:
    """What makes a JSON document not a replay: ``(index of the bad turn or None, message)``,
    ``""`` if nothing. A bad turn is given alone when the rest is valid (see
    :func:`_schema_problem`).
    """
    if not isinstance(document, dict):
        return None, (f"not a splendor-nb replay: the file holds a JSON "
                      f"{type(document).__name__}, not an object")
    if document.get("format") != FORMAT:
        return None, f"not a splendor-nb replay: format is {document.get('format')!r}"
    version = document.get("version")
    if version not in VERSIONS:
        return None, (f"unknown replay version {version!r}; this splendor_nb reads versions "
                      f"{' and '.join(map(str, VERSIONS))}")
    if type(version) is not int:
        return None, f"version: must be the integer {int(version)}, not {version!r}"
    problem = _nesting_problem(document.get("turns"))
    if problem:
        return None, f"not a valid replay: {problem}"
    bad_turn, problem = _schema_problem(document)
    if bad_turn is None and problem:
        return None, f"not a valid replay: {problem}"
    named, players = len(document["headers"]["players"]), document["setup"]["players"]
    if named != players:
        return None, f"not a valid replay: headers name {named} players but the setup has {players}"
    return bad_turn, problem


def check_loadable(data: bytes) -> None:
    """A :class:`ReplayError`, "cannot be saved: ...", when
    :meth:`~splendor_nb.replay.Replay.load` would refuse ``data`` before replaying its moves
    (they were checked as they were played).
    """
    try:
        bad_turn, problem = document_problem(read_document(data))
    except ReplayError as error:
        bad_turn, problem = None, str(error)
    if problem:
        where = "" if bad_turn is None else f"turn {bad_turn + 1}: "
        raise ReplayError(f"cannot be saved: {where}{problem}", rule=FORMAT_RULE)


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The replay format's JSON Schema, read once from the package's data."""
    text = resources.files("splendor_nb").joinpath("data", "replay.schema.json")
    loaded: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return loaded


@lru_cache(maxsize=2)
def _validator(part: str | None = None) -> Callable[[Any], Any]:
    """The schema compiled once to a Python function; ``part`` names one top-level property.

    fastjsonschema, not jsonschema: importing jsonschema here costs seconds (it builds an IRI
    parser at import when rfc3987-syntax is installed, as Jupyter's packages do).
    """
    whole = schema()
    return fastjsonschema.compile(whole if part is None else whole["properties"][part])


def _schema_problem(document: dict[str, Any]) -> tuple[int | None, str]:
    """The first schema violation: ``(index of the bad turn or None, message)``; ``""`` if none.

    When the violation lies inside ``turns`` and the rest of the document is valid, the index of
    the first bad turn is given so that the turns before it can still be loaded.
    """
    try:
        _validator()(document)
    except fastjsonschema.JsonSchemaValueException as error:
        path = list(error.path)[1:]
        if len(path) >= 2 and path[0] == "turns" and str(path[1]).isdigit():
            try:
                _validator()({**document, "turns": []})
            except fastjsonschema.JsonSchemaValueException as outer:
                return None, _schema_message(outer)
            return int(path[1]), _schema_message(error, skip=2)
        return None, _schema_message(error)
    return None, ""


def _schema_message(error: fastjsonschema.JsonSchemaValueException, skip: int = 0) -> str:
    """``"where: what"`` from a schema error, the path read as ``turns/3/glyph``."""
    path = list(error.path)[1 + skip:]
    where = "/".join(str(p) for p in path) or ("turn" if skip else "the document")
    what = error.message.removeprefix(error.name or "").strip()
    return f"{where}: {what}"


def _nesting_problem(turns: Any) -> str:
    """Which turn holds variations nested deeper than :data:`MAX_NESTING` (``""`` if none):
    found by a loop, before the schema's checks and the replay recurse into them."""
    for index, turn in enumerate(turns if isinstance(turns, list) else ()):
        waiting: list[tuple[Any, int]] = [(turn, 0)]
        while waiting:
            move, depth = waiting.pop()
            variations = move.get("variations") if isinstance(move, dict) else None
            if not isinstance(variations, list):
                continue
            if depth == MAX_NESTING:
                return f"turns/{index}: variations nested more than {MAX_NESTING} deep"
            waiting.extend((inner, depth + 1) for line in variations
                           if isinstance(line, list) for inner in line)
    return ""
