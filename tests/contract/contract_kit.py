"""The checks of the conformance suite, written once for every game of the registry.

Each check takes the game and a state (or a run) and fails with an AssertionError that
says which game, which step and what went wrong.  The test modules call them for every
registered game and player count; test_contract_can_fail.py shows each of them catching
a deliberately broken game.

Nothing here knows a particular game, except through the per-game table of
contract_secrets.py (how to redeal what a seat may not know), which the leak checks use.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from typeguard import TypeCheckError, check_type

from engine.core import JSON, Event, IllegalMove, Outcome, Prompt, Rng
from engine.game import Game

STEP_CAP = 20_000
"""Answers after which a random game that has not ended fails the suite."""

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def state_json(game: Game, state: Any) -> str:
    """The state as JSON text with sorted keys: equal text, equal state."""
    return json.dumps(game.state_to_json(state), sort_keys=True)


def prompts_json(prompts: list[Prompt]) -> list[dict[str, JSON]]:
    return [p.to_json() for p in prompts]


def setup(game: Game, n: int, seed: int, options: dict[str, JSON] | None = None) -> Any:
    return game.setup(NAMES[:n], seed, options)


# --------------------------------------------------------------------------- prompts


def check_prompts(game: Game, state: Any, n: int, where: str) -> list[Prompt]:
    """Open prompts are well formed, and open exactly while the game is not over."""
    prompts = list(game.prompts(state))
    over = game.outcome(state) is not None
    assert bool(prompts) != over, (
        f"{where}: {'prompts open after the end' if over else 'nobody is asked, yet not over'}"
    )
    ids = [p.id for p in prompts]
    assert len(ids) == len(set(ids)), f"{where}: prompt ids are not unique: {ids}"
    for p in prompts:
        assert isinstance(p, Prompt), f"{where}: {p!r} is not a Prompt"
        assert isinstance(p.id, str) and p.id, f"{where}: a prompt without an id"
        assert isinstance(p.seat, int) and 0 <= p.seat < n, f"{where}: prompt {p.id} seat {p.seat}"
        assert p.kind and p.text, f"{where}: prompt {p.id} has no kind or text"
        assert p.options, f"{where}: prompt {p.id} ({p.kind}) has no options"
        oids = [o.id for o in p.options]
        assert len(oids) == len(set(oids)), f"{where}: prompt {p.id} repeats option ids {oids}"
        for o in p.options:
            assert isinstance(o.id, str) and o.id and o.label, f"{where}: option {o!r} in {p.id}"
        for special in (p.pass_option, p.back_option):
            assert special is None or special in oids, (
                f"{where}: prompt {p.id} names {special!r}, which is not one of its options"
            )
        assert p.choices(), f"{where}: prompt {p.id} offers only its back option"
        assert Prompt.from_json(json.loads(json.dumps(p.to_json()))) == p, (
            f"{where}: prompt {p.id} does not survive JSON"
        )
    return prompts


def check_outcome(game: Game, state: Any, n: int, where: str) -> Outcome | None:
    out = game.outcome(state)
    if out is None:
        return None
    assert isinstance(out, Outcome), f"{where}: outcome {out!r} is not an Outcome"
    assert all(0 <= w < n for w in out.winners), f"{where}: winners {out.winners}"
    assert len(set(out.winners)) == len(out.winners), f"{where}: winners {out.winners}"
    assert out.reason, f"{where}: an outcome without a reason"
    assert out.scores is None or len(out.scores) == n, f"{where}: scores {out.scores}"
    assert Outcome.from_json(json.loads(json.dumps(out.to_json()))) == out
    return out


def illegal_answers(
    prompts: list[Prompt], n: int, stale: list[tuple[int, str]]
) -> Iterator[tuple[int, str, str]]:
    """Answers no open prompt allows: unknown prompts, unknown options, wrong seats,
    prompts that closed."""
    open_ids = {p.id for p in prompts}
    unknown = "no-such-prompt"
    while unknown in open_ids:
        unknown += "!"
    yield (0, unknown, prompts[0].options[0].id if prompts else "pass")
    for p in prompts[:4]:
        taken = {o.id for o in p.options}
        bad = "no-such-option"
        while bad in taken:
            bad += "!"
        yield (p.seat, p.id, bad)
        yield (p.seat, p.id, "")
        if p.answer is not None:  # structured answers the game must refuse itself
            for args in ("", "x", "0:0:0:0:0", "-1:99:99:9", "a" * 60):
                yield (p.seat, p.id, f"{p.answer}:{args}")
        yield (p.seat, p.id + "x", p.options[0].id)
        for other in range(n):
            if other != p.seat:  # the right answer from the wrong seat
                yield (other, p.id, p.options[0].id)
                break
    for seat, pid in stale[-3:]:
        if pid not in open_ids:
            yield (seat, pid, "pass")


def check_illegal_answers_refused(
    game: Game, state: Any, n: int, stale: list[tuple[int, str]], where: str
) -> None:
    """Every illegal answer raises IllegalMove (with a message) and changes nothing."""
    before_data = game.state_to_json(state)
    prompts = prompts_json(game.prompts(state))
    open_prompts = list(game.prompts(state))
    answers = list(illegal_answers(open_prompts, n, stale))
    if not open_prompts:  # over: nothing may be answered at all
        answers += [(seat, "1", "pass") for seat in range(n)]
    for seat, pid, oid in answers:
        try:
            game.apply(state, seat, pid, oid)
        except IllegalMove as exc:
            assert str(exc), f"{where}: IllegalMove without a message for {(seat, pid, oid)}"
        else:
            raise AssertionError(f"{where}: the illegal answer {(seat, pid, oid)} was accepted")
        after_data = game.state_to_json(state)
        if after_data != before_data:
            raise AssertionError(
                f"{where}: the refused answer {(seat, pid, oid)} changed the state:\n"
                + first_difference(
                    json.dumps(before_data, sort_keys=True), json.dumps(after_data, sort_keys=True)
                )
            )
        assert prompts_json(game.prompts(state)) == prompts, (
            f"{where}: the refused answer {(seat, pid, oid)} changed the open prompts"
        )


def first_difference(a: str, b: str) -> str:
    """Where two JSON texts part (for a readable failure)."""
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    lo, hi = max(0, i - 60), i + 60
    return f"  before: ...{a[lo:hi]}...\n  after:  ...{b[lo:hi]}..."


# ------------------------------------------------------------------------ save, clone


def check_round_trip(
    game: Game, state: Any, n: int, where: str, seats: list[int | None] | None = None
) -> None:
    """to_json -> text -> from_json -> to_json is exact, and so is clone(); the copies
    offer the same prompts and outcome, and the same views to ``seats`` (all by default)."""
    data = game.state_to_json(state)
    text = json.dumps(data, sort_keys=True)
    back = game.state_from_json(json.loads(text))
    assert json.dumps(game.state_to_json(back), sort_keys=True) == text, (
        f"{where}: the JSON round trip is not exact:\n"
        + first_difference(text, state_json(game, back))
    )
    twin = game.clone(state)
    assert state_json(game, twin) == text, f"{where}: clone() is not equal to the original"
    here = prompts_json(game.prompts(state))
    assert prompts_json(game.prompts(back)) == here, f"{where}: a loaded save asks other things"
    assert prompts_json(game.prompts(twin)) == here, f"{where}: a clone asks other things"
    assert game.outcome(back) == game.outcome(state), f"{where}: a loaded save ends otherwise"
    for seat in [None, *range(n)] if seats is None else seats:
        assert game.view(back, seat) == game.view(state, seat), (
            f"{where}: a loaded save shows seat {seat} another view"
        )


def check_clone_is_independent(
    game: Game, state: Any, seat: int, pid: str, oid: str, where: str
) -> list[Event]:
    """Answering on a clone leaves the original alone; the answer then does on the
    original exactly what it did on the clone.  Returns the original's events."""
    before = state_json(game, state)
    twin = game.clone(state)
    twin_events = game.apply(twin, seat, pid, oid)
    assert state_json(game, state) == before, f"{where}: answering on a clone changed the original"
    events = game.apply(state, seat, pid, oid)
    assert [e.to_json() for e in events] == [e.to_json() for e in twin_events], (
        f"{where}: the same answer on a clone told other events"
    )
    assert state_json(game, state) == state_json(game, twin), (
        f"{where}: the same answer on a clone led to another state"
    )
    return list(events)


