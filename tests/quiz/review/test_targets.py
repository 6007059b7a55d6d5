"""Which target decides a card: the member's for the pack, their own, the server's pack
default, the bot's; and which server's default that is."""

from __future__ import annotations

from bot.quiz.review.retention import DEFAULT_RETENTION
from bot.quiz.review.targets import CLEAR_TARGET, Targets, deciding_server, is_target

SERVER, OTHER = 111, 222
PACK, ELSEWHERE = "capitals", "rivers"


def test_a_member_with_nothing_set_gets_the_bots_target() -> None:
    assert Targets().percent_for(PACK, SERVER) == DEFAULT_RETENTION
    assert Targets().percent_for(PACK, None) == DEFAULT_RETENTION


def test_the_members_pack_target_comes_first() -> None:
    targets = Targets(own=85, packs={PACK: 95}, server_packs={(SERVER, PACK): 80})
    assert targets.percent_for(PACK, SERVER) == 95
    assert targets.percent_for(ELSEWHERE, SERVER) == 85  # another pack: their own


def test_the_members_own_target_beats_the_servers_pack_default() -> None:
    targets = Targets(own=92, server_packs={(SERVER, PACK): 80})
    assert targets.percent_for(PACK, SERVER) == 92


def test_the_servers_pack_default_applies_when_the_member_chose_none() -> None:
    targets = Targets(server_packs={(SERVER, PACK): 80})
    assert targets.percent_for(PACK, SERVER) == 80
    assert targets.percent_for(PACK, OTHER) == DEFAULT_RETENTION  # another server's view
    assert targets.percent_for(PACK, None) == DEFAULT_RETENTION  # a DM
    assert targets.percent_for(ELSEWHERE, SERVER) == DEFAULT_RETENTION


def test_values_not_offered_count_as_unset() -> None:
    targets = Targets(own=70, packs={PACK: CLEAR_TARGET}, server_packs={(SERVER, PACK): 85})
    assert targets.percent_for(PACK, SERVER) == 85
    assert not is_target(CLEAR_TARGET)
    assert not is_target(None)
    assert is_target(80)


def test_a_servers_own_pack_is_decided_by_that_server_wherever_it_is_answered() -> None:
    assert deciding_server(SERVER, OTHER) == SERVER
    assert deciding_server(SERVER, None) == SERVER


def test_a_shipped_pack_is_decided_by_the_server_it_is_answered_in() -> None:
    assert deciding_server(None, OTHER) == OTHER
    assert deciding_server(None, None) is None
