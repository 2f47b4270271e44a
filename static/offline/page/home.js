// The home page offline: the games started on this phone and not sent yet, and the games this phone opened since
// the page was kept, listed from the phone's store, each leading back to its page.
import { element } from "./dom.js";
import { clock, fill } from "./text.js";

// The games this phone opened, not in the server's list (`listed`: the paths it links), the latest first; a game
// created from this phone is listed once, at its server address. `scope`: the app's root path.
export function openedGames(kept, listed, scope) {
  const pathOf = (held) => (held.created ? new URL(held.address).pathname : scope + "g/" + held.game);
  return kept.filter((held) => (held.api || held.created) && !held.creation && !listed.includes(pathOf(held))
    && !kept.some((other) => other.created === held.game))
    .sort((one, other) => (other.opened || 0) - (one.opened || 0))
    .map((held) => ({ path: pathOf(held), players: held.api ? held.api.players : held.players, opened: held.opened }));
}

export function createHome(page) {
  const { store, texts } = page;

  function listStarted(recent, kept) {
    const started = kept.filter((held) => held.creation);
    const old = document.getElementById("started-here");
    if (old) old.remove();
    if (!started.length) return;
    const section = element("section");
    section.id = "started-here";
    const list = element("ul", "games");
    started.forEach((held) => {
      const link = element("a");
      link.href = held.creation.blank + "#" + held.game;
      // A whole page load, not htmx's boosted swap: the provisional game is opened as the page loads, and htmx
      // would take `#new:<key>` for an element to scroll to (an invalid selector, which stops its swap).
      link.setAttribute("hx-boost", "false");
      link.append(element("span", "names", held.api.players.join(", ")),
                  element("small", "", fill(texts.keptAt, { time: clock(held.creation.kept, page.language) })));
      const item = element("li");
      item.append(link);
      list.append(item);
    });
    section.append(element("h2", "", texts.startedHere), list);
    recent.before(section);
  }

  // The home page's recent games are the server's list as it was when the page was kept: the games this phone
  // opened since are added to it, so that they can be found again offline.
  function listOpened(recent, kept) {
    const listed = Array.from(recent.querySelectorAll("a[href]"), (link) => link.pathname);
    const opened = openedGames(kept, listed, texts.scope);
    if (!opened.length) return;
    let list = recent.querySelector("ul.games");
    if (!list) {
      list = element("ul", "games");
      recent.querySelectorAll("p.muted").forEach((empty) => empty.remove());
      recent.append(list);
    }
    opened.reverse().forEach((game) => {
      const link = element("a");
      link.href = game.path;
      link.append(element("span", "names", game.players.join(", ")));
      if (game.opened) link.append(element("small", "", fill(texts.keptAt, { time: clock(game.opened, page.language) })));
      const item = element("li");
      item.append(link);
      list.prepend(item);
    });
  }

  function list() {
    const recent = document.getElementById("recent-games");
    if (!recent) return;
    store.games().then((kept) => {
      listStarted(recent, kept);
      listOpened(recent, kept);
    }, () => { /* no IndexedDB: only the server's list */ });
  }

  return { list };
}