# ------------------------------------------------------------------------------ views


Views = dict["int | None", dict[str, JSON]]


def check_views(
    game: Game,
    state: Any,
    n: int,
    where: str,
    observers: list[int | None] | None = None,
) -> tuple[Views, dict[Any, str]]:
    """Every view is JSON; a view split in ``public`` and ``private`` (every Game
    game) has the same public half for everyone and an empty private half for a
    spectator; the public half and the ``observers``' private halves (None: all) match
    the game's schemas.  Returns the views by seat (None: the spectator) and their
    JSON texts."""
    views: Views = {}
    texts: dict[Any, str] = {}
    for seat in [None, *range(n)]:
        v = game.view(state, seat)
        assert isinstance(v, dict), f"{where}: view({seat}) is not a dict"
        text = json.dumps(v)
        assert json.loads(text) == v, f"{where}: view({seat}) is not plain JSON"
        views[seat] = v
        texts[seat] = text
    shown = views if observers is None else {s: views[s] for s in {None, *observers}}
    check_schemas(game, shown, where)
    if set(views[None]) == {"public", "private"}:
        assert views[None]["private"] == {}, f"{where}: the spectator has a private view"
        for seat in range(n):
            assert set(views[seat]) == {"public", "private"}, f"{where}: view({seat}) keys"
            assert views[seat]["public"] == views[None]["public"], (
                f"{where}: seat {seat} sees another public view than the spectator"
            )
    return views, texts


