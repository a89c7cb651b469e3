"""The status line above the board: the turn and round, who moves (or how the game ended),
and the last move in the notation."""

from __future__ import annotations

from html import escape

from splendor_nb.engine import GameState
from splendor_nb.i18n import Translator
from splendor_nb.palette import GLOW
from splendor_nb.render.board_layout import LEFT, NARROW_PANELS_Y, NARROW_WIDTH, PANEL_X, WIDTH
from splendor_nb.render.board_words import fill_template, name_markup
from splendor_nb.render.last_move import LastMove
from splendor_nb.rules import WINNING_POINTS


def draw_status(out: list[str], state: GameState, marks: LastMove, labels: list[str],
                words: Translator, ended: str | None) -> None:
    """The turn, who moves (or how the game ended: ``ended`` for a game ended off the board),
    and the last move; the narrow layout has its own copies of the last two (right-aligned,
    and on a line of its own above the players). Player names are marked ``data-name`` (the
    file's own words, not the app's)."""
    y = 24
    turn = escape(words.gettext("Turn {turn}", turn=state.turn))
    round_ = escape(words.gettext("round {round}", round=state.round))
    out.append(f'<text x="{LEFT + 4}" y="{y}" font-size="16" fill="#4a4036">'
               f'<tspan font-weight="700">{turn}</tspan>'
               f'<tspan fill="#8a7d6d"> \u00b7 {round_}</tspan></text>')
    narrow = None
    if ended is not None:
        over = escape(words.gettext("Game over"))
        narrow = f'<tspan font-weight="700" fill="#b5470b">{over}</tspan>'
        middle = f'{narrow} \u00b7 {escape(ended)}'  # the narrow board has room for the first
    elif state.over:
        won = ", ".join(name_markup(labels[i]) for i in state.winners)
        over = escape(words.gettext("Game over"))
        middle = (f'<tspan font-weight="700" fill="#b5470b">{over}</tspan> \u00b7 '
                  + fill_template(words.gettext("won by {names}", names="{names}"), names=won))
    else:
        name = f'<tspan font-weight="700" data-name="">{labels[state.current_player]}</tspan>'
        middle = fill_template(words.gettext("{name} to move", name="{name}"), name=name)
        if any(p.points >= WINNING_POINTS for p in state.players):
            last_round = escape(words.gettext("last round"))
            middle += f' \u00b7 <tspan font-weight="700" fill="#b5470b">{last_round}</tspan>'
    out.append(f'<text x="{PANEL_X - 150}" y="{y}" font-size="16" fill="#4a4036" '
               f'text-anchor="middle" data-layout="wide">{middle}</text>'
               f'<text x="{NARROW_WIDTH - LEFT - 4}" y="{y}" font-size="16" fill="#4a4036" '
               f'text-anchor="end" data-layout="narrow" display="none">{narrow or middle}</text>')
    if marks.mover is not None:
        move = (f'<tspan font-weight="700" fill="{GLOW}" '
                f'font-family="ui-monospace, Menlo, Consolas, monospace" data-notation="">'
                f'{escape(marks.text)}</tspan>')
        template = words.gettext("last move: {name} {move}", name="{name}", move="{move}")
        last = fill_template(template, name=name_markup(labels[marks.mover]), move=move)
        out.append(f'<text x="{WIDTH - LEFT - 4}" y="{y}" font-size="14" fill="#6b5f52" '
                   f'text-anchor="end" data-layout="wide">{last}</text>'
                   f'<text x="{LEFT + 4}" y="{NARROW_PANELS_Y - 12}" font-size="14" '
                   f'fill="#6b5f52" data-layout="narrow" display="none">{last}</text>')
