// The page of a game the server no longer has (its 404, marked `data-status` by templates/error.html): what this phone
// kept for that game and never sent is shown there, in words, with "Save it as a file" (a text file of what was
// typed, to keep the score elsewhere) and "Discard it". Without it such a change was reachable only from the home
// page's list, which led to the same page (docs/decisions/offline-clashes.md, "A deleted game's page").
import { inLine } from "../queue.js";
import { button, element, note } from "./dom.js";
import { changeName, live } from "./reading.js";
import { clock, fill } from "./text.js";

// The game whose address this page is, when the page shows no game: its id, else null.
export function goneGame(scope, path = location.pathname) {
  if (!path.startsWith(scope)) return null;
  const match = /^g\/([\w-]+)\/?$/.exec(path.slice(scope.length));
  return match ? match[1] : null;
}

// What was kept, as the text of the file: the players, then each change with when it was kept and what was typed.
export function keptText(players, line, words) {
  const lines = players ? [players.join(", "), ""] : [];
  line.forEach((change) => {
    lines.push(words.title(change), words.keptAt(change));
    change.summary.forEach((typed) => lines.push("- " + typed));
    lines.push("");
  });
  return lines.join("\n");
}

export function createGonePage(page) {
  const { store, texts } = page;

  function words() {
    return {
      title: (change) => fill(texts.unsent, { entry: changeName(change) }),
      keptAt: (change) => fill(texts.keptAt, { time: clock(change.kept, page.language) }),
    };
  }

  function card(change) {
    const box = element("div", "waiting-hand needs-choice");
    const list = element("ul", "waiting-fields small");
    change.summary.forEach((typed) => list.append(element("li", "", typed)));
    box.append(element("p", "waiting-title", words().title(change)), element("p", "muted small", words().keptAt(change)),
               list);
    return box;
  }

  function fileLink(game, players, line) {
    const file = new Blob([keptText(players, line, words())], { type: "text/plain;charset=utf-8" });
    const link = element("a", "button", texts.saveFile);
    link.href = URL.createObjectURL(file);
    link.download = "scorekeeper-" + game + ".txt";
    return link;
  }

  // Shown once the page has loaded, if this phone keeps changes for the game of this address.
  function show() {
    const main = document.getElementById("main");
    const game = goneGame(texts.scope);
    if (live() || !main || !game || !document.querySelector("h1[data-status='404']")) return Promise.resolve();
    return Promise.all([store.get(game), store.game(game)]).then(([first, held]) => {
      if (!first) return;
      const line = inLine(first);
      const players = held && held.api ? held.api.players : null;
      const section = element("section", "gone-game");
      section.id = "kept-for-gone-game";
      const said = element("p", "waiting-problem", texts.gone);
      said.setAttribute("role", "alert");
      const actions = element("p", "actions");
      actions.append(fileLink(game, players, line), button(texts.discard, () => discard(game, section)));
      section.append(said, ...line.map(card), actions);
      main.append(section);
    }, () => { /* no IndexedDB: nothing was kept */ });
  }

  function discard(game, section) {
    Promise.all([store.remove(game), store.forgetGame(game)]).then(() => {
      section.remove();
      note(texts.goneDiscarded, document.getElementById("main"));
    });
  }

  return { show };
}
