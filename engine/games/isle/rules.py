"""The Isle of Cats, standard multiplayer mode: set-up, prompts, answers, views.

The day
    ``phase`` goes draft -> buy -> commit -> rescue -> finds, five days, then ``last``
    (one last chance for anytime cards) and ``over``.  The draft, the buying and the
    committing of rescue cards ask every seat at once; nothing one seat chose is shown
    before everyone is done.  The rescue and the rare finds go round ``order``.

Decisions under way
    A seat's ``tasks`` are the steps of what it started: a tile to place (a
    structured ``place`` answer, :mod:`engine.games.isle.options`), a treasure or an
    Oshax to choose, a card's choices.  The last task is asked first; while a task is
    open it is the seat's only prompt.

Anytime cards (the checkpoints, RULES.md)
    On your own rescue and rare-finds turns (any anytime card you can use), while
    buying (the cards that give fish), and once more after day 5, before scoring (only
    a seat holding a card it can play is asked).  No other moment stops the game.

Nothing to play (RULES.md, "Nothing to play: who is still asked")
    A public decision whose only choice passes (a rescue or find turn with only Pass,
    a turn with only End, a treasure choice with only Skip) is answered by
    :func:`_settle` with a log line; the secret steps are always asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import JSON, Event, IllegalMove, Option, Prompt, Rng
from engine.game import Game, check_names, resolve_options
from engine.games.isle import hidden, scoring
from engine.games.isle.bots import PlannerBot, RandomIsleBot
from engine.games.isle.components import (
    BOAT_NAMES,
    CARDS,
    CAT_SHAPES,
    COLOUR_LETTER,
    COLOURS,
    COMMON_SHAPES,
    OSHAX_SHAPES,
    RARE_COPIES,
    RARE_SHAPES,
    SHAPES,
    SMALL_COMMON_SHAPES,
    common_copies,
)
from engine.games.isle.options import (
    AUTO,
    BACK,
    DONE,
    END,
    PASS,
    PLACE,
    SKIP,
    card_id,
    card_number,
    make,
    parse,
    parse_place,
)
from engine.games.isle.shapes import (
    BOATS,
    can_place,
    is_legal,
    legal_placements,
    placement,
)
from engine.games.isle.state import (
    KEEP_PER_ROUND,
    IsleState,
    cat_tile,
    tile_colour,
    tile_kind,
    tile_mask,
    tile_shape,
)
from engine.games.isle.view import IslePrivate, IslePublic, build_private, build_public

__all__ = ["GAME", "IsleGame", "IsleState"]

DAYS = 5
FISH_PER_DAY = 20
HAND = 7
PRICES = (3, 5)
FIELD_NAMES = ("left", "right")
SIMULTANEOUS = frozenset({"draft", "buy", "commit", "last"})
FISH_CARDS = frozenset(
    {
        "fish_per_oshax",
        "basket_for_fish",
        "fish_per_private",
        "fish_per_colour",
        "fish_per_rare",
        "fish_per_common",
        "fish_per_cat_colour",
    }
)
"""The anytime cards that may be played while buying."""


class IsleGame(Game[IsleState]):
    """The Isle of Cats, standard multiplayer mode, 2 to 4 players."""

    state_class = IsleState
    rules_file = Path(__file__).parent / "RULES.md"

    id = "isle"
    title = "The Isle of Cats"
    min_players = 2
    max_players = 4
    bot_levels = ("random", "planner")
    default_bot = "planner"
    simultaneous = True
    public_schema = IslePublic
    private_schema = IslePrivate

    def setup(
        self, names: list[str], seed: int, options: dict[str, JSON] | None = None
    ) -> IsleState:
        check_names(self, names)
        s = IsleState()
        s.names = list(names)
        s.options = resolve_options(self, options)
        s.rng = rng = Rng(seed)
        n = len(names)
        boats = list(BOAT_NAMES)
        rng.shuffle(boats)
        s.boats = boats[:n]
        s.order = list(range(n))
        rng.shuffle(s.order)
        s.bag = [cat_tile(c, shape) for c in COLOURS for shape in CAT_SHAPES]
        s.bag += [f"{shape}{k}" for shape in RARE_SHAPES for k in range(1, RARE_COPIES + 1)]
        rng.shuffle(s.bag)
        s.oshax = list(OSHAX_SHAPES)
        s.common = {shape: common_copies(n) for shape in COMMON_SHAPES}
        s.deck = sorted(CARDS)
        rng.shuffle(s.deck)
        s.ask = [0] * n
        s.fish = [0] * n
        s.baskets = [1] * n
        s.used = [0] * n
        s.hands = [[] for _ in range(n)]
        s.tiles = [[] for _ in range(n)]
        s.private = [[] for _ in range(n)]
        s.anywhere = [False] * n
        s.extra = [0] * n
        s.packs = [[] for _ in range(n)]
        s.drafted = [[] for _ in range(n)]
        s.picks = [0] * n
        s.cart = [[] for _ in range(n)]
        s.done = [False] * n
        s.committed = [[] for _ in range(n)]
        s.full = [[] for _ in range(n)]
        s.half = [[] for _ in range(n)]
        s.passed = [False] * n
        s.tasks = [[] for _ in range(n)]
        _start_day(s, [])
        return s

    # --------------------------------------------------------------- contract

    def redeal_hidden(self, state: IsleState, seat: int | None, rng: Rng) -> IsleState | None:
        return hidden.redeal_hidden(state, seat, rng)

    def bot(self, level: str, seat: int, seed: int) -> Any:
        if level == "random":  # its own: a tile goes to any legal place, not the first
            return RandomIsleBot(seat, seed)
        return super().bot(level, seat, seed)

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        if level == "planner":
            return PlannerBot(seat, seed)
        return super().make_bot(level, seat, seed)

    def build_public(self, state: IsleState) -> IslePublic:
        return build_public(state)

    def build_private(self, state: IsleState, seat: int) -> IslePrivate:
        return build_private(state, seat)

    def prompts(self, state: IsleState) -> list[Prompt]:
        return build_prompts(state)

    def why_not(self, state: IsleState, seat: int) -> list[str]:
        """Why a drafted card cannot be bought, or a cat not rescued, now."""
        if not 0 <= seat < len(state.fish):
            return []
        kinds = {p.kind for p in build_prompts(state) if p.seat == seat}
        out: list[str] = []
        if "buy" in kinds:
            left = state.fish[seat] - cart_cost(state, seat)
            for c in state.drafted[seat]:
                card = CARDS[c]
                if c not in state.cart[seat] and card.cost > left:
                    out.append(
                        f"{card.name} costs {card.cost} fish: you have {left} left after "
                        "the cards chosen."
                    )
        if "rescue" in kinds:
            fish, uses = state.fish[seat], basket_uses(state, seat)
            if state.rescued >= _turn_limit(state, seat):
                out.append("One cat a turn: the others rescue theirs before your next one.")
            elif uses < 1:
                out.append(
                    "You have no basket left today: each cat needs a basket (your "
                    "permanent one, or those on today's rescue cards)."
                )
            else:
                occ = occupied(state, seat)
                for f in (0, 1):
                    if not state.fields[f]:
                        continue
                    if fish < PRICES[f]:
                        out.append(
                            f"A cat of the {FIELD_NAMES[f]} field costs {PRICES[f]} fish: you "
                            f"have {fish}."
                        )
                        continue
                    no_room = [
                        t
                        for t in state.fields[f]
                        if not can_place(tile_shape(t), occ, state.anywhere[seat])
                    ]
                    if no_room:
                        cats = ", ".join(tile_words(t) for t in no_room)
                        out.append(f"No room on your boat for {cats} ({FIELD_NAMES[f]} field).")
        return out

    def answers(self, state: IsleState, prompt: Prompt) -> list[str]:
        if prompt.answer != PLACE:
            return []
        task = _top(state, prompt.seat)
        if task is None or task["t"] != "place":
            return []
        tile = task["tile"]
        return [
            f"{PLACE}:{tile}:{x}:{y}:{o}"
            for x, y, o, _mask in legal_placements(
                tile_shape(tile), occupied(state, prompt.seat), state.anywhere[prompt.seat]
            )
        ]

    def step(self, state: IsleState, seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        s = state
        events: list[Event] = []
        before = (s.phase, s.draft_round, s.day)
        if prompt.kind == "place":
            _answer_place(s, seat, option_id, events)
        else:
            try:
                parsed = parse(option_id)
            except ValueError as exc:
                raise IllegalMove(str(exc)) from None
            ANSWERS[prompt.kind](s, seat, parsed.verb, parsed.arg, events)
        _settle(s, events)
        s.nid += 1
        # In a step everyone takes at once, the others' prompts stay as they were (an
        # answer on its way keeps its prompt id); the last anytime cards can change
        # what the others may play (a tile drawn from the bag...).
        if before == (s.phase, s.draft_round, s.day) and s.phase in SIMULTANEOUS - {"last"}:
            s.ask[seat] += 1
        else:
            s.ask = [a + 1 for a in s.ask]
        return events


GAME = IsleGame()


# --------------------------------------------------------------------------- helpers


def name_of(s: IsleState, seat: int) -> str:
    return s.names[seat]


def _top(s: IsleState, seat: int) -> dict[str, Any] | None:
    tasks = s.tasks[seat]
    return tasks[-1] if tasks else None


def occupied(s: IsleState, seat: int) -> int:
    """The squares covered on ``seat``'s boat."""
    mask = 0
    for t in s.tiles[seat]:
        mask |= tile_mask(t)
    return mask


