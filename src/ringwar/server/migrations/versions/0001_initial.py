"""The first schema (ringwar's schema_version 1): games, seats and their moves.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("schema_version", sa.Column("version", sa.Integer(), nullable=False))
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("system", sa.String(64), nullable=False),
        sa.Column("scenario", sa.String(64)),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("setup", sa.Text()),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("side", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("agent", sa.String(64)),
        sa.Column("token_hash", sa.String(64), unique=True),
    )
    op.create_table(
        "moves",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("side", sa.String(64)),
        sa.Column("body", sa.Text()),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.execute("INSERT INTO schema_version (version) VALUES (1)")


def downgrade() -> None:
    for t in ("moves", "seats", "games", "schema_version"):
        op.drop_table(t)
