"""starter_seeds.worksheet_id and .edition: prestart remakes a starter's PDF when the generators change

Starters added before this revision are linked to the worksheet they became (its stored file is named
"<ms>-<key>.pdf"); their edition is empty, so the next prestart makes each again with today's generators.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27 15:00:00
"""
import re
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0005'
down_revision: Union[str, None] = '0004'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('starter_seeds') as batch:
        batch.add_column(sa.Column('worksheet_id', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('edition', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False,
                                   server_default=''))
        batch.create_foreign_key('fk_starter_seeds_worksheet_id_content', 'content', ['worksheet_id'], ['id'],
                                 ondelete='SET NULL')
    with op.batch_alter_table('starter_seeds') as batch:
        batch.alter_column('edition', server_default=None)
    _link_earlier_starters(op.get_bind())


def _link_earlier_starters(connection) -> None:
    keys = connection.execute(sa.text("SELECT key FROM starter_seeds")).scalars().all()
    files = connection.execute(sa.text(
        "SELECT id, storage_key FROM content WHERE content_type = 'worksheet' ORDER BY id")).all()
    for key in keys:
        made = re.compile(rf"worksheets/\d+-{re.escape(key)}\.pdf")
        worksheet_id = next((row.id for row in files if made.fullmatch(row.storage_key or "")), None)
        if worksheet_id is not None:
            connection.execute(sa.text("UPDATE starter_seeds SET worksheet_id = :id WHERE key = :key"),
                               {"id": worksheet_id, "key": key})


def downgrade() -> None:
    with op.batch_alter_table('starter_seeds') as batch:
        batch.drop_constraint('fk_starter_seeds_worksheet_id_content', type_='foreignkey')
        batch.drop_column('edition')
        batch.drop_column('worksheet_id')
