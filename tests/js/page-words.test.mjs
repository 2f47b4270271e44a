// The offline page's words and numbers, and what it reads from a board or a game object, without a page
// (static/offline/page/text.js, board-words.js, scoring.js's engineGame, home.js's openedGames): `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";

import { boardStatus, explanationOf, handsOfLine, historyHands } from "../../static/offline/page/board-words.js";
import { goneGame, keptText } from "../../static/offline/page/gone.js";
import { openedGames } from "../../static/offline/page/home.js";
import { engineGame } from "../../static/offline/page/scoring.js";
import { clock, delta, escaped, fill, newKey, pairValue, signed, typedFields, written }
  from "../../static/offline/page/text.js";

const TEXTS = {
  waitingPlay: "{entry} waits for its tricks.", wins: "{name} wins.", dealsNext: "{name} deals {entry}.",
};

test("a sentence's names are filled in; one without a value stays as written", () => {
  assert.equal(fill("{name} deals {entry}.", { name: "Ann", entry: "Hand 3" }), "Ann deals Hand 3.");
  assert.equal(fill("{name} wins by {margin}.", { name: "Ben" }), "Ben wins by {margin}.");
  assert.equal(fill("Hand {number}", { number: 0 }), "Hand 0");
});

test("points are written with a true minus sign, signed when they moved, in the page's language", () => {
  assert.equal(written(-1250, "en"), "\u22121,250");
  assert.equal(written(1250, "de"), "1.250");
  assert.equal(signed(71, "en"), "+71");
  assert.equal(signed(-10, "fr"), "\u221210");
  assert.equal(signed(0, "en"), "0");
  assert.equal(delta(40, "en"), "+40");
  assert.equal(delta(-10, "en"), "\u221210");
  assert.equal(delta(0, "en"), "0");
});

test("a time of today is its hour; of another day, with its date", () => {
  const now = new Date(2026, 10, 29, 20, 0);
  assert.equal(clock(new Date(2026, 10, 29, 14, 5).getTime(), "en-GB", now), "14:05");
  assert.match(clock(new Date(2026, 10, 27, 14, 5).getTime(), "en-GB", now), /27 Nov 2026.*14:05/);
});

test("names are matched literally, keys are fresh and URL-safe, fields are read as the engine reads a form", () => {
  assert.ok(new RegExp(escaped("Ann (c.)")).test("Ann (c.) deals"));
  const keys = new Set([newKey(), newKey(), newKey()]);
  assert.equal(keys.size, 3);
  keys.forEach((key) => assert.match(key, /^[A-Za-z0-9_-]{22}$/));
  const hand = { fields: [["hand", "3"], ["nil", "0"], ["nil", "2"]] };
  assert.deepEqual(typedFields(hand), { hand: ["3"], nil: ["0", "2"] });
  assert.equal(pairValue(hand.fields, "nil"), "0");
  assert.equal(pairValue(hand.fields, "version"), null);
});

test("the board's line says the hand waiting for its play first, then the game's own line, the winner, who deals", () => {
  const board = { waiting_number: 4, winner: "Ann", next_dealer: "Ben", next_number: 5 };
  assert.equal(boardStatus(board, "Deal 3 of 6", TEXTS, "Hand {number}"), "Hand 4 waits for its tricks.");
  assert.equal(boardStatus({ ...board, waiting_number: null }, "Deal 3 of 6", TEXTS, "Hand {number}"), "Deal 3 of 6");
  assert.equal(boardStatus({ ...board, waiting_number: null }, null, TEXTS, "Hand {number}"), "Ann wins.");
  assert.equal(boardStatus({ next_dealer: "Ben", next_number: 5 }, null, TEXTS, "Deal {number}"), "Ben deals Deal 5.");
});

const scored = (number) => ({
  number, complete: true, explanation: [`Hand ${number}`], needs: number === 2 ? ["Needs its tricks"] : undefined,
  scores: { Ann: { delta: 10, explanation: ["Ann made 1"] }, Ben: { delta: -10, explanation: ["Ben set"] } },
  nils: [{ reason: "Cat's nil made" }, { reason: "" }],
});

