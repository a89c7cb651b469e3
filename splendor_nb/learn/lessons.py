"""Lessons as data: one TOML file per chapter, with its text, live positions and exercises.

A chapter file (``splendor_nb/data/lessons/*.toml``, documented in docs/lessons.md) holds
markdown sections, named positions (a deal from a seed, a setup typed in, or a replay and a
turn, then moves in the notation) and exercises (a question, how it is answered, a checker
from :mod:`splendor_nb.learn.checkers`, the stated answer, a wrong one, a hint, and
explanations that cite the rules). :func:`load_chapter` validates a file against the schema
(``chapter.schema.json``) and then against the engine: a broken file is a
:class:`LessonError` naming the file and the field.

>>> chapter = shipped_chapters()[0]
>>> chapter.title
'The box and the setup'
>>> exercise = chapter.exercises[0]
>>> exercise.check(exercise.answer).correct, exercise.check(exercise.wrong_answer).correct
(True, False)
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import fastjsonschema

from splendor_nb.cards import CARD_BY_ID
from splendor_nb.engine import GameState, new_game
from splendor_nb.i18n import PSEUDO_LANGUAGE, current_language, normalise_language
from splendor_nb.learn.checkers import KINDS, Answer, Situation, expected_move
from splendor_nb.learn.phrases import Phrase, listing, rule_ids_in
from splendor_nb.learn.translations import language_folder, pseudo, translated
from splendor_nb.moves import IllegalMoveError, InvalidMoveError, Move
from splendor_nb.replay import Replay, ReplayError
from splendor_nb.rulebook import RULE_IDS

LESSONS: Traversable = resources.files("splendor_nb").joinpath("data", "lessons")
"""The folder of the shipped chapters (and of ``games/``, the replays only lessons use)."""
_REPLAYS: Traversable = resources.files("splendor_nb").joinpath("data", "replays")
_NO_POSITION = ("count", "players_allowed")
"""The checkers that ask about the box or the setup, not about a position."""


class LessonError(ValueError):
    """A chapter file that cannot be used: the message names the file and the field."""

    def __init__(self, file: str, where: str, problem: str) -> None:
        super().__init__(f"{file}: {where}: {problem}" if where else f"{file}: {problem}")
        self.file = file
        self.field = where
        self.problem = problem


@dataclass(frozen=True)
class Position:
    """A live position of a lesson: a replay (real moves from a setup) and a turn in it."""

    key: str
    replay: Replay = field(repr=False)
    turn: int
    names: tuple[str, ...]
    caption: str = ""

    @property
    def state(self) -> GameState:
        """The position itself."""
        return self.replay.state(self.turn)

    @property
    def played(self) -> Move | None:
        """The move the replay plays next, if any."""
        return self.replay.turns[self.turn].move if self.turn < len(self.replay) else None

    @property
    def comment(self) -> str:
        """The replay's comment on the move played next (``""`` if none)."""
        return self.replay.turns[self.turn].comment if self.turn < len(self.replay) else ""


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the learner reads after answering: the teacher's explanation for a right or a
    wrong answer, what the engine says of this answer, and the rules the exercise checks."""

    correct: bool
    explanation: str
    detail: tuple[Phrase, ...]
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Exercise:
    """A question on a position, answered by choosing, by a number or on the board."""

    id: str
    question: str
    answer_by: str
    """``"choice"``, ``"number"`` or ``"board"``."""
    answer: Answer
    wrong_answer: Answer
    hint: str
    right: str
    wrong: str
    rules: tuple[str, ...]
    kind: str
    """The checker's kind (:data:`splendor_nb.learn.checkers.KINDS`)."""
    params: Mapping[str, Any] = field(repr=False)
    position: Position | None = None
    options: tuple[str | int, ...] = ()
    multiple: bool = False
    pick: str | None = None
    """For a board answer: ``"tokens"``, ``"card"`` or ``"move"``."""

    @property
    def situation(self) -> Situation:
        """What the checker looks at."""
        position = self.position
        return Situation(position.state if position else None,
                         position.names if position else (),
                         position.played if position else None, self.options)

    def check(self, answer: Answer) -> Feedback:
        """Judge ``answer`` with the engine.

        >>> exercise = shipped_chapters()[0].exercises[0]
        >>> feedback = exercise.check(exercise.wrong_answer)
        >>> feedback.correct, feedback.rules
        (False, ('R-COMP-CARDS',))
        """
        verdict = KINDS[self.kind].check(self.situation, self.params, answer)
        return Feedback(verdict.correct, self.right if verdict.correct else self.wrong,
                        verdict.detail, self.rules)

    @property
    def expected(self) -> Move:
        """For a find-the-move exercise: the move to find."""
        return expected_move(self.situation, self.params)