def check_schemas(game: Game, views: Views, where: str) -> None:
    """The views match the game's declared schemas (``Game.public_schema`` and
    ``private_schema``, TypedDicts), where it declares them."""
    public, private = game.public_schema, game.private_schema
    for seat, view in views.items():
        if public is not None and seat is None:  # the same public half for every seat
            try:
                check_type(view["public"], public)
            except TypeCheckError as exc:
                raise AssertionError(f"{where}: the public view breaks its schema: {exc}") from None
        if private is not None and seat is not None:
            try:
                check_type(view["private"], private)
            except TypeCheckError as exc:
                raise AssertionError(
                    f"{where}: seat {seat}'s private view breaks its schema: {exc}"
                ) from None


_WORD = re.compile(r"[A-Za-z0-9_.:-]+")
_ID_VALUE = re.compile(r'"id": (?:"((?:[^"\\]|\\.)*)"|(-?\d+))')


def ids_in(data: Any) -> set[str]:
    """The values of every ``id`` key in a view: DESIGN.md's "views name cards by a
    stable unique id"."""
    return {a or b for a, b in _ID_VALUE.findall(json.dumps(data))}


def words_in(text: str) -> set[str]:
    """Every word of a text (a log line, a view's JSON, keys and all)."""
    return set(_WORD.findall(text))


def secret_ids(views: Views) -> dict[int, set[str]]:
    """By seat: the ids only its private half names (ids in it that the public half
    does not).  Empty for a view not split in public and private."""
    out: dict[int, set[str]] = {}
    public: set[str] | None = None
    for seat, v in views.items():
        if seat is None:
            continue
        if set(v) != {"public", "private"}:
            out[seat] = set()
            continue
        if public is None:
            public = ids_in(v["public"])
        out[seat] = ids_in(v["private"]) - public
    return out


def check_no_secret_ids_leak(
    views: Views, texts: dict[Any, str], n: int, where: str
) -> dict[int, set[str]]:
    """No id that only seat A's private view names is in seat B's view or the
    spectator's.  Returns the secret ids by seat (for the log check)."""
    secrets = secret_ids(views)
    if not any(secrets.values()):
        return secrets
    words = {seat: words_in(text) for seat, text in texts.items()}
    for owner, mine in secrets.items():
        if not mine:
            continue
        for seat in [None, *range(n)]:
            if seat == owner:
                continue
            leaked = mine & words[seat]
            assert not leaked, (
                f"{where}: {'the spectator' if seat is None else f'seat {seat}'}'s view names "
                f"{sorted(leaked)}, which only seat {owner}'s private view should"
            )
    return secrets


