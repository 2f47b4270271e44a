"""Club nights: events (with their byes) and their tables, each an ordinary game

Revision ID: c4e8a2f61b37
Revises: 9e4a1c7b3d25

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c4e8a2f61b37'
down_revision = '9e4a1c7b3d25'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'event',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('public_id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('players', sa.JSON(), nullable=False),
        sa.Column('byes', sa.JSON(), nullable=False),
        sa.Column('rounds', sa.Integer(), nullable=False),
        sa.Column('hands_per_round', sa.Integer(), nullable=True),
        sa.Column('settings', sa.JSON(), nullable=False),
        sa.Column('edit_token_hash', sa.String(length=64), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('public_id'),
    )
    op.create_table(
        'event_table',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('round', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('corrected_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('confirmed_by', sa.String(length=30), nullable=True),
        sa.Column('confirmed_version', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['event.id']),
        sa.ForeignKeyConstraint(['game_id'], ['game.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_id', 'round', 'number'),
        sa.UniqueConstraint('game_id'),
    )
    with op.batch_alter_table('event_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_table_event_id'), ['event_id'], unique=False)


def downgrade():
    with op.batch_alter_table('event_table', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_table_event_id'))
    op.drop_table('event_table')
    op.drop_table('event')