@dataclass(frozen=True)
class Section:
    """A part of a chapter: markdown text, then maybe a live board (and the diagram walked on
    it), then maybe exercises."""

    text: str
    heading: str = ""
    position: Position | None = None
    walk: bool = False
    viewer: int | None = None
    exercises: tuple[Exercise, ...] = ()
    picture: str = ""
    """A card id (the card drawn large, its parts named), ``"board"`` (the position's board,
    its parts named), or ``""``."""


@dataclass(frozen=True)
class Chapter:
    """One chapter of the lessons, as its file gives it, checked."""

    id: str
    title: str
    sections: tuple[Section, ...]
    positions: Mapping[str, Position] = field(repr=False)
    exercises: tuple[Exercise, ...] = field(repr=False)
    summary: str = ""
    minutes: int | None = None
    file: str = ""

    @property
    def rules_taught(self) -> tuple[str, ...]:
        """The rule ids its text cites, in order."""
        return rule_ids_in("\n".join(s.text for s in self.sections))

    @property
    def rules_checked(self) -> tuple[str, ...]:
        """The rule ids its exercises check."""
        return tuple(dict.fromkeys(rule for e in self.exercises for rule in e.rules))

    def exercise(self, exercise_id: str) -> Exercise:
        """The exercise with this id; :class:`KeyError` naming the ids there are."""
        for exercise in self.exercises:
            if exercise.id == exercise_id:
                return exercise
        raise KeyError(f"{exercise_id!r} is not an exercise of {self.id!r}: "
                       + listing(e.id for e in self.exercises))

    def audit(self) -> list[str]:
        """What is wrong with the exercises' stated answers, as the engine judges them: a
        stated answer refused or a wrong answer accepted. Empty when all is well.

        >>> shipped_chapters()[0].audit()
        []
        """
        problems = []
        for k, exercise in enumerate(self.exercises):
            where = f"{self.file}: exercises[{k}] ({exercise.id})"
            right = exercise.check(exercise.answer)
            if not right.correct:
                problems.append(f"{where}: answer {exercise.answer!r} is refused: "
                                + listing(right.detail))
            if exercise.check(exercise.wrong_answer).correct:
                problems.append(f"{where}: wrong_answer {exercise.wrong_answer!r} is accepted")
        return problems


def load_chapter(path: str | os.PathLike[str] | Traversable) -> Chapter:
    """Read and check one chapter file; a :class:`LessonError` names the file and the field.

    Replays named ``games/NAME.json`` are read beside the file.

    >>> load_chapter("no/such/chapter.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splendor_nb.learn.lessons.LessonError: no/such/chapter.toml: cannot read: No such file ...
    """
    if isinstance(path, str | os.PathLike):
        path = Path(path)
    base = path.parent if isinstance(path, Path) else LESSONS
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise LessonError(str(path), "", f"cannot read: {error.strerror or error}") from error
    return loads_chapter(text, str(path), base)


