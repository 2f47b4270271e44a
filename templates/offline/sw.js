// Scorekeeper's service worker: the pages this phone opened still open when the server does not answer.
//
// - Static files (fingerprinted, never changing at one address) come from the cache, fetched once.
//   Every file of static/ is cached when the worker installs; its settings below are rendered by the
//   server with their current addresses, so a changed file makes a new worker, which drops old files.
// - Pages (a link followed, htmx's boosted links), and the images on them, come from the server whenever it answers, and a copy
//   is kept (the last PAGES_KEPT pages, besides the shell, which is never dropped). When the server does not answer, the copy is served instead,
//   marked on its <html> element (data-from="cache", data-saved: when the copy was made) so that
//   static/offline.js shows the offline banner; a page never opened here gets the offline page.
// - A game page also sends its own copy after every change it shows (a hand saved, a live update).
// - The rules engine for the phone (scorekeeper/web/scorer.py: Pyodide's core, the engine, its worker) is
//   kept in a cache of its own, but never on install: a page asks for it ("keep-engine") once it has
//   loaded, unless the player turned that off ("drop-engine" then forgets it). Its files come from that
//   cache; the worker script from the server whenever it answers (it names the engine's current files).
// - Everything else (saves, live polls, other sites such as htmx's CDN) is left to the browser: the
//   worker never answers a write, so nothing is stored twice or lost in it. Hands saved offline wait
//   in the page's IndexedDB, and the page sends them (static/offline.js).
"use strict";

const SETTINGS = {{ settings | tojson }};
const STATIC_CACHE = "static-" + SETTINGS.version;
const PAGES_CACHE = "pages";
const ENGINE_CACHE = "engine";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // Without cookies: a response may renew the session cookie, and one renewed by a request sent
    // alongside the page's own (a "join" link's new edit rights) would undo that page's change.
    const statics = await caches.open(STATIC_CACHE);
    await statics.addAll(SETTINGS.assets.map((url) => new Request(url, { credentials: "omit" })));
    const pages = await caches.open(PAGES_CACHE);
    // The shell: the home page, the offline page, each new-game page and blank game page (a game started
    // offline). Best effort: a page that fails now is kept later.
    await Promise.all(SETTINGS.shell.map((url) => fetch(url, { credentials: "omit" }).then((response) => {
      if (keepable(response)) return pages.put(url, response);
    }).catch(() => undefined)));
    // No skipWaiting(): a new version takes over once every page of the old one is closed, never under
    // a page (or a navigation) the old one is serving. Until then the old one fetches the new files.
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("static-") && name !== STATIC_CACHE)
      .map((name) => caches.delete(name)));
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(SETTINGS.enginePrefix)) {
    event.respondWith(engineFile(request, url));
  } else if (url.pathname.startsWith(SETTINGS.staticPrefix)) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate" || request.headers.get("HX-Boosted") === "true") {
    event.respondWith(page(request, url));
  } else if (request.destination === "image") {
    event.respondWith(image(request, url)); // the share QR codes, the summary's chart
  }
});

// A game page changes as hands are recorded without a reload: the page sends its current copy after
// each change (static/offline.js), so that the copy served offline is what the phone last showed.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "keep-engine") event.waitUntil(keepEngine());
  if (data.type === "drop-engine") event.waitUntil(caches.delete(ENGINE_CACHE));
  if (data.type !== "keep-page" || typeof data.html !== "string") return;
  const url = new URL(data.url, self.location.href);
  if (url.origin !== self.location.origin) return;
  const headers = { "Content-Type": "text/html; charset=utf-8", "Date": new Date().toUTCString() };
  event.waitUntil(Promise.all([
    keep(url.origin + url.pathname + url.search, new Response(data.html, { headers: headers })),
    keepImages(Array.isArray(data.images) ? data.images : []),
  ]));
});

