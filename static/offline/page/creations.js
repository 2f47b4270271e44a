// The new games started on this phone, sent when the server answers, first of all changes, as the form would send
// them: a fresh CSRF token from the new-game page, the kept fields, the key (crypto.randomUUID()) in
// Idempotency-Key, so a creation whose answer was lost, sent again, leads to the same game. The redirect's address
// gives the game's id, which replaces the stand-in id in every waiting hand's action; the phone opens the game there
// (the 303's cookie gave it the edit rights), and that page sends the hands in order. A refused creation is shown
// with its reasons until the player discards it.
import { inLine, setField } from "../queue.js";
import { live } from "./reading.js";
import { creationName } from "./new-game.js";
import { fill } from "./text.js";

function csrfToken(html, selector) {
  return new DOMParser().parseFromString(html, "text/html").querySelector(selector);
}

export function createCreations(page) {
  const { store, texts } = page;
  const creating = new Set();

  function sendAll() {
    return store.games().then((kept) => Promise.all(kept.filter((held) => (
      held.creation && (held.creation.state === "waiting" || held.creation.state === "checking"))).map(send)),
    () => []);
  }

  function send(held) {
    const creation = held.creation;
    if (creating.has(held.game)) return Promise.resolve();
    creating.add(held.game);
    return fetch(creation.action, { cache: "no-store", credentials: "same-origin" }).then((response) => {
      page.connection.answered(response.status);
      if (!response.ok) throw new Error(String(response.status)); // busy: tried again later
      return response.text();
    }).then((html) => {
      const token = csrfToken(html, "input[name=csrf_token]");
      const body = new URLSearchParams();
      if (token) body.append(token.name, token.value);
      creation.fields.forEach(([name, value]) => body.append(name, value));
      return fetch(creation.action, { method: "POST", body, cache: "no-store", credentials: "same-origin",
                                      headers: { "Idempotency-Key": creation.key } });
    }).then((response) => {
      page.connection.answered(response.status);
      const match = /\/g\/([^/]+)$/.exec(new URL(response.url).pathname);
      if (response.ok && response.redirected && match) {
        return response.text().then((html) => created(held, match[1], response.url, html));
      }
      if (response.status >= 500 || response.status === 409 || response.status === 429) return null;
      return response.text().then((html) => refused(held, html));
    }).catch((error) => {
      if (error instanceof TypeError) page.connection.lost(); // no connection: tried again later
    }).then(() => { creating.delete(held.game); });
  }

  // Stored: the waiting hands go to the game's own address, with its page's CSRF token; a page of the provisional
  // game opens the game there.
  function created(held, id, address, html) {
    const token = csrfToken(html, "#entry input[name=csrf_token]");
    return store.get(held.game).then((waiting) => {
      if (!waiting) return null;
      inLine(waiting).forEach((hand) => {
        hand.game = id;
        hand.action = hand.action.replace(/\/g\/[^/]+\//, "/g/" + id + "/");
        if (token) setField(hand, token.name, token.value);
      });
      return store.put(waiting).then(() => store.remove(held.game));
    }).then(() => (
      // An old tab of it goes there; the home page lists it under its names.
      store.keepGame({ game: held.game, created: id, address, players: held.api.players, opened: held.creation.kept })
    )).then(() => {
      if (live() && live().dataset.game === held.game) { location.replace(address); return null; }
      page.home.list(); // "not sent yet" no more
      return page.sendAll();
    });
  }

  function refused(held, html) {
    const found = new DOMParser().parseFromString(html, "text/html");
    const reasons = Array.from(found.querySelectorAll("main .error"), (error) => error.textContent.trim());
    held.creation.state = "refused";
    held.creation.message = [fill(texts.notSent, { entry: creationName(held, texts) })].concat(reasons).join(" ");
    return store.keepGame(held).then(page.cards.show);
  }

  return { sendAll };
}
