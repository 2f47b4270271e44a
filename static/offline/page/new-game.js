// A new game started on this phone. Offline, a new-game form's Start is checked by the form's own rules, then read
// by the phone's engine as the server reads it (rules/typed.py's new_game, under Pyodide): a game it refuses (two
// players with one name) says why beside the field. Else the creation is kept in IndexedDB (the games store) under
// a provisional game, `new:<key>`, with the game object the API would give, and the phone opens the kind's blank
// game page (kept by the worker with the shell) at `#new:<key>` (provisional.js). Sent by creations.js.
import { PROVISIONAL } from "../queue.js";
import { CHECKING_NOTE_MS, element, note } from "./dom.js";
import { problems } from "./form.js";
import { engineWanted } from "./reading.js";
import { fill, pairValue, typedFields } from "./text.js";

// "New game of Ann · Ben · Cid", in the page's words.
export function creationName(held, texts) {
  return fill(texts.newGame, { names: held.api.players.join(" · ") });
}

// The kind of game a new-game form starts (its name in the server's registry), or null for any other form.
export function newGameKind(form) {
  const match = /\/new\/([\w-]+)$/.exec(new URL(form.action, location.href).pathname);
  return match && form.querySelector("input[name=player_0]") ? match[1] : null;
}

// The kind's blank page; a Dummy Hand game's, of its style (its form differs): the addresses the worker keeps.
function blankAddress(action, style) {
  return action.replace(/\/?$/, "/blank") + (style && style !== "standard" ? "?style=" + encodeURIComponent(style) : "");
}

function clearSetupErrors(form) {
  form.querySelectorAll(".offline-error").forEach((error) => error.remove());
  form.querySelectorAll("[data-offline-error]").forEach((box) => {
    box.classList.remove("has-error");
    box.removeAttribute("data-offline-error");
  });
}
// The engine's reasons beside the fields they are about, as the server's page puts them; the others at the top.
function showSetupErrors(form, errors) {
  let first = null;
  errors.forEach((problem) => {
    const field = problem.input && form.querySelector("[name='" + problem.input + "']");
    const box = field && field.closest(".field, fieldset");
    if (!box) { note(problem.message, form); return; }
    if (!box.classList.contains("has-error")) box.setAttribute("data-offline-error", "");
    box.classList.add("has-error");
    box.append(element("p", "error offline-error", problem.message));
    field.setAttribute("data-offline-invalid", "");
    field.setAttribute("aria-invalid", "true");
    first = first || field;
  });
  if (first) first.focus();
}

export function createNewGame(page) {
  const { store, texts } = page;
  let starting = false;

  function start(form, kind) {
    if (starting) return;
    clearSetupErrors(form);
    const problem = problems(form, texts);
    if (problem) { note(problem, form); return; }
    if (!engineWanted() || !texts.engine) { note(texts.needsServer, form); return; }
    starting = true;
    const key = crypto.randomUUID();
    let fields = [];
    new FormData(form).forEach((value, name) => {
      if (typeof value === "string" && name !== "csrf_token" && name !== "request_key") fields.push([name, value]);
    });
    fields.push(["request_key", key]);
    if (pairValue(fields, "first_dealer") === "draw") { // the phone draws, so that the server's game is the one shown
      const seats = form.querySelectorAll("input[name^=player_]").length;
      const drawn = crypto.getRandomValues(new Uint32Array(1))[0] % seats;
      fields = fields.map((pair) => (pair[0] === "first_dealer" ? [pair[0], String(drawn)] : pair));
    }
    const game = PROVISIONAL + key;
    const names = fields.filter((pair) => /^player_\d+$/.test(pair[0])).map((pair) => pair[1].trim());
    // Kept first, as typed, with the names only: the scorer (seconds to start) checks it after, so a reload or a
    // closed tab meanwhile keeps it (its page checks it again, and the server checks it when it is sent).
    const held = { game, api: { id: game, game: kind, players: names, version: 0, hands: [] },
                   creation: { kind, action: form.action, key, fields, kept: Date.now(),
                               state: "checking", blank: blankAddress(form.action, pairValue(fields, "style")) } };
    const slow = setTimeout(() => note(texts.checking, form), CHECKING_NOTE_MS);
    store.keepGame(held).then(() => {
      note(fill(texts.kept, { entry: creationName(held, texts) }), form);
      return check(held, false);
    }).then((errors) => {
      clearTimeout(slow);
      note(null, form);
      if (errors) { showSetupErrors(form, errors); return; }
      if (held.creation.state === "waiting") { location.assign(held.creation.blank + "#" + game); return; }
      note(fill(texts.kept, { entry: creationName(held, texts) }), form); // the server checks it
    }, () => {
      clearTimeout(slow);
      note(texts.needsServer, form); // IndexedDB refused (a private window): nothing was kept
    }).then(() => { starting = false; });
  }

  // A new game kept as typed, checked by the scorer: it waits to be sent with the game's setup, or, refused, it is
  // forgotten while its form is on screen (`kept` false: the errors, returned, go beside the fields) or kept with
  // the reasons until the player discards it. Without an answer it stays to be checked by the server.
  function check(held, kept) {
    return page.scorer.score({ game: held.creation.kind, setup_fields: typedFields({ fields: held.creation.fields }),
                               changes: [] })
      .then((answer) => {
        if (!answer || !(answer.setup || answer.errors)) return null;
        if (answer.setup) {
          held.api = Object.assign({ id: held.game, version: 0, hands: [] }, answer.setup);
          held.creation.state = "waiting";
          return store.keepGame(held).then(() => null);
        }
        if (!kept) return store.forgetGame(held.game).then(() => answer.errors);
        held.creation.state = "refused";
        held.creation.message = [fill(texts.notSent, { entry: creationName(held, texts) })]
          .concat(answer.errors.map((problem) => problem.message)).join(" ");
        return store.keepGame(held).then(() => null);
      }, () => null);
  }

  return { start, check };
}
