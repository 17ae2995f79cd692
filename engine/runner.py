"""The game loop: the only code that asks agents, and the replay of transcripts.

    result = play(engine, [RandomAgent(1), RandomAgent(2)], players=2, seed=7, options={})
    state = replay(engine, result.transcript)      # the same state, answer by answer

`engine` is anything with the interpreter's door (docs/design.md): `packs`,
`check_setup`, `new_game`, `decision`, `apply`, `view`, `result`. Nothing here imports the
interpreter, so the same code runs the real engine and the test toy.

A "decision" is every answer given; a "choice point" is a decision that had two
or more options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from engine.agents import SaveRequest, Undo, describe_decision, is_choice_point, is_legal
from engine.transcript import FORMAT, Transcript, TranscriptError, load, save

__all__ = ["Result", "ReplayError", "Transcript", "TranscriptError", "play", "replay", "replay_result",
           "check_packs", "check_setup", "save", "load",
           "transcript_for", "DEFAULT_MAX_DECISIONS"]

DEFAULT_MAX_DECISIONS = 100_000

Observer = Callable[[Any, Transcript], None]


class ReplayError(Exception):
    """A transcript that no longer replays; `step` is the 1-based answer (0: the header)."""

    def __init__(self, step: int, message: str):
        super().__init__(f"step {step}: {message}" if step else message)
        self.step = step


@dataclass
class Result:
    transcript: Transcript
    state: Any
    outcome: dict | None      # engine.result(state) once the game is over; None when stopped early
    decisions: int
    choice_points: int

    @property
    def finished(self) -> bool:
        return self.outcome is not None


def transcript_for(engine: Any, players: int, seed: int, options: dict | None) -> Transcript:
    """An empty transcript for a new game of `engine`'s packs."""
    packs = [{k: str(p[k]) for k in ("id", "version", "hash")} for p in engine.packs]
    return Transcript(packs=packs, players=players, seed=seed, options=dict(options or {}))


# --- replay -----------------------------------------------------------------------------

def replay(engine: Any, transcript: Transcript) -> Any:
    """The state after the transcript's answers; ReplayError if it no longer replays."""
    return _Line.replayed(engine, transcript).state


def replay_result(engine: Any, transcript: Transcript) -> Result:
    """Like replay, with the counts and the outcome of a played game (None if not over)."""
    return _Line.replayed(engine, transcript).result()


def check_packs(engine: Any, transcript: Transcript) -> None:
    """The engine must hold exactly the recorded packs, with the same content hashes."""
    loaded = {p["id"]: p for p in engine.packs}
    recorded = {p["id"]: p for p in transcript.packs}
    for pack_id, pack in recorded.items():
        mine = loaded.get(pack_id)
        if mine is None:
            raise ReplayError(0, f"the game was recorded with pack {pack_id} {pack['version']}, which is not loaded")
        if mine["hash"] != pack["hash"]:
            raise ReplayError(0, f"pack {pack_id}: the content hash differs (recorded {pack['version']} "
                                 f"{pack['hash']}, loaded {mine['version']} {mine['hash']})")
    extra = sorted(set(loaded) - set(recorded))
    if extra:
        raise ReplayError(0, f"pack {extra[0]} is loaded but was not part of the recorded game")


def check_setup(engine: Any, transcript: Transcript) -> None:
    """The packs must allow the recorded player count and options (the door's ``check_setup``
    refuses with a SetupError, a ValueError, naming every problem)."""
    try:
        engine.check_setup(transcript.players, dict(transcript.options))
    except ValueError as refused:
        raise ReplayError(0, f"the game cannot be set up as recorded: {refused}") from None


def _check_answer(step: int, decision: Any, decision_id: str, key: str) -> None:
    if decision is None:
        raise ReplayError(step, f"the game is already over, but the transcript answers {decision_id} with {key!r}")
    if decision.id != decision_id:
        raise ReplayError(step, f"the transcript answers decision {decision_id}, but the game now asks "
                                f"{describe_decision(decision)}")
    if not is_legal(decision, key):
        raise ReplayError(step, f"answer {key!r} is no longer legal for {describe_decision(decision)}")


def applies_in_place(engine: Any) -> bool:
    """Whether ``engine.apply`` takes ``in_place`` (an engine that does not plays on copies)."""
    return getattr(engine, "applies_in_place", False)


