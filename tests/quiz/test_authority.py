"""Discord's rules for what a member may make the bot do on their behalf (bot/quiz/authority.py)."""

from __future__ import annotations

import pytest

from bot.quiz.authority import RoleFacts, Standing, ping_refusal, reward_refusal

MEMBER = Standing(owner=False, manage_roles=False, mention_everyone=False, top_position=5)
ROLE_MANAGER = Standing(owner=False, manage_roles=True, mention_everyone=False, top_position=5)
OWNER = Standing(owner=True, manage_roles=False, mention_everyone=False, top_position=0)
ANNOUNCER = Standing(owner=False, manage_roles=False, mention_everyone=True, top_position=1)


def role(
    position: int = 2, *, mentionable: bool = False, elevated: tuple[str, ...] = ()
) -> RoleFacts:
    return RoleFacts("<@&9>", position, mentionable, elevated)


@pytest.mark.parametrize(
    ("setter", "facts", "key"),
    [
        (ROLE_MANAGER, role(4), None),  # below their highest role
        (ROLE_MANAGER, role(5), "authority.reward_above_setter"),  # level with it: not below
        (ROLE_MANAGER, role(6), "authority.reward_above_setter"),
        (MEMBER, role(1), "authority.reward_no_manage_roles"),
        (OWNER, role(50), None),  # the owner may give any role
        (OWNER, role(1, elevated=("administrator",)), "authority.reward_elevated"),
        (ROLE_MANAGER, role(1, elevated=("ban_members",)), "authority.reward_elevated"),
        (None, role(1), "authority.setter_gone"),
    ],
)
def test_a_reward_is_what_its_setter_could_give_and_no_more(
    setter: Standing | None, facts: RoleFacts, key: str | None
) -> None:
    refusal = reward_refusal(setter, facts)
    assert (refusal[0] if refusal else None) == key


def test_an_elevated_reward_names_its_permissions() -> None:
    facts = role(elevated=("administrator", "manage_guild"))
    assert reward_refusal(OWNER, facts) == (
        "authority.reward_elevated",
        {"role": "<@&9>", "permissions": ("administrator", "manage_guild")},
    )


@pytest.mark.parametrize(
    ("setter", "facts", "key"),
    [
        (None, role(mentionable=True), None),  # anyone may ping it: no setter needed
        (MEMBER, role(), "authority.ping_not_mentionable"),
        (ROLE_MANAGER, role(1), "authority.ping_not_mentionable"),  # Manage Roles is not it
        (ANNOUNCER, role(), None),
        (OWNER, role(), None),
        (None, role(), "authority.setter_gone"),
    ],
)
def test_a_ping_is_one_its_setter_could_send(
    setter: Standing | None, facts: RoleFacts, key: str | None
) -> None:
    refusal = ping_refusal(setter, facts)
    assert (refusal[0] if refusal else None) == key