def loads_chapter(text: str, name: str = "<chapter>",
                  base: Traversable | Path = LESSONS,
                  texts: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> Chapter:
    """A chapter from its TOML text; ``name`` stands for the file in errors, ``base`` is the
    folder that ``games/...`` replays are read from. ``texts`` turns the checked data into
    the data to build, its texts in another language (:mod:`splendor_nb.learn.translations`).

    >>> loads_chapter('title = "No id"', "mine.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splendor_nb.learn.lessons.LessonError: mine.toml: the chapter: must contain ['id', ...
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonError(name, "", f"not valid TOML: {error}") from error
    try:
        _validator()(data)
    except fastjsonschema.JsonSchemaValueException as error:
        raise LessonError(name, _field(error.path, data), _schema_problem(error, data)) from None
    return _Builder(name, base).chapter(texts(data) if texts is not None else data)


def shipped_chapters(language: str | None = None) -> list[Chapter]:
    """The chapters shipped with splendor_nb, in the order of their file names, their texts in
    ``language`` (default: the current language; see :mod:`splendor_nb.learn.translations`).

    >>> [c.id for c in shipped_chapters()][:2]
    ['setup', 'actions']
    >>> shipped_chapters("es")[0].title
    'La caja y la preparación'
    """
    return list(_shipped(normalise_language(language or current_language())))


# --- building a chapter ----------------------------------------------------------------------

@cache
def _shipped(language: str) -> tuple[Chapter, ...]:
    files = sorted((f for f in LESSONS.iterdir() if f.name.endswith(".toml")),
                   key=lambda f: f.name)
    return tuple(_shipped_chapter(f, language) for f in files)


def _shipped_chapter(file: Traversable, language: str) -> Chapter:
    """A shipped chapter with its texts in ``language`` (English where a translation is
    missing: tests/test_learn_translations.py keeps that from happening)."""
    if language == PSEUDO_LANGUAGE:
        return loads_chapter(file.read_text(encoding="utf-8"), str(file), LESSONS, pseudo)
    folder = language_folder(language)
    source = LESSONS.joinpath(folder, file.name) if folder else None
    if source is None or not source.is_file():
        return load_chapter(file)
    translation = tomllib.loads(source.read_text(encoding="utf-8"))
    return loads_chapter(file.read_text(encoding="utf-8"), str(file), LESSONS,
                         lambda data: translated(data, translation))


class _Builder:
    """Turns a chapter's validated data into a :class:`Chapter`, checking what the schema
    cannot: positions played by the engine, references between parts, answers and rules."""

    def __init__(self, file: str, base: Traversable | Path) -> None:
        self.file = file
        self.base = base

    def fail(self, where: str, problem: str) -> LessonError:
        return LessonError(self.file, where, problem)

    def chapter(self, data: dict[str, Any]) -> Chapter:
        positions = {key: self.position(key, spec)
                     for key, spec in data.get("positions", {}).items()}
        exercises = [self.exercise(k, spec, positions)
                     for k, spec in enumerate(data.get("exercises", []))]
        by_id: dict[str, Exercise] = {}
        for k, exercise in enumerate(exercises):
            if exercise.id in by_id:
                raise self.fail(f"exercises[{k}].id", f"{exercise.id!r} is used twice")
            by_id[exercise.id] = exercise
        placed: dict[str, int] = {}
        sections = []
        for k, spec in enumerate(data["sections"]):
            sections.append(self.section(k, spec, positions, by_id, placed))
        for k, exercise in enumerate(exercises):
            if exercise.id not in placed:
                raise self.fail(f"exercises[{k}]", f"{exercise.id!r} is in no section; list "
                                "it in a section's exercises")
        return Chapter(data["id"], data["title"], tuple(sections), positions, tuple(exercises),
                       data.get("summary", ""), data.get("minutes"), self.file)

    def section(self, k: int, spec: dict[str, Any], positions: Mapping[str, Position],
                by_id: Mapping[str, Exercise], placed: dict[str, int]) -> Section:
        where = f"sections[{k}]"
        self.check_citations(f"{where}.text", spec["text"])
        position = self.lookup(f"{where}.position", spec.get("position"), positions)
        for j, exercise_id in enumerate(spec.get("exercises", [])):
            if exercise_id not in by_id:
                raise self.fail(f"{where}.exercises[{j}]", f"no exercise {exercise_id!r}; the "
                                "chapter has " + (listing(by_id) or "none"))
            if exercise_id in placed:
                raise self.fail(f"{where}.exercises[{j}]", f"{exercise_id!r} is already in "
                                f"sections[{placed[exercise_id]}]")
            placed[exercise_id] = k
        if spec.get("walk") and position is None:
            raise self.fail(f"{where}.walk", "the diagram walks a position: give one")
        viewer = None
        if "viewer" in spec:
            if position is None or spec["viewer"] not in position.names:
                raise self.fail(f"{where}.viewer", f"{spec['viewer']!r} is not a player of the "
                                "section's position")
            viewer = position.names.index(spec["viewer"])
        if spec.get("walk") and position is not None and position.state.over:
            raise self.fail(f"{where}.walk", "the game is over there: no turn to walk")
        picture = spec.get("picture", "")
        if picture == "board" and position is None:
            raise self.fail(f"{where}.picture", "a board picture draws the position: give one")
        if picture not in ("", "board") and picture not in CARD_BY_ID:
            raise self.fail(f"{where}.picture", f"there is no card {picture!r}")
        return Section(spec["text"], spec.get("heading", ""), position, bool(spec.get("walk")),
                       viewer, tuple(by_id[e] for e in spec.get("exercises", [])), picture)

    def check_citations(self, where: str, text: str) -> None:
        """Every rule id a text cites is one of docs/rules.md (a page links each to it)."""
        unknown = [rule for rule in rule_ids_in(text) if rule not in RULE_IDS]
        if unknown:
            raise self.fail(where, f"{listing(unknown)} is not a rule id of docs/rules.md")

    def lookup(self, where: str, key: str | None,
               positions: Mapping[str, Position]) -> Position | None:
        if key is None:
            return None
        if key not in positions:
            raise self.fail(where, f"no position {key!r}; the chapter has "
                            + (listing(positions) or "none"))
        return positions[key]

    # --- positions ----------------------------------------------------------------------------

    def position(self, key: str, spec: dict[str, Any]) -> Position:
        where = f"positions.{key}"
        sources = [s for s in ("deal", "setup", "replay") if s in spec]
        if len(sources) != 1:
            raise self.fail(where, "give exactly one of deal, setup or replay, not "
                            + (listing(sources) or "none"))
        if "turn" in spec and "replay" not in spec:
            raise self.fail(f"{where}.turn", "a turn belongs to a replay")
        names = spec.get("names")
        if "replay" in spec:
            replay, turn = self.from_replay(where, spec)
        elif "deal" in spec:
            deal = spec["deal"]
            replay = Replay.from_state(new_game(deal["players"], deal["seed"]),
                                       _named(names, deal["players"]))
            turn = 0
        else:
            setup = spec["setup"]
            try:
                replay = Replay.from_setup(setup["players"], setup["nobles"], setup["market"],
                                           _named(names, setup["players"]))
            except ReplayError as error:
                raise self.fail(f"{where}.setup", str(error)) from None
            turn = 0
        if names is not None and len(names) != replay.players:
            raise self.fail(f"{where}.names", f"{len(names)} names for {replay.players} players")
        for j, entry in enumerate(spec.get("moves", [])):
            text, reveal = (entry, None) if isinstance(entry, str) else \
                (entry["move"], entry.get("reveal"))
            try:
                replay.play(text, reveal=reveal)
            except (InvalidMoveError, IllegalMoveError, ReplayError) as error:
                raise self.fail(f"{where}.moves[{j}]", f"{text!r}: {error}") from None
            turn += 1
        return Position(key, replay, turn, tuple(names or replay.names), spec.get("caption", ""))

    def from_replay(self, where: str, spec: dict[str, Any]) -> tuple[Replay, int]:
        name = spec["replay"]
        source = (self.base.joinpath(*name.split("/")) if name.endswith(".json")
                  else _REPLAYS.joinpath(f"{name}.json"))
        try:
            replay = _read_replay(source.read_bytes())
        except OSError as error:
            known = listing(sorted(f.name.removesuffix(".json") for f in _REPLAYS.iterdir()
                                   if f.name.endswith(".json")))
            raise self.fail(f"{where}.replay", f"cannot read {name!r} ({error.strerror}); the "
                            f"shipped replays are {known}, or give games/NAME.json") from None
        except ReplayError as error:
            raise self.fail(f"{where}.replay", f"{name}: {error}") from None
        turn = spec.get("turn", len(replay))
        if turn > len(replay):
            raise self.fail(f"{where}.turn", f"{name} has {len(replay)} turns, not {turn}")
        if spec.get("moves"):  # going on from that turn: the replay up to it, moves appended
            start = replay.state(0)
            copy = Replay.from_setup(replay.players, [n.id for n in start.nobles],
                                     [[c.id for c in row if c] for row in start.market_rows],
                                     {"players": [{"name": n} for n in replay.names]})
            for number, played in enumerate(replay.turns[:turn], start=1):
                copy.play(played.move, reveal=played.revealed)
                copy.annotate(number, played.comment, played.glyph)
            replay = copy
        return replay, turn

    # --- exercises ----------------------------------------------------------------------------

    def exercise(self, k: int, spec: dict[str, Any],
                 positions: Mapping[str, Position]) -> Exercise:
        where = f"exercises[{k}]"
        checker = dict(spec["checker"])
        kind = checker.pop("kind")
        position = self.lookup(f"{where}.position", spec.get("position"), positions)
        if position is None and kind not in _NO_POSITION:
            raise self.fail(f"{where}.position", f"the {kind} checker needs a position")
        for j, rule in enumerate(spec["rules"]):
            if rule not in RULE_IDS:
                raise self.fail(f"{where}.rules[{j}]", f"{rule!r} is not a rule id of "
                                "docs/rules.md")
        for part in ("question", "hint", "right", "wrong"):
            self.check_citations(f"{where}.{part}", spec[part])
        for part in ("right", "wrong"):
            if not set(rule_ids_in(spec[part])) & set(spec["rules"]):
                raise self.fail(f"{where}.{part}", "the explanation must cite one of the "
                                "exercise's rules: " + listing(spec["rules"]))
        self.check_answers(where, spec, kind)
        exercise = Exercise(
            spec["id"], spec["question"], spec["answer_by"], _frozen(spec["answer"]),
            _frozen(spec["wrong_answer"]), spec["hint"], spec["right"], spec["wrong"],
            tuple(spec["rules"]), kind, checker, position, tuple(spec.get("options", ())),
            bool(spec.get("multiple")), spec.get("pick"))
        try:
            KINDS[kind].validate(exercise.situation, checker)
        except ValueError as error:
            raise self.fail(f"{where}.checker", str(error)) from None
        return exercise

    def check_answers(self, where: str, spec: dict[str, Any], kind: str) -> None:
        """The answers have the shape the checker and the way of answering expect."""
        by = spec["answer_by"]
        shape = KINDS[kind].answers
        for part in ("answer", "wrong_answer"):
            value = spec[part]
            listed = isinstance(value, list)
            if by == "number" and not isinstance(value, int):
                raise self.fail(f"{where}.{part}", "a number answer is an integer")
            if by == "choice":
                options = spec.get("options")
                if options is None:
                    raise self.fail(f"{where}.options", "a choice needs options")
                chosen = value if listed else [value]
                missing = [v for v in chosen if v not in options]
                if missing:
                    raise self.fail(f"{where}.{part}", f"{listing(missing)} is not among the "
                                    "options")
                if listed != bool(spec.get("multiple")):
                    raise self.fail(f"{where}.{part}", "a list answers a multiple choice, a "
                                    "single value a single one (set multiple = true)")
            if by == "board":
                if "pick" not in spec:
                    raise self.fail(f"{where}.pick", "a board answer says what is clicked: "
                                    "tokens, card or move")
                if listed:
                    raise self.fail(f"{where}.{part}", "a board answer is one text")
            if shape in ("number", "numbers") and by != "number" and not all(
                    isinstance(v, int) for v in (value if listed else [value])):
                raise self.fail(f"{where}.{part}", f"the {kind} checker counts: answer with "
                                "numbers")
            if shape == "text" and listed:
                raise self.fail(f"{where}.{part}", f"the {kind} checker takes one answer")


@cache
def _read_replay(data: bytes) -> Replay:
    """A replay file read once for every position of every chapter and language that stands
    in it (read-only there: a position that plays on from it plays on a copy)."""
    return Replay.loads(data)


def _named(names: Sequence[str] | None, players: int) -> dict[str, Any] | None:
    return {"players": [{"name": n} for n in names]} if names and len(names) == players \
        else None


def _frozen(answer: Any) -> Answer:
    frozen: Answer = tuple(answer) if isinstance(answer, list) else answer
    return frozen


@cache
def _validator() -> Any:
    schema = json.loads(LESSONS.joinpath("chapter.schema.json").read_text(encoding="utf-8"))
    return fastjsonschema.compile(schema)


def _field(path: Sequence[object], data: Any) -> str:
    """``exercises[2].checker.move`` from a schema error's path (``["data", ...]``), read
    along ``data`` to tell a list's index from a table's key."""
    where = ""
    node = data
    for part in list(path)[1:]:
        if isinstance(node, list):
            where += f"[{part}]"
            node = node[int(str(part))] if str(part).isdigit() and int(str(part)) < len(node) \
                else None
        else:
            where += f".{part}" if where else str(part)
            node = node.get(str(part)) if isinstance(node, dict) else None
    return where or "the chapter"


def _schema_problem(error: fastjsonschema.JsonSchemaValueException, data: Any) -> str:
    """What the schema refuses; a missing field's message also names the unknown fields of
    the same table, which are often the missing one misspelt."""
    problem = error.message.removeprefix(error.name or "").strip()
    if error.rule == "required" and isinstance(error.definition, dict):
        table: Any = data
        for part in list(error.path)[1:]:
            table = table[int(str(part))] if isinstance(table, list) else table.get(str(part))
        known = set(error.definition.get("properties", {}))
        unknown = sorted(set(table) - known) if isinstance(table, dict) and known else []
        if unknown:
            problem += "; unknown: " + listing(unknown)
    return problem
