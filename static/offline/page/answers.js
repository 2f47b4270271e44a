// The server's answers to the changes sent (offline/sender.js), read and drawn: what an answer's page says, a
// change refused or clashing in words (with what the other phone did), and the page after it.
import { changesBetween } from "../clash-words.js";
import { NOT_SENT, RULE, STORED } from "../sender.js";
import { boardIn, note } from "./dom.js";
import { changeName, entryName, onItsPage } from "./reading.js";
import { fill, signed } from "./text.js";

// What an answer's page says: the entry form's hand number and version, the reasons beside its fields (each once),
// and the page's own sentence (an error page's).
export function readAnswer(html) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const number = page.querySelector("#entry input[name=hand]");
  const version = page.querySelector("#entry input[name=version]");
  const sentence = page.querySelector("main p");
  const reasons = Array.from(page.querySelectorAll("#entry .error"), (error) => error.textContent.trim())
    .filter((reason, index, all) => reason && all.indexOf(reason) === index);
  return { next: number ? Number(number.value) : null, version: version ? version.value : null, reasons,
           sentence: sentence ? sentence.textContent.trim() : null };
}

export function createAnswers(page) {
  const { store, texts } = page;
  // The other phone's changes in the page's words (offline/clash-words.js).
  const clashWords = {
    recorded: (number) => fill(texts.theyRecorded, { entry: entryName(number) }),
    changed: (number, changes) => fill(texts.theyChanged, { entry: entryName(number), changes }),
    changedSame: (number) => fill(texts.theyChangedSame, { entry: entryName(number) }),
    undid: (number) => fill(texts.theyUndid, { entry: entryName(number) }),
    signed: (value) => signed(value, page.language),
  };

  // A change refused or clashing, in words, kept with it: why, and for a clash what the other phone did.
  function words(entry, verdict) {
    const name = changeName(entry);
    if (verdict.kind === RULE || verdict.kind === NOT_SENT) {
      entry.message = [fill(verdict.kind === RULE ? texts.refused : texts.notSent, { entry: name })]
        .concat(verdict.reasons).join(" ");
      return Promise.resolve();
    }
    const next = verdict.next;
    const changed = entry.undo || (next !== null && next < entry.number) || next === entry.number;
    entry.message = fill(entry.edit ? texts.editChanged : changed ? texts.changedFirst : texts.recordedFirst,
                         { entry: name });
    return saidWhatChanged(entry);
  }

  // What the other phone did, in words, added to a clash's message before it is kept (the change itself is kept
  // already, as it was typed): the game as this phone held it when the change was typed against the server's now.
  function saidWhatChanged(entry) {
    const api = fetch(texts.api.replace("GAME_ID", entry.game), { cache: "no-store", credentials: "omit" })
      .then((response) => (response.ok ? response.json() : null));
    return Promise.all([store.game(entry.game), api]).then(([held, now]) => {
      const lines = changesBetween(held && (held.typedOn || held.api), now, clashWords);
      if (lines.length) entry.message += " " + lines.join(" ");
    }).catch(() => { /* no words: the choice is offered all the same */ });
  }

  // The page after an answer: the server's board (an edit's answer is its whole game page), with the change's fate.
  function shown(entry, verdict, html) {
    if (verdict.kind === STORED) {
      page.state.current = true; // the board that comes back is the server's
      if (!onItsPage(entry)) return;
      return swapBoard(entry.edit ? boardIn(html) || html : html, () => {
        note(fill(texts.sent, { entry: changeName(entry) }));
      });
    }
    if (verdict.kind === RULE) return swapBoard(html, () => note(entry.message));
    if (verdict.kind === NOT_SENT) return page.cards.show();
    // A clash: the server's board, the other phone's hand open beside this phone's change.
    const board = entry.edit ? serverBoard() : Promise.resolve(html);
    return board.then((fresh) => {
      if (!fresh) return page.cards.show();
      return swapBoard(fresh, () => {
        const theirs = document.getElementById("hand-" + entry.number);
        if (theirs) theirs.open = true;
      });
    });
  }

  // The game's board as the server has it now (an edit refused answers with the edit page).
  function serverBoard() {
    return fetch(location.href.split("#")[0], { cache: "no-store", credentials: "same-origin" })
      .then((response) => response.text())
      .then(boardIn, () => null);
  }

  function swapBoard(html, then) {
    const board = document.getElementById("board");
    if (!board) return page.cards.show();
    const done = () => { page.cards.show().then(then); };
    if (window.htmx && window.htmx.swap) {
      window.htmx.swap(board, html, { swapStyle: "outerHTML" });
      // htmx settles a moment later; the swap has placed the new board by the next task.
      return new Promise((resolve) => { setTimeout(() => { done(); resolve(); }, 50); });
    }
    const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("board");
    if (fresh) board.replaceWith(document.importNode(fresh, true));
    done();
    return Promise.resolve();
  }

  return { read: readAnswer, words, shown };
}
