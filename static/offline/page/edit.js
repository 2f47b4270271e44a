// Editing a hand on this phone. Offline (with the scorer), each scored line of the history offers "Edit Hand 3"
// (Piquet: a deal): the entry form is filled in with that hand as this phone has it (rules/typed.py's typed_fields,
// from the phone's board) and saves an edit, which waits in line like a hand ("Edit of Hand 3") and is sent as the
// edit page's form would send it (its fields, the hand, the version it was made on, a key of its own), once. The
// board is scored again at once. If the hand was changed or undone on another phone first, the edit is shown beside
// the other phone's hand, with "Apply it again" (to the game as it is now) or "Discard it".
// While a hand waits for its tricks (two-step entry: the form is the tricks form, `completes`), an earlier hand can
// be edited too: the form is filled in for it, its kept bids opened, and given back as it was afterwards. The
// "Hand 3" box above the form names the hand being edited meanwhile, as the edit page does.
// `page.state.editing`, while the form edits a hand: its number, and the form and its box as they were before.
import { fieldOf, inLine, renumber, setField } from "../queue.js";
import { button, element, hidden, note } from "./dom.js";
import { problems, setValues, summary } from "./form.js";
import { currentEntryForm, entryName, live, scoresHere } from "./reading.js";
import { byRole, dealForEdit } from "./roles.js";
import { pending } from "./cards.js";
import { fill, newKey } from "./text.js";

// The box above the form ("Hand 3", who deals, or the hand waiting for its tricks): its heading and parts as they
// are, to name the hand being edited instead and be given back.
function aboutTheForm() {
  const box = document.querySelector("#board .now");
  const heading = box && box.querySelector("h2");
  if (!heading) return null;
  const parts = Array.prototype.filter.call(box.children, (part) => part !== heading);
  return { heading, text: heading.textContent, parts: parts.map((part) => [part, part.hidden]) };
}

