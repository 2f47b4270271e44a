// The phone's store (static/offline/store.js) on an IndexedDB that lives in memory: `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { IDBFactory } from "fake-indexeddb";

import { openStore } from "../../static/offline/store.js";

const hand = (game, number) => ({ game, number, key: `key-${game}-${number}`, fields: [["tricks-Ann", "3"]] });

test("a kept change is read back as it was written, one record per game", async () => {
  const store = openStore(new IDBFactory());
  await store.put(hand("g1", 5));
  await store.put(hand("g2", 1));
  assert.deepEqual(await store.get("g1"), hand("g1", 5));
  assert.deepEqual((await store.all()).map((entry) => [entry.game, entry.number]), [["g1", 5], ["g2", 1]]);
});

test("a game's record is replaced, not added to, and removed once sent", async () => {
  const store = openStore(new IDBFactory());
  await store.put(hand("g1", 5));
  await store.put({ ...hand("g1", 5), later: [hand("g1", 6)] });
  assert.equal((await store.all()).length, 1);
  assert.deepEqual((await store.get("g1")).later, [hand("g1", 6)]);
  await store.remove("g1");
  assert.equal(await store.get("g1"), undefined);
  assert.deepEqual(await store.all(), []);
});

test("the games kept for scoring are apart from the waiting changes", async () => {
  const store = openStore(new IDBFactory());
  await store.keepGame({ game: "g1", version: 4, hands: [] });
  await store.put(hand("g1", 5));
  assert.deepEqual(await store.game("g1"), { game: "g1", version: 4, hands: [] });
  await store.forgetGame("g1");
  assert.equal(await store.game("g1"), undefined);
  assert.deepEqual(await store.games(), []);
  assert.deepEqual(await store.get("g1"), hand("g1", 5));
});

test("what is written survives the page: a store opened again on the same database reads it", async () => {
  const factory = new IDBFactory();
  await openStore(factory).put(hand("g1", 3));
  assert.deepEqual(await openStore(factory).get("g1"), hand("g1", 3));
});