class _Line:
    """One line of play: the transcript, the state it leads to, and who answered each step."""

    def __init__(self, engine: Any, transcript: Transcript):
        self.engine = engine
        self.transcript = transcript
        self.state = engine.new_game(players=transcript.players, seed=transcript.seed,
                                     options=dict(transcript.options))
        self.seats: list[int] = []
        self.choice_points: list[bool] = []  # whether each decision was one
        self.in_place = False  # answer on the state itself (play's in_place)

    @classmethod
    def replayed(cls, engine: Any, transcript: Transcript) -> "_Line":
        check_packs(engine, transcript)
        check_setup(engine, transcript)
        line = cls(engine, Transcript(**{**vars(transcript), "answers": [], "format": FORMAT}))
        line.in_place = applies_in_place(engine)  # nobody holds the states on the way
        by_place = getattr(engine, "key_by_place", None) if transcript.format == 1 else None
        for step, (decision_id, key) in enumerate(transcript.answers, 1):
            decision = engine.decision(line.state)
            if by_place is not None:  # (format 1: an option of a "choose one" by its place)
                key = by_place(line.state, key)
            _check_answer(step, decision, decision_id, key)
            line.answer(decision, key)
        line.in_place = False
        return line

    def answer(self, decision: Any, key: str) -> None:
        engine = self.engine
        self.state = engine.apply(self.state, key, in_place=True) if self.in_place else engine.apply(self.state, key)
        self.transcript.answers.append([decision.id, key])
        self.seats.append(decision.player)
        self.choice_points.append(is_choice_point(decision))

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last answer and all after it; False if it has none."""
        mine = [i for i, s in enumerate(self.seats) if s == seat]
        if not mine:
            return False
        kept = Transcript(**{**vars(self.transcript), "answers": self.transcript.answers[:mine[-1]]})
        again = _Line.replayed(self.engine, kept)
        self.transcript, self.state = again.transcript, again.state
        self.seats, self.choice_points = again.seats, again.choice_points
        return True

    def result(self) -> Result:
        over = self.engine.decision(self.state) is None
        return Result(transcript=self.transcript.copy(), state=self.state,
                      outcome=self.engine.result(self.state) if over else None,
                      decisions=len(self.choice_points), choice_points=sum(self.choice_points))


# --- play -------------------------------------------------------------------------------

def play(engine: Any, agents: Sequence[Any], players: int, seed: int, options: dict | None = None,
         max_decisions: int = DEFAULT_MAX_DECISIONS, *, resume: Transcript | None = None,
         observer: Observer | None = None, in_place: bool = False) -> Result:
    """Play until the game is over or the transcript holds `max_decisions` answers.

    `agents[seat]` answers the seat's decisions; an agent whose `reads_view` is False
    (a bot that never looks) is handed None instead of a view. `resume` continues a saved game
    (its players, seed and options must match). `observer(state, transcript)` is
    called with the starting state, then after every answer and every undo (for a
    live log or an autosave); it must not keep the transcript, which keeps growing.
    `in_place`: every answer changes the one state of the game instead of a copy
    (`engine.apply(..., in_place=True)`, where the engine `applies_in_place`), for a run
    where nobody keeps a state (a simulation); the observer must not keep the state then either.
    """
    line = _start(engine, players, seed, options, resume)
    line.in_place = in_place and applies_in_place(engine)
    if observer is not None:
        observer(line.state, line.transcript)
    while len(line.transcript.answers) < max_decisions:
        decision = engine.decision(line.state)
        if decision is None:
            break
        _ask(line, agents[decision.player], decision, observer)
    return line.result()


def _start(engine: Any, players: int, seed: int, options: dict | None, resume: Transcript | None) -> _Line:
    if resume is None:
        return _Line(engine, transcript_for(engine, players, seed, options))
    given = (players, seed, dict(options or {}))
    if given != (resume.players, resume.seed, resume.options):
        raise ValueError(f"the saved game has players={resume.players}, seed={resume.seed}, "
                         f"options={resume.options}; got players={players}, seed={seed}, options={given[2]}")
    return _Line.replayed(engine, resume)


def _ask(line: _Line, agent: Any, decision: Any, observer: Observer | None) -> None:
    """Ask `agent` once: apply its answer, or carry out its request."""
    try:
        view = line.engine.view(line.state, decision.player) if getattr(agent, "reads_view", True) else None
        key = agent.choose(view, decision)
    except Undo:
        _tell(agent, "undone: your last decision is taken back" if line.undo(decision.player)
              else "nothing to undo")
    except SaveRequest as request:
        _tell(agent, _save_for(request.path, line.transcript))
        return
    else:
        line.answer(decision, key)
    if observer is not None:
        observer(line.state, line.transcript)


def _save_for(path: str, transcript: Transcript) -> str:
    try:
        save(path, transcript)
    except OSError as exc:
        return f"could not save to {path}: {exc.strerror or exc}"
    return f"saved {len(transcript.answers)} answers to {path}"


def _tell(agent: Any, text: str) -> None:
    tell = getattr(agent, "tell", None)
    if tell is not None:
        tell(text)
