"""The online play server: people and bots at one table over the network (docs/server.md).

A thin, careful shell around the engine: it stores each table's seed and action log, drives the
engine through each table's master (`master.py`), and sends every connection only what its
seat may know. It never interprets a rule and never names a game.
"""
