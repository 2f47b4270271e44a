// A hand (or deal) saved while the server does not answer: checked by the form's own rules, kept in IndexedDB as
// typed, then scored by the phone's engine, which may refuse it as the server would; and the changes kept, taken
// back (undone before they are sent, discarded after a clash, added on top of another phone's hand).
import { fieldOf, inLine, nextInLine, renumber } from "../queue.js";
import { CHECKING_NOTE_MS, hidden, note } from "./dom.js";
import { markInvalid, problems, readyForNext, summary } from "./form.js";
import { changeName, currentEntryForm, entryForm, gameHere, live, scoresHere } from "./reading.js";
import { askPique, seatRoles } from "./roles.js";
import { correcting, pending } from "./cards.js";
import { fill } from "./text.js";

// How long the scorer may take to check a kept hand; the server checks it when it is sent if not.
const CHECK_MS = 30000;

export function createKeeping(page) {
  const { store, texts } = page;
  // While a hand is being kept (the first offline save waits seconds for the scorer to start) the form is held:
  // nothing can be typed into it or saved from it, so no hand typed meanwhile is cleared with it.
  let keeping = false;
  // The entry form's save on its way online (a preview posts elsewhere): the event after it is the board's.
  let saving = null;

  function hold(form, held) {
    form.inert = held;
    if (held) form.setAttribute("aria-busy", "true"); else form.removeAttribute("aria-busy");
  }

  function keepForLater(form, submitter) {
    if (keeping) return; // a second tap on the same save
    const game = live() && live().dataset.game;
    if (!game) return;
    const problem = problems(form, texts);
    if (problem) { note(problem); return; }
    keeping = true;
    let data;
    try { data = new FormData(form, submitter || undefined); } catch (error) { data = new FormData(form); }
    const fields = [];
    data.forEach((value, name) => { if (typeof value === "string") fields.push([name, value]); });
    hold(form, true);
    const number = Number(form.querySelector("input[name=hand]").value);
    const entry = {
      game,
      action: form.action,
      number,
      entry: live().dataset.entry,
      key: form.querySelector("input[name=request_key]").value,
      fields,
      own: Array.from(form.querySelectorAll("input[type=hidden]"), (field) => field.name), // a later form's replace them
      summary: summary(form),
      kept: Date.now(),
      state: "waiting",
    };
    // Kept first, as typed: the scorer (seconds to start after a page load) checks it after, so a reload, a closed
    // tab or a crash meanwhile keeps the hand, and the server checks it when it is sent.
    store.get(game).then((found) => {
      let waiting = found;
      if (waiting && correcting(waiting)) { // its correction takes its place, until the scorer has said
        entry.later = waiting.later;
        waiting.later = [];
        entry.replaced = waiting;
        waiting = null;
      }
      if (waiting && (!scoresHere(texts) || !pending(waiting))) return waiting; // one hand waits: the form is held
      const first = waiting || entry;
      if (waiting) waiting.later = (waiting.later || []).concat([entry]);
      return store.put(first).then(() => {
        note(fill(texts.kept, { entry: changeName(entry) }));
        if (!scoresHere(texts)) return first;
        return refusedHere(inLine(first), form).then((refused) => (
          refused ? takeBack(entry).then(() => Promise.reject(refused)) : first));
      });
    }).then((waiting) => {
      note(null);
      if (scoresHere(texts)) readyForNext(form, entry);
      return page.cards.show().then(() => { page.sender.send(waiting); });
    }).catch((refused) => {
      // The scorer on this phone refused the hand (as the server would), or IndexedDB did (a private window).
      note(refused && refused.refusedHere ? refused.message : texts.needsServer);
    }).then(() => {
      keeping = false;
      hold(form, false);
      const marked = form.querySelector("[data-offline-invalid]"); // marked by the scorer while the form was held
      if (marked) marked.focus();
    });
  }

  // The phone's engine reads the kept hand as the server would (rules/typed.py) and scores it after the hands in
  // line: a hand it refuses (a declaration the cards cannot hold, a bid out of range) is taken back out of the line,
  // and its fields are marked, as the server's page would mark them. When the scorer cannot say in time (it is
  // still starting, or the game is not on this phone), the hand stays kept and the server checks it when it is sent.
  function refusedHere(line, form) {
    const answered = page.scoring.phoneAnswer(line[0].game, line).then((answer) => answer, () => null);
    const late = new Promise((resolve) => { setTimeout(() => resolve(null), CHECK_MS); });
    const kept = fill(texts.kept, { entry: changeName(line[line.length - 1]) });
    const slow = setTimeout(() => note(kept + " " + texts.checking), CHECKING_NOTE_MS); // still starting
    return Promise.race([answered, late]).then((answer) => {
      clearTimeout(slow);
      if (!answer || !answer.errors) return null;
      const question = gameHere() && gameHere().openQuestion;
      if (question && answer.errors.some((problem) => problem.input === question)) askPique(form, texts);
      markInvalid(answer.errors.map((problem) => problem.input && form.querySelector("[name='" + problem.input + "']"))
        .filter(Boolean));
      const reasons = answer.errors.map((problem) => problem.message);
      return { refusedHere: true, message: [texts.invalid].concat(reasons).join(" ") };
    });
  }

  // A kept hand the scorer refused, taken out of the line again (found by its key: the line may have moved on).
  function takeBack(entry) {
    return store.get(entry.game).then((first) => {
      if (!first) return null;
      if (first.key === entry.key && first.replaced) { // a refused hand's correction, refused too: the first stays
        first.replaced.later = first.later;
        return store.put(first.replaced);
      }
      if (first.key === entry.key) return store.remove(entry.game);
      first.later = (first.later || []).filter((hand) => hand.key !== entry.key);
      return store.put(first);
    });
  }

  // The correction of a hand refused by a rule, recorded by the server: it takes the kept hand's place, and the
  // hands typed after it are sent in turn.
  function corrected(number) {
    const here = live();
    if (!here) return;
    store.get(here.dataset.game).then((first) => {
      if (!first || !correcting(first) || first.number !== number) return;
      const following = nextInLine(first);
      return (following ? store.put(following) : store.remove(first.game)).then(page.cards.show).then(() => {
        if (following) page.sender.send(following);
      });
    });
  }
  // htmx's requests: an entry form's save seen on its way, and its answer (200: the server recorded it).
  function beforeRequest(event) {
    const form = entryForm(event.detail.elt);
    const path = event.detail.pathInfo && event.detail.pathInfo.requestPath;
    if (form && path === new URL(form.action).pathname) {
      saving = { path, number: Number(form.querySelector("input[name=hand]").value) };
    }
  }
  function afterRequest(event, status) {
    const path = event.detail.pathInfo && event.detail.pathInfo.requestPath;
    if (saving && path === saving.path) {
      if (status === 200) corrected(saving.number);
      saving = null;
    }
  }

  // The last change typed offline, not sent yet, taken back: the form is for its number again.
  function undoUnsent(first) {
    const line = inLine(first);
    const last = line[line.length - 1];
    let taken;
    if (line.length > 1) {
      first.later = first.later.slice(0, -1);
      taken = store.put(first);
    } else if (!page.sender.isSending(first.game)) {
      taken = store.remove(first.game);
    } else {
      return; // being sent this very moment: it is the server's to undo now
    }
    taken.then(() => {
      const form = currentEntryForm();
      if (form) ["hand", "version", "completes"].forEach((name) => hidden(form, name, fieldOf(last, name)));
      if (form && last.undo) hidden(form, "hand", last.number + 1);
      if (form && last.edit) hidden(form, "hand", last.at);
      if (form) seatRoles(form, Number(form.querySelector("input[name=hand]").value));
      return page.cards.show();
    }).then(() => {
      note(fill(texts.undoneUnsent, { entry: changeName(last) }));
    });
  }

  // "Discard it": the change is dropped, the next in line takes its place and is sent.
  function discard(entry) {
    const following = nextInLine(entry);
    if (following) renumber(following, entry);
    (following ? store.put(following) : store.remove(entry.game)).then(page.cards.show).then(() => {
      if (following) page.sender.send(following);
      note(fill(texts.discarded, { entry: changeName(entry) }));
    });
  }

  // "Add it as Hand 6": the hand, typed before another phone's, added on top of the server's game.
  function addAsNext(entry) {
    const form = currentEntryForm();
    if (!form) return;
    const number = Number(form.querySelector("input[name=hand]").value);
    entry.fields = gameHere().movedFields(entry.fields, entry.number, number); // typed for another hand's seats
    const fresh = Array.from(form.querySelectorAll("input[type=hidden]"), (field) => [field.name, field.value]);
    const own = fresh.map((pair) => pair[0]).concat(entry.own || []);
    entry.fields = fresh.concat(entry.fields.filter((pair) => !own.includes(pair[0])));
    entry.own = fresh.map((pair) => pair[0]);
    entry.number = number;
    entry.key = form.querySelector("input[name=request_key]").value;
    entry.state = "waiting";
    delete entry.next;
    delete entry.message;
    renumber(entry);
    store.put(entry).then(page.cards.show).then(() => { page.sender.send(entry); });
  }

  return { keepForLater, beforeRequest, afterRequest, undoUnsent, discard, addAsNext };
}