// The page's images not kept yet (it was first drawn before this worker served it). Without cookies,
// as the worker's other fetches: the edit link's QR code, which needs them, shows only online.
async function keepImages(addresses) {
  const cache = await caches.open(PAGES_CACHE);
  await Promise.all(addresses.map(async (address) => {
    const url = new URL(address, self.location.href);
    if (url.origin !== self.location.origin || await cache.match(url.href, { ignoreVary: true })) return;
    try {
      const response = await fetch(url.href, { credentials: "omit" });
      if (keepable(response, "image/")) await keep(url.href, response);
    } catch (error) {
      // Offline already: it is kept the next time the page shows it.
    }
  }));
}

function keepable(response, type) {
  return response.ok && response.type === "basic"
    && (response.headers.get("Content-Type") || "").startsWith(type || "text/html");
}

async function staticFile(request) {
  const cache = await caches.open(STATIC_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  try {
    const response = await fetch(request.url, { credentials: "omit" });
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    // An older page names an older fingerprint: the current file is the best there is.
    const current = await cache.match(request, { ignoreSearch: true });
    if (current) return current;
    throw error;
  }
}

// The engine's files, each fetched once (they never change at one address), then those no longer named dropped.
// The worker script is fetched again every time: it names the engine's current files.
async function keepEngine() {
  const cache = await caches.open(ENGINE_CACHE);
  for (const address of SETTINGS.engineFiles) {
    if (address !== SETTINGS.engineWorker && await cache.match(address)) continue;
    const response = await fetch(address, { credentials: "omit", cache: "no-cache" });
    if (!response.ok) return; // the server is busy or gone: the next page asks again
    await cache.put(address, response);
  }
  const kept = await cache.keys();
  await Promise.all(kept.filter((request) => !SETTINGS.engineFiles.includes(new URL(request.url).pathname))
    .map((request) => cache.delete(request)));
}

async function engineFile(request, url) {
  const cache = await caches.open(ENGINE_CACHE);
  if (url.pathname === SETTINGS.engineWorker) {
    try {
      return await fetch(request);
    } catch (error) {
      const kept = await cache.match(url.pathname);
      if (kept) return kept;
      throw error;
    }
  }
  return (await cache.match(url.pathname)) || fetch(request);
}

async function page(request, url) {
  const key = url.origin + url.pathname + url.search;
  let unavailable = null; // a 503: the server without its database, as good as no connection
  try {
    const response = await fetch(request);
    if (response.status === 503) throw new Error((unavailable = response).statusText);
    if (keepable(response)) await keep(key, response.clone());
    return response;
  } catch (error) {
    const cache = await caches.open(PAGES_CACHE);
    const kept = (await cache.match(key, { ignoreVary: true }))
      || (await cache.match(new URL(SETTINGS.offlinePage, url).href, { ignoreVary: true }));
    if (!kept && unavailable) return unavailable;
    if (!kept) throw error;
    return markedAsKept(kept);
  }
}

async function image(request, url) {
  const key = url.origin + url.pathname + url.search;
  try {
    const response = await fetch(request);
    if (keepable(response, "image/")) await keep(key, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.open(PAGES_CACHE).then((cache) => cache.match(key, { ignoreVary: true }));
    if (!kept) throw error;
    return kept;
  }
}

async function keep(key, response) {
  const cache = await caches.open(PAGES_CACHE);
  await cache.delete(key, { ignoreVary: true }); // put it last: the oldest pages are dropped first
  await cache.put(key, response);
  // The shell is never dropped: a game can be started offline however many pages were opened since.
  const shell = SETTINGS.shell.map((url) => new URL(url, self.location.origin).href);
  const keys = (await cache.keys()).filter((request) => !shell.includes(request.url));
  await Promise.all(keys.slice(0, Math.max(0, keys.length - SETTINGS.pagesKept)).map((old) => cache.delete(old)));
}

async function markedAsKept(response) {
  const saved = Date.parse(response.headers.get("Date") || "");
  const marker = 'data-from="cache"' + (isNaN(saved) ? "" : ' data-saved="' + saved + '"');
  const body = (await response.text()).replace('data-from="network"', marker);
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding"); // the text read above is already decoded
  headers.delete("Content-Length");
  return new Response(body, { status: 200, headers: headers });
}
