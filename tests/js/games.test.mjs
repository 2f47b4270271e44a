// The offline client's game adapters (static/offline/games/): `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";

import { NAMES, adapterOf } from "../../static/offline/games/index.js";

const FOUR = ["Ann", "Ben", "Cat", "Dan"];

test("each adapter is found under its own name, and no other name finds one", () => {
  assert.deepEqual(NAMES, ["dummy-spades", "piquet", "spades"]);
  NAMES.forEach((name) => assert.equal(adapterOf(name).name, name));
  assert.equal(adapterOf("cribbage"), null);
  assert.equal(adapterOf(undefined), null);
  assert.equal(adapterOf("toString"), null);
});

test("every adapter answers every question the page and the sender ask", () => {
  NAMES.map(adapterOf).forEach((game) => {
    assert.equal(typeof game.scoredHere, "boolean", game.name);
    assert.equal(typeof game.formByRole, "boolean", game.name);
    ["biddingSeats", "firstNamedSeat", "movedFields", "rolesSwapped", "statusLine"].forEach((question) => {
      assert.equal(typeof game[question], "function", `${game.name}.${question}`);
    });
    assert.ok(game.openQuestion === null || typeof game.openQuestion === "string", game.name);
  });
});

test("Spades: the seats after the dealer bid first, the dealer last", () => {
  const spades = adapterOf("spades");
  assert.deepEqual(spades.biddingSeats(FOUR, "Ann"), [1, 2, 3, 0]);
  assert.deepEqual(spades.biddingSeats(FOUR, "Cat"), [3, 0, 1, 2]);
  assert.equal(spades.biddingSeats(FOUR, "Zoe"), null);
  assert.equal(spades.firstNamedSeat(FOUR, "Cat"), 0);
});

test("Dummy Hand Spades: three players bid after the dealer", () => {
  const dummy = adapterOf("dummy-spades");
  assert.deepEqual(dummy.biddingSeats(["Ann", "Ben", "Cat"], "Ben"), [2, 0, 1]);
  assert.deepEqual(dummy.biddingSeats(["Ann", "Ben", "Cat"], "Cat"), [0, 1, 2]);
});

test("the Spades games keep a hand's fields as typed whatever hand it becomes, and write no line of their own", () => {
  const fields = [["bids-0-bid", "3"], ["tricks-0", "4"]];
  ["spades", "dummy-spades"].map(adapterOf).forEach((game) => {
    assert.deepEqual(game.movedFields(fields, 5, 6), fields);
    assert.equal(game.rolesSwapped(1, 2), false);
    assert.equal(game.formByRole, false);
    assert.equal(game.statusLine({ status_line: "Hand 3 of 10" }), null);
    assert.equal(game.openQuestion, null);
  });
});

test("Piquet: a deal moved an odd number of places has elder and younger swapped, and its pique asked again", () => {
  const piquet = adapterOf("piquet");
  const typed = [["hand", "5"], ["elder-point", "5"], ["younger-point", "4"], ["pique", "yes"],
                 ["trick-1", "elder"], ["trick-2", "younger"], ["note", "elderly"]];
  assert.deepEqual(piquet.movedFields(typed, 5, 6), [
    ["hand", "5"], ["younger-point", "5"], ["elder-point", "4"], ["trick-1", "younger"], ["trick-2", "elder"],
    ["note", "elderly"]]);
  assert.deepEqual(piquet.movedFields(typed, 5, 7), typed);
  assert.equal(piquet.rolesSwapped(3, 4), true);
  assert.equal(piquet.rolesSwapped(4, 3), true);
  assert.equal(piquet.rolesSwapped(2, 6), false);
});

test("Piquet: no bids, the dealer named first on a blank page, the engine's line of where the partie stands", () => {
  const piquet = adapterOf("piquet");
  assert.equal(piquet.biddingSeats(["Ann", "Ben"], "Ann"), null);
  assert.equal(piquet.firstNamedSeat(["Ann", "Ben"], "Ben"), 1);
  assert.equal(piquet.firstNamedSeat(["Ann", "Ben"], "Zoe"), 0);
  assert.equal(piquet.statusLine({ status_line: "Deal 3 of 6: Ben deals, Ann is elder." }),
               "Deal 3 of 6: Ben deals, Ann is elder.");
  assert.equal(piquet.formByRole, true);
  assert.equal(piquet.openQuestion, "pique");
});