def fits(s: IsleState, seat: int, shape: str) -> bool:
    return can_place(shape, occupied(s, seat), s.anywhere[seat])


def tile_words(tile: str, colour: str | None = None) -> str:
    """How the log names a tile: "the blue cat B07" (as the island shows it), "the rare
    treasure RL"."""
    kind = tile_kind(tile)
    shape = tile_shape(tile)
    size = len(SHAPES[shape].cells)
    if kind == "cat":
        return f"the {tile_colour(tile)} cat {tile} ({size} squares)"
    if kind == "oshax":
        tail = f" ({colour})" if colour else ""
        return f"the Oshax {shape}{tail}"
    if kind == "rare":
        return f"the rare treasure {shape}"
    return f"the common treasure {shape} ({size} square{'s' if size > 1 else ''})"


def _baskets_words(full: int, half: int) -> str:
    """Rescue cards' baskets in words: "1 full basket and 2 half baskets", "no basket"."""
    parts = [
        f"{n} {kind} basket{'s' if n > 1 else ''}"
        for n, kind in ((full, "full"), (half, "half"))
        if n
    ]
    return " and ".join(parts) or "no basket"


def basket_uses(s: IsleState, seat: int) -> int:
    """How many cats ``seat`` can still put in a basket today."""
    return (s.baskets[seat] - s.used[seat]) + len(s.full[seat]) + len(s.half[seat]) // 2


def card_words(number: int) -> str:
    """A card named in a sentence: “Name”."""
    return f"“{CARDS[number].name}”"


def _read_out(s: IsleState, seat: int, card: int, colour: str | None = None) -> Event:
    """``seat`` reads out the public lesson ``card`` (of ``colour``, if it has one):
    its text quoted as printed."""
    tail = f" ({colour})" if colour else ""
    text = CARDS[card].text
    return Event(
        f"{name_of(s, seat)} reads out the public lesson {card_words(card)}{tail}: {text}",
        kind="lesson",
        quote=text,
    )


def _basket(s: IsleState, seat: int) -> str | None:
    """Which basket ``seat``'s next cat goes in: "full" (a committed card's), "half" (two
    committed cards'), "permanent", or None (none left today).  The committed cards'
    baskets come first: they go at the end of the rescue anyway."""
    if s.full[seat]:
        return "full"
    if len(s.half[seat]) >= 2:
        return "half"
    return "permanent" if s.baskets[seat] > s.used[seat] else None


def next_basket(s: IsleState, seat: int, whose: str = "your") -> str | None:
    """The basket ``seat``'s next cat goes in (:func:`_basket`), in words, as said to the
    seat (``whose``: "your") or to the table ("their"); None: no basket left today."""
    basket = _basket(s, seat)
    if basket == "full":
        return f"the full basket of {whose} speed {CARDS[s.full[seat][0]].speed} card"
    if basket == "half":
        a, b = (CARDS[c].speed for c in s.half[seat][:2])
        speeds = f"two speed {a}" if a == b else f"speed {a} and {b}"
        return f"the half baskets of {whose} {speeds} cards"
    return None if basket is None else f"{whose} permanent basket"


def _use_basket(s: IsleState, seat: int) -> str:
    """Use the basket :func:`next_basket` names; what was used, in words."""
    words = next_basket(s, seat, "their") or "their permanent basket"
    basket = _basket(s, seat)
    if basket == "full":
        s.full[seat].pop(0)
    elif basket == "half":
        del s.half[seat][:2]
    else:
        s.used[seat] += 1
    return words


def _box_commits(s: IsleState) -> None:
    for seat in range(s.n):
        s.played.extend(s.committed[seat])
        s.played_by.extend([seat] * len(s.committed[seat]))
        s.committed[seat] = []
        s.full[seat] = []
        s.half[seat] = []


def colour_count(s: IsleState, seat: int, colour: str, *, oshax: bool = True) -> int:
    return sum(
        1
        for t in s.tiles[seat]
        if t["colour"] == colour and (oshax or tile_kind(t["tile"]) == "cat")
    )


def kind_count(s: IsleState, seat: int, kind: str) -> int:
    return sum(1 for t in s.tiles[seat] if tile_kind(t["tile"]) == kind)


# --------------------------------------------------------------------------- the day


def _draw_tile(s: IsleState) -> str | None:
    return s.bag.pop() if s.bag else None


