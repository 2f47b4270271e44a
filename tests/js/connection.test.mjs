// The connection (static/offline/connection.js): `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createConnection } from "../../static/offline/connection.js";

function harness(answer) {
  const kept = new Map();
  const storage = { getItem: (name) => kept.get(name) ?? null, setItem: (name, value) => kept.set(name, value) };
  const told = [];
  const asked = [];
  const fetch = async (address, init) => {
    asked.push([address, init.method]);
    if (answer instanceof Error) throw answer;
    return { status: answer };
  };
  const connection = createConnection({ probe: "/ping", fetch, storage, reached: () => told.push("reached"),
                                        lost: (since) => told.push(["lost", since]) });
  return { connection, told, asked, kept };
}

test("an answer is the server reached, and its time kept for the banner of a later page", async () => {
  const { connection, told, asked } = harness(204);
  await connection.probe();
  assert.deepEqual(asked, [["/ping", "HEAD"]]);
  assert.deepEqual(told, ["reached"]);
  assert.equal(connection.isOffline(), false);
  assert.ok(Math.abs(connection.lastContact() - Date.now()) < 1000);
});

test("no answer, or a 503, is the server lost: told with the last contact", async () => {
  for (const answer of [new TypeError("offline"), 503]) {
    const { connection, told, kept } = harness(answer);
    kept.set("scorekeeper:last-contact", "1700000000000");
    await connection.probe();
    assert.deepEqual(told, [["lost", 1700000000000]]);
    assert.equal(connection.isOffline(), true);
  }
});

test("any other status reaches the server; a storage that refuses is no contact known", () => {
  const told = [];
  const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); } };
  const connection = createConnection({ probe: "/ping", fetch: null, storage: refusing,
                                        reached: () => told.push("reached"), lost: (since) => told.push(since) });
  connection.answered(0);
  connection.lost();
  connection.answered(422);
  assert.deepEqual(told, [null, "reached"]);
  assert.equal(connection.lastContact(), null);
});
