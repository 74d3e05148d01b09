"""messages.client_id: a page's own id for a message, so a resend is stored once

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 09:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0002'
down_revision: Union[str, None] = '0001'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('messages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('client_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.create_index('uq_messages_user_client', ['user_id', 'client_id'], unique=True)


def downgrade() -> None:
    with op.batch_alter_table('messages', schema=None) as batch_op:
        batch_op.drop_index('uq_messages_user_client')
        batch_op.drop_column('client_id')
