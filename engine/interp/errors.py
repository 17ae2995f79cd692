"""Why an effect cannot be carried out."""


class Infeasible(Exception):
    """This step cannot be carried out in full; the reason is in words for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RulesError(Exception):
    """The content asks for something the engine cannot do (a bug in a pack or the engine)."""