def _start_day(s: IsleState, events: list[Event]) -> None:
    n = s.n
    s.speeds = None  # yesterday's speeds are no one's today (the order stays, for ties)
    quota = 2 * n
    rares: list[str] = []
    for f in (0, 1):
        while len(s.fields[f]) < quota:
            tile = _draw_tile(s)
            if tile is None:
                break
            if tile_kind(tile) == "rare":
                s.beside.append(tile)
                rares.append(tile)
                continue
            s.fields[f].append(tile)
    events.append(
        Event(
            f"Day {s.day} of {DAYS} begins: {len(s.fields[0])} cats in the left field (3 fish "
            f"each), {len(s.fields[1])} in the right (5 fish each).",
            kind="day",
        )
    )
    if rares:
        words = ", ".join(tile_shape(t) for t in rares)
        events.append(Event(f"Rare treasures turn up beside the island: {words}."))
    for seat in range(n):
        s.fish[seat] += FISH_PER_DAY
    events.append(Event(f"Everyone catches {FISH_PER_DAY} fish."))
    per = min(HAND, len(s.deck) // n)
    for seat in range(n):
        s.packs[seat] = [s.deck.pop() for _ in range(per)]
        s.drafted[seat] = []
    s.phase = "draft"
    s.draft_round = 0
    _set_picks(s)
    way = "left" if s.day % 2 else "right"
    events.append(
        Event(
            f"Each player is dealt {per} cards: keep 2, pass the rest to the {way}, three times; "
            "the last card is kept.",
            kind="draft",
        )
    )
    if per == 0:
        _end_draft(s, events)


def direction(s: IsleState) -> int:
    """+1: cards go to the next seat (left, days 1, 3, 5); -1: to the previous (right)."""
    return 1 if s.day % 2 else -1


def _set_picks(s: IsleState) -> None:
    for seat in range(s.n):
        s.picks[seat] = min(KEEP_PER_ROUND, len(s.packs[seat]))


def _pass_packs(s: IsleState, events: list[Event]) -> None:
    n = s.n
    d = direction(s)
    s.packs = [s.packs[(seat - d) % n] for seat in range(n)]
    s.draft_round += 1
    left = len(s.packs[0])
    if left <= 1:
        for seat in range(n):
            s.drafted[seat].extend(s.packs[seat])
            s.packs[seat] = []
        _end_draft(s, events)
        return
    _set_picks(s)
    events.append(Event(f"The cards go round: {left} to choose from.", kind="draft"))


def _end_draft(s: IsleState, events: list[Event]) -> None:
    s.phase = "buy"
    s.cart = [[] for _ in range(s.n)]
    s.colours = {}
    s.done = [False] * s.n
    events.append(
        Event(
            "Buy any of your 7 cards at their cost; the rest are discarded unseen. "
            "Keep fish for the cats: 3 or 5 each, plus a basket.",
            kind="buy",
        )
    )


def cart_cost(s: IsleState, seat: int) -> int:
    return sum(CARDS[c].cost for c in s.cart[seat])


def _end_buying(s: IsleState, events: list[Event]) -> None:
    for seat in range(s.n):
        cost = cart_cost(s, seat)
        bought = list(s.cart[seat])
        s.fish[seat] -= cost
        for card in s.drafted[seat]:
            if card not in bought:
                s.gone.append(card)
        s.drafted[seat] = []
        words = ", ".join(card_words(c) for c in bought)
        if bought:
            public = (
                f"{name_of(s, seat)} buys {len(bought)} card{'s' if len(bought) != 1 else ''} "
                f"for {cost} fish ({s.fish[seat]} left)."
            )
            mine = f"You buy {words} for {cost} fish ({s.fish[seat]} left)."
        else:
            public = f"{name_of(s, seat)} buys no card ({s.fish[seat]} fish)."
            mine = f"You buy no card ({s.fish[seat]} fish)."
        events.append(Event(public, ((seat, mine),), kind="buy"))
        lessons = [c for c in bought if CARDS[c].kind == "private"]
        for card in bought:
            kind = CARDS[card].kind
            if kind == "private":
                s.private[seat].append(card)
            elif kind == "public":
                colour = s.colours.get(str(card))
                s.public.append({"card": card, "colour": colour, "owner": seat})
                events.append(_read_out(s, seat, card, colour))
            else:
                s.hands[seat].append(card)
        if lessons:
            events.append(
                Event(
                    f"{name_of(s, seat)} plays {len(lessons)} private "
                    f"lesson{'s' if len(lessons) > 1 else ''} face down.",
                    (
                        (
                            seat,
                            f"You play your private lesson{'s' if len(lessons) > 1 else ''} "
                            f"{', '.join(card_words(c) for c in lessons)} face down.",
                        ),
                    ),
                    kind="lesson",
                )
            )
        s.cart[seat] = []
    s.colours = {}
    s.phase = "commit"
    s.done = [False] * s.n
    s.revealed = False
    s.speeds = None
    events.append(Event("Everyone chooses their rescue cards in secret.", kind="rescue"))


def _reveal(s: IsleState, events: list[Event]) -> None:
    speeds = [sum(CARDS[c].speed for c in s.committed[seat]) for seat in range(s.n)]
    s.speeds = speeds
    s.revealed = True
    for seat in range(s.n):
        cards = s.committed[seat]
        s.full[seat] = [c for c in cards if CARDS[c].basket == "full"]
        s.half[seat] = [c for c in cards if CARDS[c].basket == "half"]
        for c in cards:
            s.hands[seat].remove(c)
        if cards:
            baskets = _baskets_words(len(s.full[seat]), len(s.half[seat]))
            events.append(
                Event(
                    f"{name_of(s, seat)} reveals {len(cards)} rescue "
                    f"card{'s' if len(cards) > 1 else ''}: "
                    f"speed {speeds[seat]}, {baskets}.",
                    kind="rescue",
                )
            )
        else:
            events.append(
                Event(f"{name_of(s, seat)} reveals no rescue card (speed 0).", kind="rescue")
            )
    position = {seat: i for i, seat in enumerate(s.order)}
    s.order = sorted(s.order, key=lambda seat: (-speeds[seat], position[seat]))
    words = ", ".join(f"{name_of(s, seat)} ({speeds[seat]})" for seat in s.order)
    tied = len(set(speeds)) < len(speeds)
    why = " (tied speeds keep the turn order as it was)" if tied else ""
    events.append(Event(f"The rescue order, fastest first: {words}{why}.", kind="order"))
    s.phase = "rescue"
    s.passed = [False] * s.n
    s.rescued = 0
    s.turn = 0
    _first_turn(s, events)


def _first_turn(s: IsleState, events: list[Event]) -> None:
    s.turn = -1
    _next_turn(s, events)


def _next_turn(s: IsleState, events: list[Event]) -> None:
    """The next seat in order that has not passed; the phase ends when there is none
    (or, in the rescue, when both fields are empty)."""
    s.rescued = 0
    s.then = None
    if s.phase == "rescue" and not s.fields[0] and not s.fields[1]:
        events.append(Event("Both fields are empty.", kind="rescue"))
        _end_phase(s, events)
        return
    for step in range(1, s.n + 1):
        i = (s.turn + step) % s.n
        if not s.passed[s.order[i]]:
            s.turn = i
            return
    _end_phase(s, events)


def _end_phase(s: IsleState, events: list[Event]) -> None:
    if s.phase == "rescue":
        _box_commits(s)
        s.phase = "finds"
        s.passed = [False] * s.n
        events.append(
            Event(
                "Rare finds: in turn order, play an Oshax or a treasure card, or pass.",
                kind="finds",
            )
        )
        _first_turn(s, events)
    elif s.phase == "finds":
        _end_day(s, events)


def _end_day(s: IsleState, events: list[Event]) -> None:
    left = s.fields[0] + s.fields[1]
    if left:
        s.boxed.extend(left)
        events.append(
            Event(
                f"{len(left)} cat{'s' if len(left) > 1 else ''} nobody rescued leave the island.",
                kind="day",
            )
        )
    s.fields = [[], []]
    s.used = [0] * s.n
    _day_summary(s, events)
    if s.day >= DAYS:
        s.phase = "last"
        s.done = [False] * s.n
        events.append(
            Event(
                "The boats sail: a last chance to play anytime cards, then the score.", kind="day"
            )
        )
        return
    s.day += 1
    _start_day(s, events)


def _settle(s: IsleState, events: list[Event]) -> None:
    """Move the game on while nobody has anything to decide: a public step whose only
    choice is to pass (or to end the turn, or to take no treasure) is answered for the
    seat, with a log line saying why (RULES.md, "Nothing to play: who is still
    asked"); the last round ends when nobody holds a card to play.  Secret steps (the
    draft, buying, committing rescue cards) are always asked."""
    while s.result is None:
        if s.phase == "last" and not any(_last_asked(s, seat) for seat in range(s.n)):
            _score(s, events)
            return
        forced = _forced(s)
        if forced is None:
            return
        _answer_forced(s, *forced, events)


def _forced(s: IsleState) -> tuple[int, str, str] | None:
    """A public decision with one choice, that only passes: (seat, prompt kind, option).
    What makes it forced is public (fish, baskets, fields, boats, the supply), but for
    the cards in hand: see RULES.md for what a rescue or find turn passed tells."""
    seats = range(s.n) if s.phase in SIMULTANEOUS else [s.order[s.turn]]
    for seat in seats:
        task = _top(s, seat)
        if task is not None:
            if task["t"] in ("bonus", "commons"):
                made: Prompt = TASK_PROMPTS[task["t"]](s, seat, task)
                if [o.id for o in made.options] == [SKIP]:
                    return seat, task["t"], SKIP
            continue
        if s.phase == "rescue":
            only = [o.id for o in _rescue_prompt(s, seat).options]
            if only in ([PASS], [END]):
                return seat, "rescue", only[0]
        elif s.phase == "finds" and [o.id for o in _find_prompt(s, seat).options] == [PASS]:
            return seat, "find", PASS
    return None


def _why_no_cat(s: IsleState, seat: int) -> str:
    """Why ``seat`` can rescue no (more) cat now, from what everyone sees."""
    if s.rescued >= _turn_limit(s, seat):
        return "no more rescues this turn"
    if basket_uses(s, seat) < 1:
        return "no basket left today"
    prices = [PRICES[f] for f in (0, 1) if s.fields[f]]
    if prices and s.fish[seat] < min(prices):
        return f"{s.fish[seat]} fish, the cheapest cat costs {min(prices)}"
    return "no cat within reach of the fish fits on the boat"


def _answer_forced(s: IsleState, seat: int, kind: str, option: str, events: list[Event]) -> None:
    who = name_of(s, seat)
    if kind == "rescue" and option == PASS:
        s.passed[seat] = True
        events.append(
            Event(
                f"{who} cannot rescue a cat ({_why_no_cat(s, seat)}) and passes for the rest "
                "of the rescue.",
                kind="rescue",
            )
        )
        _next_turn(s, events)
    elif kind == "rescue":
        events.append(
            Event(
                f"{who} cannot rescue another cat ({_why_no_cat(s, seat)}) and ends the turn.",
                kind="rescue",
            )
        )
        _end_rescue_turn(s, seat, events)
    elif kind == "find":
        s.passed[seat] = True
        events.append(
            Event(
                f"{who} has nothing to play{_why_no_find(s, seat)} and passes for the rest "
                "of the rare finds.",
                kind="finds",
            )
        )
        _next_turn(s, events)
    else:  # bonus, commons: no common treasure left that fits
        task = s.tasks[seat].pop()
        shapes = COMMON_SHAPES if kind == "bonus" or task["any"] else SMALL_COMMON_SHAPES
        why = "none left fits on the boat" if _commons_left(s, shapes) else "none is left"
        what = "for the map" if kind == "bonus" else "as a second treasure"
        events.append(
            Event(
                f"{who} takes no common treasure {what}: {why}.",
                kind="map" if kind == "bonus" else "finds",
            )
        )
        _after_tasks(s, seat, events)


def _why_no_find(s: IsleState, seat: int) -> str:
    """Why a seat holding an Oshax or a treasure card cannot play it in the rare finds
    (", its Oshax card: no Oshax fits on the boat"); empty when it holds none."""
    kinds = {CARDS[c].kind for c in s.hands[seat]} & {"oshax", "treasure"}
    if not kinds:
        return ""
    if kinds == {"oshax"}:
        why = "no Oshax is left" if not s.oshax else "no Oshax left fits on the boat"
        return f" (an Oshax card, but {why})"
    if kinds == {"treasure"}:
        return " (a treasure card, but no treasure left fits on the boat)"
    return " (no Oshax or treasure left fits on the boat)"


def _last_asked(s: IsleState, seat: int) -> bool:
    if s.tasks[seat]:
        return True
    return not s.done[seat] and any(_can_play(s, seat, c, "last") for c in s.hands[seat])


def _board(s: IsleState, seat: int) -> scoring.Board:
    """``seat``'s boat as the scoring reads it."""
    return scoring.Board(
        boat=s.boats[seat],
        tiles=tuple(
            scoring.Placed(tile_kind(t["tile"]), t["colour"], tile_mask(t)) for t in s.tiles[seat]
        ),
        private=tuple(s.private[seat]),
        baskets=s.baskets[seat],
        fish=s.fish[seat],
        first=s.order[0] == seat,
    )


def _day_summary(s: IsleState, events: list[Event]) -> None:
    """The day's end in the log: each boat as it stands (public facts only: cats,
    its largest family, treasures, rooms still open, fish)."""
    events.append(Event(f"Day {s.day} of {DAYS} ends.", kind="day"))
    for seat in range(s.n):
        board = _board(s, seat)
        cats = len(scoring.coloured(board.tiles))
        words = [f"{cats} cat{'s' if cats != 1 else ''}"]
        family = next(iter(scoring.families(board.tiles)), None)  # the largest first
        if family is not None and family[1] > 1:
            words[0] += f" (largest family: {family[1]} {family[0]})"
        treasures = sum(1 for t in board.tiles if t.kind in ("rare", "common"))
        if treasures:
            words.append(f"{treasures} treasure{'s' if treasures != 1 else ''}")
        open_rooms = len(scoring.unfilled_rooms(board))
        words.append(f"{open_rooms} room{'s' if open_rooms != 1 else ''} open")
        words.append(f"{s.fish[seat]} fish")
        events.append(Event(f"{name_of(s, seat)}'s boat: {', '.join(words)}.", kind="day"))


def _score(s: IsleState, events: list[Event]) -> None:
    boards = [_board(s, seat) for seat in range(s.n)]
    largest = [max((size for _c, size in scoring.families(b.tiles)), default=0) for b in boards]
    public = [(p["card"], p["colour"]) for p in s.public]
    lines = []
    for seat, board in enumerate(boards):
        others = [largest[o] for o in range(s.n) if o != seat]
        lines.append(scoring.score(board, public, others))
    totals = [scoring.total(ls) for ls in lines]
    s.scores = [[[line.label, line.points] for line in ls] for ls in lines]
    best = max(totals)
    tied = [seat for seat in range(s.n) if totals[seat] == best]
    most = max(s.fish[seat] for seat in tied)
    winners = [seat for seat in tied if s.fish[seat] == most]
    names = " and ".join(name_of(s, w) for w in winners)
    if len(tied) == 1:
        reason = f"{names} wins with {best} points."
    elif len(winners) == 1:
        reason = f"{names} wins with {best} points, on fish ({most})."
    else:
        reason = f"{names} share the win with {best} points and {most} fish."
    for seat in range(s.n):
        events.append(Event(f"{name_of(s, seat)} scores {totals[seat]}.", kind="score"))
    events.append(Event(reason, kind="over"))
    s.phase = "over"
    s.result = {"winners": winners, "reason": reason, "scores": totals}


# --------------------------------------------------------------------------- prompts


def _pid(s: IsleState, kind: str, seat: int) -> str:
    return f"{kind}.{s.day}.{s.nid if s.phase not in SIMULTANEOUS else s.ask[seat]}.{seat}"


def _card_label(number: int) -> str:
    c = CARDS[number]
    extra = ""
    if c.kind == "rescue":
        extra = (
            f", speed {c.speed}, {c.basket} basket"
            if c.basket != "none"
            else f", speed {c.speed}, no basket"
        )
    return f"{c.name} ({c.kind}, {c.cost} fish{extra}): {c.text}"


def build_prompts(s: IsleState) -> list[Prompt]:
    if s.result is not None:
        return []
    out: list[Prompt] = []
    if s.phase in SIMULTANEOUS:
        for seat in range(s.n):
            p = _seat_prompt(s, seat)
            if p is not None:
                out.append(p)
        return out
    seat = s.order[s.turn]
    p = _seat_prompt(s, seat)
    return [p] if p is not None else []


def _seat_prompt(s: IsleState, seat: int) -> Prompt | None:
    task = _top(s, seat)
    if task is not None:
        made: Prompt = TASK_PROMPTS[task["t"]](s, seat, task)
        return made
    if s.phase == "draft":
        if s.picks[seat] <= 0:
            return None
        way = "left" if direction(s) > 0 else "right"
        opts = tuple(Option(make("keep", card_id(c)), _card_label(c)) for c in s.packs[seat])
        text = (
            f"Keep a card ({s.picks[seat]} more this round, {len(s.drafted[seat])} kept today); "
            f"the rest go to your {way}."
        )
        return Prompt(_pid(s, "draft", seat), seat, "draft", text, opts)
    if s.phase == "buy":
        return None if s.done[seat] else _buy_prompt(s, seat)
    if s.phase == "commit":
        return None if s.done[seat] else _commit_prompt(s, seat)
    if s.phase == "rescue":
        return _rescue_prompt(s, seat)
    if s.phase == "finds":
        return _find_prompt(s, seat)
    if s.phase == "last":
        if s.done[seat]:
            return None
        cards = _anytime_options(s, seat, "last")
        if not cards:
            return None
        return Prompt(
            _pid(s, "last", seat),
            seat,
            "last",
            "The boats have sailed: play an anytime card before the score, or finish.",
            (*cards, Option(DONE, "Done: no more cards")),
        )
    return None


def _buy_prompt(s: IsleState, seat: int) -> Prompt:
    left = s.fish[seat] - cart_cost(s, seat)
    opts: list[Option] = []
    for c in s.drafted[seat]:
        cost = CARDS[c].cost
        if c in s.cart[seat]:
            opts.append(
                Option(make("unbuy", card_id(c)), f"Put back {CARDS[c].name} (+{cost} fish)")
            )
        elif cost <= left:
            opts.append(Option(make("buy", card_id(c)), f"Buy {_card_label(c)}"))
    opts.extend(_anytime_options(s, seat, "buy"))
    n = len(s.cart[seat])
    opts.append(Option(DONE, f"Done: buy {n} card{'s' if n != 1 else ''}, keep {left} fish"))
    text = f"Buy any of your drafted cards: {left} fish left after those chosen."
    if left < 8 and n:
        text += " Cards you buy now leave fish for the cats (3 or 5 each)."
    return Prompt(_pid(s, "buy", seat), seat, "buy", text, tuple(opts))


def _commit_prompt(s: IsleState, seat: int) -> Prompt:
    opts: list[Option] = []
    for c in s.hands[seat]:
        if CARDS[c].kind != "rescue":
            continue
        if c in s.committed[seat]:
            opts.append(Option(make("uncommit", card_id(c)), f"Take back {_card_label(c)}"))
        else:
            opts.append(Option(make("commit", card_id(c)), f"Commit {_card_label(c)}"))
    chosen = s.committed[seat]
    speed = sum(CARDS[c].speed for c in chosen)
    full = sum(CARDS[c].basket == "full" for c in chosen)
    half = sum(CARDS[c].basket == "half" for c in chosen)
    carry = full + half // 2
    baskets = f"{carry} basket{'s' if carry != 1 else ''}" if carry else "no basket"
    if half % 2:
        baskets += " and a lone half (it carries no cat)"
    opts.append(
        Option(
            DONE,
            f"Done: {len(chosen)} rescue card{'s' if len(chosen) != 1 else ''}, speed {speed}, "
            f"{baskets}",
        )
    )
    text = (
        "Choose today's rescue cards in secret: their speeds set the turn order, their "
        "baskets carry cats (two half baskets carry one)."
    )
    return Prompt(_pid(s, "commit", seat), seat, "commit", text, tuple(opts))


def rescuable(s: IsleState, seat: int) -> list[tuple[int, str]]:
    """The cats ``seat`` may rescue now: (field, tile)."""
    if basket_uses(s, seat) < 1:
        return []
    out = []
    occ = occupied(s, seat)
    for f in (0, 1):
        if s.fish[seat] < PRICES[f]:
            continue
        for tile in s.fields[f]:
            if can_place(tile_shape(tile), occ, s.anywhere[seat]):
                out.append((f, tile))
    return out


def _turn_limit(s: IsleState, seat: int) -> int:
    return 1 + s.extra[seat]


def _cats_words(n: int, more: str = "") -> str:
    """``"one cat"``, ``"one more cat"``, ``"2 more cats"``."""
    return f"one {more}cat" if n == 1 else f"{n} {more}cats"


def _rescue_prompt(s: IsleState, seat: int) -> Prompt:
    opts: list[Option] = []
    cats = rescuable(s, seat) if s.rescued < _turn_limit(s, seat) else []
    for f, tile in cats:
        left = s.fish[seat] - PRICES[f]
        opts.append(
            Option(
                make("rescue", tile),
                f"Rescue {tile_words(tile)} from the {FIELD_NAMES[f]} field: {PRICES[f]} "
                f"fish ({left} left)",
            )
        )
    opts.extend(_anytime_options(s, seat, "turn"))
    uses = basket_uses(s, seat)
    have = f"{s.fish[seat]} fish, baskets for {_cats_words(uses)} today"
    more = _turn_limit(s, seat) - s.rescued  # cats still allowed this turn (extra rescues)
    if s.rescued:
        opts.append(Option(END, "End your turn"))
        text = f"You may rescue {_cats_words(more, 'more ')} ({have})."
    else:
        opts.append(Option(PASS, "Pass: no more cats for you today (final)"))
        if cats:
            up_to = "up to " if more > 1 else ""
            text = f"Your rescue turn: {up_to}{_cats_words(more)} ({have}), or pass for the day."
        elif uses == 0:
            text = f"No basket left for a cat today ({s.fish[seat]} fish): pass for the day."
        else:
            text = f"No cat you can pay for today ({have}): pass for the day."
    if cats:  # the same basket whichever cat: said once, not on every choice
        text += f" The cat goes in {next_basket(s, seat)}."
    return Prompt(_pid(s, "rescue", seat), seat, "rescue", text, tuple(opts))


def _find_prompt(s: IsleState, seat: int) -> Prompt:
    opts: list[Option] = []
    for c in s.hands[seat]:
        if CARDS[c].kind in ("oshax", "treasure") and _can_play(s, seat, c, "finds"):
            opts.append(Option(make("play", card_id(c)), f"Play {_card_label(c)}"))
    opts.extend(_anytime_options(s, seat, "turn"))
    opts.append(Option(PASS, "Pass: no more finds for you today (final)"))
    return Prompt(
        _pid(s, "find", seat),
        seat,
        "find",
        "Rare finds: play an Oshax or a treasure card, or pass for the day.",
        tuple(opts),
    )


def _anytime_options(s: IsleState, seat: int, when: str) -> list[Option]:
    return [
        Option(make("play", card_id(c)), f"Play {_card_label(c)}")
        for c in s.hands[seat]
        if CARDS[c].kind == "anytime" and _can_play(s, seat, c, when)
    ]


def _fits_any(s: IsleState, seat: int, shapes: Any) -> bool:
    occ = occupied(s, seat)
    return any(can_place(shape, occ, s.anywhere[seat]) for shape in shapes)


def _commons_left(s: IsleState, shapes: tuple[str, ...] = COMMON_SHAPES) -> list[str]:
    return [shape for shape in shapes if s.common.get(shape, 0) > 0]


def _can_play(s: IsleState, seat: int, card: int, when: str) -> bool:
    """Whether ``seat`` may play ``card`` now (``when``: "turn", "buy", "finds", "last")."""
    c = CARDS[card]
    e = c.effect
    if c.kind == "oshax":
        return when == "finds" and _fits_any(s, seat, s.oshax)
    if c.kind == "treasure":
        if when != "finds":
            return False
        rares = [tile_shape(t) for t in s.beside]
        if e == "rare_or_two_common":
            return _fits_any(s, seat, rares + _commons_left(s))
        return _fits_any(s, seat, _commons_left(s, SMALL_COMMON_SHAPES)) or (
            s.fish[seat] >= 1 and _fits_any(s, seat, _commons_left(s))
        )
    if c.kind != "anytime":
        return False
    if when == "buy":
        return e in FISH_CARDS and (e != "basket_for_fish" or s.baskets[seat] >= 1)
    if e == "place_anywhere":
        return not s.anywhere[seat] and when != "last"
    if e == "extra_rescue":
        return when != "last"
    if e in ("draw2", "draw3"):
        return bool(s.deck)
    if e == "draw_tile":
        return bool(s.bag)
    if e == "draw4_tiles":
        return bool(s.bag) and when != "last"
    if e == "move_cats":
        return bool(s.fields[0] or s.fields[1])
    if e == "basket_for_fish":
        return s.baskets[seat] >= 1
    if e == "lessons_for_basket":
        return len(s.private[seat]) >= 2
    if e == "treasures_for_basket":
        return sum(1 for t in s.tiles[seat] if tile_kind(t["tile"]) in ("rare", "common")) >= 2
    return True  # the fish cards, an extra basket


# ------------------------------------------------------------------ task prompts


def _back(task: dict[str, Any]) -> tuple[Option, ...]:
    return (Option(BACK, "Back: choose again"),) if task.get("back") else ()


def _place_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    tile = task["tile"]
    colour = task.get("colour")
    boat = BOATS[s.boats[seat]]
    text = f"Place {tile_words(tile, colour)} on your boat"
    if s.anywhere[seat] and s.tiles[seat]:
        text += " (anywhere: your card lets it stand alone)"
    elif s.tiles[seat]:
        text += ", touching a tile already there"
    map_colour = colour if tile_kind(tile) == "oshax" else tile_colour(tile)
    spot = boat.maps.get(map_colour) if map_colour is not None else None
    if spot is not None and not occupied(s, seat) >> spot & 1 and any(s.common.values()):
        letter = COLOUR_LETTER[str(map_colour)].lower()  # as the boat marks its maps
        text += f"; on the {map_colour} map ({letter} on your boat) it earns a common treasure"
    text += "."
    opts = (Option(AUTO, "Place it for me (the first place it fits, from the stern)"), *_back(task))
    return Prompt(
        _pid(s, "place", seat),
        seat,
        "place",
        text,
        opts,
        back_option=BACK if task.get("back") else None,
        answer=PLACE,
    )


def _bonus_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    occ = occupied(s, seat)
    opts = [
        Option(
            make("common", shape),
            f"Take {tile_words(shape)}",
        )
        for shape in _commons_left(s)
        if can_place(shape, occ, s.anywhere[seat])
    ]
    opts.append(Option(SKIP, "Take no treasure"))
    return Prompt(
        _pid(s, "treasure", seat),
        seat,
        "treasure",
        "Your cat covers its own colour's map: take a common treasure and place it.",
        tuple(opts),
    )


def _commons_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    occ = occupied(s, seat)
    shapes = COMMON_SHAPES if task["any"] else SMALL_COMMON_SHAPES
    opts = [
        Option(
            make("common", shape),
            f"Take {tile_words(shape)}",
        )
        for shape in _commons_left(s, shapes)
        if can_place(shape, occ, s.anywhere[seat])
    ]
    if not task.get("first"):
        opts.append(Option(SKIP, "Take no more treasure"))
    opts.extend(_back(task))
    which = "first" if task.get("first") else "second"
    return Prompt(
        _pid(s, "treasure", seat),
        seat,
        "treasure",
        f"Choose your {which} common treasure{'' if task['any'] else ' (a small one: T1 or T2)'}.",
        tuple(opts),
        back_option=BACK if task.get("back") else None,
    )


def _treasure_card_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    card = task["card"]
    occ = occupied(s, seat)
    opts: list[Option] = []
    if CARDS[card].effect == "rare_or_two_common":
        seen: set[str] = set()
        for tile in s.beside:
            shape = tile_shape(tile)
            if shape not in seen and can_place(shape, occ, s.anywhere[seat]):
                seen.add(shape)
                opts.append(Option(make("rare", tile), f"Take {tile_words(tile)} (3 points)"))
        if any(can_place(sh, occ, s.anywhere[seat]) for sh in _commons_left(s)):
            opts.append(Option("commons", "Take two common treasures of any shapes"))
    else:
        if any(
            can_place(sh, occ, s.anywhere[seat]) for sh in _commons_left(s, SMALL_COMMON_SHAPES)
        ):
            opts.append(Option("small", "Take two small common treasures (T1 or T2)"))
        if s.fish[seat] >= 1 and any(
            can_place(sh, occ, s.anywhere[seat]) for sh in _commons_left(s)
        ):
            opts.append(Option("paid", "Pay 1 more fish: two common treasures of any shapes"))
    opts.append(Option(BACK, "Back: keep the card"))
    return Prompt(
        _pid(s, "treasure", seat),
        seat,
        "treasure",
        f"{CARDS[card].name}: choose your treasure.",
        tuple(opts),
        back_option=BACK,
    )


def _oshax_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    occ = occupied(s, seat)
    opts = [
        Option(make("oshax", shape), f"Take the Oshax {shape} (6 squares)")
        for shape in s.oshax
        if can_place(shape, occ, s.anywhere[seat])
    ]
    opts.append(Option(BACK, "Back: keep the card"))
    return Prompt(
        _pid(s, "oshax", seat), seat, "oshax", "Choose an Oshax.", tuple(opts), back_option=BACK
    )


def _colour_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    why = task["why"]
    opts: list[Option] = []
    for c in COLOURS:
        if why == "fish":
            gain = colour_count(s, seat, c)
            label = f"{c.capitalize()}: +{gain} fish"
        else:
            label = c.capitalize()
        opts.append(Option(make("colour", c), label))
    if why == "oshax":
        text = "Which colour does your Oshax join, for good?"
    elif why in ("lesson", "public"):  # bought in the buy step, or drawn by a Peek card
        lesson = CARDS[task["card"]]
        rule = lesson.text.removeprefix("Public lesson, ").removesuffix(
            " The buyer chooses the colour."
        )
        text = f"Choose the colour of the public lesson {lesson.name} ({rule.rstrip('.')})."
    else:
        text = "Choose a colour: 1 fish for each cat (and Oshax) of it on your boat."
    opts.extend(_back(task))
    return Prompt(
        _pid(s, "colour", seat),
        seat,
        "colour",
        text,
        tuple(opts),
        back_option=BACK if task.get("back") else None,
    )


def _drawn_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    cart = task["cart"]
    left = s.fish[seat] - sum(CARDS[c].cost for c in cart)
    opts: list[Option] = []
    for c in task["cards"]:
        if c in cart:
            opts.append(Option(make("unbuy", card_id(c)), f"Put back {CARDS[c].name}"))
        elif CARDS[c].cost <= left:
            opts.append(Option(make("buy", card_id(c)), f"Buy {_card_label(c)}"))
    opts.append(Option(DONE, f"Done: buy {len(cart)}, keep {left} fish"))
    return Prompt(
        _pid(s, "buy", seat),
        seat,
        "buy",
        f"Buy any of the cards you drew at their cost ({left} fish left); the rest are discarded.",
        tuple(opts),
    )


def _move_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    opts = [
        Option(make("move", tile), f"Move {tile_words(tile)} to the {FIELD_NAMES[1 - f]} field")
        for f in (0, 1)
        for tile in s.fields[f]
    ]
    opts.append(Option(DONE, "Done moving cats"))
    return Prompt(
        _pid(s, "move", seat),
        seat,
        "move",
        f"Move up to {task['left']} more cat{'s' if task['left'] > 1 else ''}, each to the other "
        "field.",
        tuple(opts),
    )


def _field_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    tile = task["tiles"][0]
    opts = tuple(
        Option(make("field", FIELD_NAMES[f]), f"The {FIELD_NAMES[f]} field ({PRICES[f]} fish)")
        for f in (0, 1)
    )
    return Prompt(
        _pid(s, "field", seat), seat, "field", f"Which field does {tile_words(tile)} go to?", opts
    )


def _drop_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    opts = [Option(make("drop", card_id(c)), f"Discard {_card_label(c)}") for c in s.private[seat]]
    opts.extend(_back(task))
    return Prompt(
        _pid(s, "drop", seat),
        seat,
        "drop",
        f"Discard {task['left']} more of your private lessons.",
        tuple(opts),
        back_option=BACK if task.get("back") else None,
    )


def _lift_prompt(s: IsleState, seat: int, task: dict[str, Any]) -> Prompt:
    opts = [
        Option(make("lift", t["tile"]), f"Take {tile_words(t['tile'])} off your boat")
        for t in s.tiles[seat]
        if tile_kind(t["tile"]) in ("rare", "common")
    ]
    opts.extend(_back(task))
    return Prompt(
        _pid(s, "lift", seat),
        seat,
        "lift",
        f"Take {task['left']} more treasure{'s' if task['left'] > 1 else ''} off your boat.",
        tuple(opts),
        back_option=BACK if task.get("back") else None,
    )


TASK_PROMPTS: dict[str, Any] = {
    "place": _place_prompt,
    "bonus": _bonus_prompt,
    "commons": _commons_prompt,
    "treasure": _treasure_card_prompt,
    "oshax": _oshax_prompt,
    "colour": _colour_prompt,
    "drawn": _drawn_prompt,
    "move": _move_prompt,
    "field": _field_prompt,
    "drop": _drop_prompt,
    "lift": _lift_prompt,
}


# ------------------------------------------------------------------ answers


def _card_arg(arg: str | None, where: list[int]) -> int:
    try:
        card = card_number(arg or "")
    except ValueError:
        raise IllegalMove(f"{arg!r} is not a card.") from None
    if card not in where:
        raise IllegalMove("That card is not one you can choose now.")
    return card


def _refuse() -> None:
    raise IllegalMove("That is not one of the choices for this decision.")


def _answer_draft(s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]) -> None:
    if verb != "keep":
        _refuse()
    card = _card_arg(arg, s.packs[seat])
    s.packs[seat].remove(card)
    s.drafted[seat].append(card)
    s.picks[seat] -= 1
    if all(p <= 0 for p in s.picks):
        _pass_packs(s, events)


