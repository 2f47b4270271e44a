"""Ladders: a club's ratings across club nights; a club night may join one when it is created

Revision ID: a7c3e91f5d20
Revises: b6d2e8f4a1c3

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a7c3e91f5d20'
down_revision = 'b6d2e8f4a1c3'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'ladder',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('public_id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('edit_token_hash', sa.String(length=64), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('public_id'),
    )
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ladder_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_event_ladder_id'), ['ladder_id'], unique=False)
        batch_op.create_foreign_key('fk_event_ladder_id_ladder', 'ladder', ['ladder_id'], ['id'])


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_constraint('fk_event_ladder_id_ladder', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_event_ladder_id'))
        batch_op.drop_column('ladder_id')
    op.drop_table('ladder')
