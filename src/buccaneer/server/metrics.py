"""The server's Prometheus metrics, scraped at `/metrics` with the operator's token.

Every family lives in one registry of this module (`REGISTRY`), so the rest of the server
counts with one line (`metrics.actions.labels("act").inc()`) and knows nothing of HTTP.
The metrics are per process: with `--workers N` each scrape reaches one worker, and its
counters are that worker's own (docs/server.md, "Deployment"); the gauges of tables by status
are read from the database at scrape time and are the same from every worker.
"""

from __future__ import annotations

from collections.abc import Mapping

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry(auto_describe=True)

# Seconds: an action's way from arriving to being committed; a bot's thinking.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
THINK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)

connections = Gauge(
    "buccaneer_connections", "WebSocket connections open to this process", registry=REGISTRY
)
tables = Gauge(
    "buccaneer_tables", "Tables in the database, by status", ["status"], registry=REGISTRY
)
actions = Counter(
    "buccaneer_actions",
    "Actions applied and committed by this process (people's, bots' and the clock's)",
    registry=REGISTRY,
)
action_latency = Histogram(
    "buccaneer_action_latency_seconds",
    "Time from receiving an action to its commit",
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
bot_think = Histogram(
    "buccaneer_bot_think_seconds",
    "Time a server bot took to choose a move (in the bot pool)",
    buckets=THINK_BUCKETS,
    registry=REGISTRY,
)
bot_decisions = Gauge(
    "buccaneer_bot_decisions",
    "Bot decisions of this process thinking in the pool or waiting for their fair turn",
    ["state"],
    registry=REGISTRY,
)
errors = Counter(
    "buccaneer_errors",
    "Refusals sent to clients (WebSocket errors and HTTP error answers), by code",
    ["code"],
    registry=REGISTRY,
)
notifications_sent = Counter(
    "buccaneer_notifications_sent",
    "Notifications sent, by channel (page, webhook, email)",
    ["channel"],
    registry=REGISTRY,
)
commands = Counter(
    "buccaneer_table_commands",
    "Table commands by command and outcome (ok or the refusal's code)",
    ["command", "outcome"],
    registry=REGISTRY,
)


def render(open_connections: int, tables_by_status: Mapping[str, int]) -> bytes:
    """The text exposition, with the gauges read at scrape time set first."""
    connections.set(open_connections)
    for status in ("waiting", "active", "over"):
        tables.labels(status).set(tables_by_status.get(status, 0))
    for status, count in tables_by_status.items():
        tables.labels(status).set(count)
    return generate_latest(REGISTRY)


__all__ = [
    "REGISTRY",
    "action_latency",
    "actions",
    "bot_decisions",
    "bot_think",
    "commands",
    "connections",
    "errors",
    "notifications_sent",
    "render",
    "tables",
]
