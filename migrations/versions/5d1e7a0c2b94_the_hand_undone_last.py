"""The hand undone last, kept so that it can be redone

Revision ID: 5d1e7a0c2b94
Revises: f38d2c11982b

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '5d1e7a0c2b94'
down_revision = 'f38d2c11982b'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('undone_entry', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('undone_entry')
