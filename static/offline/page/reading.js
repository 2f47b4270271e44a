// What the server drew on the page, read: the game on it (#live), its entry form, its version, its game's adapter and
// its words for an undo. No state: every answer is read from the page as it is now.
import { adapterOf } from "../games/index.js";
import { fill } from "./text.js";

const KEEP_ENGINE = "scorekeeper:keep-engine"; // "off" when the player does not want the scorer kept

export function live() { return document.getElementById("live"); }

// `form` if it is the entry form of a hand (it names the hand and its key), else null.
export function entryForm(form) {
  if (!form || !form.closest || !form.closest("#entry")) return null;
  return form.querySelector("input[name=hand]") && form.querySelector("input[name=request_key]") ? form : null;
}
export function currentEntryForm() { return entryForm(document.querySelector("#entry form")); }

// "Hand 3" (Piquet: "Deal 3"), in the page's language.
export function entryName(number) { return fill(live().dataset.entry, { number: number }); }

// A kept change's own name: "Hand 3", "Edit of Hand 2", "Undo of Hand 6".
export function changeName(change) { return fill(change.entry, { number: change.number }); }

export function pageVersion() {
  const field = document.querySelector("#entry input[name=version]");
  return field ? field.value : "";
}

// The adapter of the game on this page (offline/games/), or null on a page of no game.
export function gameHere() { return live() ? adapterOf(live().dataset.kind) : null; }

// The game's words for an undo (templates/_undo_redo.html), drawn whether or not the server has a hand to undo.
export function undoWords() {
  const words = document.getElementById("undo-redo");
  return words && words.dataset.undoAction ? words.dataset : null;
}

export function onItsPage(change) { return Boolean(live()) && live().dataset.game === change.game; }

// Whether the player keeps the scorer on this phone (the home page's setting).
export function engineWanted() {
  try { return localStorage.getItem(KEEP_ENGINE) !== "off"; } catch (error) { return true; }
}
export function wantEngine(wanted) {
  try { localStorage.setItem(KEEP_ENGINE, wanted ? "on" : "off"); } catch (error) { /* private mode */ }
}

// In a game scored on the phone (the Spades games, Piquet), with the scorer kept (rules/board.py under Pyodide,
// templates/offline/engine.js), any number of hands is recorded in a row offline.
export function scoresHere(texts) {
  const game = gameHere();
  return Boolean(game) && game.scoredHere && engineWanted() && Boolean(texts.engine);
}
