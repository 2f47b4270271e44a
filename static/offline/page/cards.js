// The changes waiting on this phone, drawn at the top of the game's history: a card for each (what was typed, when
// it was kept, the choices a clash offers), the undo of the last one, the entry form readied after them, and the
// phone's board scored from them. `show()` draws the page again from the phone's store, whenever either changed.
import { choicesOf, firstStep, inLine, provisional } from "../queue.js";
import { button, element } from "./dom.js";
import { alignForm, putBack } from "./form.js";
import { changeName, currentEntryForm, live, scoresHere, undoWords } from "./reading.js";
import { clock, fill } from "./text.js";

// Waiting to be sent ("elsewhere": another page found it needs this game's page, which sends it again).
export function pending(entry) { return entry.state === "waiting" || entry.state === "elsewhere"; }
// Refused by a rule of the game when it was sent: the form stays open for its correction, which takes its place.
export function correcting(entry) { return entry.state === "refused" && Boolean(entry.rule); }

export function createCards(page) {
  const { store, texts } = page;

  // The choices offered for a change the server would not take, one way for every kind of clash (queue.js's
  // choicesOf): each a button that does what it says; `discardIt` takes the change away.
  function choiceButtons(entry, discardIt) {
    const said = {
      reapply: () => [texts.applyAgain, () => page.edits.reapply(entry)],
      putBack: () => [texts.putBack, () => putBack(entry, currentEntryForm())],
      add: () => [fill(texts.add, { entry: fill(entry.entry, { number: entry.next }) }), () => page.keeping.addAsNext(entry)],
      undoLast: () => {
        const number = page.undo.lastNumber();
        return number ? [fill(undoWords().undoLabel, { number }), () => page.undo.again(entry, choices)] : null;
      },
      discard: () => [texts.discard, discardIt],
    };
    const choices = element("p", "actions");
    choicesOf(entry, Boolean(currentEntryForm())).map((choice) => said[choice]()).filter(Boolean)
      .forEach(([text, action]) => choices.append(button(text, action)));
    return choices;
  }

  function card(entry) {
    const box = element("div", "waiting-hand" + (pending(entry) ? "" : " needs-choice"));
    box.id = "waiting-" + entry.number;
    const list = element("ul", "waiting-fields small");
    entry.summary.forEach((line) => list.append(element("li", "", line)));
    box.append(element("p", "waiting-title", fill(pending(entry) ? texts.waiting : texts.unsent, { entry: changeName(entry) })),
               element("p", "muted small", fill(texts.keptAt, { time: clock(entry.kept, page.language) })), list);
    if (!pending(entry)) {
      const message = element("p", "waiting-problem", entry.message || "");
      message.setAttribute("role", "alert");
      box.append(message, choiceButtons(entry, () => page.keeping.discard(entry)));
    }
    return box;
  }

  // The last change of the line taken back from its card; behind an edit, the last hand undone too, as online.
  function undoOffers(first, line, lastBox, form) {
    const last = line[line.length - 1];
    const undo = element("p", "actions");
    undo.append(button(fill(texts.undoUnsent, { entry: changeName(last) }), () => {
      if (last.edit) page.keeping.undoUnsent(first); // an edit taken back: no hand is removed
      else page.undo.ask(lastBox, last.number, () => page.keeping.undoUnsent(first));
    }));
    const words = undoWords();
    if (last.edit && last.at > 1 && words && !(form && form.querySelector("input[name=completes]"))) {
      undo.append(button(fill(words.undoLabel, { number: last.at - 1 }), () => {
        page.undo.ask(lastBox, last.at - 1, page.undo.queue);
      }));
    }
    return undo;
  }

  function show() {
    const here = live();
    if (!here) return Promise.resolve();
    return store.get(here.dataset.game).then((entry) => {
      const form = currentEntryForm();
      const signature = entry ? JSON.stringify([entry.number, entry.state, entry.next, Boolean(form),
                                                (entry.later || []).length]) : "";
      if (!entry && !provisional(here.dataset.game)) page.scoring.hidePhoneBoard();
      page.provisional.showCreation(here.dataset.game);
      const shown = document.querySelector(".waiting-hand:not(#waiting-creation)");
      if (shown && shown.dataset.signature === signature && (!form || form.hidden)) return;
      document.querySelectorAll(".waiting-hand:not(#waiting-creation)").forEach((old) => old.remove());
      const entryArea = document.getElementById("entry");
      const held = entryArea && entryArea.querySelector(".offline-held");
      if (held) held.remove();
      if (!entry) {
        boardUndo([], form);
        if (form) form.hidden = false;
        page.edits.offerEdits(document.getElementById("hands"));
        if (provisional(here.dataset.game)) page.scoring.showPhoneBoard([]);
        return;
      }
      const line = inLine(entry);
      const scoring = scoresHere(texts) && pending(entry);
      boardUndo(scoring ? line : [], form);
      if (form) form.hidden = !scoring && !correcting(entry);
      if (scoring) page.scoring.showPhoneBoard(line);
      if (scoring && form) alignForm(form, line[line.length - 1]);
      if (entryArea && pending(entry) && !scoring) {
        entryArea.append(element("p", "offline-held notice", fill(texts.held, { entry: changeName(entry) })));
      }
      const heading = document.querySelector(".history h2");
      if (!heading) return;
      const cards = line.map(card);
      if (scoring && (line.length > 1 || !page.sender.isSending(entry.game))) { // the last hand typed can be taken back
        const lastBox = cards[cards.length - 1];
        lastBox.append(undoOffers(entry, line, lastBox, form));
      }
      if (scoring && page.edits.canEdit()) line.forEach((hand, index) => { // edited from its card, as from a line
        if (!hand.edit && !hand.undo && !firstStep(hand)) cards[index].append(page.edits.button(hand.number));
      });
      cards[0].dataset.signature = signature;
      cards.forEach((made) => heading.after(made)); // each above the one before: the latest first
    }, () => { /* no IndexedDB: nothing can wait */ });
  }

  // The board's undo link, as the server drew it, names the server's last hand; offline it undoes the last one on
  // this phone (undo.js). While hands typed here wait, the last of them is taken back by its own button in the
  // history, so the link is put away; behind a waiting edit it names the hand it undoes.
  function boardUndo(line, form) {
    const link = document.querySelector("#undo-redo a.undo[data-undo-action]");
    const text = link && link.lastChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return;
    if (!("drawn" in link.dataset)) link.dataset.drawn = text.nodeValue;
    const last = line.length ? line[line.length - 1] : null;
    const at = form && form.querySelector("input[name=hand]");
    link.hidden = Boolean(last && !last.edit);
    text.nodeValue = last && last.edit && at && link.dataset.undoLabel
      ? " " + fill(link.dataset.undoLabel, { number: Number(at.value) - 1 }) : link.dataset.drawn;
  }

  return { show, choiceButtons };
}
