"""``ringwar serve``: the web app — play in the browser, hot-seat, against the AI or online.

    ringwar serve [--host 127.0.0.1] [--port 8000] [--database sqlite:///ringwar.db]
"""

from __future__ import annotations

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", default=8000, show_default=True, type=int, help="port to listen on")
@click.option("--database", default="sqlite:///ringwar.db", show_default=True,
              help="SQLAlchemy database URL (an SQLite file by default)")
@click.option("--ai-delay", default=0.05, show_default=True, type=float,
              help="seconds an AI seat waits between its actions (so you can follow them)")
@click.option("--ai-think", default=1.0, show_default=True, type=float,
              help="seconds the search AI (mcts) may think over each plan (after one round)")
@click.option("--ws-compression/--no-ws-compression", default=False, show_default=True,
              help="compress WebSocket messages (saves bandwidth on slow links, costs CPU)")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def command(host: str, port: int, database: str, ai_delay: float, ai_think: float,
            ws_compression: bool, log_level: str) -> None:
    """Start the web app and print its URL."""
    import uvicorn

    from ..server.app import create_app
    from ..server.storage import SchemaError

    try:
        app = create_app(database, ai_delay=ai_delay, ai_think=ai_think)
    except SchemaError as e:
        raise click.ClickException(str(e)) from None
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"ringwar: open http://{shown}:{port}/  (database {database}; Ctrl-C stops)",
               err=False)
    uvicorn.run(app, host=host, port=port, log_level=log_level,
                ws="websockets-sansio" if _has_sansio() else "auto",
                ws_per_message_deflate=ws_compression)


def _has_sansio() -> bool:
    try:
        import uvicorn.protocols.websockets.websockets_sansio_impl  # noqa: F401
        return True
    except Exception:
        return False
