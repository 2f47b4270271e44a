"""The cache of renders keeps its size in one row, moved by every write of a render, instead of summing it

Revision ID: a3f1c9e7b5d2
Revises: a7e3c9d41b28

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a3f1c9e7b5d2'
down_revision = 'a7e3c9d41b28'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'render_cache_size',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('bytes', sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.execute(sa.text("INSERT INTO render_cache_size (id, bytes) SELECT 1, COALESCE(SUM(size), 0) FROM render"))


def downgrade():
    op.drop_table('render_cache_size')
