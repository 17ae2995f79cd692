"""Transcripts: a game as its packs, seed and answers; saved atomically as JSON.

The format (docs/design.md, "The interpreter"):

    {"tabula": 2, "packs": [{"id", "version", "hash"}], "players": 2, "seed": 7,
     "options": {...}, "answers": [["d1", "move:2"], ...]}

Format 1 answered an option of a "choose one" by its place ("0"); format 2 by its key
("gain_2_lira"). Format 1 is still read: replaying it reads each such answer by place
(engine.runner), and what it saves then is format 2.

`to_json` is deterministic (sorted keys, fixed separators, ASCII), so the same seed
and answers always give the same bytes. `save` never leaves a half-written file: it
writes a temporary file in the same folder, flushes it to disk, then renames it over
the target in one step, so a crash keeps the earlier save intact. `load` turns every
kind of bad file into a TranscriptError that says what is wrong.
"""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = 2  # what a transcript is written as
READ = (1, 2)  # the formats a transcript is read from
KEYS = ("tabula", "packs", "players", "seed", "options", "answers")


class TranscriptError(Exception):
    """A transcript file that cannot be read or is not a transcript."""


@dataclass
class Transcript:
    packs: list[dict]
    players: int
    seed: int
    options: dict = field(default_factory=dict)
    answers: list[list[str]] = field(default_factory=list)
    format: int = FORMAT  # what it was read as: a replay of format 1 reads choices by place

    def to_dict(self) -> dict:
        return {"tabula": self.format, "packs": [dict(p) for p in self.packs], "players": self.players,
                "seed": self.seed, "options": dict(self.options), "answers": [list(a) for a in self.answers]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                          allow_nan=False) + "\n"

    def copy(self) -> "Transcript":
        return Transcript.from_dict(self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> "Transcript":
        """A transcript from parsed JSON; TranscriptError says what is missing or wrong."""
        _require(isinstance(data, dict), "the top level must be a JSON object")
        _require(type(data.get("tabula")) is int and data["tabula"] in READ, f"transcript format {data.get('tabula')!r} is not supported "
                 f"(this tabula reads formats {', '.join(map(str, READ))})")
        unknown = sorted(set(data) - set(KEYS))
        _require(not unknown, f"unknown key {unknown[0]!r} (expected: {', '.join(KEYS)})" if unknown else "")
        return cls(packs=_packs(data.get("packs")), players=_int(data, "players", minimum=1),
                   seed=_int(data, "seed"), options=_options(data.get("options", {})),
                   answers=_answers(data.get("answers")), format=data["tabula"])


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise TranscriptError(message)


def _int(data: dict, key: str, minimum: int | None = None) -> int:
    value = data.get(key)
    ok = isinstance(value, int) and not isinstance(value, bool) and (minimum is None or value >= minimum)
    _require(ok, f"{key!r} must be an int{f' >= {minimum}' if minimum is not None else ''}, not {value!r}")
    return value


def _packs(value: Any) -> list[dict]:
    good = isinstance(value, list) and all(
        isinstance(p, dict) and all(isinstance(p.get(k), str) for k in ("id", "version", "hash")) for p in value)
    _require(good, "'packs' must be a list of {id, version, hash} objects with string values")
    return [{k: p[k] for k in ("id", "version", "hash")} for p in value]


def _options(value: Any) -> dict:
    _require(isinstance(value, dict), f"'options' must be an object, not {value!r}")
    return dict(value)


def _answers(value: Any) -> list[list[str]]:
    _require(isinstance(value, list), "'answers' must be a list of [decision id, key] pairs")
    for step, answer in enumerate(value, 1):
        ok = isinstance(answer, list) and len(answer) == 2 and all(isinstance(s, str) for s in answer)
        _require(ok, f"answer {step} must be a [decision id, key] pair of strings, not {answer!r}")
    return [list(a) for a in value]


def save(path: str | os.PathLike, transcript: Transcript) -> None:
    """Write `transcript` to `path` atomically: the old file stays whole until the new one is."""
    path = Path(path)
    data = transcript.to_json().encode("ascii")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX)."""
    with suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def load(path: str | os.PathLike) -> Transcript:
    """Read a transcript; every problem is a TranscriptError naming the file."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise TranscriptError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise TranscriptError(f"{path}: is a folder, not a transcript file") from None
    except UnicodeDecodeError:
        raise TranscriptError(f"{path}: not a transcript (not UTF-8 text)") from None
    except OSError as exc:
        raise TranscriptError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    return parse(text, str(path))


def parse(text: str, name: str = "<transcript>") -> Transcript:
    """A transcript from JSON text; errors are prefixed with `name`."""
    if not text.strip():
        raise TranscriptError(f"{name}: the file is empty, not a transcript")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TranscriptError(f"{name}: not a transcript: invalid JSON at line {exc.lineno}, "
                              f"column {exc.colno}: {exc.msg}") from None
    try:
        return Transcript.from_dict(data)
    except TranscriptError as exc:
        raise TranscriptError(f"{name}: not a valid transcript: {exc}") from None
