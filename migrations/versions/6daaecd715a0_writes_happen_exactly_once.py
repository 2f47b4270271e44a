"""Writes happen exactly once: idempotency keys, and hand numbers without gaps

Revision ID: 6daaecd715a0
Revises: f38d2c11982b

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '6daaecd715a0'
down_revision = 'f38d2c11982b'
branch_labels = None
depends_on = None

game = sa.table('game', sa.column('id', sa.Integer), sa.column('version', sa.Integer))
hand = sa.table('hand', sa.column('id', sa.Integer), sa.column('game_id', sa.Integer),
                sa.column('number', sa.Integer))


def upgrade():
    op.create_table('idempotency_key',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('scope', sa.String(length=64), nullable=False),
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('fingerprint', sa.String(length=64), nullable=False),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('body', sa.JSON(), nullable=True),
    sa.Column('headers', sa.JSON(), nullable=False),
    sa.Column('sealed_token', sa.String(length=128), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('scope', 'key_hash')
    )
    with op.batch_alter_table('idempotency_key', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_idempotency_key_created_at'), ['created_at'], unique=False)
    close_gaps()


def close_gaps():
    """Number every game's hands 1..n again: an undo racing a post could leave 1, 2, 4 (a stuck game).

    Hands keep their order. Going up, each new number is free: it is at most
    the old one, and every smaller number is already taken by an earlier hand.
    """
    connection = op.get_bind()
    rows = connection.execute(sa.select(hand.c.id, hand.c.game_id, hand.c.number)
                              .order_by(hand.c.game_id, hand.c.number)).all()
    expected, repaired = {}, set()
    for hand_id, game_id, number in rows:
        wanted = expected.get(game_id, 0) + 1
        expected[game_id] = wanted
        if number != wanted:
            connection.execute(sa.update(hand).where(hand.c.id == hand_id).values(number=wanted))
            repaired.add(game_id)
    for game_id in sorted(repaired):
        connection.execute(sa.update(game).where(game.c.id == game_id).values(version=game.c.version + 1))


def downgrade():
    with op.batch_alter_table('idempotency_key', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_idempotency_key_created_at'))

    op.drop_table('idempotency_key')
