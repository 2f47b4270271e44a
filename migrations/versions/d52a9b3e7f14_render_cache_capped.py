"""The cache of renders is capped: each render's size and last use, to drop the least recently used

Revision ID: d52a9b3e7f14
Revises: c41f8a2d6e03

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'd52a9b3e7f14'
down_revision = 'c41f8a2d6e03'
branch_labels = None
depends_on = None


def upgrade():
    # Renders are derived and made again when missing: those kept so far, of unknown size, are dropped.
    op.execute(sa.text("DELETE FROM render"))
    with op.batch_alter_table('render', schema=None) as batch_op:
        batch_op.add_column(sa.Column('size', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('used_at', sa.Float(), nullable=False, server_default='0'))
        batch_op.create_index(batch_op.f('ix_render_used_at'), ['used_at'], unique=False)


def downgrade():
    with op.batch_alter_table('render', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_render_used_at'))
        batch_op.drop_column('used_at')
        batch_op.drop_column('size')
