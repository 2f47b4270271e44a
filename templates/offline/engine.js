// The rules engine on the phone: scorekeeper/rules/ under Pyodide, in a web worker (its files: scorekeeper/web/scorer.py).
//
// Loads Pyodide's core from the app (never a CDN, never a package: the engine needs the standard library
// only), unpacks the engine's own files and catalogs, and answers each message {id, game, language} with
// {id, answer}: the JSON of rules.board.board_json (the board, or the API's 422 body), or {id, error}.
// Served under a policy of its own that allows compiling WebAssembly; the pages' policy does not.
"use strict";

const SETTINGS = {{ settings | tojson }};
importScripts(SETTINGS.pyodide);

const engine = (async () => {
  const indexURL = new URL(".", new URL(SETTINGS.pyodide, self.location.href)).href;
  const pyodide = await loadPyodide({ indexURL: indexURL, packages: [] });
  const archive = await fetch(SETTINGS.rules).then((response) => {
    if (!response.ok) throw new Error("engine files: " + response.status);
    return response.arrayBuffer();
  });
  pyodide.unpackArchive(archive, "zip", { extractDir: "/engine" });
  pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
  return pyodide.pyimport("scorekeeper.rules.board").board_in;
})();

self.addEventListener("message", async (event) => {
  const data = event.data || {};
  try {
    const boardIn = await engine;
    self.postMessage({ id: data.id, answer: JSON.parse(boardIn(JSON.stringify(data.game), data.language || "en",
                                                                "/engine/catalogs")) });
  } catch (error) {
    self.postMessage({ id: data.id, error: String(error && error.message || error) });
  }
});
