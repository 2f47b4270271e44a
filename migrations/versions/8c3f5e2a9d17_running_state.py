"""The running state of a game, kept with its version so that an append does not replay the game

Revision ID: 8c3f5e2a9d17
Revises: 5d0c7a9e4b12

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '8c3f5e2a9d17'
down_revision = '5d0c7a9e4b12'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'running_state',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('engine', sa.String(length=64), nullable=False),
        sa.Column('state', sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id'),
    )


def downgrade():
    op.drop_table('running_state')