def check_events(events: list[Event], n: int, secrets: dict[int, set[str]], where: str) -> None:
    """Events are well formed; a seat's secret line reaches only that seat; no line
    that another seat (or a spectator) reads names an id that was one seat's secret
    just before the answer."""
    for e in events:
        assert isinstance(e, Event) and isinstance(e.text, str), f"{where}: event {e!r}"
        assert Event.from_json(json.loads(json.dumps(e.to_json()))) == e
        owners = [who for who, _text in e.secrets]
        assert len(owners) == len(set(owners)), f"{where}: two secrets for one seat in {e!r}"
        for who, text in e.secrets:
            assert isinstance(who, int) and 0 <= who < n, f"{where}: a secret for seat {who}"
            assert isinstance(text, str) and text, f"{where}: an empty secret in {e!r}"
        for seat in [None, *range(n)]:
            line = e.for_seat(seat)
            assert all(who == seat for who, _ in line.secrets), f"{where}: for_seat({seat})"
            text = e.text_for(seat)
            own = [secret for who, secret in e.secrets if who == seat]
            assert text == (own[0] if own else e.text), (
                f"{where}: {'the spectator' if seat is None else f'seat {seat}'} reads "
                f"{text!r}, neither the public line nor its own secret"
            )
            words = words_in(text)
            for owner, mine in secrets.items():
                if owner != seat:
                    leaked = mine & words
                    assert not leaked, (
                        f"{where}: the line {text!r} for "
                        f"{'the spectator' if seat is None else f'seat {seat}'} names seat "
                        f"{owner}'s secret {sorted(leaked)}"
                    )


Redeal = Callable[[Any, "int | None", Rng], Any]


def check_views_hide_what_is_hidden(
    game: Game,
    state: Any,
    n: int,
    views: Views,
    redeal: Redeal | None,
    rng: Rng,
    where: str,
    observers: list[int | None],
) -> int:
    """Non-interference: a state that differs only in what ``seat`` may not know (the
    game's redeal hook makes it) shows ``seat`` the same view, the same prompts and the
    same reasons why a move is not offered (:meth:`Game.why_not`), for
    each seat of ``observers`` (None: the spectator).  Returns how many observers a
    redeal changed something for."""
    if redeal is None:
        return 0
    before = game.state_to_json(state)
    prompts = game.prompts(state)
    tried = 0
    for seat in observers:
        other = redeal(state, seat, rng)
        assert game.state_to_json(state) == before, f"{where}: the redeal hook changed the state"
        if other is None:
            continue
        if game.state_to_json(other) != before:
            tried += 1
        who = "the spectator" if seat is None else f"seat {seat}"
        seen = game.view(other, seat)
        assert seen == views[seat], (
            f"{where}: {who}'s view depends on what {who} may not know:\n"
            + first_difference(
                json.dumps(views[seat], sort_keys=True), json.dumps(seen, sort_keys=True)
            )
        )
        if seat is not None:
            mine = prompts_json([p for p in prompts if p.seat == seat])
            theirs = prompts_json([p for p in game.prompts(other) if p.seat == seat])
            assert theirs == mine, f"{where}: {who}'s prompts depend on what {who} may not know"
            # "Why can't I...?" (purrch learn) reads the seat's own side only too.
            assert game.why_not(other, seat) == game.why_not(state, seat), (
                f"{where}: {who}'s why_not depends on what {who} may not know"
            )
    return tried


# --------------------------------------------------------------------------- the run


@dataclass
class Run:
    """One seeded random game: the answers, the events and where it ended."""

    answers: list[tuple[int, str, str]] = field(default_factory=list)
    events: list[dict[str, JSON]] = field(default_factory=list)
    final: str = ""
    outcome: Outcome | None = None
    redealt: int = 0
    """How many (step, observer) pairs the non-interference check really changed."""


def pick_answer(
    prompts: list[Prompt], rng: Rng, game: Game | None = None, state: Any = None
) -> tuple[int, str, str]:
    """A random open prompt (several seats may be asked at once) and a random option of
    it; the back option only now and then, so that a game still moves on.  A prompt
    with a structured answer (a tile's placement) gets one of its legal answers
    (``Game.answers``) most of the time, one of its listed options otherwise."""
    p = prompts[rng.below(len(prompts))]
    if p.answer is not None and game is not None and rng.below(4):
        answers = game.answers(state, p)
        if answers:
            return p.seat, p.id, answers[rng.below(len(answers))]
    options = p.choices() if rng.below(8) else p.options
    return p.seat, p.id, options[rng.below(len(options))].id


