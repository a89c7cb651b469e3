"""The browser tests' pictures, in screenshots/ at the repository's root, to be looked at.

``shoot(locator, name)`` saves one; ``at_widths(page, widths, ...)`` sets the page to each
width in turn (a laptop's and a phone's) so that a test checks and shoots what shows there.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from support.voila_server import REPO_ROOT

SHOTS = REPO_ROOT / "screenshots"


def shoot(locator: Any, name: str) -> Path:
    """Save a picture of ``locator`` (a playwright Locator, or a Page: its viewport) as
    screenshots/NAME; its path. Fails on an empty file."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    locator.screenshot(path=str(path))
    assert path.stat().st_size > 0, path
    return path


def at_widths(page: Any, widths: Iterable[int], *, height: int,
              settle_ms: float) -> Iterator[int]:
    """Set ``page`` to each of ``widths`` and yield it once the layout has followed
    (``settle_ms``). ``height`` is tall: voila scrolls an inner element, which clips a picture
    to the viewport. The page keeps the last size; a caller that needs its own sets it back."""
    for width in widths:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(settle_ms)
        yield width
