"""Counters of the limits on creating games and on wrong edit tokens, shared by every worker and host

Revision ID: c41f8a2d6e03
Revises: 4c6e8a1b2d93

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c41f8a2d6e03'
down_revision = '4c6e8a1b2d93'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'rate_limit',
        sa.Column('key', sa.String(length=255), nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.Column('expires_at', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('key'),
    )
    with op.batch_alter_table('rate_limit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rate_limit_expires_at'), ['expires_at'], unique=False)


def downgrade():
    with op.batch_alter_table('rate_limit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rate_limit_expires_at'))
    op.drop_table('rate_limit')