export function createEdits(page) {
  const { store, texts, state } = page;
  let keepingEdit = false;

  function canEdit() {
    return page.connection.isOffline() && scoresHere(texts) && Boolean(currentEntryForm());
  }
  function editButton(number) {
    const offer = element("p", "offline-edit");
    offer.append(button(fill(texts.edit, { entry: entryName(number) }), () => start(number)));
    return offer;
  }
  // The server's lines (nothing waits): each scored one gets the phone's Edit button.
  function offerEdits(lines) {
    if (!lines || !canEdit()) return;
    lines.querySelectorAll("details.hand:not(.waiting)").forEach((line) => {
      const number = Number(line.id.replace("hand-", ""));
      const explain = line.querySelector(".explain");
      const linked = explain && explain.querySelector("a[href$='/hands/" + number + "/edit']"); // its own, clicked below
      if (number && explain && !linked && !explain.querySelector(".offline-edit")) explain.append(editButton(number));
    });
  }

  function start(number) {
    const form = currentEntryForm();
    const game = live().dataset.game;
    return store.get(game).then((waiting) => {
      if (waiting && !pending(waiting)) return null; // a choice is asked first
      return page.scoring.phoneAnswer(game, waiting ? inLine(waiting) : []);
    }).then((answer) => {
      const fields = answer && answer.typed && answer.typed[number - 1];
      if (!fields || !form) { page.banner.needsServer(); return; }
      fillForEdit(form, number, fields);
    });
  }

  function fillForEdit(form, number, fields) {
    if (state.editing && state.editing.form !== form) state.editing = null; // the board was drawn again since
    if (!state.editing) {
      state.editing = {
        form,
        at: Number(form.querySelector("input[name=hand]").value),
        hiddens: Array.from(form.querySelectorAll("input[type=hidden]"), (field) => [field.name, field.value]),
        values: Array.from(form.elements, (field) => [field, field.value, field.checked, field.textContent]),
        opened: Array.from(form.querySelectorAll("details.kept-bids"), (part) => [part, part.open]),
        box: aboutTheForm(),
      };
    }
    const editing = state.editing;
    editing.number = number;
    editing.opened.forEach(([part]) => { part.open = true; }); // the bids kept while a hand waits
    if (editing.box) {
      editing.box.heading.textContent = fill(texts.edit, { entry: entryName(number) });
      editing.box.heading.parentElement.classList.add("editing");
      editing.box.parts.forEach(([part]) => { part.hidden = true; });
    }
    dealForEdit(form, number, fields, texts);
    hidden(form, "hand", number);
    hidden(form, "completes", null);
    hidden(form, "request_key", newKey());
    Array.prototype.forEach.call(form.elements, (field) => {
      if (field.type === "submit") {
        // An edit saves the whole hand; Piquet's "Show who is good" and "Fill ... from these cards" ask the server.
        if (field.name === "step" || field.hasAttribute("formaction")) field.setAttribute("data-offline-hidden", "");
        else field.textContent = texts.saveEdit;
        return;
      }
      if (!field.name || field.type === "hidden" || field.type === "button") return;
      const values = fields[field.name] || [];
      if (field.type === "checkbox" || field.type === "radio") field.checked = values.includes(field.value);
      else field.value = values[0] || "";
      field.dispatchEvent(new Event(field.type === "checkbox" || field.type === "radio" ? "change" : "input",
                                    { bubbles: true }));
    });
    // Set again without events: filling them in order set off the form's own helpers (a trick's winner given to
    // the tricks after it, "Not good" clearing the point's value).
    if (byRole()) setValues(form, fields);
    const old = form.querySelector(".offline-editing");
    if (old) old.remove();
    const banner = element("div", "offline-editing");
    banner.setAttribute("role", "status");
    banner.append(element("p", "", fill(texts.editing, { entry: entryName(number) })),
                  button(texts.cancelEdit, () => stop(form, null)));
    form.prepend(banner);
    form.hidden = false;
    form.scrollIntoView({ block: "start" });
    const first = form.querySelector("input:not([type=hidden])");
    if (first) first.focus({ preventScroll: true });
  }

  // The form back as it was before the edit; after an edit kept (`kept`), for the version after it.
  function stop(form, kept) {
    if (!state.editing) return;
    const before = state.editing;
    state.editing = null;
    const banner = form.querySelector(".offline-editing");
    if (banner) banner.remove();
    const names = before.hiddens.map((pair) => pair[0]);
    form.querySelectorAll("input[type=hidden]").forEach((field) => {
      if (!names.includes(field.name)) field.remove();
    });
    before.hiddens.forEach(([name, value]) => hidden(form, name, value));
    before.values.forEach(([field, value, checked, text]) => {
      if (field.type === "hidden") return;
      if (field.type === "submit") { field.removeAttribute("data-offline-hidden"); field.textContent = text; return; }
      field.value = value;
      field.checked = checked;
    });
    dealForEdit(form, before.at, null, texts);
    before.opened.forEach(([part, open]) => { part.open = open; });
    const bid = form.querySelector(".live-bids input"); // what the bids given back decide, asked again
    if (bid) bid.dispatchEvent(new Event("change", { bubbles: true }));
    if (before.box) {
      before.box.heading.textContent = before.box.text;
      before.box.heading.parentElement.classList.remove("editing");
      before.box.parts.forEach(([part, wasHidden]) => { part.hidden = wasHidden; });
    }
    if (kept) {
      hidden(form, "version", Number(fieldOf(kept, "version")) + 1);
      hidden(form, "request_key", newKey());
    }
  }

  // The edit saved: kept in line, behind any change waiting, then sent.
  function keep(form) {
    if (keepingEdit || !state.editing) return;
    const problem = problems(form, texts);
    if (problem) { note(problem); return; }
    keepingEdit = true;
    const game = live().dataset.game;
    const fields = [];
    new FormData(form).forEach((value, name) => { if (typeof value === "string" && name !== "step") fields.push([name, value]); });
    const change = {
      game,
      action: form.action.replace(/\/hands\/?$/, "/hands/" + state.editing.number + "/edit"),
      number: state.editing.number,
      edit: true,
      at: state.editing.at, // the hand the form was for: an edit leaves it so
      entry: fill(texts.editOf, { entry: live().dataset.entry }),
      key: form.querySelector("input[name=request_key]").value,
      fields,
      own: Array.from(form.querySelectorAll("input[type=hidden]"), (field) => field.name),
      summary: summary(form),
      kept: Date.now(),
      state: "waiting",
    };
    store.get(game).then((waiting) => {
      if (!waiting) return store.put(change).then(() => change);
      waiting.later = (waiting.later || []).concat([change]);
      return store.put(waiting).then(() => waiting);
    }).then((first) => {
      stop(form, change);
      note(null);
      return page.cards.show().then(() => { page.sender.send(first); });
    }).catch(() => {
      note(texts.needsServer);
    }).then(() => { keepingEdit = false; });
  }

  // "Apply it again": the edit, as typed, sent for the game as the server has it now.
  function reapply(entry) {
    const form = currentEntryForm();
    if (!form) return;
    entry.key = newKey();
    setField(entry, "request_key", entry.key);
    setField(entry, "version", form.querySelector("input[name=version]").value);
    entry.at = Number(form.querySelector("input[name=hand]").value);
    entry.state = "waiting";
    delete entry.message;
    delete entry.gone;
    renumber(entry);
    store.put(entry).then(page.cards.show).then(() => { page.sender.send(entry); });
  }

  // The server's own "Edit hand 3" link (a line opened while the server answered) edits on this phone too.
  function onClick(event) {
    const link = event.target.closest && event.target.closest("a[href]");
    const match = link && /\/hands\/(\d+)\/edit$/.exec(new URL(link.href).pathname);
    if (!match || !live() || !canEdit()) return;
    event.preventDefault();
    event.stopPropagation();
    start(Number(match[1]));
  }

  // A save from the form while it edits a hand.
  function isEditing(form) { return Boolean(state.editing) && form === state.editing.form; }

  return { canEdit, button: editButton, offerEdits, keep, reapply, onClick, isEditing };
}
