"""The project's rulebook, docs/rules.md, looked up by rule id.

The text ships inside the package as ``splendor_nb/data/rules.md`` (a link to docs/rules.md in
the repository). Each rule is a section headed ``### <rule id>: <title>``; its anchor is
the one GitHub gives that heading, so ``docs/rules.md#`` plus :func:`rule_anchor` links to it.
This module reads only the text: it imports nothing from the package.

>>> "R-TAKE2" in RULE_IDS
True
>>> rule_title("R-LIMIT10")
'ten tokens at most'
"""

from __future__ import annotations

import re
from importlib import resources
from typing import NamedTuple


class _Section(NamedTuple):
    title: str
    anchor: str
    text: str


_RULE_HEADING = re.compile(r"^### (R-[A-Z0-9]+(?:-[A-Z0-9]+)*): (.+)$", re.MULTILINE)
_ANY_HEADING = re.compile(r"^#{1,3} ", re.MULTILINE)
"""A rule's section runs from its heading to the next heading of level 1 to 3."""


def rule_text(rule_id: str) -> str:
    """The rule's section of the rulebook, in markdown, its heading included.

    Raise :class:`KeyError` naming the known ids when ``rule_id`` is not one of them.

    >>> print(rule_text("R-TAKE2").splitlines()[0])
    ### R-TAKE2: two tokens of one colour
    >>> rule_text("take 2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    KeyError: "'take 2' is not a rule id; the rulebook has R-COMP-CARDS, R-COMP-NOBLES, ..."
    """
    return _section(rule_id).text


def rule_title(rule_id: str) -> str:
    """The rule's title: its heading without the id.

    >>> rule_title("R-NOBLE")
    'a noble visits'
    """
    return _section(rule_id).title


def rule_anchor(rule_id: str) -> str:
    """The anchor of the rule's heading on GitHub, without the ``#``.

    >>> rule_anchor("R-TAKE2")
    'r-take2-two-tokens-of-one-colour'
    """
    return _section(rule_id).anchor


def github_anchor(heading: str) -> str:
    """The anchor GitHub makes from a heading's text: lower case, punctuation dropped, each
    space a hyphen (a second heading with the same text would get ``-1`` appended).

    >>> github_anchor("R-END-WIN: who wins")
    'r-end-win-who-wins'
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _section(rule_id: str) -> _Section:
    try:
        return _SECTIONS[rule_id]
    except KeyError:
        raise KeyError(f"{rule_id!r} is not a rule id; the rulebook has "
                       + ", ".join(RULE_IDS)) from None


def _read_sections(text: str) -> dict[str, _Section]:
    sections: dict[str, _Section] = {}
    for heading in _RULE_HEADING.finditer(text):
        following = _ANY_HEADING.search(text, heading.end())
        end = following.start() if following else len(text)
        rule_id, title = heading.groups()
        sections[rule_id] = _Section(title, github_anchor(heading.group()[4:]),
                                     text[heading.start():end].strip())
    return sections


RULEBOOK: str = resources.files("splendor_nb").joinpath("data", "rules.md").read_text(
    encoding="utf-8")
"""The whole rulebook, in markdown."""
_SECTIONS: dict[str, _Section] = _read_sections(RULEBOOK)
RULE_IDS: tuple[str, ...] = tuple(_SECTIONS)
"""Every rule id, in the order of the rulebook."""
