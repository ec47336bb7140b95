"""The Isle of Cats' planning bot: it reads only its seat's view and the prompt.

How it plays
    * **Tiles** go where they score: beside cats of their colour (families), on the
      map of their colour (a free treasure), over rats, into rooms it can finish, and
      never leaving single squares nobody can fill.  Every legal placement of the tile
      is weighed (a bitboard per boat: a few microseconds each).
    * **Cats** are rescued by what they add to the boat (the placement's worth, its
      colour's family) against their price: the right field's 5 fish must buy more.
    * **Fish** are budgeted: it buys cards only while it keeps enough fish for the
      cats its baskets can carry today (4 fish a cat), and it values baskets above
      everything else early on: a cat without a basket stays on the island.
    * **Cards** are valued by kind: baskets and speed, Oshax and treasures (tiles it
      is sure to place), fish cards worth more than they cost, a few lessons it can
      make true; public lessons only in a colour it leads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.bots import RandomBot
from engine.core import JSON, Event, Prompt, Rng
from engine.games.isle.components import CARDS, COLOURS
from engine.games.isle.options import AUTO, DONE, END, PASS, SKIP, card_number, make_place
from engine.games.isle.shapes import (
    BOATS,
    EDGE,
    GRID,
    HULL,
    ROOMS,
    STRIDE,
    legal_placements,
    neighbours,
    sq,
)
from engine.games.isle.view import COVER_KEYS

__all__ = ["PlannerBot", "RandomIsleBot"]


def _around(mask: int) -> int:
    return ((mask << 1) | (mask >> 1) | (mask << STRIDE) | (mask >> STRIDE)) & GRID


def tile_masks(cover: Sequence[str]) -> dict[int, int]:
    """Each tile's squares (by its index in the view's ``tiles``), from a ``cover``."""
    masks: dict[int, int] = {}
    for y, row in enumerate(cover):
        for x, key in enumerate(row):
            if key not in " .":
                k = COVER_KEYS.index(key)
                masks[k] = masks.get(k, 0) | 1 << sq(x, y)
    return masks


class Boat:
    """The bot's picture of one boat, from the view."""

    def __init__(self, player: Mapping[str, Any]) -> None:
        self.name = str(player["boat"])
        self.layout = BOATS[self.name]
        self.occupied = 0
        self.colour: dict[str, int] = {c: 0 for c in COLOURS}
        self.counts: dict[str, int] = {c: 0 for c in COLOURS}
        masks = tile_masks(player["cover"])
        for k, t in enumerate(player["tiles"]):
            mask = masks.get(k, 0)
            self.occupied |= mask
            c = t["colour"]
            if c in self.colour:
                self.colour[c] |= mask
                self.counts[c] += 1
        self.anywhere = bool(player["anywhere"])

    def worth(self, mask: int, colour: str | None) -> float:
        """What covering ``mask`` (with a tile of ``colour``) is worth now."""
        occ = self.occupied
        after = occ | mask
        score = 0.0
        if colour is not None:
            same = self.colour[colour]
            if same:
                touching = (_around(mask) & same).bit_count()
                score += 2.5 * min(touching, 4) + (4.0 if touching else 0.0)
            spot = self.layout.maps.get(colour)
            if spot is not None and mask >> spot & 1:
                score += 6.0
            # Other colours' families lose room to grow.
            others = 0
            for c, m in self.colour.items():
                if c != colour and m:
                    others |= m
            score -= 0.4 * (_around(mask) & others).bit_count()
        score += 1.0 * (mask & self.layout.rats).bit_count()
        for room in ROOMS.values():
            if mask & room:
                left = (room & ~after).bit_count()
                if left == 0:
                    score += 5.0
                elif (room & ~occ).bit_count() - left > 0 and left <= 3:
                    score += 1.0
        free = HULL & ~after
        lonely = free & ~_around(free)
        score -= 2.0 * (lonely & _around(mask)).bit_count()
        # Compact: fewer open sides.
        score -= 0.15 * (neighbours(after) & free).bit_count()
        if not occ:  # the first tile: against a side of the hull, so the rest can grow
            score += 0.5 * (mask & EDGE).bit_count()
        return score

    def best(
        self, shape: str, colour: str | None
    ) -> tuple[float, tuple[int, int, int, int] | None]:
        best_score = -1e9
        best: tuple[int, int, int, int] | None = None
        for p in legal_placements(shape, self.occupied, self.anywhere):
            w = self.worth(p[3], colour)
            if w > best_score:
                best_score, best = w, p
        return best_score, best


