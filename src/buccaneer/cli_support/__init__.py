"""The pieces behind the `buccaneer` command, kept apart so `cli.py` stays a thin Typer layer.

Nothing here names a game: every game is reached through `buccaneer.core.get_spec`, so a new
game plug-in works in the command line without a change here.
"""
