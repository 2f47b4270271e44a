// Undo offline (the games scored on the phone): the board's "Undo hand 6" undoes the last hand on this phone, after
// asking, as the confirmation page does online. With hands typed and not sent it takes back the last of them;
// otherwise the undo itself waits in line, to be sent as the confirmation page's form would send it (the hand, the
// version, a key of its own).
import { inLine, renumber, setField } from "../queue.js";
import { button, element } from "./dom.js";
import { readyForNext } from "./form.js";
import { currentEntryForm, live, scoresHere, undoWords } from "./reading.js";
import { pending } from "./cards.js";
import { fill, newKey } from "./text.js";

export function createUndo(page) {
  const { store, texts } = page;

  function undoOffline() {
    const game = live().dataset.game;
    return store.get(game).then((waiting) => {
      if (waiting && !pending(waiting)) { page.banner.needsServer(); return; }
      const line = waiting ? inLine(waiting) : [];
      if (waiting && !line[line.length - 1].edit) { page.keeping.undoUnsent(waiting); return; }
      return queue();
    });
  }

  // The undo of the last hand, in line to be sent.
  function queue() {
    const form = currentEntryForm();
    const game = live().dataset.game;
    const words = undoWords();
    return store.get(game).then((waiting) => {
      if (waiting && !pending(waiting)) { page.banner.needsServer(); return; }
      if (!form || !words || form.querySelector("input[name=completes]")) { page.banner.needsServer(); return; } // waits for its play
      const number = Number(form.querySelector("input[name=hand]").value) - 1;
      const change = {
        game,
        action: words.undoAction,
        number,
        undo: true,
        entry: fill(texts.undoOf, { entry: live().dataset.entry }),
        key: newKey(),
        fields: [["csrf_token", form.querySelector("input[name=csrf_token]").value], ["hand", String(number)],
                 ["version", form.querySelector("input[name=version]").value]],
        own: ["csrf_token", "hand", "version", "request_key"],
        summary: [],
        kept: Date.now(),
        state: "waiting",
      };
      change.fields.push(["request_key", change.key]);
      if (waiting) waiting.later = (waiting.later || []).concat([change]);
      return store.put(waiting || change).then(() => {
        readyForNext(form, change);
        return page.cards.show();
      }).then(() => { page.sender.send(waiting || change); });
    });
  }

  // The number of the game's last hand as the page has it now (the form is for the one after it), or null when it
  // cannot be undone here (no undo words, a hand waiting for its play).
  function lastNumber() {
    const form = currentEntryForm();
    if (!form || !undoWords() || form.querySelector("input[name=completes]")) return null;
    const number = Number(form.querySelector("input[name=hand]").value) - 1;
    return number > 0 ? number : null;
  }

  // "Undo hand 3" on an undo another phone's change came before: once the player has said yes to the question that
  // names the hand now last (another phone's, maybe), the undo is made again for it, on the game as it is now.
  function again(entry, near) {
    const number = lastNumber();
    if (!number) { page.banner.needsServer(); return; }
    ask(near, number, () => {
      const form = currentEntryForm();
      entry.number = number;
      entry.key = newKey();
      setField(entry, "request_key", entry.key);
      setField(entry, "version", form.querySelector("input[name=version]").value);
      setField(entry, "hand", number);
      entry.state = "waiting";
      delete entry.next;
      delete entry.message;
      renumber(entry);
      page.store.put(entry).then(page.cards.show).then(() => { page.sender.send(entry); });
    });
  }

  // An undo asks first, as the confirmation page does online: its question and its button, in the game's words,
  // under `near`; `undo` is done once confirmed.
  function ask(near, number, undo) {
    const old = document.getElementById("offline-undo-question");
    if (old) old.remove();
    const words = undoWords();
    if (!words) { page.banner.needsServer(); return; }
    const box = element("div", "offline-undo-question notice");
    box.id = "offline-undo-question";
    box.setAttribute("role", "group");
    box.setAttribute("aria-labelledby", "offline-undo-question-title");
    const title = element("p", "", fill(words.undoQuestion, { number }));
    title.id = "offline-undo-question-title";
    const actions = element("p", "actions");
    actions.append(button(fill(words.undoConfirmed, { number }), () => { box.remove(); undo(); }),
                   button(texts.cancelEdit, () => box.remove()));
    box.append(title, actions);
    near.after(box);
    actions.querySelector("button").focus();
  }

  // The board's undo link, offline: asked, then undone on this phone.
  function onClick(event) {
    const link = event.target.closest && event.target.closest("a.undo[data-undo-action]");
    if (!link || !page.connection.isOffline() || !scoresHere(texts)) return;
    event.preventDefault();
    event.stopPropagation(); // htmx's boosted link listens on the link itself, after this
    const at = currentEntryForm() && currentEntryForm().querySelector("input[name=hand]");
    if (!at) { page.banner.needsServer(); return; }
    ask(link.parentElement, Number(at.value) - 1, undoOffline);
  }

  return { ask, queue, onClick, lastNumber, again };
}
