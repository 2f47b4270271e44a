// The sender: the changes kept on this phone (offline/store.js), sent to the server one by one, in order, each
// once, and what the server answered. No page: what an answer's page says is read by `read`, and what the player
// sees is drawn by `shown`, both the page's (offline.js).
//
// A change is sent as its form would have sent it (its fields, with the hand number and game version it was typed
// for, and its key, also as the Idempotency-Key header) to the same address: the server stores it once however
// often it arrives (store/idempotency.py), and refuses it when another phone changed the game first (stale.py).
import { fieldOf, nextInLine, provisional } from "./queue.js";

// What an answer says of a kept change.
export const STORED = "stored"; // the server keeps it: the next in line is sent
export const LATER = "later"; // no answer, or busy: sent again later, as it is
export const RULE = "rule"; // refused by a rule of the game: the player corrects it (or discards it)
export const CLASH = "clash"; // another phone changed the game first: the player chooses
export const NOT_SENT = "not-sent"; // refused for good (the game deleted, the edit rights gone): the player discards it

// The verdict on `change` from the answer's status, and, where it matters, what its page says (`read()`: the
// entry form's hand number and version, the reasons shown beside its fields, the page's own sentence).
// - 200, 201: stored. An answer lost on the way, sent again with the same key, is stored once.
// - No answer (status 0), 5xx, 429, and 409 (another phone's write at the same moment: sent again, the server
//   then says whether the game moved on): later.
// - 412: the game changed since the change was typed: a clash.
// - 422: the form comes back. For the same hand on the same version it is a rule that refused it; a new number or
//   version is another phone's change first. An edit's 422, or its 404 (the hand undone elsewhere), is a clash.
// - 404 and 410 (the game deleted), and every other answer: not sent.
export function verdictOf(change, status, read) {
  if (status === 200 || status === 201) return { kind: STORED };
  if (!status || status >= 500 || status === 429 || status === 409) return { kind: LATER };
  if (status === 412) return { kind: CLASH, next: null, gone: false };
  if (change.edit && (status === 422 || status === 404)) return { kind: CLASH, next: null, gone: status === 404 };
  const said = read();
  if (status === 422) {
    const moved = said.version !== null && said.version !== fieldOf(change, "version");
    if (said.next === change.number && !moved) return { kind: RULE, reasons: said.reasons };
    return { kind: CLASH, next: said.next, gone: false };
  }
  return { kind: NOT_SENT, reasons: said.sentence ? [said.sentence] : [], gone: status === 404 || status === 410 };
}

// The sender of the changes in `store`, with
// - `fetch`: the browser's (a fake one in the unit tests);
// - `read(body)`: what the answer's page says, for verdictOf;
// - `here()`: the game the page shows (a change refused or clashing is settled on its own game's page, where both
//   sides can be shown; elsewhere it waits as "elsewhere" to be sent again from there);
// - `answered(status)`, `lost()`: the connection, told of every answer or its absence;
// - `words(change, verdict)`: the change's message, in the page's words, before it is kept;
// - `shown(change, verdict, body)`: the page drawn again.
export function createSender({ store, fetch, read, here, answered, lost, words, shown }) {
  const sending = new Set();

  function due(change) {
    if (!change || provisional(change.game) || sending.has(change.game)) return false; // a new game: created first
    return change.state === "waiting" || (change.state === "elsewhere" && here() === change.game);
  }

  async function settle(change, status, body) {
    const verdict = verdictOf(change, status, () => read(body));
    if (verdict.kind === LATER) return verdict;
    if (verdict.kind === STORED) {
      verdict.following = nextInLine(change);
      await (verdict.following ? store.put(verdict.following) : store.remove(change.game));
      await shown(change, verdict, body);
      return verdict;
    }
    if (here() !== change.game) {
      change.state = "elsewhere";
      await store.put(change);
      return { kind: "elsewhere" };
    }
    change.state = verdict.kind === CLASH ? "conflict" : "refused";
    if (verdict.kind === RULE) change.rule = true;
    if (verdict.kind === CLASH) {
      change.next = verdict.next;
      change.gone = verdict.gone;
    }
    await words(change, verdict);
    await store.put(change);
    await shown(change, verdict, body);
    return verdict;
  }

  // Sends `change` if it is due (and, once stored, the one after it): the verdict, or null when nothing was sent.
  async function send(change) {
    if (!due(change)) return null;
    sending.add(change.game);
    let verdict;
    try {
      let response;
      try {
        const body = new URLSearchParams(change.fields);
        response = await fetch(change.action, {
          method: "POST", body, cache: "no-store", credentials: "same-origin",
          headers: { "HX-Request": "true", "Idempotency-Key": change.key },
        });
      } catch (error) {
        lost();
        return { kind: LATER };
      }
      answered(response.status);
      verdict = await settle(change, response.status, await response.text());
    } finally {
      sending.delete(change.game);
    }
    if (verdict.following) await send(verdict.following);
    return verdict;
  }

  // Every change due, each game's line in turn.
  async function sendAll() {
    const lines = await store.all();
    return Promise.all(lines.map(send));
  }

  return { send, sendAll, isSending: (game) => sending.has(game) };
}
