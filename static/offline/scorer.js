// The scorer: the phone's rules engine (rules/board.py under Pyodide) in its worker (templates/offline/engine.js),
// asked one question at a time by id. No page: what it answers is the page's to draw.

// The scorer whose worker is at `address`, made by `makeWorker` (the browser's Worker; a fake in the unit tests).
// The worker loads Pyodide as it starts (seconds), so `start()` is called as early as the page may need it.
export function createScorer({ address, language, makeWorker = (url) => new Worker(url) }) {
  let worker = null;
  let asked = 0;
  let answers = new Map();

  function start() {
    if (worker) return;
    worker = makeWorker(address);
    worker.onmessage = (event) => {
      const done = answers.get(event.data.id);
      answers.delete(event.data.id);
      if (done) done(event.data.answer || null);
    };
    // A crashed engine answers nothing: every question waiting is answered null, and the next starts it again.
    worker.onerror = () => {
      answers.forEach((done) => done(null));
      answers = new Map();
      worker = null;
    };
  }

  // The engine's answer for `game` (rules/board.py's board_in: a board, a preview, the typed fields, errors), or
  // null when it could not say.
  function score(game) {
    start();
    return new Promise((resolve) => {
      asked += 1;
      answers.set(asked, resolve);
      worker.postMessage({ id: asked, game, language });
    });
  }

  return { start, score };
}
