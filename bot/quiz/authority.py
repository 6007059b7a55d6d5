"""What a member may make the bot do on their behalf: only what they could do in Discord
themselves. The bot may hold "Manage Roles" and "Mention Everyone"; the people who configure it
need not, so every role it gives and every role it pings is judged by the standing of whoever
chose it, at the moment it is chosen and again at the moment it is acted on.

Discord's own rules, which these follow: a member may give a role only with "Manage Roles" and
only a role below their own highest one (the server's owner: any); a role that is not
mentionable may be pinged only with "Mention @everyone, @here, and All Roles". On top of them,
a reward is a badge: a role that carries any permission beyond an ordinary member's is refused
whoever sets it, since earning points must never make someone a moderator.
"""

from __future__ import annotations

from dataclasses import dataclass

Refusal = tuple[str, dict[str, object]]  # a catalogue key and its variables


@dataclass(frozen=True, slots=True)
class Standing:
    """What a member could do in the server, as Discord sees them now. ``None`` for a setter
    who is gone (left the server, or was never stored: configured before this rule)."""

    owner: bool
    manage_roles: bool
    mention_everyone: bool
    top_position: int  # the position of their highest role; @everyone is 0


@dataclass(frozen=True, slots=True)
class RoleFacts:
    """A role as the server has it now."""

    mention: str  # how a refusal shows it: ``<@&id>``
    position: int
    mentionable: bool
    # The names (discord.py's flag names) of the permissions it carries beyond a member's.
    elevated: tuple[str, ...] = ()


def reward_refusal(setter: Standing | None, role: RoleFacts) -> Refusal | None:
    """Why ``setter`` may not make the bot give ``role`` as a reward; None if they may."""
    if role.elevated:
        return "authority.reward_elevated", {"role": role.mention, "permissions": role.elevated}
    if setter is None:
        return "authority.setter_gone", {"role": role.mention}
    if setter.owner:
        return None
    if not setter.manage_roles:
        return "authority.reward_no_manage_roles", {"role": role.mention}
    if role.position >= setter.top_position:
        return "authority.reward_above_setter", {"role": role.mention}
    return None


def ping_refusal(setter: Standing | None, role: RoleFacts) -> Refusal | None:
    """Why ``setter`` may not make the bot ping ``role``; None if they may. A mentionable role
    anyone may ping, so it needs no setter at all."""
    if role.mentionable:
        return None
    if setter is None:
        return "authority.setter_gone", {"role": role.mention}
    if setter.owner or setter.mention_everyone:
        return None
    return "authority.ping_not_mentionable", {"role": role.mention}
