// The line of changes kept on this phone for one game, as arithmetic on plain records (no page, no network).
// A game's record is its first change waiting, with the ones typed after it in `later`; each change carries the
// fields its form would send (the hand's number, the game version it was typed for, its own key...). The version
// grows by one with each change, so a change typed behind another is made for the version after it.

// A game started on this phone and not created on the server yet: "new:<key>" stands for its id.
export const PROVISIONAL = "new:";
export function provisional(game) { return typeof game === "string" && game.startsWith(PROVISIONAL); }

export function inLine(entry) { return [entry].concat(entry.later || []); }

// The change after `entry`, first in its line now (the rest behind it), waiting to be sent; null when none.
export function nextInLine(entry) {
  const later = entry.later || [];
  if (!later.length) return null;
  const following = later[0];
  following.later = later.slice(1);
  following.state = "waiting";
  return following;
}

export function fieldOf(hand, name) {
  const pair = hand.fields.find((field) => field[0] === name);
  return pair ? pair[1] : null;
}
// `value` null takes the field out.
export function setField(hand, name, value) {
  hand.fields = hand.fields.filter((field) => field[0] !== name);
  if (value !== null) hand.fields.unshift([name, String(value)]);
}

// A hand's first step (its bids, or Piquet's declarations), waiting for its play.
export function firstStep(hand) { return fieldOf(hand, "step") === "first"; }

// The number of the hand typed after `hand`: the same while it waits for its play, or when it was undone; an edit
// leaves the next number where it was.
export function after(hand) {
  if (hand.edit) return hand.at;
  return hand.number + (firstStep(hand) || hand.undo ? 0 : 1);
}

// The changes behind `entry` get their numbers and versions again, from it; with `before` (a change discarded),
// `entry` first takes that change's place.
export function renumber(entry, before) {
  let previous = null;
  inLine(entry).forEach((hand) => {
    if (hand.edit) {
      renumberEdit(hand, previous, before);
    } else if (before && !previous) {
      hand.number = before.number;
      ["hand", "version", "completes"].forEach((name) => setField(hand, name, fieldOf(before, name)));
    } else if (previous) {
      const number = after(previous);
      hand.number = hand.undo ? number - 1 : number;
      setField(hand, "hand", hand.number);
      setField(hand, "version", Number(fieldOf(previous, "version")) + 1);
      if (!previous.edit) setField(hand, "completes", firstStep(previous) ? number : null);
    }
    previous = hand;
  });
}

// An edit in line behind `previous` (or taking the place of `before`, discarded): made on the version after it.
function renumberEdit(hand, previous, before) {
  if (previous) {
    setField(hand, "version", Number(fieldOf(previous, "version")) + 1);
    hand.at = after(previous);
  } else if (before) {
    setField(hand, "version", fieldOf(before, "version"));
    hand.at = before.edit ? before.at : before.undo ? before.number + 1 : before.number;
  }
}

// What the player is offered for a change the server would not take (none while it waits to be sent), in the
// order offered; every kind of clash goes through here:
// - "reapply": an edit, made again on the game as the server has it now (not when its hand was undone there);
// - "putBack": a hand a rule refused, put back in the form to be corrected (the correction takes its place);
// - "add": a hand another phone's change came before, added on top of the server's game as hand `entry.next`;
// - "undoLast": an undo another phone's change came before, made again for the game's last hand now, once the
//   player has confirmed it by that hand's number (the question asked online);
// - "discard": always.
// All but the last need the page's entry form (`withForm`).
export function choicesOf(entry, withForm) {
  if (entry.state === "waiting" || entry.state === "elsewhere" || entry.state === "checking") return [];
  const choices = [];
  if (withForm && entry.state === "conflict" && entry.edit && !entry.gone) choices.push("reapply");
  if (withForm && entry.state === "refused" && entry.rule) choices.push("putBack");
  if (withForm && entry.state === "conflict" && entry.next && !entry.undo && !entry.edit) choices.push("add");
  if (withForm && entry.state === "conflict" && entry.undo) choices.push("undoLast");
  choices.push("discard");
  return choices;
}
