"""The operator's probes and metrics, at the root (not under /api): `/health/live` (the
process answers), `/health/ready` (it can serve: database reachable and at the newest schema,
Redis answering when used) and `/metrics` (Prometheus, behind the operator's token).

A draining server stays ready: draining refuses new tables, and the games being played must
go on being served until they end (docs/server.md, "Deployment")."""

from __future__ import annotations

import asyncio
import hmac
import os
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST

from buccaneer.server import metrics
from buccaneer.server.migrate import head_revision
from buccaneer.server.repository_operator import DRAINING
from buccaneer.server.tables import Refused

router = APIRouter()
# Seconds a readiness check waits for each of its parts.
CHECK_SECONDS = 3.0


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:300]


@router.get("/health/live")
async def live() -> dict[str, Any]:
    """The process answers (nothing else is asked: a database outage must not make a process
    manager restart every server)."""
    return {"ok": True, "process": os.getpid()}


@router.get("/health/ready")
async def ready(request: Request) -> JSONResponse:
    """200 when the server can serve, else 503; either way each check's verdict."""
    server = request.app.state.server
    operator = server.masters.operator
    checks: dict[str, dict[str, Any]] = {}
    try:
        revision = await asyncio.wait_for(operator.revision(), CHECK_SECONDS)
        checks["database"] = {"ok": True}
        head = head_revision()
        checks["migrations"] = {"ok": revision == head, "current": revision, "head": head}
        if revision != head:
            checks["migrations"]["message"] = "the database's schema is not the newest"
    except (Exception, TimeoutError) as exc:
        checks["database"] = {"ok": False, "message": first_line(exc)}
    if server.settings.redis_url:
        try:
            await asyncio.wait_for(server.fanout.ping(), CHECK_SECONDS)
            checks["redis"] = {"ok": True}
        except (Exception, TimeoutError) as exc:
            checks["redis"] = {"ok": False, "message": first_line(exc)}
    ok = all(check["ok"] for check in checks.values())
    draining = False
    if checks["database"]["ok"]:
        try:
            draining = await operator.flag(DRAINING) is not None
        except Exception:  # the flag is news, not a check
            draining = False
    failed = [name for name, check in checks.items() if not check["ok"]]
    return JSONResponse(
        {"ok": ok, "failed": failed, "checks": checks, "draining": draining},
        status_code=200 if ok else 503,
    )


def check_operator(request: Request, authorization: str | None) -> None:
    """`Authorization: Bearer <operator token>` (`--operator-token`), compared in constant
    time; without a configured token nobody gets in."""
    token = request.app.state.server.settings.operator_token
    scheme, _, given = (authorization or "").partition(" ")
    if (
        not token
        or scheme.lower() != "bearer"
        or not hmac.compare_digest(given.strip().encode(), token.encode())
    ):
        raise Refused(
            "unknown_operator",
            "send 'Authorization: Bearer <operator token>' (the token `buccaneer serve` got "
            "from BUCCANEER_OPERATOR_TOKEN or --operator-token-file)",
        )


@router.get("/metrics")
async def scrape(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> Response:
    check_operator(request, authorization)
    server = request.app.state.server
    counts = await server.masters.operator.tables_by_status()
    body = metrics.render(sum(server.hub.addresses.values()), counts)
    return Response(body, media_type=CONTENT_TYPE_LATEST)
