"""When a game last changed and its result, for the lobby and replays (schema_version 2).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as b:
        b.add_column(sa.Column("updated", sa.Float()))
        b.add_column(sa.Column("result", sa.Text()))
    op.execute("UPDATE schema_version SET version = 2")


def downgrade() -> None:
    with op.batch_alter_table("games") as b:
        b.drop_column("result")
        b.drop_column("updated")
    op.execute("UPDATE schema_version SET version = 1")
