"""Club nights' round clock: the organiser's minutes per round, and when the round seated last ends

Revision ID: c8e2f4a6b9d1
Revises: a7c3e91f5d20

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c8e2f4a6b9d1'
down_revision = 'a7c3e91f5d20'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('round_minutes', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('round_deadline', sa.DateTime(timezone=True), nullable=True))


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('round_deadline')
        batch_op.drop_column('round_minutes')
