// The phone's engine asked about the game on the page: the server's last game object kept while the server shows
// it, the board scored from it and the changes in line, and the board the engine drew last, kept to draw at once
// on the next page load (the scorer takes seconds to start) until the engine's answer confirms it.
import { fieldOf, provisional } from "../queue.js";
import { drawPhoneHistory, showServerHistory } from "./history.js";
import { drawPhoneBoard, removePhoneBoard } from "./phone-board.js";
import { live, pageVersion, scoresHere } from "./reading.js";
import { typedFields } from "./text.js";

// Kept in localStorage, read at once and written whole: no read-modify-write of the kept game object, which the
// server's answers replace.
const LAST_BOARD = "scorekeeper-board:";

// The game as the engine reads it (rules/board.py's board_in): the server's game object `api`, the changes in
// `line` after it, and `preview` (bids typed into the one-step form), if any.
export function engineGame(api, line, preview) {
  const game = {
    game: api.game, players: api.players, first_dealer: api.first_dealer, settings: api.settings,
    entries: api.hands.map((hand) => hand.entry).concat((api.hands_after_end || []).map((hand) => hand.entry)),
    changes: line.map((hand) => {
      if (hand.edit) return { edit: hand.number, fields: typedFields(hand) };
      return hand.undo ? { undo: hand.number } : { fields: typedFields(hand) };
    }),
  };
  if ("dummy_after" in api) game.dummy_after = api.dummy_after;
  if (preview) game.preview = preview;
  return game;
}

function keptBoard(game, signature) {
  try {
    const kept = JSON.parse(localStorage.getItem(LAST_BOARD + game) || "null");
    return kept && kept.signature === signature ? kept.board : null;
  } catch (error) { return null; }
}
function keepBoard(game, signature, board) {
  try { localStorage.setItem(LAST_BOARD + game, JSON.stringify({ signature, board })); }
  catch (error) { /* full or refused: the engine draws it next time */ }
}

export function createScoring(page) {
  const { store, texts } = page;
  let drawn = 0; // the boards asked for: only the last one asked is drawn
  let heldVersion = null;

  // The server's game object, kept whenever a page of the game from the server shows it.
  function keepGame() {
    const here = live();
    const version = document.querySelector("#entry input[name=version]");
    if (!here || !page.state.current || page.connection.isOffline() || !scoresHere(texts)
        || provisional(here.dataset.game)) return;
    const at = version ? version.value : "";
    if (at === heldVersion) return;
    heldVersion = at;
    fetch(texts.api.replace("GAME_ID", here.dataset.game), { cache: "no-store", credentials: "omit" })
      .then((response) => (response.ok ? response.json() : null))
      .then((api) => {
        if (!api) return null;
        return Promise.all([store.game(api.id), store.get(api.id)]).then(([held, waiting]) => {
          // While changes typed here wait, the game as they were typed on is kept too: a clash says what changed.
          const typedOn = waiting && held ? held.typedOn || held.api : null;
          return store.keepGame({ game: api.id, api, opened: Date.now(), typedOn });
        }).then(page.cards.show);
      })
      .catch(() => { heldVersion = null; });
  }

  // The engine's answer for the server's game and the changes in `line` (none: the game as the page shows it);
  // with `preview`, also what the bids typed decide. Null when the game kept is of another version.
  function phoneAnswer(game, line, preview) {
    return store.game(game).then((held) => {
      const version = line.length ? fieldOf(line[0], "version") : pageVersion();
      if (!held || String(held.api.version) !== version) return null; // made on another state
      return page.scorer.score(engineGame(held.api, line, preview));
    });
  }

  function draw(board, line) {
    drawPhoneBoard(board, line, texts, page.language);
    drawPhoneHistory(board, line, { editButton: page.edits.canEdit() ? page.edits.button : null,
                                    chartLater: texts.chartLater, language: page.language });
  }

  // The board after the hands in `line`, drawn: the one kept for them at once, the engine's when it answers.
  function showPhoneBoard(line) {
    const mine = ++drawn;
    const game = live().dataset.game;
    const signature = JSON.stringify([line.length ? fieldOf(line[0], "version") : pageVersion(),
                                      line.map((hand) => hand.key)]);
    const kept = keptBoard(game, signature);
    if (kept && document.getElementById("standing")) draw(kept, line);
    return phoneAnswer(game, line).then((answer) => {
      const board = answer && answer.board ? answer.board : null;
      if (mine !== drawn) return;
      if (!board || !document.getElementById("standing")) { hidePhoneBoard(); return; }
      draw(board, line);
      keepBoard(game, signature, board);
    });
  }

  function hidePhoneBoard() {
    drawn += 1; // a board still being scored is not drawn any more
    try { if (live()) localStorage.removeItem(LAST_BOARD + live().dataset.game); } catch (error) { /* none kept */ }
    removePhoneBoard();
    showServerHistory();
  }

  return { keepGame, phoneAnswer, showPhoneBoard, hidePhoneBoard };
}