test("how a hand was scored: its lines, what it needs, each side's, then the nils' with a reason", () => {
  assert.deepEqual(explanationOf(scored(2)),
                   ["Hand 2", "Needs its tricks", "Ann made 1", "Ben set", "Cat's nil made"]);
});

test("the board shows how the hands typed here were scored; the history the others, the latest first", () => {
  const board = { hands: [1, 2, 3, 4, 5].map(scored) };
  const typed = [{ number: 4 }, { number: 5 }];
  assert.deepEqual(handsOfLine(board, typed).map((hand) => hand.number), [4, 5]);
  assert.deepEqual(historyHands(board, typed).map((hand) => hand.number), [3, 2, 1]);
  const edit = [{ number: 2, edit: true }, { number: 5 }];
  assert.deepEqual(handsOfLine(board, edit).map((hand) => hand.number), [5]);
  assert.deepEqual(historyHands(board, edit).map((hand) => hand.number), [4, 3, 2, 1]);
  assert.deepEqual(handsOfLine(board, []), []);
});

test("the engine is asked for the server's game and the changes typed since, an edit, an undo and a hand each as such", () => {
  const api = { game: "spades", players: ["Ann", "Ben"], first_dealer: "Ann", settings: { target: 500 },
                hands: [{ entry: { bids: 1 } }], hands_after_end: [{ entry: { bids: 2 } }], version: 3 };
  const line = [{ edit: true, number: 1, fields: [["tricks", "5"]] }, { number: 2, fields: [["bids", "4"]] },
                { undo: true, number: 2, fields: [] }];
  assert.deepEqual(engineGame(api, line, { fields: { bids: ["3"] }, number: null }), {
    game: "spades", players: ["Ann", "Ben"], first_dealer: "Ann", settings: { target: 500 },
    entries: [{ bids: 1 }, { bids: 2 }],
    changes: [{ edit: 1, fields: { tricks: ["5"] } }, { fields: { bids: ["4"] } }, { undo: 2 }],
    preview: { fields: { bids: ["3"] }, number: null },
  });
  assert.equal(engineGame({ ...api, dummy_after: "Ben" }, []).dummy_after, "Ben");
  assert.ok(!("preview" in engineGame(api, [])));
});

test("the home page adds the games opened here that the server's list lacks, the latest first, a created one once", () => {
  const kept = [
    { game: "g1", api: { players: ["Ann", "Ben"] }, opened: 10 },
    { game: "g2", api: { players: ["Cat", "Dan"] }, opened: 30 },
    { game: "g3", api: { players: ["Eve", "Fay"] }, opened: 20 },
    { game: "new:k", creation: {}, api: { players: ["Gil", "Hal"] } },
    { game: "new:j", created: "g4", address: "http://phone.test/g/g4", players: ["Ivy", "Jo"], opened: 5 },
    { game: "g4", api: { players: ["Ivy", "Jo"] }, opened: 40 },
  ];
  assert.deepEqual(openedGames(kept, ["/g/g3"], "/"), [
    { path: "/g/g2", players: ["Cat", "Dan"], opened: 30 },
    { path: "/g/g1", players: ["Ann", "Ben"], opened: 10 },
    { path: "/g/g4", players: ["Ivy", "Jo"], opened: 5 },
  ]);
});

test("a deleted game's page is found by its address alone, and what was kept for it is written out as text", () => {
  assert.equal(goneGame("/", "/g/Ab3-x_9"), "Ab3-x_9");
  assert.equal(goneGame("/app/", "/app/g/Ab3/"), "Ab3");
  assert.equal(goneGame("/", "/g/Ab3/undo"), null);
  assert.equal(goneGame("/app/", "/g/Ab3"), null);
  const line = [{ number: 3, summary: ["Bids: Ann 4", "Tricks: Ann 5"] }, { number: 4, summary: [] }];
  const words = { title: (change) => `Hand ${change.number} · not sent`, keptAt: () => "Kept at 14:05." };
  assert.equal(keptText(["Ann", "Ben"], line, words),
               "Ann, Ben\n\nHand 3 · not sent\nKept at 14:05.\n- Bids: Ann 4\n- Tricks: Ann 5\n\n"
               + "Hand 4 · not sent\nKept at 14:05.\n");
  assert.equal(keptText(null, line.slice(1), words), "Hand 4 · not sent\nKept at 14:05.\n");
});
