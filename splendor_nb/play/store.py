"""Nothing lost: games saved to a folder after every turn, listed, and continued.

A game is a replay file (the existing format). The file records what happened, not the deck
order, so a game is continued from its seed: ``new_game(players, seed)`` deals the same decks,
and the file's moves are played on it again. A what-if game (started from a position of
another replay) records in ``headers["branched_from"]`` the file and turn it started from and
the seed that shuffled the cards nobody had seen there.

>>> from splendor_nb import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(seed=5))
>>> _ = replay.play("+wbg")
>>> first, states = live_states(Replay.loads(replay.dumps()))
>>> first, states[-1] == replay.state(1)
(0, True)
"""

from __future__ import annotations

import datetime
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from splendor_nb.engine import GameState, new_game
from splendor_nb.engine.hidden import card_order
from splendor_nb.engine.shuffle import shuffled
from splendor_nb.replay import Replay, ReplayError

GAMES_ENV = "SPLENDOR_GAMES"
"""The environment variable that names the games folder."""
APP_NAME = "splendor-nb"
EVENT = "splendor-nb play"
"""The ``event`` header of games played with :mod:`splendor_nb.play`."""
BRANCH = "branched_from"
"""The header of a what-if game: ``{"file": ..., "turn": ..., "seed": ...}``."""
_UNSAFE = re.compile(r"[^A-Za-z0-9]+")


def games_folder() -> Path:
    """Where games are saved unless told otherwise, the same for the app, the notebooks and
    ``splendor-nb play``: ``$SPLENDOR_GAMES``, else ``games`` in the user's data folder
    (``~/.local/share/splendor-nb/games`` on Linux, platformdirs' ``user_data_path``).

    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {GAMES_ENV: "/tmp/my-games"}):
    ...     games_folder()
    PosixPath('/tmp/my-games')
    >>> with mock.patch.dict(os.environ, {GAMES_ENV: ""}):
    ...     games_folder().parts[-2:]
    ('splendor-nb', 'games')
    """
    named = os.environ.get(GAMES_ENV)
    return Path(named) if named else platformdirs.user_data_path(APP_NAME) / "games"


@dataclass(frozen=True, slots=True)
class SavedGame:
    """An unfinished game in the games folder."""

    path: Path
    names: tuple[str, ...]
    turns: int
    date: str
    modified: float
    """The file's modification time (seconds since the epoch)."""


class GameStore:
    """The games folder: where each game is saved, and which games are unfinished.

    >>> import tempfile
    >>> store = GameStore(tempfile.mkdtemp())
    >>> store.new_path(["Ann", "Hard bot"], seed=7).name.endswith("-ann-v-hard-bot-7.json")
    True
    """

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder if folder is not None else games_folder()).absolute()

    def new_path(self, names: list[str] | tuple[str, ...], seed: int) -> Path:
        """A new file name for a game between ``names`` dealt by ``seed``, dated now, unused in
        the folder (the seed tells apart games started in the same second)."""
        stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")
        slug = "-v-".join(_UNSAFE.sub("-", name).strip("-").lower() or "player"
                          for name in names)[:80]
        path = self.folder / f"{stamp}-{slug}-{seed}.json"
        number = 2
        while path.exists():
            path = self.folder / f"{stamp}-{slug}-{seed}-{number}.json"
            number += 1
        return path

    def save(self, replay: Replay, path: Path) -> None:
        """Save ``replay`` to ``path`` atomically (:meth:`Replay.save`), making the folder."""
        path.parent.mkdir(parents=True, exist_ok=True)
        replay.save(path)

    def unfinished(self) -> list[SavedGame]:
        """The games of :mod:`splendor_nb.play` in the folder that have not ended, the most
        recently saved first. Files that are not such replays are left out."""
        if not self.folder.is_dir():
            return []
        found = []
        for path in self.folder.glob("*.json"):
            try:
                replay = Replay.load(path)
                modified = path.stat().st_mtime
            except (ReplayError, OSError):
                continue
            headers = replay.headers
            if headers.get("event") != EVENT or headers.get("result") or \
                    replay.state(len(replay)).is_over:
                continue
            found.append(SavedGame(path, tuple(replay.names), len(replay),
                                   str(headers.get("date", "")), modified))
        return sorted(found, key=lambda game: (-game.modified, game.path.name))


def live_states(replay: Replay) -> tuple[int, list[GameState]]:
    """The positions of a saved game as they are in play, deck order included: the turn they
    start from (the branch point of a what-if game, else 0) and every position from there.

    Raises ``ValueError`` when the file cannot be continued: no seed, or cards revealed that
    its seed does not deal.
    """
    branch = replay.headers.get(BRANCH)
    if isinstance(branch, dict):
        first = _integer(branch, "turn")
        if not 0 <= first <= len(replay):
            raise ValueError(f"this game cannot be continued: it branched at turn {first}, "
                             f"but its file has {len(replay)} turns")
        state = branch_start(replay.state(first), _integer(branch, "seed"))
    else:
        seed = replay.headers.get("seed")
        if not isinstance(seed, int):
            raise ValueError("this game cannot be continued: its file records no seed")
        first = 0
        state = new_game(replay.players, seed)
        start = replay.state(0)
        if (state.nobles, state.market_rows) != (start.nobles, start.market_rows):
            raise ValueError(f"this game cannot be continued: seed {seed} does not deal "
                             "its setup")
    states = [state]
    for number, entry in enumerate(replay.turns[first:], start=first + 1):
        state = state.apply(entry.move)
        drawn = state.last_drawn.id if state.last_drawn is not None else None
        if drawn != entry.revealed:
            raise ValueError(f"this game cannot be continued: turn {number} revealed "
                             f"{entry.revealed}, but its seed deals {drawn}")
        states.append(state)
    return first, states


def branch_start(state: GameState, seed: int) -> GameState:
    """``state`` with each deck shuffled by ``seed``: the start of a what-if game. The cards
    nobody has seen are put in a fixed order first, so the same seed always deals the same.

    >>> from splendor_nb import new_game
    >>> state = new_game(seed=1)
    >>> reordered = state._replace(decks=tuple(deck[::-1] for deck in state.decks))
    >>> branch_start(state, 3).decks == branch_start(reordered, 3).decks != state.decks
    True
    """
    decks = tuple(tuple(shuffled(sorted(deck, key=card_order), seed, tier))
                  for tier, deck in enumerate(state.decks, start=1))
    return state._replace(decks=decks)


def _integer(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int):
        raise ValueError(f"this game cannot be continued: {BRANCH}.{key} is {value!r}, "
                         "not a whole number")
    return value
