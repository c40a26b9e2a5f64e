"""What the home page's gallery and the rules pages say of each game besides its guide
(``templates/guides/<slug>.html``): a one-line pitch, a typical length, and the demo table."""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import N_


@dataclass(frozen=True)
class Blurb:
    """A game's pitch, its typical length in minutes, and how its demo table is dealt."""

    pitch: str
    """Marked with ``N_``: translated where shown."""
    minutes: tuple[int, int]
    """A typical match, shortest to longest, in minutes (bots play at once; people think)."""
    demo_players: int
    """The player count of the demo state shown as "your first turn"."""
    first_turn: str
    """What the demo shows, in one or two sentences beside it."""


BLURBS: dict[str, Blurb] = {
    "coloretto": Blurb(
        pitch=N_("Collect a few colours and avoid the rest: take a row of cards, or add to one."),
        minutes=(20, 30),
        demo_players=3,
        first_turn=N_("Draw the top card and place it in a row, or take a row that has cards."),
    ),
    "da_vinci_code": Blurb(
        pitch=N_("Deduce your rivals' hidden number tiles before they crack yours."),
        minutes=(10, 20),
        demo_players=2,
        first_turn=N_(
            "Draw a tile from the pool (you pick its colour), then point at one of your "
            "opponent's hidden tiles and name its number."
        ),
    ),
    "elements": Blurb(
        pitch=N_("Fix the colours' worth, then bid cards against each other for the points."),
        minutes=(30, 45),
        demo_players=4,
        first_turn=N_(
            "Place one hand card face down before a colour card: the highest number "
            "puts its colour nearest the box."
        ),
    ),
    "forehead_words": Blurb(
        pitch=N_(
            "Everyone can read the word on your forehead but you: get the other team to "
            "say or do theirs first."
        ),
        minutes=(5, 15),
        demo_players=6,
        first_turn=N_(
            "You see every word but your own: chat to lure an opponent into saying or doing "
            "theirs, and mind what you say yourself."
        ),
    ),
    "manhattan": Blurb(
        pitch=N_("Raise skyscrapers across six cities and take them over floor by floor."),
        minutes=(30, 45),
        demo_players=3,
        first_turn=N_(
            "First choose the pieces you will build with this round; then each turn, a "
            "card shows where you may build."
        ),
    ),
    "master_of_rules": Blurb(
        pitch=N_("Play a number and a rule card, and hope the table ends up obeying your rule."),
        minutes=(25, 40),
        demo_players=4,
        first_turn=N_(
            "Play a number card or a rule card in front of you, then take a card of the "
            "same kind from the display."
        ),
    ),
    "monopoly_deal": Blurb(
        pitch=N_("The property-trading card game: be the first with three complete sets."),
        minutes=(15, 25),
        demo_players=3,
        first_turn=N_(
            "You have drawn two cards: play up to three, as money, properties or actions."
        ),
    ),
    "monster_tcg": Blurb(
        pitch=N_(
            "A two-player monster card battle with an original card set: knock out "
            "creatures and take your prizes."
        ),
        minutes=(20, 40),
        demo_players=2,
        first_turn=N_(
            "First pick one of the ready-made decks; then you place your creatures and "
            "the battle begins."
        ),
    ),
    "poison": Blurb(
        pitch=N_("Pour potions into cauldrons without being the one who makes them boil over."),
        minutes=(10, 20),
        demo_players=4,
        first_turn=N_(
            "Play one card into a cauldron it may go in, and watch the total: 13 boils over."
        ),
    ),
    "sequence_numbers": Blurb(
        pitch=N_("Solve a sum, claim its number on the board, and line up five chips."),
        minutes=(20, 30),
        demo_players=2,
        first_turn=N_(
            "Pick a card, then one of the two spaces showing its answer, to place a chip."
        ),
    ),
    "tong_its": Blurb(
        pitch=N_("The Filipino rummy for three: meld, lay off, call a draw and play for chips."),
        minutes=(10, 20),
        demo_players=3,
        first_turn=N_(
            "As the dealer you start without drawing: lay down any melds you hold, then "
            "discard one card."
        ),
    ),
    "uno": Blurb(
        pitch=N_("Match the colour or the number, hit the next player with +2s, shout UNO!"),
        minutes=(10, 20),
        demo_players=4,
        first_turn=N_(
            "Play a card that matches the top discard's colour, number or symbol; only "
            "when you cannot, draw one."
        ),
    ),
    "werewolf": Blurb(
        pitch=N_(
            "A village hunts the werewolves hiding among its players; the server is the moderator."
        ),
        minutes=(30, 60),
        demo_players=8,
        first_turn=N_(
            "Night falls: you see only your own role, and act in private if it has a night power."
        ),
    ),
}
