"""``python -m splendor_nb.learn check [FILE ...]``: check chapter files as a teacher writes them.

Each file is read and validated (the schema, then its positions and checkers against the engine),
then every exercise's stated answer must be accepted by its checker and its wrong answer
refused. With no file, the shipped chapters are checked. The exit status is 1 on any problem.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from splendor_nb.learn.lessons import Chapter, LessonError, load_chapter, shipped_chapters

USAGE = "usage: python -m splendor_nb.learn check [CHAPTER.toml ...]"


def main(argv: Sequence[str] | None = None) -> int:
    """Check the chapters named (or the shipped ones); print one line per chapter or problem.

    >>> main(["check"])  # doctest: +ELLIPSIS
    ok: setup: The box and the setup, 7 exercises, rules taught: R-COMP-CARDS, ...
    ...
    0
    >>> main(["check", "no/such.toml"])
    no/such.toml: cannot read: No such file or directory
    1
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] != "check":
        print(USAGE, file=sys.stderr)
        return 2
    failed = False
    chapters: list[Chapter] = []
    if args[1:]:
        for path in args[1:]:
            try:
                chapters.append(load_chapter(path))
            except LessonError as error:
                print(error)
                failed = True
    else:
        chapters = shipped_chapters()
    for chapter in chapters:
        problems = chapter.audit()
        for problem in problems:
            print(problem)
        if not problems:
            print(f"ok: {chapter.id}: {chapter.title}, {len(chapter.exercises)} exercises, rules "
                  f"taught: {', '.join(chapter.rules_taught) or 'none'}")
        failed = failed or bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
