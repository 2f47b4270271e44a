"""Hands say when they were changed after they were first recorded: the history marks them "edited"

Revision ID: a7e3c9d41b28
Revises: d52a9b3e7f14

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a7e3c9d41b28'
down_revision = 'd52a9b3e7f14'
branch_labels = None
depends_on = None


def upgrade():
    # Hands recorded so far are not known to have been edited: none is marked.
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.add_column(sa.Column('edited_at', sa.DateTime(timezone=True), nullable=True))


def downgrade():
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_column('edited_at')
