"""Whole answers kept in the cache of renders already compressed (brotli and gzip)

Revision ID: 9e4a1c7b3d25
Revises: 2b7d4c8e1f60

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '9e4a1c7b3d25'
down_revision = '2b7d4c8e1f60'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('render', schema=None) as batch_op:
        batch_op.add_column(sa.Column('br', sa.LargeBinary(), nullable=True))
        batch_op.add_column(sa.Column('gzip', sa.LargeBinary(), nullable=True))


def downgrade():
    with op.batch_alter_table('render', schema=None) as batch_op:
        batch_op.drop_column('gzip')
        batch_op.drop_column('br')
