"""Piquet sessions

Revision ID: e7dddb2bc349
Revises: a64a87d3970e

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e7dddb2bc349'
down_revision = 'a64a87d3970e'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('session_id', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_game_session_id'), ['session_id'], unique=False)



def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_session_id'))
        batch_op.drop_column('session_id')

