"""Seat name key: players recognised across games

Revision ID: 3b9c1f6d2a71
Revises: e7dddb2bc349

"""
import unicodedata

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '3b9c1f6d2a71'
down_revision = 'e7dddb2bc349'
branch_labels = None
depends_on = None

seat = sa.table('seat', sa.column('game_id', sa.Integer), sa.column('position', sa.Integer),
                sa.column('name', sa.String), sa.column('name_key', sa.String))


def upgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('name_key', sa.String(length=90), nullable=True))
    # The same key as scorekeeper.models.player_key, frozen here as it was when written.
    connection = op.get_bind()
    rows = connection.execute(sa.select(seat.c.game_id, seat.c.position, seat.c.name)).all()
    for game_id, position, name in rows:
        key = unicodedata.normalize('NFC', name.strip()).casefold()
        connection.execute(seat.update().where(seat.c.game_id == game_id, seat.c.position == position)
                           .values(name_key=key))
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.alter_column('name_key', existing_type=sa.String(length=90), nullable=False)
        batch_op.create_index(batch_op.f('ix_seat_name_key'), ['name_key'], unique=False)


def downgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_name_key'))
        batch_op.drop_column('name_key')