def _answer_buy(s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]) -> None:
    task = _top(s, seat)
    if task is not None and task["t"] == "drawn":
        _answer_drawn(s, seat, task, verb, arg, events)
        return
    if verb == "buy":
        card = _card_arg(arg, [c for c in s.drafted[seat] if c not in s.cart[seat]])
        if CARDS[card].cost > s.fish[seat] - cart_cost(s, seat):
            raise IllegalMove("You do not have the fish for that card.")
        s.cart[seat].append(card)
        if CARDS[card].colour_choice:
            s.tasks[seat].append({"t": "colour", "why": "lesson", "card": card, "back": True})
    elif verb == "unbuy":
        card = _card_arg(arg, s.cart[seat])
        s.cart[seat].remove(card)
        s.colours.pop(str(card), None)
    elif verb == "play":
        _play_card(s, seat, arg, "buy", events)
    elif verb == "done":
        s.done[seat] = True
        if all(s.done):
            _end_buying(s, events)
    else:
        _refuse()


def _answer_drawn(
    s: IsleState, seat: int, task: dict[str, Any], verb: str, arg: str | None, events: list[Event]
) -> None:
    cart = task["cart"]
    if verb == "buy":
        card = _card_arg(arg, [c for c in task["cards"] if c not in cart])
        if CARDS[card].cost > s.fish[seat] - sum(CARDS[c].cost for c in cart):
            raise IllegalMove("You do not have the fish for that card.")
        cart.append(card)
    elif verb == "unbuy":
        cart.remove(_card_arg(arg, cart))
    elif verb == "done":
        s.tasks[seat].pop()
        cost = sum(CARDS[c].cost for c in cart)
        s.fish[seat] -= cost
        lessons: list[int] = []
        for c in task["cards"]:
            if c not in cart:
                s.gone.append(c)
            elif CARDS[c].kind == "private":
                s.private[seat].append(c)
                lessons.append(c)
            elif CARDS[c].kind == "public":
                # Its colour (if it asks one) is chosen now, in the open.
                s.public.append({"card": c, "colour": None, "owner": seat})
                if CARDS[c].colour_choice:
                    s.tasks[seat].append({"t": "colour", "why": "public", "card": c})
                else:
                    events.append(_read_out(s, seat, c))
            else:
                s.hands[seat].append(c)
        words = ", ".join(card_words(c) for c in cart)
        if cart:
            public = f"{name_of(s, seat)} buys {len(cart)} of the drawn cards for {cost} fish."
            mine = f"You buy {words} for {cost} fish."
        else:
            public = f"{name_of(s, seat)} buys none of the drawn cards."
            mine = "You buy none of the drawn cards."
        events.append(Event(public, ((seat, mine),), kind="buy"))
        if lessons:
            events.append(
                Event(
                    f"{name_of(s, seat)} plays {len(lessons)} private "
                    f"lesson{'s' if len(lessons) > 1 else ''} face down.",
                    kind="lesson",
                )
            )
        _after_tasks(s, seat, events)
    else:
        _refuse()


