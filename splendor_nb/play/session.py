"""A game being played: seats, the replay being recorded, whose view to show, bots, hot seat,
take back, resign, hints, the end, rematch, what-if, and saving after every turn.

A view (the Play widget, the terminal) observes the traits and calls the methods: ``click``
for the board, the :attr:`builder`'s methods for the turn's buttons and prompts, ``bot_step``
when a bot is to move (after a short pause, in a thread or an asyncio task: ``thinking`` is
true while it chooses), ``uncover`` when the next person has taken the seat. ``changed`` is
bumped once after every change, when everything is consistent: observe it to redraw.

>>> import tempfile
>>> session = PlaySession(["Ann", "easy"], seed=3, games_dir=tempfile.mkdtemp())
>>> for colour in ("white", "blue", "green"):
...     _ = session.click({"action": "supply", "colour": colour})
>>> session.builder.confirm()
>>> session.log[-1]
'Ann took white, blue and green.'
>>> session.bot_step(), session.state.current_player, session.path.exists()
(True, 0, True)

The session speaks its :attr:`language` (every sentence it makes: the turns in words, the
status line, refusals); :meth:`set_language` says the whole game again in another one.

>>> session.set_language("fr"); session.log[0]
'Ann a pris des jetons diamant, saphir et émeraude.'
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from traitlets import Bool, HasTraits, Instance, Int, Unicode

from splendor_nb.ai import Bot
from splendor_nb.engine import GameState, new_game
from splendor_nb.i18n import normalise_language, spoken, use_language
from splendor_nb.moves import IllegalMoveError, InvalidMoveError, Move
from splendor_nb.play.describe import describe_turn
from splendor_nb.play.hint import Hint, hint, hint_reason, move_in_words
from splendor_nb.play.outcome import Outcome, outcome
from splendor_nb.play.seats import Seat, parse_seats, seating
from splendor_nb.play.sentences import say
from splendor_nb.play.store import (
    BRANCH,
    EVENT,
    GameStore,
    SavedGame,
    branch_start,
    live_states,
)
from splendor_nb.play.turn import Refusal, TurnBuilder
from splendor_nb.render import Interaction
from splendor_nb.replay import Replay

SEED_RANGE = 1 << 31
"""New games without a seed draw one below this (and record it, so they can be continued)."""
RESIGNED = "resigned"
"""The header naming the player (index) who resigned."""


class PlaySession(HasTraits):
    """A game between ``seats`` (names or :class:`Seat`; see :func:`parse_seats`), in table
    order, ``seats[first]`` starting (R-SETUP-ORDER). ``seed`` deals the game (a new one each
    time when ``None``). Games are saved to ``games_dir`` after every turn unless ``autosave``
    is false. ``hint_budget`` is the expert bot's simulations for a hint.
    """

    state = Instance(GameState, help="The position, as it really is (deck order included).")
    viewer = Int(None, allow_none=True, help="The player whose view is shown; None: all.")
    cover = Int(None, allow_none=True,
                help="Hot seat: the person the board waits for, hidden until uncover().")
    builder = Instance(TurnBuilder, allow_none=True, help="The person to move's turn.")
    thinking = Bool(False, help="A bot is choosing its move, or the hint is being worked out.")
    over = Bool(False, help="The game has ended (R-END-TRIGGER, R-PASS) or someone resigned.")
    said = Unicode("", help="The last turn, in words.")
    message = Unicode("", help="The last refusal or problem, in words; '' when none.")
    suggestion = Instance(Hint, allow_none=True, help="The hint asked for this turn.")
    changed = Int(0, help="Bumped once after every change.")
    language = Unicode("en", help="The language of every sentence the session makes.")

    seats: tuple[Seat, ...]
    """The seats in playing order: player ``i`` sits at ``seats[i]``."""
    replay: Replay
    """The game being recorded, from its first move; saved to :attr:`path` after every turn."""
    path: Path
    seed: int
    """The game's seed: the deal's, or for a what-if game the shuffle's at the branch."""
    first_turn: int
    """The turn the game was started or branched from (take back stops there)."""
    resigned: int | None
    log: list[str]
    """Every turn in words, as all players saw it."""
    _states: list[GameState]
    """The positions from :attr:`first_turn` on, deck order included."""

    def __init__(self, seats: str | Sequence[str | Seat], seed: int | None = None, *,
                 first: int = 0, games_dir: str | Path | None = None, autosave: bool = True,
                 hint_budget: int | None = None, language: str | None = None) -> None:
        super().__init__()
        self.language = normalise_language(language)
        self.store = GameStore(games_dir)
        self.autosave = autosave
        self.hint_budget = hint_budget
        self._lock = threading.RLock()
        self.new_game(seats, seed, first=first)

    # --- starting ----------------------------------------------------------------------------

    @classmethod
    def from_replay(cls, replay: Replay, turn: int, seats: str | Sequence[str | Seat], *,
                    source: str = "", seed: int | None = None, **options: Any) -> PlaySession:
        """What-if: a game from ``replay``'s position after ``turn`` turns, seat ``i`` playing
        player ``i``. Its replay holds the turns before the branch and its headers say the file
        (``source``) and the turn it branched from. ``seed`` shuffles the cards nobody has seen.
        """
        session = cls(seats, **options)
        session.play_from(replay, turn, seats, source=source, seed=seed)
        return session

    @classmethod
    def resume(cls, path: str | Path, **options: Any) -> PlaySession:
        """Continue the saved game at ``path`` (see :meth:`GameStore.unfinished`); its folder is
        the games folder unless ``games_dir`` says otherwise."""
        replay = Replay.load(path)
        if options.get("games_dir") is None:
            options["games_dir"] = Path(path).parent
        session = cls([Seat.from_header(entry) for entry in replay.headers["players"]],
                      **options)
        session.resume_game(path, replay)
        return session

    def new_game(self, seats: str | Sequence[str | Seat] | None = None, seed: int | None = None,
                 first: int = 0) -> None:
        """Start a new game (New game); ``seats`` default to this game's, in playing order."""
        chosen = self.seats if seats is None else seating(parse_seats(seats), first)
        seed = secrets.randbelow(SEED_RANGE) if seed is None else seed
        state = new_game(len(chosen), seed)
        replay = Replay.from_state(state, {"players": [seat.header() for seat in chosen],
                                           "event": EVENT})
        self._start(chosen, replay, seed, 0, [state], self.store.new_path(
            [seat.name for seat in chosen], seed))

    def rematch(self) -> None:
        """The same seats in the same order, a new deal."""
        self.new_game()

    def play_from(self, replay: Replay, turn: int, seats: str | Sequence[str | Seat], *,
                  source: str = "", seed: int | None = None) -> None:
        """Start a what-if game here (see :meth:`from_replay`)."""
        chosen = parse_seats(seats)
        if len(chosen) != replay.players:
            raise ValueError(f"the replay has {replay.players} players; {len(chosen)} seats "
                             "were given")
        start = replay.state(turn)
        if start.is_over:
            raise ValueError(f"the game is over after turn {turn}: nothing to play from there")
        seed = secrets.randbelow(SEED_RANGE) if seed is None else seed
        headers = {"players": [seat.header() for seat in chosen], "event": EVENT,
                   "seed": replay.headers.get("seed"),
                   BRANCH: {"file": source, "turn": turn, "seed": seed}}
        branch = Replay.from_state(replay.state(0), headers)
        for number, entry in enumerate(replay.turns[:turn], start=1):
            branch.play(entry.move, reveal=entry.revealed)
            branch.annotate(number, entry.comment, entry.glyph)
        self._start(chosen, branch, seed, turn, [branch_start(start, seed)],
                    self.store.new_path([seat.name for seat in chosen], seed))

    def resume_game(self, path: str | Path, replay: Replay | None = None) -> None:
        """Continue the saved game at ``path`` in this session."""
        replay = Replay.load(path) if replay is None else replay
        first, states = live_states(replay)
        branch = replay.headers.get(BRANCH)
        seed = branch["seed"] if isinstance(branch, dict) else replay.headers["seed"]
        seats = tuple(Seat.from_header(entry) for entry in replay.headers["players"])
        self._start(seats, replay, seed, first, states, Path(path).absolute())

    # --- what the table shows ----------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, in playing order."""
        return tuple(seat.name for seat in self.seats)

    @property
    def view(self) -> GameState:
        """The position to draw: the viewer's view (R-RESERVE-HIDDEN), everything at the end
        or when only bots play."""
        if self.over or self.viewer is None:
            return self.state
        return self.state.player_view(self.viewer)

    @property
    def interaction(self) -> Interaction | None:
        """What the person to move may click, when the board is theirs (not covered)."""
        if self.builder is None or self.cover is not None:
            return None
        return self.builder.interaction()

    @property
    def bot_to_move(self) -> bool:
        """True when a bot is to move: call :meth:`bot_step`."""
        return not self.over and self.seats[self.state.current_player].is_bot

    @property
    def outcome(self) -> Outcome | None:
        """Game over: winners, scores, the tie-break explained (``None`` while playing)."""
        if not self.over:
            return None
        with use_language(self.language):
            return outcome(self.state, self.names, self.resigned)

    @property
    def status(self) -> str:
        """One line for the top of the board, in words."""
        with use_language(self.language):
            return self._status()

    def _status(self) -> str:
        found = self.outcome
        if found is not None:
            return found.lines[0]
        if self.cover is not None:
            return say("cover", name=self.names[self.cover])
        name = self.names[self.state.current_player]
        if self.thinking and self.bot_to_move:
            return say("thinking", name=name)
        return say("to_move", name=name)

    def set_language(self, language: str | None) -> None:
        """Speak ``language`` from now on: the turns in words are said again in it, a refusal
        shown is dropped (it was said in the old one); nothing of the game changes."""
        with self._lock, self.hold_trait_notifications(), use_language(language) as chosen:
            self.language = chosen
            names = self.names
            self.log = [_said(self.replay.state(n), names)
                        for n in range(1, len(self.replay) + 1)]
            self.said = self.log[-1] if self.log else ""
            self.message = ""
            if self.suggestion is not None:
                move, view = self.suggestion.move, self.builder.view if self.builder else None
                self.suggestion = Hint(move, hint_reason(view, move), move_in_words(
                    view, move, names)) if view is not None else Hint(move, "", str(move))
            self._bump()

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take a turn back now."""
        return self._undo_target() is not None

    # --- playing -----------------------------------------------------------------------------

    @spoken
    def click(self, action: Mapping[str, str]) -> Refusal | None:
        """A click on the board (see :meth:`TurnBuilder.click`)."""
        refusal = self._not_now()
        if refusal is not None or self.builder is None:
            return self._refused(refusal)
        return self.builder.click(action)

    @spoken
    def submit(self, move: Move | str) -> Refusal | None:
        """Play a whole turn typed in the notation (the terminal's way); refused in words."""
        refusal = self._not_now()
        if refusal is not None:
            return self._refused(refusal)
        try:
            chosen = Move.parse(move) if isinstance(move, str) else move
            self.state.apply(chosen)
        except InvalidMoveError as error:
            return self._refused(Refusal(None, str(error)))
        except IllegalMoveError as error:
            return self._refused(Refusal(error.rule, say("refuse_engine", reason=error.reason)))
        self._play(chosen)
        return None

    def uncover(self) -> None:
        """Hot seat: the next person has taken the seat; show them their view."""
        with self._lock, self.hold_trait_notifications():
            if self.cover is not None:
                self.viewer = self.cover
                self.cover = None
                self._bump()

    @spoken
    def bot_step(self) -> bool:
        """Play one bot move if a bot is to move; ``False`` if none is (or the game changed
        while the bot was thinking, by a take back or a new game)."""
        with self._lock:
            if not self.bot_to_move:
                return False
            state = self.state
            bot = self._bot(state.current_player)
        self.thinking = True
        try:
            move = bot.choose(state)
        finally:
            self.thinking = False
        with self._lock:
            if self.state is not state:
                return False
            self._play(move)
        return True

    def play_bots(self) -> int:
        """Play bot moves until a person is to move or the game ends; how many were played."""
        played = 0
        while self.bot_step():
            played += 1
        return played

    @spoken
    def hint(self) -> Hint | Refusal:
        """The move the expert bot would play for the person to move, with a short reason; it is
        highlighted on the board (:attr:`suggestion`, the interaction's ``hint``)."""
        refusal = self._not_now()
        if refusal is not None or self.builder is None:
            return self._refused(refusal)
        builder = self.builder
        me = self.state.current_player
        self.thinking = True
        try:
            found = hint(builder.view, Bot("expert", seed=self._bot_seed(me),
                                           budget=self.hint_budget), self.names)
        finally:
            self.thinking = False
        with self._lock, self.hold_trait_notifications():
            if self.builder is builder:
                builder.hint = found.move
                self.suggestion = found
                self._bump()
        return found

    @spoken
    def undo(self) -> Refusal | None:
        """Take back: back to the person's previous turn (games against bots with one person)."""
        with self._lock, self.hold_trait_notifications():
            people = [i for i, seat in enumerate(self.seats) if not seat.is_bot]
            if len(people) != 1 or len(people) == len(self.seats):
                return self._refused(Refusal(None, say("undo_people")))
            if self.over:
                return self._refused(Refusal("R-END-TRIGGER", say("over")))
            target = self._undo_target()
            if target is None:
                return self._refused(Refusal(None, say("undo_nothing")))
            self._states = self._states[:target + 1]
            kept = self.first_turn + target
            self.replay = _first_turns(self.replay, kept)
            self.log = self.log[:kept]
            self.said = self.log[-1] if self.log else ""
            self._save()
            self._begin_turn()
        return None

    @spoken
    def resign(self, player: int | None = None) -> Refusal | None:
        """``player`` (default: the person to move, or the only person) gives up; the others
        are ranked as at the end (R-END-WIN)."""
        with self._lock, self.hold_trait_notifications():
            if self.over:
                return self._refused(Refusal("R-END-TRIGGER", say("over")))
            people = [i for i, seat in enumerate(self.seats) if not seat.is_bot]
            if player is None:
                mover = self.state.current_player
                player = mover if mover in people else people[0] if people else mover
            if self.seats[player].is_bot:
                return self._refused(Refusal(None, say("not_a_person",
                                                       name=self.names[player])))
            self.resigned = player
            self.replay.headers[RESIGNED] = player
            self.replay.headers["result"] = "-".join(map(str, self.state.scores))
            self._save()
            self._begin_turn()
        return None

    def unfinished(self) -> list[SavedGame]:
        """The other unfinished games in the games folder (:meth:`GameStore.unfinished`)."""
        return [game for game in self.store.unfinished() if game.path != self.path]

    # --- private helpers ---------------------------------------------------------------------

    @spoken
    def _start(self, seats: Sequence[Seat], replay: Replay, seed: int, first_turn: int,
               states: list[GameState], path: Path) -> None:
        with self._lock, self.hold_trait_notifications():
            self.seats = tuple(seats)
            self.replay = replay
            self.seed = seed
            self.first_turn = first_turn
            self._states = states
            self.path = path
            resigned = replay.headers.get(RESIGNED)
            self.resigned = resigned if isinstance(resigned, int) else None
            names = self.names
            self.log = [_said(replay.state(n), names) for n in range(1, len(replay) + 1)]
            self.said = self.log[-1] if self.log else ""
            self.message = ""
            self.cover = None
            self.viewer = None
            self._begin_turn()

    def _begin_turn(self) -> None:
        """Set up the position ``_states[-1]``: the end, a bot's turn, or a person's."""
        state = self._states[-1]
        self.state = state
        self.suggestion = None
        self.cover = None
        self.over = state.is_over or self.resigned is not None
        me = state.current_player
        if self.viewer is None or self.over:
            self.viewer = self._next_person(me)
        if self.over or self.seats[me].is_bot:
            self.builder = None
        else:
            self.builder = TurnBuilder(state.player_view(me), on_change=self._built)
            if self.viewer != me:  # hot seat: the board waits for the next person
                self.cover = me
        self._bump()

    def _next_person(self, player: int) -> int | None:
        """The first person to play from ``player`` on (None when only bots play)."""
        count = len(self.seats)
        for step in range(count):
            seat = (player + step) % count
            if not self.seats[seat].is_bot:
                return seat
        return None

    @spoken
    def _built(self, builder: TurnBuilder) -> None:
        """The builder changed: play its move once complete, else show its refusal."""
        if builder is not self.builder:
            return
        if builder.move is not None:
            self._play(builder.move)
            return
        self.message = str(builder.refusal) if builder.refusal is not None else ""
        self._bump()

    @spoken
    def _play(self, move: Move) -> None:
        with self._lock, self.hold_trait_notifications():
            state = self.state.apply(move)
            drawn = state.last_drawn
            self.replay.play(move, reveal=drawn.id if drawn is not None else None)
            self._states.append(state)
            self.said = _said(state, self.names)
            self.log.append(self.said)
            self.message = ""
            self._save()
            self._begin_turn()

    def _save(self) -> None:
        if not self.autosave:
            return
        try:
            self.store.save(self.replay, self.path)
        except OSError as error:
            self.message = say("save_failed", path=self.path,
                               problem=error.strerror or str(error))

    def _not_now(self) -> Refusal | None:
        """Why the board takes no click now: the end, a covered board, a bot's turn."""
        if self.over:
            return Refusal("R-END-TRIGGER", say("over"))
        if self.cover is not None:
            return Refusal(None, say("covered", name=self.names[self.cover]))
        me = self.state.current_player
        if self.seats[me].is_bot:
            return Refusal("R-SETUP-ORDER", say("not_your_turn", name=self.names[me]))
        return None

    def _refused(self, refusal: Refusal | None) -> Refusal:
        assert refusal is not None
        self.message = str(refusal)
        self._bump()
        return refusal

    def _undo_target(self) -> int | None:
        """The index in ``_states`` of the only person's previous turn, if there is one."""
        people = [i for i, seat in enumerate(self.seats) if not seat.is_bot]
        if len(people) != 1 or len(people) == len(self.seats) or self.over:
            return None
        earlier = [k for k, state in enumerate(self._states[:-1])
                   if state.current_player == people[0]]
        return earlier[-1] if earlier else None

    def _bot(self, player: int) -> Bot:
        return self.seats[player].bot(seed=self._bot_seed(player))

    def _bot_seed(self, player: int) -> int:
        """Each seat's bot seed, from the game's: a continued game plays as it would have."""
        return self.seed * len(self.seats) + player

    def _bump(self) -> None:
        self.changed += 1


def _said(state: GameState, names: Sequence[str]) -> str:
    """The turn that led to ``state``, in words, as all players saw it."""
    turn = state.last_turn
    return describe_turn(turn, names) if turn is not None else ""


def _first_turns(replay: Replay, turns: int) -> Replay:
    """A copy of ``replay`` with only its first ``turns`` turns (annotations kept)."""
    headers = dict(replay.headers)
    headers["result"] = ""
    copy = Replay.from_state(replay.state(0), headers)
    for number, entry in enumerate(replay.turns[:turns], start=1):
        copy.play(entry.move, reveal=entry.revealed)
        copy.annotate(number, entry.comment, entry.glyph)
    return copy
