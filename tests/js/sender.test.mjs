// The sender (static/offline/sender.js) against a fake server: `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { IDBFactory } from "fake-indexeddb";

import { CLASH, LATER, NOT_SENT, RULE, STORED, createSender, verdictOf } from "../../static/offline/sender.js";
import { openStore } from "../../static/offline/store.js";

const hand = (number, version, extra = {}) => ({
  game: "g1", action: "/g/g1/hands", number, entry: "Hand {number}", key: `key-${number}`, state: "waiting",
  fields: [["hand", String(number)], ["version", String(version)], ["request_key", `key-${number}`], ["tricks-0", "4"]],
  ...extra,
});

// A server that answers each request with the next of `answers` ([status, body as JSON] or an Error: no answer),
// and a sender on an in-memory store, here on game `page`'s page.
function harness(answers, page = "g1") {
  const store = openStore(new IDBFactory());
  const requests = [];
  const told = [];
  const drawn = [];
  const fetch = async (address, init) => {
    requests.push({ address, key: init.headers["Idempotency-Key"], body: String(init.body), method: init.method });
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return { status: answer[0], text: async () => JSON.stringify(answer[1] || {}) };
  };
  const sender = createSender({
    store, fetch, read: (body) => ({ next: null, version: null, reasons: [], sentence: null, ...JSON.parse(body) }),
    here: () => page, answered: (status) => told.push(status), lost: () => told.push("lost"),
    words: async (change, verdict) => { change.message = `${verdict.kind} ${change.number}`; },
    shown: async (change, verdict) => { drawn.push([verdict.kind, change.number]); },
  });
  return { store, sender, requests, told, drawn };
}

test("a stored change leaves the store, and the ones behind it are sent in order, each with its own key", async () => {
  const { store, sender, requests, drawn } = harness([[200], [201]]);
  const first = hand(5, 7, { later: [hand(6, 8)] });
  await store.put(first);
  assert.equal((await sender.send(first)).kind, STORED);
  assert.deepEqual(requests.map((request) => [request.method, request.address, request.key]),
                   [["POST", "/g/g1/hands", "key-5"], ["POST", "/g/g1/hands", "key-6"]]);
  assert.equal(requests[0].body, "hand=5&version=7&request_key=key-5&tricks-0=4");
  assert.deepEqual(drawn, [[STORED, 5], [STORED, 6]]);
  assert.equal(await store.get("g1"), undefined);
});

test("no answer, a busy server or a write at the same moment: kept as it is and sent again later", async () => {
  for (const answer of [new TypeError("offline"), [500], [503], [429], [409]]) {
    const { store, sender, told, drawn } = harness([answer]);
    await store.put(hand(5, 7, { later: [hand(6, 8)] }));
    assert.equal((await sender.send(await store.get("g1"))).kind, LATER);
    const kept = await store.get("g1");
    assert.equal(kept.state, "waiting");
    assert.deepEqual(kept.later.map((later) => later.number), [6]);
    assert.deepEqual(drawn, []);
    assert.deepEqual(told, [answer instanceof Error ? "lost" : answer[0]]);
  }
});

test("a rule refuses it (the same hand on the same version comes back): kept, with the line behind it", async () => {
  const { store, sender } = harness([[422, { next: 5, version: "7", reasons: ["Bids must be 0 to 13."] }]]);
  await store.put(hand(5, 7, { later: [hand(6, 8)] }));
  const verdict = await sender.send(await store.get("g1"));
  assert.deepEqual([verdict.kind, verdict.reasons], [RULE, ["Bids must be 0 to 13."]]);
  const kept = await store.get("g1");
  assert.deepEqual([kept.state, kept.rule, kept.message, kept.later.length], ["refused", true, "rule 5", 1]);
});

test("another phone's hand or edit first (a new number or version comes back): a clash, kept until the player chooses", async () => {
  for (const [said, next] of [[{ next: 6, version: "8" }, 6], [{ next: 5, version: "8" }, 5]]) {
    const { store, sender } = harness([[422, said]]);
    await store.put(hand(5, 7));
    assert.equal((await sender.send(await store.get("g1"))).kind, CLASH);
    const kept = await store.get("g1");
    assert.deepEqual([kept.state, kept.next, kept.message], ["conflict", next, "clash 5"]);
  }
});

test("412, and an edit's 422 or 404 (its hand undone elsewhere): a clash", async () => {
  assert.deepEqual(verdictOf(hand(5, 7), 412, () => assert.fail("not read")), { kind: CLASH, next: null, gone: false });
  const edit = hand(2, 7, { edit: true, at: 5 });
  assert.deepEqual(verdictOf(edit, 422, () => assert.fail("not read")), { kind: CLASH, next: null, gone: false });
  assert.deepEqual(verdictOf(edit, 404, () => assert.fail("not read")), { kind: CLASH, next: null, gone: true });
  const { store, sender } = harness([[404]]);
  await store.put(edit);
  await sender.send(edit);
  assert.deepEqual([(await store.get("g1")).state, (await store.get("g1")).gone], ["conflict", true]);
});

test("a deleted game (404, 410) or edit rights gone (403): not sent, kept with the page's reason", async () => {
  for (const status of [404, 410, 403]) {
    const { store, sender } = harness([[status, { sentence: "There is no such page. Check the link." }]]);
    await store.put(hand(5, 7, { later: [hand(6, 8)] }));
    const verdict = await sender.send(await store.get("g1"));
    assert.deepEqual(verdict, { kind: NOT_SENT, reasons: ["There is no such page. Check the link."],
                                gone: status !== 403 });
    const kept = await store.get("g1");
    assert.deepEqual([kept.state, kept.rule, kept.later.length], ["refused", undefined, 1]);
  }
});

test("refused on another game's page: kept as elsewhere, sent again from its own page", async () => {
  const { store, sender, drawn } = harness([[422, { next: 6, version: "8" }], [200]], "g2");
  await store.put(hand(5, 7));
  assert.equal((await sender.send(await store.get("g1"))).kind, "elsewhere");
  assert.equal((await store.get("g1")).state, "elsewhere");
  assert.deepEqual(drawn, []);
  assert.equal(await sender.send(await store.get("g1")), null); // not due here
});

test("nothing is sent twice at once, nor a change that waits for the player or for its new game", async () => {
  const { store, sender, requests } = harness([[200]]);
  const first = hand(5, 7);
  await store.put(first);
  const both = await Promise.all([sender.send(first), sender.send({ ...first })]);
  assert.deepEqual(both.map((verdict) => verdict && verdict.kind), [STORED, null]);
  assert.equal(await sender.send(hand(5, 7, { state: "conflict" })), null);
  assert.equal(await sender.send(hand(5, 7, { state: "refused" })), null);
  assert.equal(await sender.send(hand(1, 0, { game: "new:abc" })), null);
  assert.equal(requests.length, 1);
});

test("sendAll sends the first change of every game's line", async () => {
  const { store, sender, requests } = harness([[200], [200]]);
  await store.put(hand(5, 7));
  await store.put(hand(2, 1, { game: "g2", action: "/g/g2/hands", key: "key-g2" }));
  await sender.sendAll();
  assert.deepEqual(requests.map((request) => request.address).sort(), ["/g/g1/hands", "/g/g2/hands"]);
  assert.deepEqual(await store.all(), []);
});
