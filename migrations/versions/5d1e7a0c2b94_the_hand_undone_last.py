"""The hand undone last, kept so that it can be redone

Revision ID: 5d1e7a0c2b94
Revises: 6daaecd715a0

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '5d1e7a0c2b94'
down_revision = '6daaecd715a0'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('undone_entry', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('undone_entry')