def _answer_colour(
    s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]
) -> None:
    task = _top(s, seat)
    assert task is not None
    if verb == "back" and task.get("back"):
        s.tasks[seat].pop()
        if task["why"] == "lesson":
            s.cart[seat].remove(task["card"])
        elif task["why"] == "oshax":
            s.tasks[seat].append({"t": "oshax", "card": task["card"]})
        return
    if verb != "colour" or arg not in COLOURS:
        _refuse()
    assert arg is not None
    s.tasks[seat].pop()
    why = task["why"]
    if why == "lesson":
        s.colours[str(task["card"])] = arg
    elif why == "public":
        for p in s.public:
            if p["card"] == task["card"]:
                p["colour"] = arg
        c = task["card"]
        events.append(_read_out(s, seat, c, arg))
        _after_tasks(s, seat, events)
    elif why == "oshax":
        # Nothing is played or taken before the Oshax is placed: Back from the boat
        # chooses its colour again (see _found).
        s.tasks[seat].append(
            {
                "t": "place",
                "tile": task["shape"],
                "colour": arg,
                "why": "oshax",
                "card": task["card"],
                "back": True,
            }
        )
    else:  # fish
        gain = colour_count(s, seat, arg)
        s.fish[seat] += gain
        events.append(
            Event(
                f"{name_of(s, seat)} gains {gain} fish for the {arg} cats on the boat.", kind="fish"
            )
        )
        _after_tasks(s, seat, events)


