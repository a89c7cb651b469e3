"""Render boards and turn diagrams to an HTML page and screenshot it in headless chromium.

    .venv/bin/python scripts/render_preview.py [OUT_DIR]     (default: /tmp/splendor_preview)

Writes OUT_DIR/preview.html and one PNG per board or diagram (plus a narrow 450 px board), for
a person to look at. Nothing here is committed output. Needs /usr/bin/chromium and playwright.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from html import escape
from itertools import pairwise
from pathlib import Path

from playwright.sync_api import sync_playwright

from splendor_nb import GameState, new_game
from splendor_nb.diagram import diagram_svg, turn_path
from splendor_nb.render import board_html
from support.games import random_play

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def game(players: int, seed: int) -> Iterator[tuple[GameState, GameState]]:
    """(before, after) for every turn of a random game whose player buys whenever it can."""
    return pairwise(random_play(players, seed, buy_chance=1.0))


def first(players: int, seed: int, test: Callable[[GameState, GameState], bool]
          ) -> tuple[GameState, GameState]:
    """The first turn passing ``test`` in the games of ``seed``, ``seed + 1``, ..."""
    for tried in range(seed, seed + 100):
        for before, after in game(players, tried):
            if test(before, after):
                return before, after
    raise LookupError("no such turn in 100 games")


def kind(name: str) -> Callable[[GameState, GameState], bool]:
    def test(before: GameState, after: GameState) -> bool:
        move = after.last_move
        assert move is not None
        gems = sorted(n for n in move.gems if n)
        return {
            "take3": move.kind == "take" and len(gems) == 3,
            "take2": move.kind == "take" and gems == [2],
            "reserve": move.kind == "reserve" and move.card is not None,
            "blind": move.kind == "reserve" and move.card is None,
            "buy": move.kind == "buy" and move.noble is None,
            "returns": any(move.returned),
            "noble": move.noble is not None,
            "last round": any(p.points >= 15 for p in before.players) and not after.over,
            "end": after.over,
        }[name]
    return test


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/splendor_preview")
    out.mkdir(parents=True, exist_ok=True)
    items: list[tuple[str, str]] = []
    start = new_game(players=2, seed=7)
    items.append(("board-start", board_html(start)))
    turns = list(game(4, 5))
    mid = turns[min(30, len(turns) - 1)][1]
    for _, after in turns[20:]:
        if any(p.hidden for p in after.players) and after.last_move and \
                after.last_move.kind == "reserve":
            mid = after
            break
    items.append(("board-mid-4p-all-seeing", board_html(mid)))
    items.append(("board-mid-4p-viewer0", board_html(mid, viewer=0,
                                                     names=["<img src=x onerror=alert(1)>"])))
    items.append(("board-noble-3p", board_html(first(3, 2, kind("noble"))[1])))
    items.append(("board-buy-2p", board_html(first(2, 3, kind("buy"))[1])))
    items.append(("board-end-2p", board_html(first(2, 11, kind("end"))[1])))
    items.append(("diagram-plain", f'<div style="max-width:900px">{diagram_svg()}</div>'))
    for name in ("take3", "take2", "reserve", "blind", "buy", "returns", "noble", "last round",
                 "end"):
        before, after = first(3, 4, kind(name))
        assert after.last_move is not None
        path = turn_path(before, after.last_move, after)
        items.append((f"diagram-{name.replace(' ', '-')}",
                      f'<div style="max-width:900px">{diagram_svg(path)}</div>'))
    page = ["<!doctype html><meta charset='utf-8'><title>splendor_nb preview</title>",
            "<body style='margin:0;background:#fff;font-family:sans-serif'>"]
    for name, html in items:
        page.append(f"<section id='{name}' style='width:900px;padding:8px'>"
                    f"<h3>{escape(name)}</h3>{html}</section>")
    page.append(f"<section id='narrow' style='width:450px;padding:8px'><h3>narrow</h3>"
                f"{board_html(mid)}</section></body>")
    (out / "preview.html").write_text("".join(page), encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 940, "height": 900})
        tab.goto((out / "preview.html").as_uri())
        for name, _ in [*items, ("narrow", "")]:
            tab.locator(f"section[id='{name}']").screenshot(path=str(out / f"{name}.png"))
        browser.close()
    print(f"wrote {len(items) + 1} screenshots and preview.html to {out}")


if __name__ == "__main__":
    main()
