// The phone's board in words: the line under its totals and how each hand was scored. No DOM, no state: the
// engine's board (rules/board.py) and the page's sentences in, text out (tests/js/board-words.test.mjs).
import { fill } from "./text.js";

// Where the game stands: the hand waiting for its play, the game's own line (Piquet's "Deal 3 of 6: ..."), the
// winner, or who deals the next hand. `entryWord`: "Hand {number}" in the page's language.
export function boardStatus(board, ownLine, texts, entryWord) {
  if (board.waiting_number) return fill(texts.waitingPlay, { entry: fill(entryWord, { number: board.waiting_number }) });
  if (ownLine) return ownLine;
  if (board.winner) return fill(texts.wins, { name: board.winner });
  return fill(texts.dealsNext, { name: board.next_dealer, entry: fill(entryWord, { number: board.next_number }) });
}

// How a hand was scored, line by line: the hand's own lines and what it still needs, each side's, then the nils'.
export function explanationOf(hand) {
  const lines = hand.explanation.concat(hand.needs || []);
  Object.keys(hand.scores).forEach((name) => { lines.push(...hand.scores[name].explanation); });
  (hand.nils || []).forEach((nil) => { if (nil.reason) lines.push(nil.reason); });
  return lines;
}

// The board's hands scored from the changes in `line`: from the first of them on, and behind an edit only the hands
// typed here (an edit's later hands are in the history).
export function handsOfLine(board, line) {
  if (!line.length) return [];
  const typedHere = line.filter((hand) => !hand.edit).map((hand) => hand.number);
  return board.hands.filter((hand) => hand.number >= line[0].number
    && (!line[0].edit || typedHere.includes(hand.number)));
}

// The board's hands for the history, the latest first, but those shown by their waiting card (a hand typed here).
export function historyHands(board, line) {
  const carded = line.filter((hand) => !hand.edit && !hand.undo).map((hand) => hand.number);
  return board.hands.slice().reverse().filter((hand) => !carded.includes(hand.number));
}
