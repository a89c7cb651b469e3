"""The bots' names, said in a language. A seat's bot is named after its level ("Medium bot";
``splendor-nb simulate`` numbers them: "Medium bot 2"), and a replay file keeps the name it
was played under; :func:`player_names` says a bot's English name in the reader's language,
and a seat under the default name ("Player 2") in it. A person's name stays as written.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(), {"players": [
...     {"name": "Medium bot 1", "kind": "ai", "level": "medium"}, {"name": "Ann"}]})
>>> player_names(replay, "fr")
['Bot moyen 1', 'Ann']
"""

from __future__ import annotations

import re

from splendor_nb.i18n import N_, translator
from splendor_nb.replay import Replay

BOT_NAMES: dict[str, str] = {"easy": N_("Easy bot"), "medium": N_("Medium bot"),
                             "hard": N_("Hard bot"), "expert": N_("Expert bot")}
"""The bots' names by level, in English (:func:`bot_name` says them in a language)."""


def bot_name(level: str, language: str | None = None) -> str:
    """A bot's name in ``language`` (default: the current language).

    >>> bot_name("hard", "es")
    'Bot difícil'
    """
    return translator(language).gettext(BOT_NAMES.get(level, level))


def player_names(replay: Replay, language: str | None = None) -> list[str]:
    """The players' names as a page in ``language`` says them: a bot under its level's
    English name (and a number), or a seat under the replay's default name ("Player 2"), in that
    language.

    >>> from splendor_nb.engine import new_game
    >>> player_names(Replay.from_state(new_game(players=3)), "tr")
    ['Oyuncu 1', 'Oyuncu 2', 'Oyuncu 3']
    """
    words = translator(language)
    entries = replay.headers.get("players") or []
    said = []
    for index, name in enumerate(replay.names):
        entry = entries[index] if index < len(entries) and isinstance(entries[index], dict) \
            else {}
        level = entry.get("level") if entry.get("kind") == "ai" else None
        english = BOT_NAMES.get(level) if isinstance(level, str) else None
        numbered = re.fullmatch(rf"{re.escape(english)}( \d+)?", name) if english else None
        if numbered is not None and english is not None:
            said.append(words.gettext(english) + (numbered.group(1) or ""))
        elif name == f"Player {index + 1}":  # the name a replay gives a seat it is not told
            said.append(words.gettext("Player {number}", number=index + 1))
        else:
            said.append(name)
    return said
