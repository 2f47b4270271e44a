// The scorer (static/offline/scorer.js) with a fake worker: `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createScorer } from "../../static/offline/scorer.js";

function fakeWorkers() {
  const made = [];
  const makeWorker = (address) => {
    const worker = { address, asked: [], postMessage(message) { this.asked.push(message); } };
    made.push(worker);
    return worker;
  };
  return { made, makeWorker };
}

test("each question is answered by its own id, whatever the order of the answers", async () => {
  const { made, makeWorker } = fakeWorkers();
  const scorer = createScorer({ address: "/engine/worker.js", language: "fr", makeWorker });
  const first = scorer.score({ game: "spades" });
  const second = scorer.score({ game: "piquet" });
  assert.equal(made.length, 1);
  assert.deepEqual(made[0].asked, [{ id: 1, game: { game: "spades" }, language: "fr" },
                                   { id: 2, game: { game: "piquet" }, language: "fr" }]);
  made[0].onmessage({ data: { id: 2, answer: { board: "two" } } });
  made[0].onmessage({ data: { id: 1, error: "no engine" } });
  assert.deepEqual(await second, { board: "two" });
  assert.equal(await first, null);
});

test("a crashed engine answers every waiting question null, and the next question starts a new one", async () => {
  const { made, makeWorker } = fakeWorkers();
  const scorer = createScorer({ address: "/engine/worker.js", language: "en", makeWorker });
  scorer.start();
  scorer.start();
  const waiting = scorer.score({});
  made[0].onerror();
  assert.equal(await waiting, null);
  const again = scorer.score({});
  assert.equal(made.length, 2);
  made[1].onmessage({ data: { id: 2, answer: { board: {} } } });
  assert.deepEqual(await again, { board: {} });
});
