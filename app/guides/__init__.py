"""Players' guides to the games: what each is, how long it takes, its table's options in words,
and a demo of a first turn (``service``)."""

__all__ = ["catalogue", "options", "service"]
