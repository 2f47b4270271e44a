// The page of a game started on this phone and not created on the server yet: the kind's blank game page opened at
// `#new:<key>`, with the typed names in place of the placeholders, the bids in the table's order, and the creation
// itself shown waiting (or refused, with the reasons and "Discard it") above the history. Hands typed there wait
// behind the creation like any offline hand, scored on the phone.
import { adapterOf } from "../games/index.js";
import { provisional } from "../queue.js";
import { element } from "./dom.js";
import { live } from "./reading.js";
import { creationName } from "./new-game.js";
import { clock, escaped, fill } from "./text.js";

// The typed names in place of the placeholders ("Player 1"), in the page's text and in the values and labels of the
// form's fields that name a player. Piquet's form names the players by role: the placeholders' dealer (the first)
// becomes the game's.
function putNames(placeholders, api) {
  const names = api.players;
  const game = adapterOf(api.game);
  const shift = game ? game.firstNamedSeat(names, api.first_dealer) : 0;
  const pattern = new RegExp("(^|[^\\p{L}\\p{N}])(" + placeholders.map(escaped).join("|") + ")(?![\\p{L}\\p{N}])", "gu");
  const swapper = (shifted) => {
    const named = {};
    placeholders.forEach((placeholder, seat) => { named[placeholder] = names[(seat + shifted) % names.length]; });
    return (text) => text.replace(pattern, (whole, before, name) => before + named[name]);
  };
  const swap = swapper(shift);
  document.title = swapper(0)(document.title); // the players in their order, as the game's title names them
  const title = document.querySelector("h1.game-title");
  if (title) title.textContent = swapper(0)(title.textContent);
  const main = document.getElementById("main") || document.body;
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!title || !title.contains(node)) node.nodeValue = swap(node.nodeValue);
  }
  main.querySelectorAll("[aria-label], [data-player], input[type=checkbox], input[type=radio]").forEach((field) => {
    ["aria-label", "data-player", "value"].forEach((name) => {
      if (field.hasAttribute(name)) field.setAttribute(name, swap(field.getAttribute(name)));
    });
  });
}

// The bids in the table's bidding order for hand 1 (the blank page lists them from the placeholders' dealer): the
// seats after the first dealer's, the dealer last. The fields stay by seat.
function bidsInOrder(api) {
  const game = adapterOf(api.game);
  const seats = game && game.biddingSeats(api.players, api.first_dealer);
  if (!seats) return;
  const place = (row) => {
    const field = row.querySelector("input[name^=bids-][name$=-bid]");
    return field ? seats.indexOf(Number(field.name.split("-")[1])) : 0;
  };
  document.querySelectorAll("#entry fieldset").forEach((fieldset) => {
    const rows = Array.from(fieldset.querySelectorAll(":scope > .bid-row"));
    if (rows.length !== seats.length) return;
    const after = rows[rows.length - 1].nextSibling;
    rows.sort((one, other) => place(one) - place(other));
    rows.forEach((row) => fieldset.insertBefore(row, after));
  });
}

export function createProvisional(page) {
  const { store, texts } = page;

  // The blank page opened at `#new:<key>`: the provisional game's page, with its names; one already created opens
  // at its server address.
  function open() {
    const here = live();
    const game = decodeURIComponent(location.hash.slice(1));
    if (!here || !here.dataset.placeholders || !provisional(game)) return Promise.resolve();
    return store.game(game).then((held) => {
      if (held && held.created) { location.replace(held.address); return; }
      if (!held || held.api.game !== here.dataset.kind) return;
      if (held.creation && held.creation.state === "checking") { // kept, then the page was left before its check
        return page.newGame.check(held, true).then(() => shown(here, game, held));
      }
      return shown(here, game, held);
    }, () => { /* no IndexedDB: the blank page stays blank */ });
  }
  function shown(here, game, held) {
    here.dataset.game = game;
    putNames(JSON.parse(here.dataset.placeholders), held.api);
    bidsInOrder(held.api);
    document.querySelectorAll(".game-facts, .game-links").forEach((facts) => { facts.hidden = true; });
  }

  // On the provisional game's page: the creation, waiting (or refused, with the reasons and "Discard it").
  function showCreation(game) {
    const old = document.getElementById("waiting-creation");
    if (!provisional(game)) { if (old) old.remove(); return Promise.resolve(); }
    return store.game(game).then((held) => {
      const heading = document.querySelector(".history h2");
      if (!held || !held.creation || !heading) return;
      const creation = held.creation;
      const waits = creation.state === "waiting" || creation.state === "checking";
      const box = element("div", "waiting-hand" + (waits ? "" : " needs-choice"));
      box.id = "waiting-creation";
      box.append(element("p", "waiting-title", fill(waits ? texts.waiting : texts.unsent, { entry: creationName(held, texts) })),
                 element("p", "muted small", fill(texts.keptAt, { time: clock(creation.kept, page.language) })));
      if (!waits) {
        const message = element("p", "waiting-problem", creation.message || "");
        message.setAttribute("role", "alert");
        box.append(message, page.cards.choiceButtons(creation, () => discard(held)));
      }
      if (old) old.remove();
      heading.after(box);
    });
  }
  function discard(held) {
    Promise.all([store.remove(held.game), store.forgetGame(held.game)]).then(() => {
      location.assign(held.creation.action); // the new-game form, to start again
    });
  }

  return { open, showCreation };
}
