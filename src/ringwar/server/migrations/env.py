"""Alembic's environment for ringwar's database.

The server runs the migrations itself when it opens a database (``Storage``), handing its
connection over in ``config.attributes["connection"]``.  From the command line::

    alembic -c /dev/null -x url=postgresql://... upgrade head     # not needed: serve does it

(``script_location`` is this folder.)
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from ringwar.server.storage import metadata, normalize_url

config = context.config


def run() -> None:
    conn = config.attributes.get("connection")
    if conn is not None:
        context.configure(connection=conn, target_metadata=metadata, compare_type=True,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("say which database: -x url=...")
    engine = create_engine(normalize_url(url))
    with engine.begin() as c:
        context.configure(connection=c, target_metadata=metadata, compare_type=True,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
