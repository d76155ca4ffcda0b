"""`buccaneer train GAME`: learn a game's policy and value network by expert iteration.

The loop (`loop.py`) first imitates the game's heuristic bot, then the decisions of ISMCTS
guided by the network being trained, on states of the network's own games; it checkpoints
after every iteration, measures the policy against the heuristic and random, plots the
curves and exports the numpy weights that `agents.make("learned")` plays. torch is needed
only here (extra `train`); playing needs numpy alone. See docs/bots.md.
"""
