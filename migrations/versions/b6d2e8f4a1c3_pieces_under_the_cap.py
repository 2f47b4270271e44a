"""The hands' pieces count under RENDER_CACHE_MAX_BYTES with the renders: each piece's size and when it was kept

Revision ID: b6d2e8f4a1c3
Revises: f5b8d2e4a6c1

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b6d2e8f4a1c3'
down_revision = 'f5b8d2e4a6c1'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('piece') as batch_op:
        batch_op.add_column(sa.Column('size', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('kept_at', sa.Float(), nullable=False, server_default='0'))
        batch_op.create_index('ix_piece_kept_at', ['kept_at'])
    op.execute(sa.text("UPDATE piece SET size = length(body)"))
    op.execute(sa.text("UPDATE render_cache_size SET bytes = bytes + (SELECT COALESCE(SUM(size), 0) FROM piece)"))


def downgrade():
    op.execute(sa.text("UPDATE render_cache_size SET bytes = bytes - (SELECT COALESCE(SUM(size), 0) FROM piece)"))
    with op.batch_alter_table('piece') as batch_op:
        batch_op.drop_index('ix_piece_kept_at')
        batch_op.drop_column('kept_at')
        batch_op.drop_column('size')