def _answer_commit(
    s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]
) -> None:
    rescue = [c for c in s.hands[seat] if CARDS[c].kind == "rescue"]
    if verb == "commit":
        s.committed[seat].append(_card_arg(arg, [c for c in rescue if c not in s.committed[seat]]))
    elif verb == "uncommit":
        s.committed[seat].remove(_card_arg(arg, s.committed[seat]))
    elif verb == "done":
        s.done[seat] = True
        if all(s.done):
            _reveal(s, events)
    else:
        _refuse()


def _answer_rescue(
    s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]
) -> None:
    if verb == "rescue":
        if s.rescued >= _turn_limit(s, seat):
            raise IllegalMove("You have rescued all the cats you may this turn.")
        choices = {tile: f for f, tile in rescuable(s, seat)}
        if arg not in choices:
            raise IllegalMove(
                "That cat cannot be rescued now (its price, your baskets, or no room on your boat)."
            )
        assert arg is not None
        s.tasks[seat].append(
            {"t": "place", "tile": arg, "why": "rescue", "field": choices[arg], "back": True}
        )
    elif verb == "play":
        _play_card(s, seat, arg, "turn", events)
    elif verb == "pass" and not s.rescued:
        s.passed[seat] = True
        events.append(
            Event(f"{name_of(s, seat)} passes for the rest of the rescue.", kind="rescue")
        )
        _next_turn(s, events)
    elif verb == "end" and s.rescued:
        _end_rescue_turn(s, seat, events)
    else:
        _refuse()


