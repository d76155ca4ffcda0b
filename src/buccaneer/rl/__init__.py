"""Research environments over every registered game: PettingZoo, Gymnasium and OpenSpiel.

Each adapter is a module of its own and imports its library only when used (extra `rl`):
`buccaneer.rl.pettingzoo.env(...)`, `buccaneer.rl.gymnasium.make(...)`,
`buccaneer.rl.openspiel.register()`. See docs/environments.md.
"""
