"""Renders derived from a game's entries, kept under its version and shared by every worker and host

Revision ID: 2b7d4c8e1f60
Revises: 8c3f5e2a9d17

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '2b7d4c8e1f60'
down_revision = '8c3f5e2a9d17'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'render',
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('body', sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint('key'),
    )
    with op.batch_alter_table('render', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_render_game'), ['game'], unique=False)


def downgrade():
    with op.batch_alter_table('render', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_render_game'))
    op.drop_table('render')
