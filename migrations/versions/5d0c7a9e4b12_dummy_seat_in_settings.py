"""The dummy's seat moves into the settings of a Dummy Hand Spades game

Revision ID: 5d0c7a9e4b12
Revises: 5d1e7a0c2b94

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '5d0c7a9e4b12'
down_revision = '5d1e7a0c2b94'
branch_labels = None
depends_on = None

# Rewritten row by row through SQLAlchemy's JSON type, so that SQLite and
# PostgreSQL both read and write the settings the same way.
game = sa.table('game', sa.column('id', sa.Integer), sa.column('settings', sa.JSON),
                sa.column('dummy_after', sa.Integer))


def upgrade():
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(game.c.id, game.c.settings, game.c.dummy_after).where(game.c.dummy_after.is_not(None))
    ).all()
    for id_, settings, dummy_after in rows:
        connection.execute(
            sa.update(game).where(game.c.id == id_).values(settings={**(settings or {}), 'dummy_after': dummy_after})
        )
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('dummy_after')


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('dummy_after', sa.Integer(), nullable=True))
    connection = op.get_bind()
    for id_, settings in connection.execute(sa.select(game.c.id, game.c.settings)).all():
        if settings and 'dummy_after' in settings:
            kept = {key: value for key, value in settings.items() if key != 'dummy_after'}
            connection.execute(
                sa.update(game).where(game.c.id == id_).values(settings=kept, dummy_after=settings['dummy_after'])
            )