def play(
    game: Game,
    n: int,
    seed: int,
    *,
    checked: bool = True,
    redeal: Redeal | None = None,
    options: dict[str, JSON] | None = None,
    cap: int = STEP_CAP,
) -> Run:
    """Play a seeded random game to its end; with ``checked``, check the contract at
    every step (prompts, illegal answers, save and clone, views and leaks, events)."""
    rng = Rng(seed ^ 0xC0FFEE)
    redeal_rng = Rng(seed ^ 0xDEA1)
    state = setup(game, n, seed, options)
    run = Run()
    stale: list[tuple[int, str]] = []
    for step in range(cap + 1):
        where = f"{game.id} with {n} players, seed {seed}, step {step}"
        if checked:
            prompts = check_prompts(game, state, n, where)
            check_outcome(game, state, n, where)
            check_illegal_answers_refused(game, state, n, stale, where)
            # The costly comparisons look at one seat a step, in turn (the spectator
            # too), and at all of them at the start and the end: a game has hundreds
            # of steps, so every seat is looked at many times.
            everyone: list[int | None] = [None, *range(n)]
            observers = everyone if step == 0 or not prompts else [everyone[step % (n + 1)]]
            check_round_trip(game, state, n, where, observers)
            views, texts = check_views(game, state, n, where, observers)
            secrets = check_no_secret_ids_leak(views, texts, n, where)
            run.redealt += check_views_hide_what_is_hidden(
                game, state, n, views, redeal, redeal_rng, where, observers
            )
        else:
            prompts = list(game.prompts(state))
        if not prompts:
            run.final = state_json(game, state)
            run.outcome = game.outcome(state)
            return run
        if step == cap:
            break
        seat, pid, oid = pick_answer(prompts, rng, game, state)
        run.answers.append((seat, pid, oid))
        if checked:
            events = check_clone_is_independent(game, state, seat, pid, oid, where)
            check_events(events, n, secrets, where)
        else:
            events = game.apply(state, seat, pid, oid)
        stale.append((seat, pid))
        run.events.extend(e.to_json() for e in events)
    raise AssertionError(
        f"{game.id} with {n} players, seed {seed}: not over after {cap} random answers "
        f"(still open: {[(p.seat, p.kind) for p in game.prompts(state)]})"
    )


def replay(game: Game, n: int, seed: int, answers: list[tuple[int, str, str]]) -> Run:
    """The same seed and the same answers, again."""
    state = setup(game, n, seed)
    run = Run(answers=list(answers))
    for seat, pid, oid in answers:
        run.events.extend(e.to_json() for e in game.apply(state, seat, pid, oid))
    run.final = state_json(game, state)
    run.outcome = game.outcome(state)
    return run


def check_determinism(game: Game, n: int, seed: int) -> None:
    """The same seed and the same answers make the same game: the same events (texts,
    secrets and kinds) and the same final state; another seed deals another game."""
    first = play(game, n, seed, checked=False)
    second = play(game, n, seed, checked=False)
    where = f"{game.id} with {n} players, seed {seed}"
    assert second.answers == first.answers, f"{where}: the same seed asks other things"
    assert second.events == first.events, f"{where}: the same seed tells other events"
    assert second.final == first.final, f"{where}: the same seed ends in another state"
    again = replay(game, n, seed, first.answers)
    assert again.events == first.events and again.final == first.final, (
        f"{where}: replaying the answers makes another game"
    )
    assert again.outcome == first.outcome
    assert state_json(game, setup(game, n, seed + 1)) != state_json(game, setup(game, n, seed)), (
        f"{where}: another seed deals the same game"
    )


# ------------------------------------------------------------------------------ bots


def json_copy(data: Any) -> Any:
    """A deep copy of plain JSON data (a view: see :func:`check_views`), by way of its
    text: many times quicker than ``copy.deepcopy`` and just as whole."""
    return json.loads(json.dumps(data))


