"""Several server processes on one database: each game's version (checked under its row
lock), the AI seats' seeds and saved state, and the AI turns as claimed jobs.  Seeds become
64-bit (they go to 2^63 - 1; PostgreSQL's INTEGER is 32).  ``schema_version`` says 3, which a
ringwar from before Alembic refuses as newer than itself.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


PRIMARY_KEYS = {"games": ["id"]}


def _first_seats() -> sa.Table:
    """``seats`` as revision 0001 declared it."""
    return sa.Table(
        "seats", sa.MetaData(),
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("side", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("agent", sa.String(64)),
        sa.Column("token_hash", sa.String(64), unique=True))


def _loose_keys(table: str) -> list[dict[str, object]]:
    """Primary-key columns that allow NULL: SQLite lets a non-integer primary key hold NULL
    unless it says NOT NULL, and the first schema did not say it."""
    cols = sa.inspect(op.get_bind()).get_columns(table)
    return [c for c in cols if c["name"] in PRIMARY_KEYS[table] and c["nullable"]]


def upgrade() -> None:
    with op.batch_alter_table("games") as b:
        b.alter_column("seed", type_=sa.BigInteger(), existing_type=sa.Integer(),
                       existing_nullable=False)
        for c in _loose_keys("games"):
            b.alter_column(c["name"], existing_type=c["type"], nullable=False)
        b.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
    op.execute("UPDATE games SET version = COALESCE((SELECT MAX(m.seq) FROM moves m "
               "WHERE m.game_id = games.id), 0)")
    # on SQLite the (small) seats table is made anew: a file from before Alembic declared
    # token_hash UNIQUE inline, which SQLite's reflection does not report
    sqlite = op.get_bind().dialect.name == "sqlite"
    with op.batch_alter_table("seats", copy_from=_first_seats(),
                              recreate="always" if sqlite else "auto") as b:
        b.add_column(sa.Column("ai_seed", sa.BigInteger()))
        b.add_column(sa.Column("ai_state", sa.LargeBinary()))
        b.add_column(sa.Column("ai_state_version", sa.Integer()))
    op.create_table(
        "ai_jobs",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(128)),
        sa.Column("lease_until", sa.Float(), nullable=False),
    )
    op.create_index("ix_ai_jobs_lease_until", "ai_jobs", ["lease_until"])
    op.execute("UPDATE schema_version SET version = 3")


def downgrade() -> None:
    op.drop_index("ix_ai_jobs_lease_until", table_name="ai_jobs")
    op.drop_table("ai_jobs")
    with op.batch_alter_table("seats") as b:
        b.drop_column("ai_state_version")
        b.drop_column("ai_state")
        b.drop_column("ai_seed")
    with op.batch_alter_table("games") as b:
        b.drop_column("version")
        b.alter_column("seed", type_=sa.Integer(), existing_type=sa.BigInteger(),
                       existing_nullable=False)
    op.execute("UPDATE schema_version SET version = 2")