class PlannerBot:
    """Plans its boat and its fish (see the module docstring)."""

    level = "planner"
    needs_view = True

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    def to_json(self) -> dict[str, JSON]:
        return {"level": self.level, "seat": self.seat, "rng": self.rng.state}

    def load_json(self, data: dict[str, Any]) -> None:
        self.rng = Rng(int(data["rng"]))

    def observe(self, events: list[Event]) -> None:
        return None

    # ------------------------------------------------------------------ choosing

    def choose(self, view: dict[str, JSON], prompt: Prompt) -> str:
        public: Mapping[str, Any] = view["public"]
        private: Mapping[str, Any] = view["private"]
        me = public["players"][self.seat]
        boat = Boat(me)
        ids = [o.id for o in prompt.choices()]
        kind = prompt.kind
        if kind == "place":
            return self._place(public, me, boat, ids)
        if kind == "draft":
            return max(ids, key=lambda i: self._card_value(card_number(i[5:]), public, boat))
        if kind == "buy":
            return self._buy(public, private, me, boat, ids)
        if kind == "commit":
            return self._commit(private, me, ids)
        if kind == "rescue":
            return self._rescue(public, me, boat, ids)
        if kind == "find":
            return self._find(public, boat, ids)
        if kind == "last":
            return self._last(private, ids)
        if kind == "colour":
            return self._colour(public, me, boat, ids)
        if kind == "treasure":
            return self._treasure(public, boat, ids)
        if kind == "oshax":
            return self._oshax(boat, ids)
        if kind == "field":
            return ids[0]
        for plain in (DONE, SKIP, END, PASS):
            if plain in ids:
                return plain
        return ids[0]

    # ------------------------------------------------------------------ tiles

    def _place(
        self, public: Mapping[str, Any], me: Mapping[str, Any], boat: Boat, ids: list[str]
    ) -> str:
        tile = me["placing"]
        if tile is None:
            return AUTO if AUTO in ids else ids[0]
        _score, best = boat.best(tile["shape"], tile["colour"])
        if best is None:
            return AUTO if AUTO in ids else ids[0]
        x, y, o, _mask = best
        return make_place(tile["id"], x, y, o)

    def _oshax(self, boat: Boat, ids: list[str]) -> str:
        shapes = [i for i in ids if i.startswith("oshax:")]
        if not shapes:
            return ids[0]
        colour = self._lead(boat)
        return max(shapes, key=lambda i: boat.best(i[6:], colour)[0])

    def _lead(self, boat: Boat) -> str:
        return max(COLOURS, key=lambda c: (boat.counts[c], -COLOURS.index(c)))

    def _treasure(self, public: Mapping[str, Any], boat: Boat, ids: list[str]) -> str:
        rares = [i for i in ids if i.startswith("rare:")]
        if rares:
            return rares[0]
        for plain in ("commons", "paid", "small"):
            if plain in ids:
                return plain
        commons = [i for i in ids if i.startswith("common:")]
        if commons:
            return max(commons, key=lambda i: boat.best(i[7:], None)[0])
        return SKIP if SKIP in ids else ids[0]

    # ------------------------------------------------------------------ cards

    def _card_value(self, number: int, public: Mapping[str, Any], boat: Boat) -> float:
        c = CARDS[number]
        day = int(public["day"])
        late = day >= 4
        value = 0.0
        if c.kind == "rescue":
            value = {"full": 5.0, "half": 2.5, "none": 0.5}[c.basket] + 0.4 * c.speed
        elif c.kind == "oshax":
            value = 7.0 if public["oshax"] else 0.0
        elif c.kind == "treasure":
            value = 6.0 if public["beside"] else 3.5
        elif c.kind == "anytime":
            value = {
                "buy_basket": 6.0 if day <= 2 else 1.0,
                "extra_rescue": 3.5,
                "fish_per_colour": 3.0,
                "fish_per_cat_colour": 3.0,
                "fish_per_oshax": 1.0,
                "fish_per_private": 1.5,
                "fish_per_rare": 1.5,
                "fish_per_common": 1.5,
                "basket_for_fish": 2.0,
                "draw_tile": 2.5,
                "place_anywhere": 1.0,
            }.get(c.effect, 0.5)
        elif c.kind == "private":
            value = {
                "lesson_138": 5.0,
                "lesson_141": 3.5,
                "lesson_120": 2.0,
                "lesson_117": 3.0,
                "lesson_135": 3.0,
                "lesson_142": 3.0,
                "lesson_122": 1.5,
                "lesson_123": 1.5,
            }.get(c.effect, 0.5)
            if late:
                value *= 0.7
        elif c.kind == "public":
            value = 2.5 if c.effect in ("lesson_144", "lesson_145") else 0.5
        return value - 0.6 * c.cost

    def _reserve(
        self, me: Mapping[str, Any], private: Mapping[str, Any], cart: Sequence[int]
    ) -> int:
        """Fish to keep for today's cats."""
        cards = [c["number"] for c in private["hand"]] + list(cart)
        full = sum(1 for n in cards if CARDS[n].kind == "rescue" and CARDS[n].basket == "full")
        half = sum(1 for n in cards if CARDS[n].kind == "rescue" and CARDS[n].basket == "half")
        uses = int(me["baskets"]) + full + half // 2
        return 4 * min(uses, 4)

    def _buy(
        self,
        public: Mapping[str, Any],
        private: Mapping[str, Any],
        me: Mapping[str, Any],
        boat: Boat,
        ids: list[str],
    ) -> str:
        if private.get("drawn"):
            # Cards drawn by a card: the best one if it is worth its price.
            buys = [i for i in ids if i.startswith("buy:")]
            good = [i for i in buys if self._card_value(card_number(i[4:]), public, boat) > 0]
            return good[0] if good else DONE
        cart = [c["number"] for c in private["cart"]]
        left = int(private["fish_left"])
        buys = [i for i in ids if i.startswith("buy:")]
        ranked = sorted(
            buys,
            key=lambda i: -self._card_value(card_number(i[4:]), public, boat),
        )
        for i in ranked:
            n = card_number(i[4:])
            value = self._card_value(n, public, boat)
            if value <= 0:
                break
            reserve = self._reserve(me, private, [*cart, n])
            if left - CARDS[n].cost >= reserve or (
                CARDS[n].kind == "rescue"
                and CARDS[n].basket != "none"
                and left - CARDS[n].cost >= 4
            ):
                return i
        return DONE

    def _commit(self, private: Mapping[str, Any], me: Mapping[str, Any], ids: list[str]) -> str:
        fish = int(me["fish"])
        chosen = private["committed"]
        uses = (
            int(me["baskets"])
            + sum(1 for c in chosen if c["basket"] == "full")
            + sum(1 for c in chosen if c["basket"] == "half") // 2
        )
        for i in ids:
            if not i.startswith("commit:"):
                continue
            c = CARDS[card_number(i[7:])]
            if c.basket == "full" and fish >= 4 * (uses + 1) - 2:
                return i
            if c.basket == "half" and fish >= 4 * (uses + 1) - 2:
                return i
            if c.basket == "none" and fish >= 10:
                return i
        return DONE

    def _rescue(
        self, public: Mapping[str, Any], me: Mapping[str, Any], boat: Boat, ids: list[str]
    ) -> str:
        fields = public["fields"]
        colour_of = {t["id"]: t["colour"] for f in fields for t in f}
        shape_of = {t["id"]: t["shape"] for f in fields for t in f}
        in_left = {t["id"] for t in fields[0]}
        best_id, best_value = None, 0.0
        for i in ids:
            if not i.startswith("rescue:"):
                continue
            tile = i[7:]
            worth, _where = boat.best(shape_of[tile], colour_of[tile])
            price = 3 if tile in in_left else 5
            value = worth + 2.0 * boat.counts[colour_of[tile]] + 6.0 - 0.8 * price
            if value > best_value:
                best_id, best_value = i, value
        if best_id is not None:
            return best_id
        return END if END in ids else PASS

    def _find(self, public: Mapping[str, Any], boat: Boat, ids: list[str]) -> str:
        for i in ids:
            if i.startswith("play:") and CARDS[card_number(i[5:])].kind in ("oshax", "treasure"):
                return i
        return PASS

    def _last(self, private: Mapping[str, Any], ids: list[str]) -> str:
        lessons = {CARDS[int(c["number"])].effect for c in private["private_lessons"]}
        for i in ids:
            if not i.startswith("play:"):
                continue
            effect = CARDS[card_number(i[5:])].effect
            if effect.startswith("fish_per") or effect in ("draw_tile",):
                return i
            if effect == "basket_for_fish" and "lesson_118" not in lessons:
                return i
        return DONE

    def _colour(
        self, public: Mapping[str, Any], me: Mapping[str, Any], boat: Boat, ids: list[str]
    ) -> str:
        colours = [i for i in ids if i.startswith("colour:")]
        if not colours:
            return ids[0]
        return max(colours, key=lambda i: (boat.counts[i[7:]], -COLOURS.index(i[7:])))


class RandomIsleBot(RandomBot):
    """The random bot of The Isle of Cats: any listed option uniformly, as every game's
    random bot does, and for a tile to place any legal place uniformly (found from its
    view, as a player's screen finds them), not only the first one."""

    needs_view = True

    def choose(self, view: dict[str, JSON], prompt: Prompt) -> str:
        if prompt.answer is not None and self.rng.below(4):
            me = view["public"]["players"][self.seat]
            tile = me["placing"]
            if tile is not None:
                spots = legal_placements(tile["shape"], Boat(me).occupied, bool(me["anywhere"]))
                if spots:
                    x, y, o, _mask = spots[self.rng.below(len(spots))]
                    return make_place(tile["id"], x, y, o)
        return super().choose(view, prompt)
