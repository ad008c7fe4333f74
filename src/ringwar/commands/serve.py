"""``ringwar serve``: the web app — play in the browser, hot-seat, against the AI or online.

    ringwar serve [--host 127.0.0.1] [--port 8000] [--database sqlite:///ringwar.db]
    ringwar serve --database postgresql://USER@HOST/DB --workers 4      # several processes
"""

from __future__ import annotations

import os

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", default=8000, show_default=True, type=int, help="port to listen on")
@click.option("--database", default="sqlite:///ringwar.db", show_default=True,
              help="database URL: an SQLite file, or PostgreSQL (postgresql://USER@HOST/DB), "
              "which several processes may share")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="server processes on the one port (more than 1 needs PostgreSQL)")
@click.option("--ai-delay", default=0.05, show_default=True, type=float,
              help="seconds an AI seat waits between its actions (so you can follow them)")
@click.option("--ai-think", default=1.0, show_default=True, type=float,
              help="seconds the search AI (mcts) may think over each plan (after one round)")
@click.option("--ai-lease", default=5.0, show_default=True, type=click.FloatRange(0.2, 600),
              help="seconds before another process takes over the AI turn of a process "
              "that died while playing it")
@click.option("--ws-compression/--no-ws-compression", default=False, show_default=True,
              help="compress WebSocket messages (saves bandwidth on slow links, costs CPU)")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def command(host: str, port: int, database: str, workers: int, ai_delay: float,
            ai_think: float, ai_lease: float, ws_compression: bool, log_level: str) -> None:
    """Start the web app and print its URL."""
    import uvicorn

    from ..server.storage import SchemaError, Storage

    shown = f"[{host}]" if ":" in host else host
    ws = "websockets-sansio" if _has_sansio() else "auto"
    if workers > 1:
        if database.startswith("sqlite"):
            raise click.ClickException("several processes need a database they can share: "
                                       "PostgreSQL (--database postgresql://USER@HOST/DB)")
        try:
            Storage(database).close()      # migrate once, before the processes start
        except SchemaError as e:
            raise click.ClickException(str(e)) from None
        os.environ.update(RINGWAR_DATABASE=database, RINGWAR_AI_DELAY=str(ai_delay),
                          RINGWAR_AI_THINK=str(ai_think), RINGWAR_AI_LEASE=str(ai_lease))
        click.echo(f"ringwar: open http://{shown}:{port}/  ({workers} processes, database "
                   f"{_safe(database)}; Ctrl-C stops)")
        uvicorn.run("ringwar.server.asgi:create", factory=True, workers=workers, host=host,
                    port=port, log_level=log_level, ws=ws, ws_per_message_deflate=ws_compression)
        return

    from ..server.app import create_app
    try:
        app = create_app(database, ai_delay=ai_delay, ai_think=ai_think, ai_lease=ai_lease)
    except SchemaError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"ringwar: open http://{shown}:{port}/  (database {_safe(database)}; Ctrl-C "
               "stops)", err=False)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws=ws,
                ws_per_message_deflate=ws_compression)


def _safe(url: str) -> str:
    """The URL without its password."""
    from sqlalchemy.engine import make_url
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url


def _has_sansio() -> bool:
    try:
        import uvicorn.protocols.websockets.websockets_sansio_impl  # noqa: F401
        return True
    except Exception:
        return False
