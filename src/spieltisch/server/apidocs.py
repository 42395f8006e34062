"""``/api/docs``: the HTTP API as a plain page, drawn from the OpenAPI schema here.

FastAPI's interactive pages load their scripts from a CDN, which the server's content
security policy forbids and a self-hosted table must not depend on. This page needs no
script and no download: every route with its method, summary and parameters, and a link
to ``/openapi.json`` for any OpenAPI viewer.
"""

from __future__ import annotations

from html import escape
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

router = APIRouter()


def render(schema: dict[str, Any]) -> str:
    """The page for an OpenAPI ``schema``."""
    title = escape(f"{schema['info']['title']} {schema['info'].get('version', '')}")
    rows = []
    for path, operations in schema.get("paths", {}).items():
        for method, op in operations.items():
            params = ", ".join(escape(p["name"]) for p in op.get("parameters", []))
            body = "JSON body" if "requestBody" in op else ""
            rows.append(
                f"<tr><td><code>{escape(method.upper())}</code></td><td><code>{escape(path)}"
                f"</code></td><td>{escape(op.get('summary', ''))}</td>"
                f"<td>{', '.join(x for x in (params, body) if x)}</td></tr>"
            )
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f"</head><body><h1>{title}</h1><p>The full schema: "
        f'<a href="/openapi.json">/openapi.json</a>; error codes and the websocket '
        f"protocol are described in docs/api.md.</p><table><thead><tr><th>method</th>"
        f"<th>path</th><th>what</th><th>parameters</th></tr></thead><tbody>"
        f"{''.join(rows)}</tbody></table></body></html>"
    )


@router.get("/api/docs", include_in_schema=False)
async def api_docs(request: Request) -> HTMLResponse:
    return HTMLResponse(render(request.app.openapi()))
