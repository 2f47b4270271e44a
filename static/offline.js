// Offline at the table: the banner, and hands saved while the server does not answer.
//
// Registers the service worker (templates/offline/sw.js), which serves a kept copy of a page this
// phone opened when the server does not answer. This script then shows the banner, with the last
// time the server answered.
//
// A hand (or deal) saved while the server does not answer is checked by the form's own rules (the
// fields' limits, numbers that must add up), then kept in this browser's IndexedDB: one per game,
// shown at the top of the game's history as waiting, the entry form held until it is sent. It is
// sent as the page itself would have sent it (its fields, with the hand number and game version the
// form was made for, and the form's key, also as the Idempotency-Key header) to the same address:
// the server stores it once however often it arrives (idempotency.py), and refuses it when another
// phone changed the game first (stale.py). Sending is tried at once, every RETRY_MS, on the
// browser's `online` event and on every page load.
// - Stored: the new board replaces the page's; the hand is no longer waiting.
// - Refused (a rule the form could not check): the board comes back with the form as typed and the
//   reasons, to correct and save again as usual.
// - Another phone recorded that hand, or changed the game, first: both are shown, and the player
//   chooses to add this phone's as the next hand or to discard it. Nothing is merged silently.
// Every text comes from the page (#connection's data attributes), in the page's language.
(function () {
  "use strict";
  var banner = document.getElementById("connection");
  if (!banner) return;
  var texts = banner.dataset;
  var root = document.documentElement;
  var RETRY_MS = 5000;
  var LAST_CONTACT = "scorekeeper:last-contact";

  if ("serviceWorker" in navigator && texts.worker) {
    navigator.serviceWorker.register(texts.worker, { scope: texts.scope }).catch(function () {
      // No worker (a private window, an old browser): the app works online as before.
    });
  }

  // A game page keeps the worker's copy of itself up to date: hands arrive without a reload. Only a
  // page known to show what the server holds is copied: one from the server, or a kept copy once the
  // live poll or a sent hand has brought it up to date.
  var current = root.dataset.from !== "cache";
  var copyTimer = null;
  function keepCopy() {
    if (!live() || !current || isOffline() || !("serviceWorker" in navigator)) return;
    clearTimeout(copyTimer);
    copyTimer = setTimeout(function () {
      var copy = root.cloneNode(true);
      copy.setAttribute("data-from", "network"); // the worker marks it when it serves it offline
      copy.removeAttribute("data-saved");
      copy.removeAttribute("data-connection");
      copy.querySelectorAll(".offline-note").forEach(function (note) { note.remove(); });
      copy.querySelector("#connection").hidden = true;
      // Not the edit link's QR code: the worker fetches without cookies, and that code needs them (403).
      var kept = document.querySelectorAll("img[src]:not([data-online-only])");
      var images = Array.prototype.map.call(kept, function (image) { return image.src; });
      navigator.serviceWorker.ready.then(function (registration) {
        var url = location.href.split("#")[0];
        registration.active.postMessage({ type: "keep-page", url: url, html: "<!doctype html>\n" + copy.outerHTML,
                                          images: images });
      });
    }, 300);
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
  }

  // --- The waiting hands, one per game, in IndexedDB ---------------------------------------------------
  var store = (function () {
    var opened = null;
    function open() {
      if (!opened) {
        opened = new Promise(function (resolve, reject) {
          var request = indexedDB.open("scorekeeper-offline", 1);
          request.onupgradeneeded = function () { request.result.createObjectStore("waiting", { keyPath: "game" }); };
          request.onsuccess = function () { resolve(request.result); };
          request.onerror = function () { reject(request.error); };
        });
      }
      return opened;
    }
    function run(mode, work) {
      return open().then(function (db) {
        return new Promise(function (resolve, reject) {
          var transaction = db.transaction("waiting", mode);
          var request = work(transaction.objectStore("waiting"));
          transaction.oncomplete = function () { resolve(request.result); };
          transaction.onerror = transaction.onabort = function () { reject(transaction.error); };
        });
      });
    }
    return {
      all: function () { return run("readonly", function (waiting) { return waiting.getAll(); }); },
      get: function (game) { return run("readonly", function (waiting) { return waiting.get(game); }); },
      put: function (entry) { return run("readwrite", function (waiting) { return waiting.put(entry); }); },
      remove: function (game) { return run("readwrite", function (waiting) { return waiting.delete(game); }); }
    };
  })();

  // --- Connection: the banner ----------------------------------------------------------------------------

  function remembered() {
    try { return Number(localStorage.getItem(LAST_CONTACT)) || null; } catch (error) { return null; }
  }
  function clock(time) {
    var date = new Date(time);
    var today = date.toDateString() === new Date().toDateString();
    var format = today ? { hour: "numeric", minute: "2-digit" } : { dateStyle: "medium", timeStyle: "short" };
    return new Intl.DateTimeFormat(root.lang || undefined, format).format(date);
  }
  function reached() {
    try { localStorage.setItem(LAST_CONTACT, String(Date.now())); } catch (error) { /* private mode */ }
    root.dataset.connection = "online";
    banner.hidden = true;
    var needs = banner.querySelector(".needs-server");
    if (needs) needs.remove();
  }
  function lost() {
    var since = Math.max(remembered() || 0, Number(root.dataset.saved) || 0);
    banner.querySelector(".since").textContent = since ? fill(texts.since, { time: clock(since) }) : texts.unknown;
    root.dataset.connection = "offline";
    banner.hidden = false;
  }
  function isOffline() { return root.dataset.connection === "offline"; }

  function needsServer() {
    var paragraph = banner.querySelector(".needs-server") || document.createElement("p");
    paragraph.className = "needs-server";
    paragraph.textContent = texts.needsServer;
    banner.append(paragraph);
  }

  // A 503 is the server without its database: as good as no connection (it says when to try again).
  function answered(status) {
    if (status === 503) lost();
    else if (status > 0) reached();
  }
  function probe() {
    return fetch(texts.probe, { method: "HEAD", cache: "no-store" }).then(function (response) {
      answered(response.status);
    }, lost);
  }

  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:afterRequest", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    answered(status);
    if (event.detail.elt && event.detail.elt.id === "live" && (status === 200 || status === 304)) current = true;
  });
  window.addEventListener("offline", lost);

  // --- The entry form ------------------------------------------------------------------------------------
  function live() { return document.getElementById("live"); }
  function entryForm(form) {
    if (!form || !form.closest || !form.closest("#entry")) return null;
    return form.querySelector("input[name=hand]") && form.querySelector("input[name=request_key]") ? form : null;
  }
  function currentEntryForm() {
    return entryForm(document.querySelector("#entry form"));
  }
  function entryName(number) { return fill(live().dataset.entry, { number: number }); }

  function labelOf(field) {
    var label = field.labels && field.labels[0];
    return (label ? label.textContent : field.getAttribute("aria-label") || field.name).replace(/\s+/g, " ").trim();
  }
  function legendOf(field) {
    var fieldset = field.closest("fieldset");
    var legend = fieldset && fieldset.querySelector("legend");
    return legend ? legend.textContent.replace(/\s+/g, " ").trim() : "";
  }
  // What was typed, as lines a player reads ("Tricks taken by each hand: Ann 5, Ben 3"), in the form's order.
  function summary(form) {
    var lines = [];
    var byLegend = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.type === "hidden" || field.type === "submit" || field.type === "button") return;
      if ((field.type === "checkbox" || field.type === "radio") && !field.checked) return;
      var value = field.tagName === "SELECT" ? (field.selectedOptions[0] || {}).textContent : field.value;
      if (!value || !String(value).trim()) return;
      var choice = field.type === "checkbox" || field.type === "radio";
      var part = choice ? labelOf(field) : labelOf(field) + " " + String(value).trim();
      var legend = legendOf(field);
      if (!(legend in byLegend)) { byLegend[legend] = []; lines.push({ legend: legend, parts: byLegend[legend] }); }
      byLegend[legend].push(part);
    });
    return lines.map(function (line) { return (line.legend ? line.legend + ": " : "") + line.parts.join(", "); });
  }

  // The form's own checks: each field's limits, and numbers that must add up to a group's data-total.
  function problems(form) {
    form.querySelectorAll("[data-offline-invalid]").forEach(function (field) {
      field.removeAttribute("data-offline-invalid");
      field.removeAttribute("aria-invalid");
    });
    var bad = [];
    var message = null;
    Array.prototype.forEach.call(form.elements, function (field) {
      if (field.willValidate && !field.checkValidity()) bad.push(field);
    });
    if (bad.length) message = texts.invalid;
    form.querySelectorAll("[data-total]").forEach(function (group) {
      var numbers = Array.prototype.slice.call(group.querySelectorAll("input[type=number]"));
      var filled = numbers.filter(function (field) { return field.value.trim() !== ""; });
      var sum = filled.reduce(function (total, field) { return total + Number(field.value); }, 0);
      if (filled.length && (filled.length < numbers.length || sum !== Number(group.dataset.total))) {
        bad = bad.concat(numbers);
        message = (message ? message + " " : "") + fill(texts.total, { total: group.dataset.total });
      }
    });
    bad.forEach(function (field) {
      field.setAttribute("data-offline-invalid", "");
      field.setAttribute("aria-invalid", "true");
    });
    if (bad.length) bad[0].focus();
    return message;
  }

  function note(text, where) {
    var entry = where || document.getElementById("entry");
    if (!entry) return;
    var old = entry.querySelector(".offline-note");
    if (old) old.remove();
    if (!text) return;
    var paragraph = document.createElement("p");
    paragraph.className = "offline-note";
    paragraph.setAttribute("role", "status");
    paragraph.textContent = text;
    entry.prepend(paragraph);
  }

  var keeping = false; // a second tap while the first is being kept
  function keepForLater(form, submitter) {
    if (keeping) return;
    var game = live() && live().dataset.game;
    if (!game) return;
    var problem = problems(form);
    if (problem) { note(problem); return; }
    keeping = true;
    var data;
    try { data = new FormData(form, submitter || undefined); } catch (error) { data = new FormData(form); }
    var fields = [];
    data.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    var own = Array.prototype.map.call(form.querySelectorAll("input[type=hidden]"), function (field) { return field.name; });
    var number = Number(form.querySelector("input[name=hand]").value);
    var entry = {
      game: game,
      action: form.action,
      number: number,
      entry: live().dataset.entry,
      key: form.querySelector("input[name=request_key]").value,
      fields: fields,
      own: own, // the form's own hidden fields (hand, version, key...): a later form's replace them
      summary: summary(form),
      kept: Date.now(),
      state: "waiting"
    };
    store.get(game).then(function (waiting) {
      return waiting || store.put(entry).then(function () { return entry; });
    }).then(function (waiting) {
      note(null);
      return show().then(function () { send(waiting); });
    }).catch(function () {
      note(texts.needsServer); // IndexedDB refused (a private window): nothing was kept
    }).then(function () { keeping = false; });
  }

  // Saving while offline: the entry form is kept for later; any other change needs the server.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!isOffline() || (form.method || "").toLowerCase() !== "post") return;
    event.preventDefault();
    event.stopPropagation(); // htmx listens on the form itself, after this
    var save = !(event.submitter && event.submitter.hasAttribute("formaction")); // not "Show who is good"
    if (entryForm(form) && save) keepForLater(form, event.submitter);
    else needsServer();
  }, true);
  // A save that htmx could not deliver (the connection dropped just now).
  document.addEventListener("htmx:sendError", function (event) {
    var form = entryForm(event.detail.elt);
    if (form) keepForLater(form, null);
  });

  // --- Sending -----------------------------------------------------------------------------------------
  var sending = {};
  function onItsPage(entry) { return Boolean(live()) && live().dataset.game === entry.game; }

  function send(entry) {
    var due = entry && (entry.state === "waiting" || (entry.state === "elsewhere" && onItsPage(entry)));
    if (!due || sending[entry.game]) return Promise.resolve();
    sending[entry.game] = true;
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(entry.action, {
      method: "POST",
      body: body,
      cache: "no-store",
      credentials: "same-origin",
      headers: { "HX-Request": "true", "Idempotency-Key": entry.key }
    }).then(function (response) {
      answered(response.status);
      return response.text().then(function (html) { return settle(entry, response.status, html); });
    }, lost).then(function () { delete sending[entry.game]; }, function () { delete sending[entry.game]; });
  }

  function settle(entry, status, html) {
    if (status === 200) {
      current = true; // the board that comes back is the server's
      return store.remove(entry.game).then(function () {
        if (!onItsPage(entry)) return;
        swapBoard(html, function () { note(fill(texts.sent, { entry: fill(entry.entry, { number: entry.number }) })); });
      });
    }
    if (status >= 500 || status === 409 || status === 429) return; // the server is busy: tried again later
    if (!onItsPage(entry)) { // settled on the game's own page, where both can be shown
      entry.state = "elsewhere";
      return store.put(entry);
    }
    var page = new DOMParser().parseFromString(html, "text/html");
    if (status === 422) {
      var fresh = page.querySelector("#entry input[name=hand]");
      var next = fresh ? Number(fresh.value) : null;
      if (next === entry.number) { // refused by a rule: the form comes back as typed, with the reasons
        return store.remove(entry.game).then(function () {
          swapBoard(html, function () {
            note(fill(texts.refused, { entry: fill(entry.entry, { number: entry.number }) }));
          });
        });
      }
      entry.state = "conflict";
      entry.next = next;
      var name = fill(entry.entry, { number: entry.number });
      entry.message = fill(next !== null && next < entry.number ? texts.changedFirst : texts.recordedFirst, { entry: name });
      return store.put(entry).then(function () {
        swapBoard(html, function () {
          var theirs = document.getElementById("hand-" + entry.number);
          if (theirs) theirs.open = true;
        });
      });
    }
    // Refused for good (edit rights gone, an expired form): say why, and let the player discard it.
    var reason = page.querySelector("main p");
    entry.state = "refused";
    entry.message = fill(texts.notSent, { entry: fill(entry.entry, { number: entry.number }) })
      + (reason ? " " + reason.textContent.trim() : "");
    return store.put(entry).then(show);
  }

  function swapBoard(html, then) {
    var board = document.getElementById("board");
    if (!board) return show();
    var done = function () { show().then(then); };
    if (window.htmx && window.htmx.swap) {
      window.htmx.swap(board, html, { swapStyle: "outerHTML" });
      // htmx settles a moment later; the swap has placed the new board by the next task.
      return new Promise(function (resolve) { setTimeout(function () { done(); resolve(); }, 50); });
    }
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("board");
    if (fresh) board.replaceWith(document.importNode(fresh, true));
    done();
    return Promise.resolve();
  }

  function sendAll() {
    return store.all().then(function (entries) {
      return Promise.all(entries.map(send));
    }, function () { return []; });
  }

  // --- Showing the waiting hand in the history ----------------------------------------------------------
  function button(text, action) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "button";
    element.textContent = text;
    element.addEventListener("click", action);
    return element;
  }

  // Waiting to be sent ("elsewhere": another page found it needs this game's page, which sends it again).
  function pending(entry) { return entry.state === "waiting" || entry.state === "elsewhere"; }

  function waitingElement(entry) {
    var name = fill(entry.entry, { number: entry.number });
    var box = document.createElement("div");
    box.className = "waiting-hand" + (pending(entry) ? "" : " needs-choice");
    box.id = "waiting-" + entry.number;
    var heading = document.createElement("p");
    heading.className = "waiting-title";
    heading.textContent = fill(pending(entry) ? texts.waiting : texts.unsent, { entry: name });
    var kept = document.createElement("p");
    kept.className = "muted small";
    kept.textContent = fill(texts.keptAt, { time: clock(entry.kept) });
    var list = document.createElement("ul");
    list.className = "waiting-fields small";
    entry.summary.forEach(function (line) {
      var item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    });
    box.append(heading, kept, list);
    if (!pending(entry)) {
      var message = document.createElement("p");
      message.className = "waiting-problem";
      message.setAttribute("role", "alert");
      message.textContent = entry.message || "";
      var choices = document.createElement("p");
      choices.className = "actions";
      if (entry.state === "conflict" && entry.next && currentEntryForm()) {
        choices.append(button(fill(texts.add, { entry: fill(entry.entry, { number: entry.next }) }), function () { addAsNext(entry); }));
      }
      choices.append(button(texts.discard, function () { discard(entry); }));
      box.append(message, choices);
    }
    return box;
  }

  function show() {
    var here = live();
    if (!here) return Promise.resolve();
    return store.get(here.dataset.game).then(function (entry) {
      var form = currentEntryForm();
      var signature = entry ? JSON.stringify([entry.number, entry.state, entry.next, Boolean(form)]) : "";
      var shown = document.querySelector(".waiting-hand");
      if (shown && shown.dataset.signature === signature && (!form || form.hidden)) return;
      document.querySelectorAll(".waiting-hand").forEach(function (old) { old.remove(); });
      var entryArea = document.getElementById("entry");
      var held = entryArea && entryArea.querySelector(".offline-held");
      if (held) held.remove();
      if (!entry) {
        if (form) form.hidden = false;
        return;
      }
      if (form) form.hidden = true;
      if (entryArea && pending(entry)) {
        held = document.createElement("p");
        held.className = "offline-held notice";
        held.textContent = fill(texts.held, { entry: fill(entry.entry, { number: entry.number }) });
        entryArea.append(held);
      }
      var history = document.querySelector(".history");
      var heading = history && history.querySelector("h2");
      if (!heading) return;
      var element = waitingElement(entry);
      element.dataset.signature = signature;
      heading.after(element);
    }, function () { /* no IndexedDB: nothing can wait */ });
  }

  // Piquet's dealer alternates, so a deal added an odd number of places later has elder and younger swapped: the
  // declarations and tricks typed for a player go with that player, under the other role (the pique, elder's
  // alone, is asked again).
  function swapRoles(text) {
    return text.replace(/elder|younger/g, function (role) { return role === "elder" ? "younger" : "elder"; });
  }
  function reseated(fields) {
    return fields.filter(function (pair) { return pair[0] !== "pique"; }).map(function (pair) {
      return [swapRoles(pair[0]), /^(elder|younger)$/.test(pair[1]) ? swapRoles(pair[1]) : pair[1]];
    });
  }

  function addAsNext(entry) {
    var form = currentEntryForm();
    if (!form) return;
    var number = Number(form.querySelector("input[name=hand]").value);
    if (form.id === "deal-form" && (number - entry.number) % 2 !== 0) entry.fields = reseated(entry.fields);
    var fresh = Array.prototype.map.call(form.querySelectorAll("input[type=hidden]"), function (field) {
      return [field.name, field.value];
    });
    var own = fresh.map(function (pair) { return pair[0]; }).concat(entry.own || []);
    entry.fields = fresh.concat(entry.fields.filter(function (pair) { return own.indexOf(pair[0]) < 0; }));
    entry.own = fresh.map(function (pair) { return pair[0]; });
    entry.number = number;
    entry.key = form.querySelector("input[name=request_key]").value;
    entry.state = "waiting";
    delete entry.next;
    delete entry.message;
    store.put(entry).then(show).then(function () { send(entry); });
  }

  function discard(entry) {
    store.remove(entry.game).then(show).then(function () {
      note(fill(texts.discarded, { entry: fill(entry.entry, { number: entry.number }) }));
    });
  }

  // --- When --------------------------------------------------------------------------------------------
  if (root.dataset.from === "cache") lost(); else reached();
  whenParsed(function () { show().then(keepCopy).then(sendAll); });
  // The live poll and other swaps redraw the history and the entry form: show the waiting hand again.
  document.addEventListener("htmx:afterSettle", function () { show().then(keepCopy); });
  window.addEventListener("online", function () { probe(); sendAll(); });
  setInterval(function () {
    store.all().then(function (entries) {
      if (entries.some(function (entry) { return entry.state === "waiting"; })) sendAll();
      else if (isOffline() && !live()) probe(); // a game page's live poll tells by itself
    }, function () { if (isOffline()) probe(); });
  }, RETRY_MS);
})();
