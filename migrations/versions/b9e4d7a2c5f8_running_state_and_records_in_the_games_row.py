"""The running state and the players' records in the game's row: a save writes them with its version in one UPDATE

Revision ID: b9e4d7a2c5f8
Revises: c8e2f4a6b9d1

"""
from collections import defaultdict

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b9e4d7a2c5f8'
down_revision = 'c8e2f4a6b9d1'
branch_labels = None
depends_on = None

GAME = sa.table('game', sa.column('id', sa.Integer()), sa.column('records', sa.JSON()))
SEAT = sa.table('seat', sa.column('game_id', sa.Integer()), sa.column('name', sa.String()),
                sa.column('name_key', sa.String()))
COUNTED = sa.table('player_game_record', sa.column('game_id', sa.Integer()), sa.column('name_key', sa.String()),
                   sa.column('record', sa.JSON()))
STATE_COLUMNS = ('version', 'engine', 'state')


def upgrade():
    with op.batch_alter_table('game') as game:
        game.add_column(sa.Column('state', sa.LargeBinary(), nullable=True))
        game.add_column(sa.Column('state_version', sa.Integer(), nullable=True))
        game.add_column(sa.Column('state_engine', sa.String(length=64), nullable=True))
        game.add_column(sa.Column('records', sa.JSON(), nullable=False, server_default='{}'))
        game.add_column(sa.Column('records_pending', sa.Boolean(), nullable=False, server_default=sa.false()))
        game.create_index('ix_game_records_pending', ['records_pending'])
    for column in STATE_COLUMNS:
        op.execute(f"UPDATE game SET state{'' if column == 'state' else '_' + column} = "
                   f"(SELECT running_state.{column} FROM running_state WHERE running_state.game_id = game.id)")
    op.drop_table('running_state')
    # Each game's records as its players' sums counted them, with each player's name as spelt in the game.
    connection = op.get_bind()
    names = {(game_id, key): name for game_id, name, key in connection.execute(
        sa.select(SEAT.c.game_id, SEAT.c.name, SEAT.c.name_key))}
    records = defaultdict(dict)
    for game_id, key, record in connection.execute(sa.select(COUNTED.c.game_id, COUNTED.c.name_key,
                                                             COUNTED.c.record)):
        records[game_id][key] = [names[(game_id, key)], record]
    if records:
        connection.execute(sa.update(GAME).where(GAME.c.id == sa.bindparam('game_id'))
                           .values(records=sa.bindparam('kept')),
                           [{'game_id': game_id, 'kept': kept} for game_id, kept in records.items()])


def downgrade():
    op.create_table(
        'running_state',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('engine', sa.String(length=64), nullable=False),
        sa.Column('state', sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id'),
    )
    op.execute("INSERT INTO running_state (game_id, version, engine, state) SELECT id, state_version, state_engine,"
               " state FROM game WHERE state IS NOT NULL")
    # The sums were kept with every change before: bring them up to date first.
    from scorekeeper.store.player_records import count_pending
    count_pending(op.get_bind())
    with op.batch_alter_table('game') as game:
        game.drop_index('ix_game_records_pending')
        for column in ('records_pending', 'records', 'state_engine', 'state_version', 'state'):
            game.drop_column(column)
