"""When each game last changed: abandoned games can be purged (store/purge.py)

Revision ID: e3a7c9d1b5f2
Revises: a3f1c9e7b5d2

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e3a7c9d1b5f2'
down_revision = 'a3f1c9e7b5d2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('changed_at', sa.DateTime(timezone=True), nullable=True))
    # Until now a change left its time only on a hand recorded: the latest of those, or the game's creation.
    op.execute(sa.text(
        "UPDATE game SET changed_at = COALESCE("
        "(SELECT MAX(hand.recorded_at) FROM hand WHERE hand.game_id = game.id AND hand.recorded_at > game.created_at),"
        " game.created_at)"))
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.alter_column('changed_at', nullable=False)
        batch_op.create_index(batch_op.f('ix_game_changed_at'), ['changed_at'], unique=False)


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_changed_at'))
        batch_op.drop_column('changed_at')