def _end_rescue_turn(s: IsleState, seat: int, events: list[Event]) -> None:
    s.extra[seat] = max(0, s.extra[seat] - max(0, s.rescued - 1))
    _next_turn(s, events)


def _answer_find(s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]) -> None:
    if verb == "play":
        _play_card(s, seat, arg, "finds", events)
    elif verb == "pass":
        s.passed[seat] = True
        events.append(
            Event(f"{name_of(s, seat)} passes for the rest of the rare finds.", kind="finds")
        )
        _next_turn(s, events)
    else:
        _refuse()


def _answer_last(s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]) -> None:
    if verb == "play":
        _play_card(s, seat, arg, "last", events)
    elif verb == "done":
        s.done[seat] = True
    else:
        _refuse()


def _play_out(s: IsleState, seat: int, card: int, events: list[Event]) -> None:
    """The card leaves the hand face up."""
    s.hands[seat].remove(card)
    s.played.append(card)
    s.played_by.append(seat)


def _play_card(s: IsleState, seat: int, arg: str | None, when: str, events: list[Event]) -> None:
    card = _card_arg(arg, s.hands[seat])
    c = CARDS[card]
    allowed = ("anytime",) if when != "finds" else ("anytime", "oshax", "treasure")
    if c.kind not in allowed or not _can_play(
        s, seat, card, "turn" if when == "finds" and c.kind == "anytime" else when
    ):
        raise IllegalMove(f"{c.name} cannot be played now.")
    who = name_of(s, seat)
    if c.kind == "oshax":
        s.tasks[seat].append({"t": "oshax", "card": card})
        return
    if c.kind == "treasure":
        s.tasks[seat].append({"t": "treasure", "card": card})
        return
    e = c.effect
    # The choices of a card come before it is shown (Back keeps it); the others act now.
    if e == "fish_per_cat_colour":
        _play_out(s, seat, card, events)
        events.append(Event(f"{who} plays {card_words(card)}.", kind="anytime"))
        s.tasks[seat].append({"t": "colour", "why": "fish"})
        return
    if e == "lessons_for_basket":
        s.tasks[seat].append({"t": "drop", "card": card, "left": 2, "back": True, "chosen": []})
        return
    if e == "treasures_for_basket":
        s.tasks[seat].append({"t": "lift", "card": card, "left": 2, "back": True, "chosen": []})
        return
    _play_out(s, seat, card, events)
    events.append(Event(f"{who} plays {card_words(card)}: {c.text}", kind="anytime", quote=c.text))
    gain = 0
    if e == "fish_per_oshax":
        gain = 2 * kind_count(s, seat, "oshax")
    elif e == "fish_per_private":
        gain = len(s.private[seat])
    elif e == "fish_per_colour":
        gain = min(5, len({t["colour"] for t in s.tiles[seat] if tile_kind(t["tile"]) == "cat"}))
    elif e == "fish_per_rare":
        gain = 2 * kind_count(s, seat, "rare")
    elif e == "fish_per_common":
        gain = kind_count(s, seat, "common")
    elif e == "basket_for_fish":
        s.baskets[seat] -= 1
        # A used basket goes first (RULES.md): the ones left stay ready.
        s.used[seat] = max(0, s.used[seat] - 1)
        gain = 5
        events.append(
            Event(f"{who} gives up a permanent basket ({s.baskets[seat]} left).", kind="anytime")
        )
    elif e == "buy_basket":
        s.baskets[seat] += 1
        events.append(
            Event(f"{who} gains a permanent basket ({s.baskets[seat]} now).", kind="anytime")
        )
    elif e == "place_anywhere":
        s.anywhere[seat] = True
    elif e == "extra_rescue":
        s.extra[seat] += 1
    elif e in ("draw2", "draw3"):
        k = 2 if e == "draw2" else 3
        drawn = [s.deck.pop() for _ in range(min(k, len(s.deck)))]
        s.tasks[seat].append({"t": "drawn", "cards": drawn, "cart": []})
        words = ", ".join(card_words(d) for d in drawn)
        events.append(
            Event(
                f"{who} draws {len(drawn)} cards.", ((seat, f"You draw {words}."),), kind="anytime"
            )
        )
    elif e == "draw_tile":
        tile = _draw_tile(s)
        assert tile is not None
        if can_place(tile_shape(tile), occupied(s, seat), s.anywhere[seat]):
            events.append(
                Event(
                    f"{who} draws {tile_words(tile)} from the bag and must place it.",
                    kind="anytime",
                )
            )
            s.tasks[seat].append({"t": "place", "tile": tile, "why": "drawn"})
        else:
            s.boxed.append(tile)
            events.append(
                Event(
                    f"{who} draws {tile_words(tile)} from the bag: it fits nowhere and leaves "
                    "the game.",
                    kind="anytime",
                )
            )
    elif e == "draw4_tiles":
        cats: list[str] = []
        for _ in range(4):
            tile = _draw_tile(s)
            if tile is None:
                break
            if tile_kind(tile) == "rare":
                s.beside.append(tile)
                events.append(
                    Event(
                        f"The{tile_words(tile)[3:]} turns up beside the island.",
                        kind="anytime",
                    )
                )
            else:
                cats.append(tile)
        if cats:
            s.tasks[seat].append({"t": "field", "tiles": cats})
    elif e == "move_cats":
        s.tasks[seat].append({"t": "move", "left": 3})
    if gain:
        s.fish[seat] += gain
        events.append(Event(f"{who} gains {gain} fish ({s.fish[seat]} now).", kind="fish"))
    _after_tasks(s, seat, events)


def _answer_treasure(
    s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]
) -> None:
    task = _top(s, seat)
    assert task is not None
    prompt = TASK_PROMPTS[task["t"]](s, seat, task)
    if not prompt.accepts(verb if arg is None else f"{verb}:{arg}"):
        _refuse()
    who = name_of(s, seat)
    if task["t"] == "bonus":
        s.tasks[seat].pop()
        if verb == "skip":
            events.append(Event(f"{who} takes no treasure for the map.", kind="map"))
            _after_tasks(s, seat, events)
            return
        assert arg is not None
        tile = _take_common(s, arg)
        s.tasks[seat].append({"t": "place", "tile": tile, "why": "treasure"})
        events.append(Event(f"{who} takes {tile_words(tile)} for the map.", kind="map"))
        return
    if task["t"] == "treasure":
        card = task["card"]
        if verb == "back":
            s.tasks[seat].pop()
            return
        s.tasks[seat].pop()
        if verb == "rare":
            # Nothing is played or taken before the treasure is placed: Back from the
            # boat chooses again (see _found).
            assert arg is not None
            s.tasks[seat].append(
                {"t": "place", "tile": arg, "why": "treasure", "card": card, "back": True}
            )
            return
        _play_out(s, seat, card, events)
        s.then = "found"
        events.append(Event(f"{who} plays {card_words(card)}.", kind="finds"))
        if verb == "paid":
            s.fish[seat] -= 1
            events.append(Event(f"{who} pays 1 more fish.", kind="finds"))
            s.tasks[seat].append({"t": "commons", "any": True, "first": True})
        else:
            s.tasks[seat].append({"t": "commons", "any": verb != "small", "first": True})
        return
    # commons: a common treasure of the chosen shape, then perhaps a second
    s.tasks[seat].pop()
    if verb == "skip":
        _after_tasks(s, seat, events)
        return
    assert arg is not None
    tile = _take_common(s, arg)
    if task.get("first"):
        s.tasks[seat].append({"t": "commons", "any": task["any"], "first": False})
    s.tasks[seat].append({"t": "place", "tile": tile, "why": "treasure"})


