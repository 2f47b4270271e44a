// A kept copy of "Undo hand 6?" or of a hand's edit page opened offline, for a game changed since on this phone (or
// by the server before it went away): its question or its values are out of date, so it says so, loses its
// button, and leads back to the game instead.
import { element } from "./dom.js";

export function markOldPageOfAChange(store, texts) {
  const form = document.querySelector("form.confirm, form#hand-form");
  const match = form && document.documentElement.dataset.from === "cache"
    && /\/g\/([^/]+)\/(undo|hands\/\d+\/edit)$/.exec(new URL(form.action).pathname);
  if (!match) return Promise.resolve();
  const version = form.querySelector("input[name=version]");
  return Promise.all([store.get(match[1]), store.game(match[1])]).then(([waiting, held]) => {
    const moved = held && version && String(held.api.version) !== version.value;
    if (!waiting && !moved) return;
    form.querySelectorAll("button[type=submit]").forEach((confirm) => confirm.remove());
    form.querySelectorAll("input, select").forEach((field) => { field.disabled = true; });
    const old = element("p", "offline-note", texts.oldUndo);
    old.setAttribute("role", "status");
    form.before(old);
  }, () => { /* no IndexedDB: nothing changed on this phone */ });
}
