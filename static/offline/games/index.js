// The games the offline client knows, each by its adapter (static/offline/games/<name>.js) under the name the
// server's registry gives it (scorekeeper/games/__init__.py; the API's "game"): the only place of the client that
// tells the games apart. A new game adds its file and one line below; tests/test_offline_adapters.py fails for a
// game of the server's registry without them.
import dummySpades from "./dummy-spades.js";
import piquet from "./piquet.js";
import spades from "./spades.js";

const ADAPTERS = [dummySpades, piquet, spades];

const BY_NAME = new Map(ADAPTERS.map((adapter) => [adapter.name, adapter]));

// The adapter of the game named `name` (a page's data-kind, a game object's "game"), or null.
export function adapterOf(name) {
  return BY_NAME.get(name) || null;
}

export const NAMES = ADAPTERS.map((adapter) => adapter.name);
