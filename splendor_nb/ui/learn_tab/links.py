"""Text whose rule ids can be clicked, and the turn diagram whose nodes can be clicked.

:class:`LinkedHTML` (an anywidget; static/learn_links.js) shows HTML made here: every rule id
of docs/rules.md in it is a button (``data-rule``), and a diagram drawn with
``diagram_svg(clickable=True)`` has its nodes as buttons (``data-node``). A click, or
Enter/Space, calls Python with ``("rule", "R-TAKE2")`` or ``("node", "q_four")``; the Learn
widgets then show that rule's text (:class:`~splendor_nb.ui.learn_tab.rule_panel.RulePanel`).

>>> print(sentence_html("Two of one colour need a pile of 4, R-TAKE2."))
Two of one colour need a pile of 4, <button type="button" class="splendor-rule-link" \
data-rule="R-TAKE2" title="Read rule R-TAKE2">R-TAKE2</button>.
>>> text = LinkedHTML(sentence_html("See R-LIMIT10."))
>>> seen = []
>>> text.on_click(lambda kind, target: seen.append((kind, target)))
>>> text.click("rule", "R-LIMIT10")
>>> seen
[('rule', 'R-LIMIT10')]
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import anywidget
import ipywidgets as widgets
import mistune
import traitlets

from splendor_nb.diagram import NODES
from splendor_nb.rulebook import RULE_IDS

Kind = Literal["rule", "node"]
Clicked = Callable[[str, str], None]
"""``callback(kind, target)``: ``("rule", rule id)`` or ``("node", diagram node id)``."""

RULE_LINK_CLASS = "splendor-rule-link"
_STATIC = Path(__file__).resolve().parent.parent / "static"
_MARKDOWN = mistune.create_markdown(escape=True, plugins=["table"])
_RULE_ID = re.compile(r"(\(?)\b(R-[A-Z0-9]+(?:-[A-Z0-9]+)*)\b(\)?)")
"""A rule id, with the brackets around it, if any: they stay on its line."""
_TAG = re.compile(r"(<[^>]*>)")
_VALID: dict[str, Callable[[str], bool]] = {
    "rule": lambda target: target in RULE_IDS,
    "node": lambda target: target in NODES,
}


class LinkedHTML(anywidget.AnyWidget):
    """HTML (the ``value`` trait) whose rule ids and diagram nodes call ``on_click``
    callbacks; ``click(kind, target)`` does what a click does, for tests and scripts."""

    _esm = _STATIC / "learn_links.js"
    _css = _STATIC / "learn_links.css"
    value = traitlets.Unicode("").tag(sync=True)

    def __init__(self, value: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("layout", widgets.Layout(width="100%"))
        super().__init__(value=value, **kwargs)
        self.add_class("splendor-linked-html")
        self._callbacks: list[Clicked] = []
        self.on_msg(self._received)

    def on_click(self, callback: Clicked) -> None:
        """Call ``callback(kind, target)`` on every click on a rule id or a diagram node."""
        self._callbacks.append(callback)

    def click(self, kind: str, target: str) -> None:
        """What a click on a rule id (``"rule"``) or a node (``"node"``) does; an unknown one
        is a :class:`ValueError`.

        >>> LinkedHTML().click("node", "no_such_node")
        Traceback (most recent call last):
        ...
        ValueError: not a rule id or diagram node: ('node', 'no_such_node')
        """
        if kind not in _VALID or not _VALID[kind](target):
            raise ValueError(f"not a rule id or diagram node: {(kind, target)!r}")
        for callback in list(self._callbacks):
            callback(kind, target)

    def _received(self, _widget: object, content: Any, _buffers: object) -> None:
        """A message from the page, dropped unless it names a known rule or node (a page is
        not to be trusted)."""
        if isinstance(content, dict) and set(content) == {"kind", "id"} and all(
                isinstance(value, str) for value in content.values()):
            try:
                self.click(content["kind"], content["id"])
            except ValueError:
                return


def markdown_html(text: str) -> str:
    """Markdown (escaped: no HTML of its own gets through) as HTML, its rule ids buttons.

    >>> markdown_html("**Two** of a colour (R-TAKE2)").startswith("<p><strong>Two</strong>")
    True
    >>> markdown_html("<script>x</script>")
    '<p>&lt;script&gt;x&lt;/script&gt;</p>\\n'
    """
    return link_rules(str(_MARKDOWN(text)))


def sentence_html(text: str) -> str:
    """A plain sentence, escaped, its rule ids buttons."""
    return link_rules(html.escape(text))


def link_rules(markup: str) -> str:
    """``markup`` with every rule id of docs/rules.md in its text (not in its tags, nor in a
    link's text) made a button that opens the rule.

    >>> link_rules('<a href="#R-TAKE2">R-TAKE2</a> and r-take2')  # a link's text, lower case
    '<a href="#R-TAKE2">R-TAKE2</a> and r-take2'
    """
    out: list[str] = []
    in_link = False
    for part in _TAG.split(markup):
        if part.startswith("<"):
            name = part[1:].split(None, 1)[0].rstrip(">").lower() if len(part) > 2 else ""
            if name == "a":
                in_link = True
            elif name == "/a":
                in_link = False
            out.append(part)
        else:
            out.append(part if in_link else _RULE_ID.sub(_rule_button, part))
    return "".join(out)


def rule_button(rule_id: str) -> str:
    """The button that opens one rule (as :func:`link_rules` makes them).

    >>> rule_button("R-NOBLE").count("data-rule")
    1
    """
    return (f'<button type="button" class="{RULE_LINK_CLASS}" data-rule="{rule_id}" '
            f'title="Read rule {rule_id}">{rule_id}</button>')


def _rule_button(found: re.Match[str]) -> str:
    opening, rule_id, closing = found.groups()
    if rule_id not in RULE_IDS:
        return found.group(0)
    if not opening and not closing:
        return rule_button(rule_id)
    return f'<span class="splendor-nowrap">{opening}{rule_button(rule_id)}{closing}</span>'
