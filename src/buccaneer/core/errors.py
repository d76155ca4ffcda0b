"""The two ways a caller can be wrong, as distinct exception types.

`IllegalAction` is what a player hears when a move breaks the rules; `OptionError` is what a
caller hears when a game cannot even be set up as asked. Both subclass `ValueError` so generic
code can catch them together, and both carry a message meant to be shown to a person as is.
"""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state it was applied to is unchanged."""


class OptionError(ValueError):
    """A game asked for with an unknown game name, player count, option name or option value."""
