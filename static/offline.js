// Offline at the table: the entry point of the offline client, which wires its parts to the page and its events.
//
// Registers the service worker (templates/offline/sw.js), which serves a kept copy of a page this phone opened
// when the server does not answer, and shows the banner with the last time the server answered. The parts, each
// a module of static/offline/ with one job, in layers that import only downward (store <- queue/sender <- page):
// - store.js: IndexedDB (the changes kept on this phone, the server's last game object of each game);
// - queue.js: the arithmetic of a game's line of kept changes; clash-words.js: what another phone did;
// - sender.js: the kept changes sent in order, each once (its key), and what each answer says;
// - connection.js: whether the server answers, and since when it does not;
// - scorer.js: the phone's engine (Pyodide, in a worker);
// - games/: one adapter per game (its bidding order, its roles, what its form holds);
// - page/: reading the page and drawing on it, one module a job (the board, the history, the waiting cards, the
//   form, keeping a hand, undo, edit, the answers, a new game, the home page...).
//
// They share one object, `page` below: the page's words (#connection's data attributes, in the page's language),
// the store, the connection, the scorer, the sender, each part's functions, and `state`, the two things several
// parts read: whether the page shows what the server holds (`current`) and the hand being edited (`editing`).
// A hand (or deal, edit, undo, new game) saved while the server does not answer is kept in IndexedDB as typed,
// then scored by the phone's engine, and shown at the top of the game's history as waiting until sent; nothing is
// merged silently, nothing is dropped (docs/decisions/offline-client.md).
import { createConnection } from "./offline/connection.js";
import { createScorer } from "./offline/scorer.js";
import { createSender } from "./offline/sender.js";
import { openStore } from "./offline/store.js";
import { createAnswers } from "./offline/page/answers.js";
import { createBanner } from "./offline/page/banner.js";
import { createCards } from "./offline/page/cards.js";
import { createCreations } from "./offline/page/creations.js";
import { createEdits } from "./offline/page/edit.js";
import { createGonePage } from "./offline/page/gone.js";
import { createHome } from "./offline/page/home.js";
import { createKeeping } from "./offline/page/keeping.js";
import { createNewGame, newGameKind } from "./offline/page/new-game.js";
import { markOldPageOfAChange } from "./offline/page/old-pages.js";
import { createPreview } from "./offline/page/preview.js";
import { createProvisional } from "./offline/page/provisional.js";
import { entryForm, live, scoresHere } from "./offline/page/reading.js";
import { createScoring } from "./offline/page/scoring.js";
import { createUndo } from "./offline/page/undo.js";
import { createPageCopy, keepEngineFiles, putAwayOnlineOnly, register } from "./offline/page/worker.js";

const RETRY_MS = 5000;

function start(banner) {
  const root = document.documentElement;
  const texts = banner.dataset;
  register(texts);
  const page = {
    texts,
    language: root.lang || undefined,
    store: openStore(),
    state: { current: root.dataset.from !== "cache", editing: null },
    // The server lost: the scorer starts, and the history's lines offer Edit.
    lostHere() {
      if (!scoresHere(texts)) return;
      page.scorer.start();
      page.edits.offerEdits(document.getElementById("hands"));
    },
    sendAll() { return page.creations.sendAll().then(page.sender.sendAll).then(null, () => []); },
  };
  page.banner = createBanner(page);
  page.connection = createConnection({
    probe: texts.probe,
    fetch: (address, init) => fetch(address, init),
    storage: { getItem: (name) => localStorage.getItem(name), setItem: (name, value) => localStorage.setItem(name, value) },
    reached: page.banner.reached,
    lost: page.banner.lost,
  });
  page.scorer = createScorer({ address: texts.engine, language: root.lang || "en" });
  page.answers = createAnswers(page);
  page.sender = createSender({
    store: page.store,
    fetch: (address, init) => fetch(address, init),
    read: page.answers.read,
    here: () => (live() ? live().dataset.game : null),
    answered: page.connection.answered,
    lost: page.connection.lost,
    words: page.answers.words,
    shown: page.answers.shown,
  });
  Object.assign(page, {
    cards: createCards(page), scoring: createScoring(page), keeping: createKeeping(page), undo: createUndo(page),
    edits: createEdits(page), newGame: createNewGame(page), provisional: createProvisional(page),
    creations: createCreations(page), home: createHome(page), gone: createGonePage(page),
  });
  const keepCopy = createPageCopy(page);
  keepEngineFiles(page.connection.isOffline);
  listen(page, keepCopy);

  if (root.dataset.from === "cache") page.connection.lost(); else page.connection.reached();
  whenParsed(() => {
    if (root.dataset.from === "cache") putAwayOnlineOnly(document); // a copy kept before this was done
    page.provisional.open().then(page.cards.show).then(keepCopy).then(page.sendAll).then(page.scoring.keepGame);
    markOldPageOfAChange(page.store, texts);
    page.home.list();
    page.gone.show();
  });
  setInterval(() => {
    Promise.all([page.store.all(), page.store.games()]).then(([lines, games]) => {
      const waiting = (entry) => (entry.creation || entry).state === "waiting";
      if (lines.some(waiting) || games.some((held) => held.creation && waiting(held))) page.sendAll();
      else if (page.connection.isOffline() && !live()) page.connection.probe(); // a game page's live poll tells by itself
    }, () => { if (page.connection.isOffline()) page.connection.probe(); });
  }, RETRY_MS);
}

function listen(page, keepCopy) {
  const { connection } = page;
  // Saving while offline: the entry form is kept for later, a new game started here; any other change needs the
  // server.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (page.edits.isEditing(form)) { event.preventDefault(); event.stopPropagation(); page.edits.keep(form); return; }
    if (!connection.isOffline() || (form.method || "").toLowerCase() !== "post") return;
    event.preventDefault();
    event.stopPropagation(); // htmx listens on the form itself, after this
    if (newGameKind(form)) { page.newGame.start(form, newGameKind(form)); return; }
    const save = !(event.submitter && event.submitter.hasAttribute("formaction")); // not "Show who is good"
    if (entryForm(form) && save) page.keeping.keepForLater(form, event.submitter);
    else page.banner.needsServer();
  }, true);
  document.addEventListener("htmx:sendError", connection.lost);
  // A save that htmx could not deliver (the connection dropped just now).
  document.addEventListener("htmx:sendError", (event) => {
    const form = entryForm(event.detail.elt);
    if (form) page.keeping.keepForLater(form, null);
  });
  document.addEventListener("htmx:sendError", createPreview(page));
  document.addEventListener("htmx:beforeRequest", page.keeping.beforeRequest);
  document.addEventListener("htmx:afterRequest", (event) => {
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    connection.answered(status);
    if (event.detail.elt && event.detail.elt.id === "live" && (status === 200 || status === 304)) page.state.current = true;
    page.keeping.afterRequest(event, status);
  });
  document.addEventListener("click", page.undo.onClick, true);
  document.addEventListener("click", page.edits.onClick, true);
  // The live poll and other swaps redraw the history and the entry form: show the waiting hand again.
  document.addEventListener("htmx:afterSettle", () => { page.cards.show().then(keepCopy).then(page.scoring.keepGame); });
  window.addEventListener("offline", connection.lost);
  window.addEventListener("online", () => { connection.probe(); page.sendAll(); });
}

const connectionBanner = document.getElementById("connection");
if (connectionBanner) start(connectionBanner);
