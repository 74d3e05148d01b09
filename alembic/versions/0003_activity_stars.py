"""activity_stars: a signed-in player's best stars per activity

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 20:30:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0003'
down_revision: Union[str, None] = '0002'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('activity_stars',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('activity_id', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('best_stars', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('best_stars BETWEEN 1 AND 3', name='ck_activity_stars_range'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id', 'activity_id', name='uq_activity_stars_user_activity')
    )


def downgrade() -> None:
    op.drop_table('activity_stars')