class StateWatch:
    """Fails if, while a bot thinks, any frame holds the live game state.

    A profile hook looks at every function called during ``choose`` / ``observe``:
    its locals (and what an object or container among them holds right inside, such
    as ``self.table``), and its module's globals.  A bot handed only a view and a
    prompt has no way to reach the state but through one of those.
    """

    def __init__(self, state: Any) -> None:
        self.state = state
        self.found: list[str] = []

    def _holds(self, value: Any) -> bool:
        """``value`` is the state, or an object or container holding it right inside."""
        state = self.state
        if value is state:
            return True
        if isinstance(value, dict):
            return any(v is state for v in value.values())
        if isinstance(value, list | tuple):
            return any(v is state for v in value)
        inner = getattr(value, "__dict__", None)
        if isinstance(inner, dict) and any(v is state for v in inner.values()):
            return True
        for slot in getattr(type(value), "__slots__", ()):
            if getattr(value, slot, None) is state:
                return True
        return False

    def _hook(self, frame: Any, event: str, arg: Any) -> None:
        if event != "call" or self.found:
            return
        code = frame.f_code
        if code.co_filename == __file__:  # the watch itself
            return
        for name, value in frame.f_locals.items():
            if self._holds(value):
                self.found.append(f"{code.co_filename}:{frame.f_lineno} {code.co_name}({name})")
                return
        self._modules.setdefault(id(frame.f_globals), (code.co_filename, frame.f_globals))

    def __enter__(self) -> StateWatch:
        self._modules: dict[int, tuple[str, dict[str, Any]]] = {}
        """The globals of every module a function ran from: looked through once, at
        the end (the state put in a global stays there; looking at every call made
        the watch most of a bot game's time)."""
        sys.setprofile(self._hook)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.setprofile(None)
        for filename, names in self._modules.values():
            for name, value in names.items():
                if value is self.state:
                    self.found.append(f"{filename} global {name}")


def play_bots(
    game: Game, levels: list[str], seed: int, *, watch: bool = True, cap: int = STEP_CAP
) -> tuple[Any, dict[int, list[tuple[str, str]]]]:
    """A game of bots, driven as engine.session.Table drives them: each bot gets a copy
    of its seat's view and its prompt, and hears the log stripped to its seat.  Checks
    that a bot answers one of the prompt's options (never its back option), leaves the
    view alone, never holds the state, and chooses the same again when reloaded from
    its own JSON.  Returns the final state and each seat's choices."""
    n = len(levels)
    state = setup(game, n, seed)
    bots = [game.bot(level, seat, seed=seed * 31 + seat) for seat, level in enumerate(levels)]
    chose: dict[int, list[tuple[str, str]]] = {seat: [] for seat in range(n)}
    rng = Rng(seed)
    for step in range(cap):
        prompts = game.prompts(state)
        if not prompts:
            return state, chose
        where = f"{game.id} bots {levels}, seed {seed}, step {step}"
        p = prompts[rng.below(len(prompts))]
        bot = bots[p.seat]
        view = game.view(state, p.seat) if getattr(bot, "needs_view", True) else {}
        given = json_copy(view)
        memory = json.dumps(bot.to_json(), sort_keys=True)
        with StateWatch(state) as w:
            choice = bot.choose(given, p)
        assert not w.found, f"{where}: the {bot.level} bot reached the game state: {w.found}"
        assert given == view, f"{where}: the {bot.level} bot changed the view it was given"
        assert isinstance(choice, str) and p.accepts(choice), (
            f"{where}: the {bot.level} bot chose {choice!r}, not one of {p.kind}'s options"
        )
        assert choice != p.back_option, f"{where}: the {bot.level} bot took a choice back"
        again = game.bot(bot.level, p.seat, seed=0)
        again.load_json(json.loads(memory))
        assert again.choose(json_copy(view), p) == choice, (
            f"{where}: the {bot.level} bot, reloaded from its JSON, chooses otherwise"
        )
        chose[p.seat].append((p.kind, choice))
        events = game.apply(state, p.seat, p.id, choice)
        for seat, b in enumerate(bots):
            mine = [e.for_seat(seat) for e in events]
            with StateWatch(state) as w:
                b.observe(mine)
            assert not w.found, f"{where}: the {b.level} bot reached the state: {w.found}"
    raise AssertionError(f"{game.id} bots {levels}, seed {seed}: not over after {cap} answers")
