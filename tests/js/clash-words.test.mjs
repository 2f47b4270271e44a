// What another phone did, in words (static/offline/clash-words.js): `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";

import { changesBetween, pointsOf } from "../../static/offline/clash-words.js";

const WORDS = {
  recorded: (number) => `Hand ${number} was recorded on another phone.`,
  changed: (number, changes) => `Hand ${number} was changed on another phone: ${changes}.`,
  changedSame: (number) => `Hand ${number} was changed on another phone.`,
  undid: (number) => `Hand ${number} was undone on another phone.`,
  signed: (value) => (value > 0 ? `+${value}` : value < 0 ? `\u2212${-value}` : "0"),
};
const hand = (number, entry, players) => ({ number, entry, players });

test("a hand changed elsewhere is said with each side's points before and after", () => {
  const before = { hands: [hand(1, { tricks: 5 }, { Ann: { delta: 71 }, Ben: { delta: 50 }, Cid: { delta: -60 } })] };
  const now = { hands: [hand(1, { tricks: 4 }, { Ann: { delta: 61 }, Ben: { delta: 50 }, Cid: { delta: -10 } })] };
  assert.deepEqual(changesBetween(before, now, WORDS),
                   ["Hand 1 was changed on another phone: Ann +71 \u2192 +61, Cid \u221260 \u2192 \u221210."]);
});

test("hands recorded, changed to the same points, unchanged and undone, in that order", () => {
  const points = { Ann: { delta: 10 } };
  const before = { hands: [hand(1, { a: 1 }, points), hand(2, { a: 2 }, points), hand(3, { a: 3 }, points)] };
  const now = { hands: [hand(1, { a: 1 }, points), hand(2, { a: 9 }, points)] };
  assert.deepEqual(changesBetween(before, now, WORDS),
                   ["Hand 2 was changed on another phone.", "Hand 3 was undone on another phone."]);
  assert.deepEqual(changesBetween({ hands: [] }, now, WORDS),
                   ["Hand 1 was recorded on another phone.", "Hand 2 was recorded on another phone."]);
  assert.deepEqual(changesBetween(null, now, WORDS), []);
});

test("a team's points, or a Piquet deal's total, are the hand's points", () => {
  assert.deepEqual(pointsOf({ teams: { "Ann & Cid": { delta: 120 } }, players: { Ann: { delta: 0 } } }),
                   { "Ann & Cid": 120 });
  assert.deepEqual(pointsOf({ players: { Ann: { total: 42 }, Ben: { total: "?" } } }), { Ann: 42 });
});
