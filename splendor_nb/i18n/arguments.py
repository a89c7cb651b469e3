"""argparse's own words (``usage:``, ``options:``, ``show this help message and exit``, its
errors) in a language, for the command line's ``--help`` and its complaints.

argparse says them through the module-level ``_`` and ``ngettext`` of :mod:`argparse` (the
standard library's gettext hook, read when a parser is built and when it formats or fails);
:func:`argparse_speaking` points those at the package's catalogues for the time a parser is
built and used, then puts them back. Its messages are Python 3.11's, listed in ``MESSAGES``
so that the catalogues hold them; a message of another Python version stays English.

>>> import argparse
>>> with argparse_speaking("tr"):
...     parser = argparse.ArgumentParser(prog="p")
...     print(parser.format_help().splitlines()[0])
kullanım: p [-h]
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from splendor_nb.i18n.translator import N_, translator

MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""What argparse says to a person (Python 3.11's ``_()`` texts; its errors for programmers,
a conflicting option string and the like, are left out). Their ``%`` placeholders are
argparse's, filled by argparse."""


@contextmanager
def argparse_speaking(language: str | None) -> Iterator[None]:
    """argparse's words in ``language`` while the block runs (build the parser and parse
    inside it): what the catalogues translate, the rest as argparse says it.

    >>> import argparse
    >>> with argparse_speaking("ru"):
    ...     argparse.ArgumentParser()._optionals.title
    'параметры'
    >>> argparse.ArgumentParser()._optionals.title
    'options'
    """
    words = translator(language)

    def say(message: str) -> str:
        if not isinstance(message, str):  # argparse passes a missing description on as None
            return message
        return words.gettext(message)

    def say_n(singular: str, plural: str, count: int) -> str:
        if singular == "expected %s argument":  # the one counted message people see
            return words.ngettext("expected %s argument", "expected %s arguments", count)
        return singular if count == 1 else plural

    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = say, say_n  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
