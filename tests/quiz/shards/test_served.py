"""The shards a process serves, as the loops' queries filter by them."""

from __future__ import annotations

from bot.quiz.shards.served import EVERY_SHARD, ServedShards
from bot.quiz.shards.serving import shard_of


def test_a_process_of_every_shard_serves_every_id() -> None:
    assert EVERY_SHARD.every_shard
    assert ServedShards.of(4, range(4)).every_shard
    assert EVERY_SHARD.serves(123 << 22)


def test_held_shards_serve_the_ids_on_them_by_discords_rule() -> None:
    held = ServedShards.of(4, {1, 3, 7})  # 7 is outside the count: dropped
    assert held.held == {1, 3}
    assert not held.every_shard
    assert not held.none
    ids = [(n << 22) | 5 for n in range(16)]
    assert [i for i in ids if held.serves(i)] == [i for i in ids if shard_of(i, 4) in {1, 3}]
    assert ServedShards.of(4, ()).none
