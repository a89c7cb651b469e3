"""The rulebook (docs/rules.md) in the app: pick a rule by id and read it, or the whole book.

Every error, the turn diagram and the lessons cite rule ids; this is where a reader looks them
up. ``RulesView.show("R-TAKE2")`` opens a rule, as the app's ``?rule=R-TAKE2`` deep link does.
``language=`` shows the rulebook and the picker in that language (docs/rules.fr.md, ...); the
rule ids stay as they are. A learner reads it, not a developer: the headings carry the anchors
the book's own links point to, so its contents and its links to rules work in the page, a
link to another file of the repository is its text alone, and the paragraph on linking to a
rule from GitHub or Python (``rule_anchor(...)``) is left out.

>>> view = RulesView()
>>> view.show("R-TAKE2")
>>> view.picker.value, "R-TAKE2" in view.text.value
('R-TAKE2', True)
>>> RulesView(language="fr").picker.options[0][0]
'Tout le livre de règles'
"""

from __future__ import annotations

import re

import ipywidgets as widgets
import mistune
from mistune.toc import add_toc_hook

from splendor_nb.i18n import PSEUDO_LANGUAGE, translator
from splendor_nb.i18n.translator import PSEUDO_WRAP
from splendor_nb.rulebook import RULE_IDS, github_anchor, rule_text, rule_title, rulebook

WHOLE_BOOK = ""
"""The picker's value for the whole rulebook."""
_MARKDOWN = mistune.create_markdown(escape=True, plugins=["table"])
add_toc_hook(_MARKDOWN, heading_id=lambda heading, _index: github_anchor(heading["text"]))
_FILE_LINK = re.compile(r"(\s*\()?\[([^\]]+)\]\((?!#)[^)\s]+\.md(?:#[^)\s]*)?\)(\))?")
"""A Markdown link to another file of the repository (``[glossary.fr.md](glossary.fr.md)``),
with the brackets around it if any."""
_FOR_DEVELOPERS = "splendor_nb.rulebook."
"""What the paragraph on linking to a rule from Python holds, in every language."""


class RulesView:
    """A rule picker above the rule's text (``.widget``, DOM class ``splendor-rules``)."""

    def __init__(self, rule_id: str = WHOLE_BOOK, *, language: str | None = None) -> None:
        words = translator(language)  # by default the current language, fixed from here on
        self.language = words.language
        self.picker = widgets.Dropdown(
            options=[(words.gettext("The whole rulebook"), WHOLE_BOOK),
                     *((words.gettext("{rule}: {title}", rule=rule,
                                      title=rule_title(rule, self.language)), rule)
                       for rule in RULE_IDS)],
            description=words.gettext("Rule"), style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", max_width="460px"))
        self.text = widgets.HTML(layout=widgets.Layout(max_width="860px"))
        self.text.add_class("splendor-rules-text")
        self.widget = widgets.VBox([self.picker, self.text])
        self.widget.add_class("splendor-rules")
        self.widget.add_class(f"splendor-lang-{self.language}")
        self.picker.observe(lambda change: self._draw(), names="value")
        self.show(rule_id)
        self._draw()

    def show(self, rule_id: str) -> None:
        """Open one rule (``WHOLE_BOOK`` for all); raise ``KeyError`` on an unknown id."""
        if rule_id != WHOLE_BOOK and rule_id not in RULE_IDS:
            rule_text(rule_id)  # raises the KeyError that lists the known ids
        self.picker.value = rule_id

    def _draw(self) -> None:
        rule = self.picker.value
        source = rulebook(self.language) if rule == WHOLE_BOOK else rule_text(rule,
                                                                                self.language)
        text = str(_MARKDOWN(for_readers(source)))
        # The pseudo-language marks the whole rulebook, which is translated as one document
        self.text.value = PSEUDO_WRAP.format(text) if self.language == PSEUDO_LANGUAGE else text


def for_readers(source: str) -> str:
    """The rulebook's Markdown as the app shows it: without the paragraph for developers, a
    link to another file of the repository left out when it is in brackets, else written as
    its text.

    >>> for_readers("Words ([glossary.fr.md](glossary.fr.md)), [R-TAKE2](#r-take2).\\n\\n"
    ...             "In Python, `splendor_nb.rulebook.rule_anchor(...)`.")
    'Words, [R-TAKE2](#r-take2).'
    >>> for_readers("See [the lessons](lessons.md).")
    'See the lessons.'
    """
    kept = [block for block in source.split("\n\n") if _FOR_DEVELOPERS not in block]
    return _FILE_LINK.sub(lambda link: "" if link[1] and link[3] else
                          (link[1] or "") + link[2] + (link[3] or ""), "\n\n".join(kept))
