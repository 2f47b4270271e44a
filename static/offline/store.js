// The phone's store: what offline play keeps in IndexedDB, and nothing else (no page, no network).
// - "waiting": the changes kept on this phone and not yet stored by the server, one record per game
//   (the first change, with the ones typed after it in `later`).
// - "games": the server's last game object of each game this phone showed (docs/api.md), which the
//   phone scores on from and lists on the home page offline.
const NAME = "scorekeeper-offline";
const VERSION = 2;

function opening(factory) {
  return new Promise((resolve, reject) => {
    const request = factory.open(NAME, VERSION);
    request.onupgradeneeded = () => {
      const names = request.result.objectStoreNames;
      if (!names.contains("waiting")) request.result.createObjectStore("waiting", { keyPath: "game" });
      if (!names.contains("games")) request.result.createObjectStore("games", { keyPath: "game" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// The store over an IndexedDB factory (the browser's `indexedDB`; another one in the unit tests). The
// database is opened on first use, so that a page that never plays offline never opens it.
export function openStore(factory = globalThis.indexedDB) {
  let opened = null;
  function run(mode, work, name = "waiting") {
    if (!opened) opened = opening(factory);
    return opened.then((db) => new Promise((resolve, reject) => {
      const transaction = db.transaction(name, mode);
      const request = work(transaction.objectStore(name));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = transaction.onabort = () => reject(transaction.error);
    }));
  }
  return {
    all: () => run("readonly", (waiting) => waiting.getAll()),
    get: (game) => run("readonly", (waiting) => waiting.get(game)),
    put: (entry) => run("readwrite", (waiting) => waiting.put(entry)),
    remove: (game) => run("readwrite", (waiting) => waiting.delete(game)),
    game: (game) => run("readonly", (games) => games.get(game), "games"),
    keepGame: (held) => run("readwrite", (games) => games.put(held), "games"),
    games: () => run("readonly", (games) => games.getAll(), "games"),
    forgetGame: (game) => run("readwrite", (games) => games.delete(game), "games"),
  };
}
