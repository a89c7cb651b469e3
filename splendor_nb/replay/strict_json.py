"""A replay file's bytes read as strict JSON text, which Python's json alone is not: a key twice
in one object, NaN, a number of 5,000 digits or a lone surrogate are refused, with where.

>>> read_document(b'{"players": 2}')
{'players': 2}
>>> read_document(b'{"a": 1, "a": 2}')
Traceback (most recent call last):
...
splendor_nb.replay.ReplayError: not valid JSON text: the document: the key ...
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

from splendor_nb.replay.replay_errors import FORMAT_RULE, ReplayError

MAX_BYTES = 10 * 1024 * 1024
"""Larger files are refused before being read, and so are replays that would save larger: a
real game is a few kilobytes."""
MAX_NUMBER_CHARS = 100
"""Longer number literals are refused: a seed needs 20 digits, and Python's ``int()`` refuses
4,301 digits with a ValueError of its own."""


def read_document(data: bytes) -> Any:
    """The JSON document in a replay file's bytes; a :class:`ReplayError` for anything that is
    not strict JSON text: over :data:`MAX_BYTES`, not UTF-8, not JSON, a key twice in one
    object, a number longer than :data:`MAX_NUMBER_CHARS` or not finite, a lone surrogate.
    """
    if len(data) > MAX_BYTES:
        raise ReplayError(f"{len(data)} bytes is too large for a replay (limit {MAX_BYTES})",
                          rule=FORMAT_RULE)
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark from an editor is fine
    except UnicodeDecodeError as error:
        raise ReplayError(f"not UTF-8 text: byte {error.start} is invalid",
                          rule=FORMAT_RULE) from error
    strict = _StrictJson()
    try:
        document = json.loads(text, object_pairs_hook=strict.object, parse_int=strict.integer,
                              parse_float=strict.number, parse_constant=strict.constant)
    except json.JSONDecodeError as error:
        raise ReplayError(f"not valid JSON: {error.msg} at line {error.lineno} column "
                          f"{error.colno}", rule=FORMAT_RULE) from error
    except RecursionError as error:
        raise ReplayError("not a replay: JSON nested too deeply", rule=FORMAT_RULE) from error
    if strict.refused or _SURROGATE_ESCAPE.search(text):  # else the walk finds nothing
        problem = first_refusal(document)
        if problem:
            raise ReplayError(f"not valid JSON text: {problem}", rule=FORMAT_RULE)
    return document


class _Refused:
    """A value the JSON parser read but a replay refuses; :func:`first_refusal` says where."""

    __slots__ = ("problem",)

    def __init__(self, problem: str) -> None:
        self.problem = problem


class _JsonFloat(float):
    """A number written with a fraction or an exponent, which is never an integer, whatever its
    value: fastjsonschema (as JSON Schema) takes ``2.0`` for an integer by asking
    ``is_integer()``; a replay writes its integers (version, players, seed) as ``2``.
    """

    def is_integer(self) -> bool:
        return False


class _StrictJson:
    """json.loads's hooks for strict JSON text. A value refused is left where it stands as a
    :class:`_Refused` (:func:`first_refusal` then says where) and noted in ``refused``.
    """

    def __init__(self) -> None:
        self.refused = False

    def object(self, pairs: list[tuple[str, Any]]) -> dict[str, Any] | _Refused:
        document = dict(pairs)
        if len(document) == len(pairs):
            return document
        seen: set[str] = set()
        for key, _ in pairs:  # json.loads alone keeps the last of a repeated key, silently
            if key in seen:
                return self._refuse(f"the key {_quoted(key)} appears twice in one object")
            seen.add(key)
        raise AssertionError("a shorter dict has a repeated key")

    def integer(self, text: str) -> int | _Refused:
        if len(text) > MAX_NUMBER_CHARS:
            return self._refuse(f"an integer of {len(text)} characters (the limit is "
                                f"{MAX_NUMBER_CHARS})")
        return int(text)

    def number(self, text: str) -> float | _Refused:
        if len(text) > MAX_NUMBER_CHARS:
            return self._refuse(f"a number of {len(text)} characters (the limit is "
                                f"{MAX_NUMBER_CHARS})")
        number = _JsonFloat(text)
        return number if math.isfinite(number) else self._refuse(f"{text} is too large "
                                                                 "for a number")

    def constant(self, text: str) -> _Refused:
        return self._refuse(f"{text} is not a JSON number")  # Python's json reads NaN, Infinity

    def _refuse(self, problem: str) -> _Refused:
        self.refused = True
        return _Refused(problem)


_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # how JSON text holds one


def first_refusal(document: Any) -> str:
    """``"where: what"`` for the first refused value or lone surrogate, in file order; ``""``
    if none. A loop over a stack of the open objects and lists, not a recursion (json.loads
    takes deeper nesting than Python's recursion limit leaves to a caller), and in memory as
    deep as the document, not as large.
    """
    problem = _refusal(document)
    if problem:
        return f"the document: {problem}"
    stack: list[tuple[str, Iterator[tuple[Any, Any]]]] = [("", _children(document))]
    while stack:
        where, children = stack[-1]
        for key, item in children:
            problem = _refusal(item)
            if problem:
                return f"{where}{key}: {problem}"
            if isinstance(item, dict | list):
                stack.append((f"{where}{key}/", _children(item)))
                break
        else:
            stack.pop()
    return ""


def _refusal(value: Any) -> str:
    """What is wrong with this one value (a dict's keys included, not its values); ``""``."""
    if isinstance(value, _Refused):
        return value.problem
    if isinstance(value, str):
        return _lone_surrogate(value)
    if isinstance(value, dict):
        for key in value:
            if isinstance(key, str) and _lone_surrogate(key):
                return f"the key {_quoted(key)} holds {_lone_surrogate(key)}"
    return ""


def _children(value: Any) -> Iterator[tuple[Any, Any]]:
    if isinstance(value, dict):
        return iter(value.items())
    return enumerate(value) if isinstance(value, list) else iter(())


def _lone_surrogate(text: str) -> str:
    """What is wrong with a lone surrogate in ``text`` (``""`` if none): ``"\\ud800"`` unpaired
    in JSON is half of a UTF-16 pair, not text, and cannot be saved as UTF-8.
    """
    found = _SURROGATE.search(text)
    if found is None:
        return ""
    return (f"a lone surrogate {ascii(found.group())[1:-1]} at character {found.start()} "
            "(half of a UTF-16 pair: not text)")


def _quoted(text: str) -> str:
    """``text`` as an ASCII literal, cut to 40 characters: error messages stay short."""
    return ascii(text if len(text) <= 40 else text[:40] + "...")

