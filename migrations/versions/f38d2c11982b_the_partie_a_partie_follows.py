"""The partie a partie follows

Revision ID: f38d2c11982b
Revises: 3b9c1f6d2a71

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'f38d2c11982b'
down_revision = '3b9c1f6d2a71'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('previous_id', sa.Integer(), nullable=True))
        batch_op.create_unique_constraint('uq_game_previous_id', ['previous_id'])
        batch_op.create_foreign_key('fk_game_previous_id_game', 'game', ['previous_id'], ['id'])
    # Link the parties of existing sessions in the order they were started.
    game = sa.table('game', sa.column('id', sa.Integer), sa.column('session_id', sa.String),
                    sa.column('previous_id', sa.Integer))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(game.c.id, game.c.session_id).where(game.c.session_id.is_not(None))
        .order_by(game.c.session_id, game.c.id)
    ).all()
    for (previous, previous_session), (current, session) in zip(rows, rows[1:]):
        if session == previous_session:
            connection.execute(sa.update(game).where(game.c.id == current).values(previous_id=previous))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint('fk_game_previous_id_game', type_='foreignkey')
        batch_op.drop_constraint('uq_game_previous_id', type_='unique')
        batch_op.drop_column('previous_id')
