"""The puzzle trainer's words, in one place: whole templates with named values, the English
message ids of the catalogues (babel.cfg reads the tables), said in the current language.

>>> say("rating", rating=1500, deviation=350)
'Your rating: 1500 ± 350'
>>> from splendor_nb.i18n import use_language
>>> with use_language("fr"):
...     say("next")
'Énigme suivante'
"""

from splendor_nb.i18n import translator

WORDS: dict[str, str] = {
    "title": "Puzzle trainer",
    "summary": "Positions from real games where one action is clearly best. Find it: your "
               "rating climbs when you do, and each puzzle comes at your level.",
    "players": "Players",
    "any_players": "Any number",
    "theme": "Theme",
    "any_theme": "Any theme",
    "theme.noble": "Take the noble",
    "theme.deny": "Deny a card",
    "theme.token_limit": "The ten-token limit",
    "theme.gold": "Spend gold well",
    "theme.last_round": "Win in the last round",
    "theme.tie_break": "The tie-break",
    "theme.blind": "Reserve blind",
    "rating": "Your rating: {rating} ± {deviation}",
    "streak": "Solved in a row: {streak} (best {best})",
    "find": "{player} to play: find the best action. This puzzle is rated {rating}.",
    "from_game": "From game {game} of {corpus}, before turn {turn}.",
    "from_review": "From this game, before turn {turn}: the move played there was a mistake.",
    "right": "Right!",
    "right_why": "{answer} keeps {player} a {chance} chance of winning; the best other "
                 "action, {runner_up}, only {runner_up_chance}.",
    "wrong_tempting": "Not quite: {move} is the tempting move, but it wins only "
                      "{runner_up_chance} of the time where the best action keeps {chance}.",
    "wrong": "Not this one: {move} is legal, but another action wins at least {margin} more "
             "often.",
    "again": "Try again, or ask for the solution.",
    "line": "This puzzle is a line of two moves: find this one, then {player}'s next move once "
            "the others have replied.",
    "line_right": "Right! Then: {replies} Now find {player}'s next move.",
    "wrong_line": "Not this one: {move} is legal, but the line goes on with another action.",
    "rating_moved": "Your rating: {before} → {after}.",
    "about": "What it turns on: {theme} ({rule}).",
    "hint": "Hint",
    "hint_theme": "Think of this: {theme} ({rule}).",
    "solution": "Show the solution",
    "solution_said": "The solution: {answer}.",
    "next": "Next puzzle",
    "open_game": "Open the game in the Replay tab",
    "reset": "Reset my rating",
    "reset_done": "Your rating and history are reset.",
    "none_left": "No puzzle left with these filters: choose others.",
    "chart": "Your rating after each attempt",
}
"""The trainer's words by key."""


def say(key: str, /, **params: object) -> str:
    """The words ``key`` in the current language, their placeholders filled."""
    return translator().gettext(WORDS[key], **params)
