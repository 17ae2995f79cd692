"""A game's settings: the player counts its packs allow and the options they declare.

A new game is asked for with a player count and options (option id -> value). Both are checked
here against what the loaded packs' manifests say, before any state is made: a count outside
every pack's range, an option no pack declares, or a value the option cannot take is refused
with every problem named at once (a misspelt option would otherwise give, silently, the game
without it). An option with choices takes one of its choice ids; any other option takes a value
of its default's type, and one with no default is on or off (true or false).

The state keeps the options as they were asked for. Whether an option is on (``option_on``) is
read through the settings, so a pack's default counts, and a choice id names "this option is
set to that choice" (``when_option: hard``).
"""

from __future__ import annotations

from collections import namedtuple
from types import MappingProxyType

from engine.suggest import did_you_mean


class SetupError(ValueError):
    """The game cannot be set up as asked; the message names every problem."""


Settings = namedtuple("Settings", ["name", "players", "options"])
Settings.__doc__ = """What the packs allow: ``name``, the game's, for messages; ``players``, (lowest, highest)
or None for any count; ``options``, option id -> its declaration as the manifest gives it
(kind, name, default, choices). A tuple, so it never changes (not a dataclass: the module is
compiled, and its classes are made at run time)."""
NO_SETTINGS = Settings("the game", None, MappingProxyType({}))


def _choice_owner(settings, choice: str) -> str | None:
    """The option that has ``choice`` among its choice ids, or None."""
    for option_id, declared in settings.options.items():
        if any(entry.get("id") == choice for entry in declared.get("choices", ())):
            return option_id
    return None


def settings_of(manifests: list[dict]):
    """The settings of the packs whose manifests these are, in load order: the player counts
    every pack that names a range allows, and every declared option (a later pack's declaration
    of an id replaces an earlier one's). The name is the first game pack's."""
    low, high, limited = 1, None, False
    options: dict = {}
    name = None
    for manifest in manifests:
        if name is None and manifest.get("kind") == "game":
            name = manifest.get("name") or manifest.get("id")
        players = manifest.get("players")
        if isinstance(players, dict) and isinstance(players.get("max"), int):
            limited = True
            low = max(low, players.get("min", 1))
            high = players["max"] if high is None else min(high, players["max"])
        for declared in manifest.get("options", ()) or ():
            options[declared["id"]] = declared
    return Settings(name or "the game", (low, high) if limited and high is not None else None,
                    MappingProxyType(options))


def checked(settings, players, options: dict, more=None) -> dict:
    """The options, as given, when ``players`` and ``options`` are allowed; else SetupError
    naming every problem (``more(players, options)``: a caller's own, read when the rest is
    right)."""
    problems = setup_problems(settings, players, options)
    if not problems and more is not None:
        problems = more(players, options)
    if problems:
        raise SetupError("; ".join(problems))
    return dict(options)


def setup_problems(settings, players, options: dict) -> list[str]:
    """Why a game of ``players`` with ``options`` cannot be set up, as the settings say: a
    sentence each (nothing when it can)."""
    problems = []
    if not isinstance(players, int) or isinstance(players, bool):
        problems.append(f"the number of players must be a whole number, not {players!r}")
    elif settings.players is not None and not settings.players[0] <= players <= settings.players[1]:
        low, high = settings.players
        problems.append(f"{settings.name} is for {low} to {high} players, not {players}")
    elif players < 1:
        problems.append(f"a game needs at least 1 player, not {players}")
    for option_id, value in options.items():
        declared = settings.options.get(option_id)
        if declared is None:
            problems.append(_unknown(settings, option_id))
        else:
            wrong = _wrong_value(option_id, declared, value)
            if wrong is not None:
                problems.append(wrong)
    return problems


def option_on(settings, options: dict, name: str) -> bool:
    """Whether ``name`` is on: an option set to a true value (or, when not set, whose default is
    true), or a choice id that its option is set to (or defaults to)."""
    if name in settings.options or name in options:
        return bool(options.get(name, settings.options.get(name, {}).get("default", False)))
    owner = _choice_owner(settings, name)
    if owner is None:
        return False
    return options.get(owner, settings.options[owner].get("default")) == name


def _unknown(settings, option_id: str) -> str:
    known = sorted(settings.options)
    hint = did_you_mean(str(option_id), known)
    listed = ", ".join(known) if known else "none"
    return f"unknown option '{option_id}'" + (f" ({hint})" if hint else "") + f"; the options are: {listed}"


def _wrong_value(option_id: str, declared: dict, value) -> str | None:
    """Why ``value`` is not one the option can take, or None."""
    choices = [entry["id"] for entry in declared.get("choices", ())]
    if choices:
        if value in choices:
            return None
        hint = did_you_mean(str(value), choices)
        return f"option '{option_id}' is one of {', '.join(choices)}, not {value!r}" + (f" ({hint})" if hint else "")
    default = declared.get("default", False)
    if isinstance(default, bool):
        return None if isinstance(value, bool) else f"option '{option_id}' is true or false, not {value!r}"
    if isinstance(default, (int, float)):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return None
        return f"option '{option_id}' is a number, not {value!r}"
    return None if isinstance(value, str) else f"option '{option_id}' is a text, not {value!r}"
