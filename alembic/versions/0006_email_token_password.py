"""email_tokens.password_hash: a sign-up's password travels with its own confirmation link

Signing up again for an account not yet confirmed used to replace its password at once, and every earlier link
stayed good: anyone could sign up with someone else's address and, once its owner opened their own link, sign in
with a password of their own. Now each confirmation link sets the password chosen with it, and a new sign-up voids
the earlier links.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27 23:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0006'
down_revision: Union[str, None] = '0005'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('email_tokens', schema=None) as batch_op:
        batch_op.add_column(sa.Column('password_hash', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('email_tokens', schema=None) as batch_op:
        batch_op.drop_column('password_hash')
