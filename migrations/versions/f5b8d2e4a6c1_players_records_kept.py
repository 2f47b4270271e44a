"""Each player's record kept, per game and summed per player and kind: their page reads no game

Revision ID: f5b8d2e4a6c1
Revises: e3a7c9d1b5f2

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'f5b8d2e4a6c1'
down_revision = 'e3a7c9d1b5f2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'player_game_record',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('name_key', sa.String(length=90), nullable=False),
        sa.Column('record', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', 'name_key'),
    )
    op.create_table(
        'player_record',
        sa.Column('name_key', sa.String(length=90), nullable=False),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('name', sa.String(length=30), nullable=False),
        sa.Column('latest_game', sa.Integer(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.Column('record', sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint('name_key', 'kind'),
    )
    # Every game played so far, counted once (the engine replays each game; the app's code does the counting).
    from scorekeeper.store.player_records import count_again
    count_again(op.get_bind())


def downgrade():
    op.drop_table('player_record')
    op.drop_table('player_game_record')
