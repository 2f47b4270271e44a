"""Pieces of each hand (its history line, its API object, its running scores) kept under the version its result
was last scored at

Revision ID: 4c6e8a1b2d93
Revises: c4e8a2f61b37

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '4c6e8a1b2d93'
down_revision = 'c4e8a2f61b37'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.add_column(sa.Column('scored', sa.Integer(), nullable=False, server_default='0'))
    op.create_table(
        'piece',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('what', sa.String(length=40), nullable=False),
        sa.Column('release', sa.String(length=16), nullable=False),
        sa.Column('scored', sa.Integer(), nullable=False),
        sa.Column('body', sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', 'number', 'what'),
    )


def downgrade():
    op.drop_table('piece')
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_column('scored')
