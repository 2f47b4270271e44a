// The arithmetic of a game's line of kept changes (static/offline/queue.js): `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";

import { after, choicesOf, fieldOf, inLine, nextInLine, provisional, renumber } from "../../static/offline/queue.js";

const hand = (number, version, extra = {}) => ({
  game: "g1", number, state: "waiting", key: `key-${number}`,
  fields: [["hand", String(number)], ["version", String(version)], ["tricks-0", "4"]], ...extra,
});

test("the next in line comes first, with the rest behind it, waiting to be sent", () => {
  const first = hand(5, 7, { state: "refused", later: [hand(6, 8), hand(7, 9)] });
  assert.deepEqual(inLine(first).map((change) => change.number), [5, 6, 7]);
  const following = nextInLine(first);
  assert.deepEqual([following.number, following.state, following.later.map((change) => change.number)],
                   [6, "waiting", [7]]);
  assert.equal(nextInLine(hand(5, 7)), null);
});

test("a hand discarded: the ones behind it take its number and version, one after the other", () => {
  const discarded = hand(5, 7, { later: [hand(6, 8, { later: [] })] });
  const following = nextInLine(discarded);
  following.later = [hand(7, 9), hand(6, 10, { undo: true })];
  renumber(following, discarded);
  assert.deepEqual(inLine(following).map((change) => [change.number, fieldOf(change, "hand"),
                                                       fieldOf(change, "version")]),
                   [[5, "5", "7"], [6, "6", "8"], [6, "6", "9"]]);
});

test("after a first step the play completes the same hand; an edit leaves the next number where it was", () => {
  const bids = hand(3, 4, { fields: [["hand", "3"], ["version", "4"], ["step", "first"]] });
  assert.equal(after(bids), 3);
  assert.equal(after(hand(3, 4)), 4);
  assert.equal(after(hand(3, 4, { undo: true })), 3);
  assert.equal(after(hand(2, 4, { edit: true, at: 6 })), 6);
  const play = hand(9, 9);
  renumber({ ...bids, later: [play] });
  assert.deepEqual([play.number, fieldOf(play, "version"), fieldOf(play, "completes")], [3, "5", "3"]);
});

test("a game started on this phone has a provisional id", () => {
  assert.equal(provisional("new:abc"), true);
  assert.equal(provisional("abc"), false);
  assert.equal(provisional(undefined), false);
});

test("every kind of clash is offered its choices one way, Discard always last", () => {
  assert.deepEqual(choicesOf(hand(5, 7), true), []);
  assert.deepEqual(choicesOf(hand(5, 7, { state: "elsewhere" }), true), []);
  assert.deepEqual(choicesOf(hand(5, 7, { state: "conflict", next: 6 }), true), ["add", "discard"]);
  assert.deepEqual(choicesOf(hand(5, 7, { state: "conflict", next: 6 }), false), ["discard"]);
  assert.deepEqual(choicesOf(hand(5, 7, { state: "conflict", next: null }), true), ["discard"]);
  assert.deepEqual(choicesOf(hand(5, 7, { state: "conflict", next: 5, undo: true }), true), ["undoLast", "discard"]);
  assert.deepEqual(choicesOf(hand(5, 7, { state: "conflict", next: 5, undo: true }), false), ["discard"]);
  assert.deepEqual(choicesOf(hand(2, 7, { state: "conflict", edit: true, gone: false }), true), ["reapply", "discard"]);
  assert.deepEqual(choicesOf(hand(2, 7, { state: "conflict", edit: true, gone: true }), true), ["discard"]);
  assert.deepEqual(choicesOf(hand(5, 7, { state: "refused", rule: true }), true), ["putBack", "discard"]);
  assert.deepEqual(choicesOf(hand(5, 7, { state: "refused" }), true), ["discard"]);
});
