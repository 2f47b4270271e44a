// The service worker (templates/offline/sw.js) as the page talks to it: registered, sent the page's current copy,
// told to keep or drop the scorer's files.
import { engineWanted, live, wantEngine } from "./reading.js";

const ENGINE_DELAY_MS = 2000; // after the page has loaded: never in the way of a first view
const COPY_DELAY_MS = 300; // changes in a row make one copy

export function register(texts) {
  if (!("serviceWorker" in navigator) || !texts.worker) return;
  navigator.serviceWorker.register(texts.worker, { scope: texts.scope }).catch(() => {
    // No worker (a private window, an old browser): the app works online as before.
  });
}

function tell(message) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready.then((registration) => {
    if (registration.active) registration.active.postMessage(message);
  });
}

// What only the server can show, put away in a copy shown offline: the edit link's panel, shown open once to the
// phone that started the game, folds into its button (a game in progress opens on its board), and the edit
// link's QR code, which the worker cannot keep (it needs the cookie), is not drawn as a broken image.
export function putAwayOnlineOnly(page) {
  const keep = page.querySelector("#keep-link");
  if (keep) keep.removeAttribute("open");
  page.querySelectorAll("img[data-online-only]").forEach((image) => image.remove());
}

// A game page keeps the worker's copy of itself up to date: hands arrive without a reload. Only a page known to
// show what the server holds is copied (`page.state.current`): one from the server, or a kept copy once the live
// poll or a sent hand has brought it up to date.
export function createPageCopy(page) {
  let timer = null;
  return function keepCopy() {
    const here = live();
    if (!here || !page.state.current || page.connection.isOffline() || !("serviceWorker" in navigator)
        || here.dataset.placeholders) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const copy = document.documentElement.cloneNode(true);
      copy.setAttribute("data-from", "network"); // the worker marks it when it serves it offline
      copy.removeAttribute("data-saved");
      copy.removeAttribute("data-connection");
      copy.querySelectorAll(".offline-note").forEach((note) => note.remove());
      copy.querySelector("#connection").hidden = true;
      putAwayOnlineOnly(copy);
      // Not the edit link's QR code: the worker fetches without cookies, and that code needs them (403).
      const images = Array.from(document.querySelectorAll("img[src]:not([data-online-only])"), (image) => image.src);
      navigator.serviceWorker.ready.then((registration) => {
        registration.active.postMessage({ type: "keep-page", url: location.href.split("#")[0],
                                          html: "<!doctype html>\n" + copy.outerHTML, images });
      });
    }, COPY_DELAY_MS);
  };
}

// The scorer for play without the server: its files kept by the worker in the background once the page has
// loaded, unless the player turned that off (#keep-engine, which drops them).
export function keepEngineFiles(isOffline) {
  const keep = () => { if (engineWanted() && !isOffline()) tell({ type: "keep-engine" }); };
  const setting = document.getElementById("keep-engine");
  if (setting) {
    setting.checked = engineWanted();
    setting.addEventListener("change", () => {
      wantEngine(setting.checked);
      if (setting.checked) keep(); else tell({ type: "drop-engine" });
    });
  }
  const afterLoad = () => setTimeout(keep, ENGINE_DELAY_MS);
  if (document.readyState === "complete") afterLoad(); else window.addEventListener("load", afterLoad);
}