def _found(s: IsleState, seat: int, task: dict[str, Any], events: list[Event]) -> None:
    """A rare find chosen (an Oshax in its colour, a rare treasure) is being placed:
    only now is its card played and the tile taken from beside the island."""
    card, tile, who = task["card"], task["tile"], name_of(s, seat)
    _play_out(s, seat, card, events)
    s.then = "found"
    if task["why"] == "oshax":
        s.oshax.remove(tile)
        events.append(
            Event(
                f"{who} takes the Oshax {tile}: it joins the {task['colour']} cats.", kind="finds"
            )
        )
    else:
        s.beside.remove(tile)
        events.append(Event(f"{who} plays {card_words(card)}.", kind="finds"))


def _take_common(s: IsleState, shape: str) -> str:
    s.common[shape] -= 1
    s.common_taken += 1
    return f"{shape}-{s.common_taken}"


def _answer_oshax(s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]) -> None:
    task = _top(s, seat)
    assert task is not None
    if verb == "back":
        s.tasks[seat].pop()
        return
    if verb != "oshax" or arg not in s.oshax or not fits(s, seat, arg):
        _refuse()
    s.tasks[seat].pop()
    s.tasks[seat].append(
        {"t": "colour", "why": "oshax", "card": task["card"], "shape": arg, "back": True}
    )


def _answer_move(s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]) -> None:
    task = _top(s, seat)
    assert task is not None
    if verb == "done":
        s.tasks[seat].pop()
        _after_tasks(s, seat, events)
        return
    if verb != "move":
        _refuse()
    for f in (0, 1):
        if arg in s.fields[f]:
            assert arg is not None
            s.fields[f].remove(arg)
            s.fields[1 - f].append(arg)
            events.append(
                Event(
                    f"{name_of(s, seat)} moves {tile_words(arg)} to the {FIELD_NAMES[1 - f]} "
                    "field.",
                    kind="anytime",
                )
            )
            task["left"] -= 1
            if task["left"] <= 0 or not (s.fields[0] or s.fields[1]):
                s.tasks[seat].pop()
                _after_tasks(s, seat, events)
            return
    _refuse()


def _answer_field(s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]) -> None:
    task = _top(s, seat)
    assert task is not None
    if verb != "field" or arg not in FIELD_NAMES:
        _refuse()
    f = FIELD_NAMES.index(str(arg))
    tile = task["tiles"].pop(0)
    s.fields[f].append(tile)
    events.append(
        Event(
            f"{name_of(s, seat)} draws {tile_words(tile)} and puts it in the {FIELD_NAMES[f]} "
            "field.",
            kind="anytime",
        )
    )
    if not task["tiles"]:
        s.tasks[seat].pop()
        _after_tasks(s, seat, events)


def _answer_drop(s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]) -> None:
    task = _top(s, seat)
    assert task is not None
    if verb == "back" and task.get("back"):
        s.tasks[seat].pop()
        s.private[seat].extend(task["chosen"])
        return
    if verb != "drop":
        _refuse()
    card = _card_arg(arg, s.private[seat])
    s.private[seat].remove(card)
    task["chosen"].append(card)
    task["left"] -= 1
    if task["left"] > 0:
        return
    s.tasks[seat].pop()
    s.gone.extend(task["chosen"])
    _play_out(s, seat, task["card"], events)
    s.baskets[seat] += 1
    events.append(
        Event(
            f"{name_of(s, seat)} plays {card_words(task['card'])}: 2 private lessons are "
            f"discarded, and a permanent basket gained ({s.baskets[seat]} now).",
            kind="anytime",
        )
    )
    _after_tasks(s, seat, events)


def _answer_lift(s: IsleState, seat: int, verb: str, arg: str | None, events: list[Event]) -> None:
    task = _top(s, seat)
    assert task is not None
    if verb == "back" and task.get("back"):
        s.tasks[seat].pop()
        s.tiles[seat].extend(task["chosen"])
        return
    if verb != "lift":
        _refuse()
    found = next(
        (
            t
            for t in s.tiles[seat]
            if t["tile"] == arg and tile_kind(t["tile"]) in ("rare", "common")
        ),
        None,
    )
    if found is None:
        _refuse()
    assert found is not None
    s.tiles[seat].remove(found)
    task["chosen"].append(found)
    task["left"] -= 1
    if task["left"] > 0:
        return
    s.tasks[seat].pop()
    _play_out(s, seat, task["card"], events)
    s.boxed.extend(t["tile"] for t in task["chosen"])
    s.baskets[seat] += 1
    words = " and ".join(tile_words(t["tile"]) for t in task["chosen"])
    events.append(
        Event(
            f"{name_of(s, seat)} plays {card_words(task['card'])}: takes {words} off the boat "
            f"and gains a permanent basket ({s.baskets[seat]} now).",
            kind="anytime",
        )
    )
    _after_tasks(s, seat, events)


def _answer_place(s: IsleState, seat: int, option_id: str, events: list[Event]) -> None:
    task = _top(s, seat)
    assert task is not None and task["t"] == "place"
    tile = task["tile"]
    shape = tile_shape(tile)
    occ = occupied(s, seat)
    anywhere = s.anywhere[seat]
    if option_id == BACK:
        if not task.get("back"):
            _refuse()
        s.tasks[seat].pop()
        if task["why"] == "oshax":  # its colour again
            s.tasks[seat].append(
                {"t": "colour", "why": "oshax", "card": task["card"], "shape": tile, "back": True}
            )
        elif task["why"] == "treasure" and "card" in task:  # the treasure again
            s.tasks[seat].append({"t": "treasure", "card": task["card"]})
        return
    if option_id == AUTO:
        spots = legal_placements(shape, occ, anywhere)
        if not spots:
            raise IllegalMove("It fits nowhere on your boat.")
        x, y, o, mask = spots[0]
    else:
        try:
            p = parse_place(option_id)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        if p.tile != tile:
            raise IllegalMove(f"The tile to place now is {tile}, not {p.tile}.")
        m = placement(shape, p.x, p.y, p.o)
        if m is None:
            raise IllegalMove("That would put part of the tile outside your boat.")
        if m & occ:
            raise IllegalMove("That would cover a tile already on your boat.")
        if not is_legal(m, occ, anywhere):
            raise IllegalMove("It must touch a tile already on your boat along an edge.")
        x, y, o, mask = p.x, p.y, p.o, m
    s.tasks[seat].pop()
    if "card" in task:
        _found(s, seat, task, events)
    kind = tile_kind(tile)
    colour = task.get("colour") if kind == "oshax" else tile_colour(tile)
    s.tiles[seat].append({"tile": tile, "x": x, "y": y, "o": o, "colour": colour})
    if anywhere:
        s.anywhere[seat] = False
    who = name_of(s, seat)
    why = task["why"]
    if why == "rescue":
        f = task["field"]
        s.fields[f].remove(tile)
        s.fish[seat] -= PRICES[f]
        used = _use_basket(s, seat)
        s.rescued += 1
        s.then = "rescued"
        events.append(
            Event(
                f"{who} rescues {tile_words(tile)} from the {FIELD_NAMES[f]} field for "
                f"{PRICES[f]} fish, with {used}.",
                kind="rescue",
            )
        )
    else:
        events.append(Event(f"{who} places {tile_words(tile, colour)}.", kind="place"))
    boat = BOATS[s.boats[seat]]
    if colour is not None and kind in ("cat", "oshax"):
        spot = boat.maps.get(colour)
        if spot is not None and mask >> spot & 1:
            if any(s.common.values()):
                s.tasks[seat].append({"t": "bonus"})
                events.append(
                    Event(
                        f"{who}'s {colour} cat lies on the {colour} map: a common treasure!",
                        kind="map",
                    )
                )
            else:
                events.append(
                    Event(
                        f"{who}'s {colour} cat lies on the {colour} map, but no common treasure "
                        "is left.",
                        kind="map",
                    )
                )
    _after_tasks(s, seat, events)


def _after_tasks(s: IsleState, seat: int, events: list[Event]) -> None:
    """When a seat's tasks are all done: what they complete."""
    if s.tasks[seat]:
        return
    if s.phase == "rescue" and s.then == "rescued" and s.order[s.turn] == seat:
        s.then = None
        if s.rescued >= _turn_limit(s, seat) or not rescuable(s, seat):
            _end_rescue_turn(s, seat, events)
    elif s.phase == "finds" and s.then == "found" and s.order[s.turn] == seat:
        s.then = None
        _next_turn(s, events)


ANSWERS: dict[str, Any] = {
    "draft": _answer_draft,
    "buy": _answer_buy,
    "commit": _answer_commit,
    "rescue": _answer_rescue,
    "find": _answer_find,
    "last": _answer_last,
    "colour": _answer_colour,
    "treasure": _answer_treasure,
    "oshax": _answer_oshax,
    "move": _answer_move,
    "field": _answer_field,
    "drop": _answer_drop,
    "lift": _answer_lift,
}
