// Offline at the table: the page's part of the offline client (reading the page and drawing on it).
//
// Registers the service worker (templates/offline/sw.js), which serves a kept copy of a page this
// phone opened when the server does not answer, and shows the banner with the last time the server
// answered. Its other parts, each a module of static/offline/ with one job and no page:
// - store.js: IndexedDB (the changes kept on this phone, the server's last game object of each game);
// - queue.js: the arithmetic of a game's line of kept changes (numbers, versions, the next in line,
//   the choices a clash offers); clash-words.js: what another phone did, hand by hand;
// - sender.js: the kept changes sent in order, each once (its key), and what each answer says;
// - connection.js: whether the server answers, and since when it does not;
// - scorer.js: the phone's engine (Pyodide, in a worker);
// - games/: one adapter per game (its bidding order, its roles, what its form holds).
//
// A hand (or deal, edit, undo, new game) saved while the server does not answer is checked by the
// form's own rules (the fields' limits, numbers that must add up), kept in IndexedDB as typed, then
// scored by the phone's engine, and shown at the top of the game's history as waiting until sent.
// - Stored: the new board replaces the page's; the hand is no longer waiting.
// - Refused (a rule the form could not check): the board comes back with the form as typed and the
//   reasons, to correct and save again as usual.
// - Another phone recorded that hand, or changed the game, first: both are shown, and the player
//   chooses. Nothing is merged silently, nothing is dropped.
// Every text comes from the page (#connection's data attributes), in the page's language.
import { adapterOf } from "./offline/games/index.js";
import { PROVISIONAL, after, choicesOf, fieldOf, firstStep, inLine, nextInLine, provisional, renumber, setField }
  from "./offline/queue.js";
import { changesBetween } from "./offline/clash-words.js";
import { createConnection } from "./offline/connection.js";
import { createScorer } from "./offline/scorer.js";
import { NOT_SENT, RULE, STORED, createSender } from "./offline/sender.js";
import { openStore } from "./offline/store.js";

(function () {
  var banner = document.getElementById("connection");
  if (!banner) return;
  var texts = banner.dataset;
  var root = document.documentElement;
  var RETRY_MS = 5000;
  var KEEP_ENGINE = "scorekeeper:keep-engine"; // "off" when the player does not want the scorer kept
  var ENGINE_DELAY_MS = 2000; // after the page has loaded: never in the way of a first view

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
    if (!live() || !current || isOffline() || !("serviceWorker" in navigator) || live().dataset.placeholders) return;
    clearTimeout(copyTimer);
    copyTimer = setTimeout(function () {
      var copy = root.cloneNode(true);
      copy.setAttribute("data-from", "network"); // the worker marks it when it serves it offline
      copy.removeAttribute("data-saved");
      copy.removeAttribute("data-connection");
      copy.querySelectorAll(".offline-note").forEach(function (note) { note.remove(); });
      copy.querySelector("#connection").hidden = true;
      putAwayOnlineOnly(copy);
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

  // What only the server can show, put away in a copy shown offline: the edit link's panel, shown open once to the
  // phone that started the game, folds into its button (a game in progress opens on its board), and the edit
  // link's QR code, which the worker cannot keep (it needs the cookie), is not drawn as a broken image.
  function putAwayOnlineOnly(page) {
    var keep = page.querySelector("#keep-link");
    if (keep) keep.removeAttribute("open");
    page.querySelectorAll("img[data-online-only]").forEach(function (image) { image.remove(); });
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
  }

  // The waiting hands, one per game, and the last game object of each, in IndexedDB (offline/store.js).
  var store = openStore();

  // --- Connection (offline/connection.js): the banner ----------------------------------------------------------
  var connection = createConnection({
    probe: texts.probe,
    fetch: function (address, init) { return fetch(address, init); },
    storage: { getItem: function (name) { return localStorage.getItem(name); },
               setItem: function (name, value) { localStorage.setItem(name, value); } },
    reached: drawReached,
    lost: drawLost
  });
  var lost = connection.lost;
  var answered = connection.answered;
  var probe = connection.probe;
  var isOffline = connection.isOffline;

  function clock(time) {
    var date = new Date(time);
    var today = date.toDateString() === new Date().toDateString();
    var format = today ? { hour: "numeric", minute: "2-digit" } : { dateStyle: "medium", timeStyle: "short" };
    return new Intl.DateTimeFormat(root.lang || undefined, format).format(date);
  }
  function drawReached() {
    root.dataset.connection = "online";
    banner.hidden = true;
    var needs = banner.querySelector(".needs-server");
    if (needs) needs.remove();
    document.querySelectorAll(".offline-edit").forEach(function (offer) { offer.remove(); });
  }
  function drawLost(lastContact) {
    var since = Math.max(lastContact || 0, Number(root.dataset.saved) || 0);
    banner.querySelector(".since").textContent = since ? fill(texts.since, { time: clock(since) }) : texts.unknown;
    root.dataset.connection = "offline";
    banner.hidden = false;
    if (scoresHere()) { startScorer(); offerEdits(document.getElementById("hands")); }
  }

  function needsServer() {
    var paragraph = banner.querySelector(".needs-server") || document.createElement("p");
    paragraph.className = "needs-server";
    paragraph.textContent = texts.needsServer;
    banner.append(paragraph);
  }

  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:afterRequest", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    answered(status);
    if (event.detail.elt && event.detail.elt.id === "live" && (status === 200 || status === 304)) current = true;
    var path = event.detail.pathInfo && event.detail.pathInfo.requestPath;
    if (saving && path === saving.path) {
      if (status === 200) corrected(saving.number);
      saving = null;
    }
  });
  // The entry form's save on its way (a preview posts elsewhere): the event after it is the board's, the form gone.
  var saving = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = entryForm(event.detail.elt);
    var path = event.detail.pathInfo && event.detail.pathInfo.requestPath;
    if (form && path === new URL(form.action).pathname) {
      saving = { path: path, number: Number(form.querySelector("input[name=hand]").value) };
    }
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
      if (field.tagName === "SELECT" && !field.value) return; // a menu left at "–" (Piquet's sets)
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

  // While a hand is being kept (the first offline save waits seconds for the scorer to start) the form is held:
  // nothing can be typed into it or saved from it, so no hand typed meanwhile is cleared with it.
  var keeping = false;
  function hold(form, held) {
    form.inert = held;
    if (held) form.setAttribute("aria-busy", "true"); else form.removeAttribute("aria-busy");
  }
  function keepForLater(form, submitter) {
    if (keeping) return; // a second tap on the same save
    var game = live() && live().dataset.game;
    if (!game) return;
    var problem = problems(form);
    if (problem) { note(problem); return; }
    keeping = true;
    var data;
    try { data = new FormData(form, submitter || undefined); } catch (error) { data = new FormData(form); }
    var fields = [];
    data.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    hold(form, true);
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
    // Kept first, as typed: the scorer (seconds to start after a page load) checks it after, so a reload, a closed
    // tab or a crash meanwhile keeps the hand, and the server checks it when it is sent.
    store.get(game).then(function (waiting) {
      if (waiting && correcting(waiting)) { // its correction takes its place, until the scorer has said
        entry.later = waiting.later;
        waiting.later = [];
        entry.replaced = waiting;
        waiting = null;
      }
      if (waiting && (!scoresHere() || !pending(waiting))) return waiting; // one hand waits: the form is held
      var first = waiting || entry;
      if (waiting) waiting.later = (waiting.later || []).concat([entry]);
      return store.put(first).then(function () {
        note(fill(texts.kept, { entry: fill(entry.entry, { number: number }) }));
        if (!scoresHere()) return first;
        return refusedHere(inLine(first), form).then(function (refused) {
          return refused ? takeBack(entry).then(function () { return Promise.reject(refused); }) : first;
        });
      });
    }).then(function (waiting) {
      note(null);
      if (scoresHere()) readyForNext(form, entry);
      return show().then(function () { send(waiting); });
    }).catch(function (refused) {
      // The scorer on this phone refused the hand (as the server would), or IndexedDB did (a private window).
      note(refused && refused.refusedHere ? refused.message : texts.needsServer);
    }).then(function () {
      keeping = false;
      hold(form, false);
      var marked = form.querySelector("[data-offline-invalid]"); // marked by the scorer while the form was held
      if (marked) marked.focus();
    });
  }

  // A kept hand the scorer refused, taken out of the line again (found by its key: the line may have moved on).
  function takeBack(entry) {
    return store.get(entry.game).then(function (first) {
      if (!first) return null;
      if (first.key === entry.key && first.replaced) { // a refused hand's correction, refused too: the first stays
        first.replaced.later = first.later;
        return store.put(first.replaced);
      }
      if (first.key === entry.key) return store.remove(entry.game);
      first.later = (first.later || []).filter(function (hand) { return hand.key !== entry.key; });
      return store.put(first);
    });
  }

  // Saving while offline: the entry form is kept for later; any other change needs the server.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (editing && form === editing.form) { event.preventDefault(); event.stopPropagation(); keepEdit(form); return; }
    if (!isOffline() || (form.method || "").toLowerCase() !== "post") return;
    event.preventDefault();
    event.stopPropagation(); // htmx listens on the form itself, after this
    if (newGameKind(form)) { startOffline(form, newGameKind(form)); return; }
    var save = !(event.submitter && event.submitter.hasAttribute("formaction")); // not "Show who is good"
    if (entryForm(form) && save) keepForLater(form, event.submitter);
    else needsServer();
  }, true);
  // A save that htmx could not deliver (the connection dropped just now).
  document.addEventListener("htmx:sendError", function (event) {
    var form = entryForm(event.detail.elt);
    if (form) keepForLater(form, null);
  });

  // --- Sending (offline/sender.js): the answers read and drawn ---------------------------------------------
  function onItsPage(entry) { return Boolean(live()) && live().dataset.game === entry.game; }

  var sender = createSender({
    store: store,
    fetch: function (address, init) { return fetch(address, init); },
    read: readAnswer,
    here: function () { return live() ? live().dataset.game : null; },
    answered: answered,
    lost: lost,
    words: answerWords,
    shown: answerShown
  });
  var send = sender.send;

  // What an answer's page says: the entry form's hand number and version, the reasons beside its fields (each
  // once), and the page's own sentence (an error page's).
  function readAnswer(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var number = page.querySelector("#entry input[name=hand]");
    var version = page.querySelector("#entry input[name=version]");
    var sentence = page.querySelector("main p");
    var reasons = Array.prototype.map.call(page.querySelectorAll("#entry .error"), function (error) {
      return error.textContent.trim();
    }).filter(function (reason, index, all) { return reason && all.indexOf(reason) === index; });
    return { next: number ? Number(number.value) : null, version: version ? version.value : null, reasons: reasons,
             sentence: sentence ? sentence.textContent.trim() : null };
  }

  // A change refused or clashing, in words, kept with it: why, and for a clash what the other phone did.
  function answerWords(entry, verdict) {
    var name = fill(entry.entry, { number: entry.number });
    if (verdict.kind === RULE || verdict.kind === NOT_SENT) {
      entry.message = [fill(verdict.kind === RULE ? texts.refused : texts.notSent, { entry: name })]
        .concat(verdict.reasons).join(" ");
      return Promise.resolve();
    }
    var next = verdict.next;
    var changed = entry.undo || (next !== null && next < entry.number) || next === entry.number;
    entry.message = fill(entry.edit ? texts.editChanged : changed ? texts.changedFirst : texts.recordedFirst,
                         { entry: name });
    return saidWhatChanged(entry);
  }

  // The page after an answer: the server's board (an edit's answer is its whole game page), with the change's fate.
  function answerShown(entry, verdict, html) {
    if (verdict.kind === STORED) {
      current = true; // the board that comes back is the server's
      if (!onItsPage(entry)) return;
      return swapBoard(entry.edit ? boardIn(html) || html : html, function () {
        note(fill(texts.sent, { entry: fill(entry.entry, { number: entry.number }) }));
      });
    }
    if (verdict.kind === RULE) return swapBoard(html, function () { note(entry.message); });
    if (verdict.kind === NOT_SENT) return show();
    // A clash: the server's board, the other phone's hand open beside this phone's change.
    var board = entry.edit ? serverBoard() : Promise.resolve(html);
    return board.then(function (fresh) {
      if (!fresh) return show();
      return swapBoard(fresh, function () {
        var theirs = document.getElementById("hand-" + entry.number);
        if (theirs) theirs.open = true;
      });
    });
  }
  function boardIn(html) {
    var board = new DOMParser().parseFromString(html, "text/html").getElementById("board");
    return board ? board.outerHTML : null;
  }
  // The game's board as the server has it now (an edit refused answers with the edit page).
  function serverBoard() {
    return fetch(location.href.split("#")[0], { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(boardIn, function () { return null; });
  }

  // What the other phone did, in words, added to a clash's message before it is kept (the change itself is kept
  // already, as it was typed): the game as this phone held it when the change was typed against the server's now.
  function saidWhatChanged(entry) {
    var api = fetch(texts.api.replace("GAME_ID", entry.game), { cache: "no-store", credentials: "omit" })
      .then(function (response) { return response.ok ? response.json() : null; });
    return Promise.all([store.game(entry.game), api]).then(function (both) {
      var lines = changesBetween(both[0] && (both[0].typedOn || both[0].api), both[1], CLASH_WORDS);
      if (lines.length) entry.message += " " + lines.join(" ");
    }).catch(function () { /* no words: the choice is offered all the same */ });
  }
  function signed(value) {
    var text = new Intl.NumberFormat(root.lang || undefined, { signDisplay: "exceptZero" }).format(value);
    return text.replace("-", "\u2212");
  }
  // The other phone's changes in the page's words (offline/clash-words.js).
  var CLASH_WORDS = {
    recorded: function (number) { return fill(texts.theyRecorded, { entry: entryName(number) }); },
    changed: function (number, changes) { return fill(texts.theyChanged, { entry: entryName(number), changes: changes }); },
    changedSame: function (number) { return fill(texts.theyChangedSame, { entry: entryName(number) }); },
    undid: function (number) { return fill(texts.theyUndid, { entry: entryName(number) }); },
    signed: signed
  };

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
    return sendCreations().then(sender.sendAll).then(null, function () { return []; });
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
  // Refused by a rule of the game when it was sent: the form stays open for its correction, which takes its place.
  function correcting(entry) { return entry.state === "refused" && Boolean(entry.rule); }

  // What was typed for a kept hand, back in the form (the form keeps its own number, version and key).
  function putBack(entry, form) {
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.type === "hidden" || field.type === "submit" || field.type === "button") return;
      var values = entry.fields.filter(function (pair) { return pair[0] === field.name; }).map(function (pair) {
        return pair[1];
      });
      if (field.type === "checkbox" || field.type === "radio") field.checked = values.indexOf(field.value) >= 0;
      else field.value = values[0] || "";
    });
    var bid = form.querySelector(".live-bids input"); // what the bids put back decide, asked again
    if (bid) bid.dispatchEvent(new Event("change", { bubbles: true }));
    var first = form.querySelector("input:not([type=hidden]), select");
    if (first) first.focus();
  }

  // The correction of a hand refused by a rule, recorded by the server: it takes the kept hand's place, and the
  // hands typed after it are sent in turn.
  function corrected(number) {
    var here = live();
    if (!here) return;
    store.get(here.dataset.game).then(function (first) {
      if (!first || !correcting(first) || first.number !== number) return;
      var following = nextInLine(first);
      return (following ? store.put(following) : store.remove(first.game)).then(show).then(function () {
        if (following) send(following);
      });
    });
  }

  // The choices offered for a change the server would not take, one way for every kind of clash (queue.js's
  // choicesOf): each a button that does what it says; `discardIt` takes the change away.
  function choiceButtons(entry, discardIt) {
    var said = {
      reapply: function () { return [texts.applyAgain, function () { reapplyEdit(entry); }]; },
      putBack: function () { return [texts.putBack, function () { putBack(entry, currentEntryForm()); }]; },
      add: function () {
        return [fill(texts.add, { entry: fill(entry.entry, { number: entry.next }) }), function () { addAsNext(entry); }];
      },
      discard: function () { return [texts.discard, discardIt]; }
    };
    var choices = element("p", "actions");
    choicesOf(entry, Boolean(currentEntryForm())).forEach(function (choice) {
      var offer = said[choice]();
      choices.append(button(offer[0], offer[1]));
    });
    return choices;
  }

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
      box.append(message, choiceButtons(entry, function () { discard(entry); }));
    }
    return box;
  }

  function show() {
    var here = live();
    if (!here) return Promise.resolve();
    return store.get(here.dataset.game).then(function (entry) {
      var form = currentEntryForm();
      var signature = entry ? JSON.stringify([entry.number, entry.state, entry.next, Boolean(form),
                                              (entry.later || []).length]) : "";
      if (!entry && !provisional(here.dataset.game)) hidePhoneBoard();
      showCreation(here.dataset.game);
      var shown = document.querySelector(".waiting-hand:not(#waiting-creation)");
      if (shown && shown.dataset.signature === signature && (!form || form.hidden)) return;
      document.querySelectorAll(".waiting-hand:not(#waiting-creation)").forEach(function (old) { old.remove(); });
      var entryArea = document.getElementById("entry");
      var held = entryArea && entryArea.querySelector(".offline-held");
      if (held) held.remove();
      if (!entry) {
        boardUndo([], form);
        if (form) form.hidden = false;
        offerEdits(document.getElementById("hands"));
        if (provisional(here.dataset.game)) showPhoneBoard([]);
        return;
      }
      var line = inLine(entry);
      var scoring = scoresHere() && pending(entry);
      boardUndo(scoring ? line : [], form);
      if (form) form.hidden = !scoring && !correcting(entry);
      if (scoring) showPhoneBoard(line);
      if (scoring && form) alignForm(form, line[line.length - 1]);
      if (entryArea && pending(entry) && !scoring) {
        held = document.createElement("p");
        held.className = "offline-held notice";
        held.textContent = fill(texts.held, { entry: fill(entry.entry, { number: entry.number }) });
        entryArea.append(held);
      }
      var history = document.querySelector(".history");
      var heading = history && history.querySelector("h2");
      if (!heading) return;
      var elements = line.map(function (hand, index) { return index ? waitingElement(hand) : waitingElement(entry); });
      if (scoring && (line.length > 1 || !sender.isSending(entry.game))) { // the last hand typed can be taken back
        var last = line[line.length - 1];
        var undo = element("p", "actions");
        var lastBox = elements[elements.length - 1];
        undo.append(button(fill(texts.undoUnsent, { entry: fill(last.entry, { number: last.number }) }), function () {
          if (last.edit) undoUnsent(entry); // an edit taken back: no hand is removed
          else askUndo(lastBox, last.number, function () { undoUnsent(entry); });
        }));
        // Behind an edit the last hand is still there to be undone, as online.
        var words = undoWords();
        if (last.edit && last.at > 1 && words && !(form && form.querySelector("input[name=completes]"))) {
          undo.append(button(fill(words.undoLabel, { number: last.at - 1 }), function () {
            askUndo(lastBox, last.at - 1, queueUndo);
          }));
        }
        lastBox.append(undo);
      }
      if (scoring && canEdit()) line.forEach(function (hand, index) { // edited from its card, as from a line
        if (!hand.edit && !hand.undo && !firstStep(hand)) elements[index].append(editButton(hand.number));
      });
      elements[0].dataset.signature = signature;
      elements.forEach(function (element) { heading.after(element); }); // each above the one before: the latest first
    }, function () { /* no IndexedDB: nothing can wait */ });
  }

  // The board's undo link, as the server drew it, names the server's last hand; offline it undoes the last one on
  // this phone (undoOffline). While hands typed here wait, the last of them is taken back by its own button in the
  // history, so the link is put away; behind a waiting edit it names the hand it undoes.
  function boardUndo(line, form) {
    var link = document.querySelector("#undo-redo a.undo[data-undo-action]");
    var text = link && link.lastChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return;
    if (!("drawn" in link.dataset)) link.dataset.drawn = text.nodeValue;
    var last = line.length ? line[line.length - 1] : null;
    var at = form && form.querySelector("input[name=hand]");
    link.hidden = Boolean(last && !last.edit);
    text.nodeValue = last && last.edit && at && link.dataset.undoLabel
      ? " " + fill(link.dataset.undoLabel, { number: Number(at.value) - 1 }) : link.dataset.drawn;
  }

  function addAsNext(entry) {
    var form = currentEntryForm();
    if (!form) return;
    var number = Number(form.querySelector("input[name=hand]").value);
    entry.fields = gameHere().movedFields(entry.fields, entry.number, number); // typed for another hand's seats
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
    renumber(entry);
    store.put(entry).then(show).then(function () { send(entry); });
  }

  // The last hand typed offline, not sent yet, taken back: the form is for its number again.
  function undoUnsent(first) {
    var line = inLine(first);
    var last = line[line.length - 1];
    var taken;
    if (line.length > 1) {
      first.later = first.later.slice(0, -1);
      taken = store.put(first);
    } else if (!sender.isSending(first.game)) {
      taken = store.remove(first.game);
    } else {
      return; // being sent this very moment: it is the server's to undo now
    }
    taken.then(function () {
      var form = currentEntryForm();
      if (form) ["hand", "version", "completes"].forEach(function (name) { hidden(form, name, fieldOf(last, name)); });
      if (form && last.undo) hidden(form, "hand", last.number + 1);
      if (form && last.edit) hidden(form, "hand", last.at);
      if (form) seatRoles(form, Number(form.querySelector("input[name=hand]").value));
      return show();
    }).then(function () {
      note(fill(texts.undoneUnsent, { entry: fill(last.entry, { number: last.number }) }));
    });
  }

  function discard(entry) {
    var following = nextInLine(entry);
    if (following) renumber(following, entry);
    (following ? store.put(following) : store.remove(entry.game)).then(show).then(function () {
      if (following) send(following);
      note(fill(texts.discarded, { entry: fill(entry.entry, { number: entry.number }) }));
    });
  }


  // --- Scoring on this phone ------------------------------------------------------------------------------
  // In the Spades games, with the scorer kept (rules/board.py under Pyodide, templates/offline/engine.js), any
  // number of hands is recorded in a row offline: each is scored at once from the server's last game object
  // (kept below while the server answers) and the hands typed since, and waits behind the one before it. They
  // are sent one by one, in order, each with the hand number and game version it was typed for (the version
  // grows by one with each change) and its own key. Piquet's deals likewise. A phone without the scorer holds
  // the form while one hand waits, as before.
  function scoresHere() {
    var game = gameHere();
    return Boolean(game) && game.scoredHere && engineWanted() && Boolean(texts.engine);
  }
  // The adapter of the game on this page (offline/games/), or null on a page of no game.
  function gameHere() { return live() ? adapterOf(live().dataset.kind) : null; }

  // The server's game object, kept whenever a page of the game from the server shows it.
  var heldVersion = null;
  function keepGame() {
    var here = live();
    var version = document.querySelector("#entry input[name=version]");
    if (!here || !current || isOffline() || !scoresHere() || provisional(here.dataset.game)) return;
    var at = version ? version.value : "";
    if (at === heldVersion) return;
    heldVersion = at;
    fetch(texts.api.replace("GAME_ID", here.dataset.game), { cache: "no-store", credentials: "omit" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (api) {
        if (!api) return null;
        return Promise.all([store.game(api.id), store.get(api.id)]).then(function (both) {
          // While changes typed here wait, the game as they were typed on is kept too: a clash says what changed.
          var typedOn = both[1] && both[0] ? both[0].typedOn || both[0].api : null;
          return store.keepGame({ game: api.id, api: api, opened: Date.now(), typedOn: typedOn });
        }).then(show);
      })
      .catch(function () { heldVersion = null; });
  }

  // The phone's engine (offline/scorer.js), started as soon as the server is lost.
  var scorer = createScorer({ address: texts.engine, language: root.lang || "en" });
  var startScorer = scorer.start;
  var score = scorer.score;

  function typedFields(hand) {
    var fields = {};
    hand.fields.forEach(function (pair) { (fields[pair[0]] = fields[pair[0]] || []).push(pair[1]); });
    return fields;
  }

  // The board after the hands in line: the server's game and every hand typed since, scored on this phone.
  function phoneBoard(line) {
    return phoneAnswer(live().dataset.game, line).then(function (answer) { return answer && answer.board ? answer.board : null; });
  }
  // The engine's answer for the server's game and the changes in `line` (none: the game as the page shows it);
  // with `preview` (bids typed into the one-step form), also what they decide.
  function phoneAnswer(game, line, preview) {
    return store.game(game).then(function (held) {
      var version = line.length ? fieldOf(line[0], "version") : pageVersion();
      if (!held || String(held.api.version) !== version) return null; // made on another state
      var api = held.api;
      var game = { game: api.game, players: api.players, first_dealer: api.first_dealer, settings: api.settings,
                   entries: api.hands.map(function (hand) { return hand.entry; })
                     .concat((api.hands_after_end || []).map(function (hand) { return hand.entry; })),
                   changes: line.map(function (hand) {
                     if (hand.edit) return { edit: hand.number, fields: typedFields(hand) };
                     return hand.undo ? { undo: hand.number } : { fields: typedFields(hand) };
                   }) };
      if ("dummy_after" in api) game.dummy_after = api.dummy_after;
      if (preview) game.preview = preview;
      return score(game);
    });
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }
  function written(value) {
    return new Intl.NumberFormat(root.lang || undefined).format(Math.abs(value)).replace(/^/, value < 0 ? "\u2212" : "");
  }

  function hidePhoneBoard() {
    drawn += 1; // a board still being scored is not drawn any more
    try { if (live()) localStorage.removeItem(LAST_BOARD + live().dataset.game); } catch (error) { /* none kept */ }
    var shown = document.getElementById("phone-board");
    if (shown) shown.remove();
    var standing = document.getElementById("standing");
    if (standing) standing.hidden = false;
    document.querySelectorAll(".game-facts[data-offline-hidden]").forEach(function (facts) {
      facts.hidden = false;
      facts.removeAttribute("data-offline-hidden");
    });
    showServerHistory();
  }

  var drawn = 0;
  // The board the engine drew last is kept (localStorage, read at once and written whole: no read-modify-write of the
  // kept game object, which the server's answers replace) with the game version and the changes in line it was drawn
  // from: a page load draws it at once (the scorer takes seconds to start), and the engine's answer confirms it.
  var LAST_BOARD = "scorekeeper-board:";
  function keptBoard(game, signature) {
    try {
      var kept = JSON.parse(localStorage.getItem(LAST_BOARD + game) || "null");
      return kept && kept.signature === signature ? kept.board : null;
    } catch (error) { return null; }
  }
  function keepBoard(game, signature, board) {
    try { localStorage.setItem(LAST_BOARD + game, JSON.stringify({ signature: signature, board: board })); }
    catch (error) { /* full or refused: the engine draws it next time */ }
  }
  function showPhoneBoard(line) {
    var mine = ++drawn;
    var game = live().dataset.game;
    var signature = JSON.stringify([line.length ? fieldOf(line[0], "version") : pageVersion(),
                                    line.map(function (hand) { return hand.key; })]);
    var kept = keptBoard(game, signature);
    if (kept && document.getElementById("standing")) drawPhoneBoard(kept, line);
    return phoneBoard(line).then(function (board) {
      if (mine !== drawn) return;
      if (!board || !document.getElementById("standing")) { hidePhoneBoard(); return; }
      drawPhoneBoard(board, line);
      keepBoard(game, signature, board);
    });
  }

  function drawPhoneBoard(board, line) {
    var standing = document.getElementById("standing");
    var names = line.map(function (hand) { return fill(hand.entry, { number: hand.number }); });
    var entryWord = live().dataset.entry; // "Hand {number}", in the page's language
    var panel = element("section", "phone-board");
    panel.id = "phone-board";
    panel.setAttribute("aria-labelledby", "phone-board-title");
    var title = element("h2", "phone-board-title",
                        names.length ? fill(texts.phoneHeading, { entries: names.join(", ") }) : texts.phoneNew);
    title.id = "phone-board-title";
    var table = element("table");
    var thead = standing.querySelector("thead").cloneNode(true); // the server's headings, in the page's language
    var tbody = element("tbody");
    Object.keys(board.totals).forEach(function (name) {
      var row = element("tr");
      var cell = element("th", "name", name);
      cell.scope = "row";
      row.append(cell, element("td", "num score", written(board.totals[name].score)));
      if ("bags" in board.totals[name]) row.append(element("td", "num", String(board.totals[name].bags)));
      tbody.append(row);
    });
    table.append(thead, tbody);
    var ownLine = adapterOf(board.game) && adapterOf(board.game).statusLine(board);
    var status = element("p", "phone-board-status", board.waiting_number
      ? fill(texts.waitingPlay, { entry: fill(entryWord, { number: board.waiting_number }) })
      : ownLine ? ownLine
      : board.winner ? fill(texts.wins, { name: board.winner })
      : fill(texts.dealsNext, { name: board.next_dealer, entry: fill(entryWord, { number: board.next_number }) }));
    panel.append(title, table, status);
    if (board.next_leader) panel.append(element("p", "phone-board-leads", fill(texts.leads, { name: board.next_leader })));
    if (board.outcome) panel.append(element("p", "phone-board-outcome", board.outcome));
    // How each hand typed on this phone was scored (an edit's later hands: in the history, drawn from the board).
    var typedHere = line.filter(function (hand) { return !hand.edit; }).map(function (hand) { return hand.number; });
    board.hands.filter(function (hand) {
      return line.length && hand.number >= line[0].number && (!line[0].edit || typedHere.indexOf(hand.number) >= 0);
    }).forEach(function (hand) {
      var details = element("details", "phone-board-hand");
      details.append(element("summary", "", fill(texts.how, { entry: fill(entryWord, { number: hand.number }) })));
      var list = element("ul", "small");
      hand.explanation.concat(hand.needs || []).forEach(function (text) { list.append(element("li", "", text)); });
      Object.keys(hand.scores).forEach(function (name) {
        hand.scores[name].explanation.forEach(function (text) { list.append(element("li", "", text)); });
      });
      (hand.nils || []).forEach(function (nil) { if (nil.reason) list.append(element("li", "", nil.reason)); });
      details.append(list);
      panel.append(details);
    });
    var old = document.getElementById("phone-board");
    if (old) old.replaceWith(panel); else standing.before(panel);
    standing.hidden = true;
    var form = currentEntryForm();
    if (form) form.hidden = board.status === "finished"; // over on this phone: no next hand (the undo stays)
    orderBids(form, board.next_bidding_order);
    // A game's own line under the form says where the server's game stands ("Deal 1 of 6: ..."): the panel says it now.
    if (ownLine) document.querySelectorAll("p.game-facts").forEach(function (facts) {
      facts.hidden = true;
      facts.setAttribute("data-offline-hidden", "");
    });
    drawPhoneHistory(board, line);
  }

  // The form's bid rows in the bidding order of the hand it is for on this phone (the server drew them for the hand
  // it knew as the next); each row's fields stay its player's.
  function orderBids(form, order) {
    if (!form || !order) return;
    var rows = Array.prototype.slice.call(form.querySelectorAll(".bid-row[data-player]"));
    var byName = {};
    rows.forEach(function (row) { byName[row.dataset.player] = row; });
    if (rows.length !== order.length || order.some(function (name) { return !byName[name]; })) return;
    var parent = rows[0].parentNode;
    var after = rows[rows.length - 1].nextSibling;
    order.forEach(function (name) { parent.insertBefore(byName[name], after); });
  }

  // The form, ready for the next hand once one is kept: its number and version, a new key, nothing typed.
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function hidden(form, name, value) {
    var field = form.querySelector("input[type=hidden][name=" + name + "]");
    if (value === null) { if (field) field.remove(); return; }
    if (!field) {
      field = element("input");
      field.type = "hidden";
      field.name = name;
      form.querySelector("input[name=request_key]").before(field);
    }
    field.value = String(value);
  }
  // A form drawn before the hands in line (the page's kept copy, opened again; a board the server sent while more
  // hands waited) is readied for the hand after the last of them.
  function alignForm(form, last) {
    if (form.inert) return; // its hand is kept and being checked: readied once the scorer has said
    var at = form.querySelector("input[name=hand]");
    if (at && Number(at.value) !== after(last)) readyForNext(form, last);
  }
  // After a first step (the bids, the declarations) what was typed stays, for the play to complete it.
  function readyForNext(form, kept) {
    var number = after(kept);
    seatRoles(form, number);
    hidden(form, "hand", number);
    hidden(form, "completes", firstStep(kept) ? number : null);
    hidden(form, "version", Number(fieldOf(kept, "version")) + 1);
    hidden(form, "request_key", newKey());
    if (firstStep(kept)) return;
    var preview = form.querySelector("#bidding-preview"); // what the kept hand's bids decided
    if (preview) preview.replaceChildren();
    Array.prototype.forEach.call(form.elements, function (field) {
      if (field.type === "number" || field.type === "text") field.value = "";
      if (field.type === "checkbox") field.checked = false;
      if (field.type === "radio") field.checked = field.defaultChecked; // Piquet's chips: "–", trick by trick
      if (field.tagName === "SELECT") field.value = "";
    });
    clearVerdicts(form);
  }


  // Undo offline (Spades games, with the scorer): the board's "Undo hand 6" undoes the last hand on this phone.
  // With hands typed and not sent it takes back the last of them; otherwise the undo itself waits in line, to
  // be sent as the confirmation page's form would send it (the hand, the version, a key of its own).
  function undoOffline() {
    var game = live().dataset.game;
    return store.get(game).then(function (waiting) {
      if (waiting && !pending(waiting)) { needsServer(); return; }
      var lastInLine = waiting && inLine(waiting)[inLine(waiting).length - 1];
      if (waiting && !lastInLine.edit) { undoUnsent(waiting); return; }
      return queueUndo();
    });
  }
  // The undo of the last hand, in line to be sent.
  function queueUndo() {
    var form = currentEntryForm();
    var game = live().dataset.game;
    var words = undoWords();
    return store.get(game).then(function (waiting) {
      if (waiting && !pending(waiting)) { needsServer(); return; }
      if (!form || !words || form.querySelector("input[name=completes]")) { needsServer(); return; } // waits for its play
      var number = Number(form.querySelector("input[name=hand]").value) - 1;
      var change = {
        game: game,
        action: words.undoAction,
        number: number,
        undo: true,
        entry: fill(texts.undoOf, { entry: live().dataset.entry }),
        key: newKey(),
        fields: [["csrf_token", form.querySelector("input[name=csrf_token]").value], ["hand", String(number)],
                 ["version", form.querySelector("input[name=version]").value]],
        own: ["csrf_token", "hand", "version", "request_key"],
        summary: [],
        kept: Date.now(),
        state: "waiting"
      };
      change.fields.push(["request_key", change.key]);
      if (waiting) waiting.later = (waiting.later || []).concat([change]);
      return store.put(waiting || change).then(function () {
        readyForNext(form, change);
        return show();
      }).then(function () { send(waiting || change); });
    });
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.undo[data-undo-action]");
    if (!link || !isOffline() || !scoresHere()) return;
    event.preventDefault();
    event.stopPropagation(); // htmx's boosted link listens on the link itself, after this
    var at = currentEntryForm() && currentEntryForm().querySelector("input[name=hand]");
    if (!at) { needsServer(); return; }
    askUndo(link.parentElement, Number(at.value) - 1, undoOffline);
  }, true);

  // The game's words for an undo (templates/_undo_redo.html), drawn whether or not the server has a hand to undo.
  function undoWords() {
    var words = document.getElementById("undo-redo");
    return words && words.dataset.undoAction ? words.dataset : null;
  }
  // An undo asks first, as the confirmation page does online: its question and its button, in the game's words.
  function askUndo(near, number, undo) {
    var old = document.getElementById("offline-undo-question");
    if (old) old.remove();
    var words = undoWords();
    if (!words) { needsServer(); return; }
    var box = element("div", "offline-undo-question notice");
    box.id = "offline-undo-question";
    box.setAttribute("role", "group");
    box.setAttribute("aria-labelledby", "offline-undo-question-title");
    var title = element("p", "", fill(words.undoQuestion, { number: number }));
    title.id = "offline-undo-question-title";
    var actions = element("p", "actions");
    actions.append(button(fill(words.undoConfirmed, { number: number }), function () { box.remove(); undo(); }),
                   button(texts.cancelEdit, function () { box.remove(); }));
    box.append(title, actions);
    near.after(box);
    actions.querySelector("button").focus();
  }

  // --- What the bids decide, said on this phone -------------------------------------------------------------
  // The one-step form's preview (#bidding-preview) asks the server as the bids are typed (htmx). When it cannot
  // answer, the scorer says the same from the engine (rules/board.py's bids_preview), for the hand being edited if
  // one is; until it has, the preview says nothing (app.js). Only the newest question's answer is shown.
  var previewAsked = 0;
  document.addEventListener("htmx:sendError", function (event) {
    var asker = event.detail.elt;
    var form = asker && asker.closest && asker.matches(".live-bids") && asker.closest("form");
    if (!form || !live() || !scoresHere()) return;
    var fields = {};
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") (fields[name] = fields[name] || []).push(value);
    });
    var asked = previewAsked += 1;
    var game = live().dataset.game;
    var number = editing && editing.form === form ? editing.number : null;
    store.get(game).then(function (waiting) {
      if (waiting && !pending(waiting)) return null; // a choice is asked first
      return phoneAnswer(game, waiting ? inLine(waiting) : [], { fields: fields, number: number });
    }).then(function (answer) {
      var preview = document.getElementById("bidding-preview");
      if (asked === previewAsked && preview && answer && answer.preview) drawPreview(preview, answer.preview);
    });
  });
  // As templates/dummy_spades/_macros.html draws it: who plays with whom, what the bids decide and the nils, or
  // why the bids cannot stand.
  function drawPreview(preview, said) {
    if (said.refused) {
      preview.replaceChildren.apply(preview, said.refused.map(function (text) { return element("p", "refused", text); }));
      return;
    }
    var list = element("ul");
    var sides = element("li");
    sides.append(element("b", "", said.sides));
    list.append(sides);
    said.lines.forEach(function (text) { list.append(element("li", "", text)); });
    said.nils.forEach(function (nil) { list.append(element("li", "nil " + (nil.applies ? "applies" : "void"), nil.text)); });
    preview.replaceChildren(element("p", "muted small", preview.dataset.heading), list);
  }

  // --- Checked by the scorer once a hand is kept ------------------------------------------------------------
  // The phone's engine reads the kept hand as the server would (rules/typed.py) and scores it after the hands in
  // line: a hand it refuses (a declaration the cards cannot hold, a bid out of range) is taken back out of the line,
  // and its fields are marked, as the server's page would mark them. When the scorer cannot say in time (it is
  // still starting, or the game is not on this phone), the hand stays kept and the server checks it when it is sent.
  var CHECK_MS = 30000;
  var CHECKING_NOTE_MS = 500;
  function refusedHere(line, form) {
    var answered = phoneAnswer(line[0].game, line).then(function (answer) { return answer; }, function () { return null; });
    var late = new Promise(function (resolve) { setTimeout(function () { resolve(null); }, CHECK_MS); });
    var kept = fill(texts.kept, { entry: fill(line[line.length - 1].entry, { number: line[line.length - 1].number }) });
    var slow = setTimeout(function () { note(kept + " " + texts.checking); }, CHECKING_NOTE_MS); // still starting
    return Promise.race([answered, late]).then(function (answer) {
      clearTimeout(slow);
      if (!answer || !answer.errors) return null;
      var question = gameHere() && gameHere().openQuestion;
      if (question && answer.errors.some(function (problem) { return problem.input === question; })) askPique(form);
      var marked = [];
      answer.errors.forEach(function (problem) {
        var field = problem.input && form.querySelector("[name='" + problem.input + "']");
        if (field) {
          field.setAttribute("data-offline-invalid", "");
          field.setAttribute("aria-invalid", "true");
          marked.push(field);
        }
      });
      if (marked.length) marked[0].focus();
      var reasons = answer.errors.map(function (problem) { return problem.message; });
      return { refusedHere: true, message: [texts.invalid].concat(reasons).join(" ") };
    });
  }

  // --- Piquet on this phone -----------------------------------------------------------------------------------
  // The deal form names the players where it means their roles ("Ann elder", "Who won each trick? Ann is elder"):
  // the dealer alternates, so a form readied for a deal an odd number of places from the one it was drawn for
  // has the two names swapped, everywhere in it. Its fields stay by role.
  function seatRoles(form, number) {
    if (!gameHere() || !gameHere().formByRole) return;
    var drawnFor = Number(form.dataset.drawnFor || form.querySelector("input[name=hand]").value);
    form.dataset.drawnFor = String(drawnFor);
    drawnNames(form);
    var swapped = gameHere().rolesSwapped(drawnFor, number);
    if (swapped === (form.dataset.swapped === "1")) return;
    form.dataset.swapped = swapped ? "1" : "0";
    var names = drawnNames(form);
    if (!names) return;
    var pattern = new RegExp("(^|[^\\p{L}\\p{N}])(" + names.map(escaped).join("|") + ")(?![\\p{L}\\p{N}])", "gu");
    var other = function (whole, before, name) { return before + (name === names[0] ? names[1] : names[0]); };
    var walker = document.createTreeWalker(form, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) node.nodeValue = node.nodeValue.replace(pattern, other);
    form.querySelectorAll("[aria-label]").forEach(function (field) {
      field.setAttribute("aria-label", field.getAttribute("aria-label").replace(pattern, other));
    });
  }
  // Elder's and younger's names as the form was drawn: the first trick's two chips.
  function drawnNames(form) {
    if (!form.dataset.names) {
      var chip = function (role) {
        var radio = form.querySelector(".trick input[type=radio][value=" + role + "]");
        var label = radio && radio.closest("label");
        return label ? label.textContent.trim() : "";
      };
      form.dataset.names = JSON.stringify([chip("elder"), chip("younger")]);
    }
    var names = JSON.parse(form.dataset.names);
    return names[0] && names[1] && names[0] !== names[1] ? names : null;
  }
  function escaped(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  // The pique question, which the server's page asks while typing the announced totals: asked offline once the
  // phone's engine says the totals leave it open ("Pique is possible here: say whether elder piqued.").
  function askPique(form) {
    var place = form.querySelector("#pique-question");
    if (!place || place.querySelector("[name=pique]")) return;
    var names = drawnNames(form) || ["", ""];
    var fieldset = element("fieldset", "chips has-error");
    fieldset.append(element("legend", "", fill(texts.piqueQuestion, { name: names[form.dataset.swapped === "1" ? 1 : 0] })));
    [["yes", texts.piqueYes], ["no", texts.piqueNo]].forEach(function (choice) {
      var label = element("label", "chip");
      var radio = element("input");
      radio.type = "radio";
      radio.name = "pique";
      radio.value = choice[0];
      label.append(radio, element("span", "", choice[1]));
      fieldset.append(label);
    });
    place.replaceChildren(fieldset);
  }
  // What the server said while typing (who is good, the trick points, the pique question) was about the last deal.
  function clearVerdicts(form) {
    form.querySelectorAll(".verdict, #verdict-extra, #trick-points, #pique-question").forEach(function (verdict) {
      verdict.textContent = "";
    });
    form.querySelectorAll(".trick[data-tapped]").forEach(function (trick) { delete trick.dataset.tapped; });
  }

  // --- A Piquet deal edited on this phone ------------------------------------------------------------------
  // A deal edited offline: the form names deal `number`'s elder and younger (the dealer alternates), says nothing
  // of the deal it was typed for, and asks the pique when the deal has it; `fields` null: the edit is over.
  function dealForEdit(form, number, fields) {
    if (!gameHere() || !gameHere().formByRole) return;
    seatRoles(form, number);
    clearVerdicts(form);
    if (fields && (fields.pique || [""])[0]) askPique(form);
  }
  // The chips and values set again as the deal has them, without events: filling them in order set off the
  // form's own helpers (a trick's winner given to the tricks after it, "Not good" clearing the point's value).
  function dealFilled(form, fields) {
    if (!gameHere() || !gameHere().formByRole) return;
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.type === "hidden" || field.type === "submit" || field.type === "button") return;
      var values = fields[field.name] || [];
      if (field.type === "checkbox" || field.type === "radio") field.checked = values.indexOf(field.value) >= 0;
      else field.value = values[0] || "";
    });
  }

  // --- Editing a hand on this phone ------------------------------------------------------------------------
  // Offline (with the scorer), each scored line of the history offers "Edit Hand 3" (Piquet: a deal): the entry form
  // is filled in with that hand as this phone has it (rules/typed.py's typed_fields, from the phone's board) and
  // saves an edit, which waits in line like a hand ("Edit of Hand 3") and is sent as the edit page's form would
  // send it (its fields, the hand, the version it was made on, a key of its own), once. The board is scored again
  // at once. If the hand was changed or undone on another phone first, the edit is shown beside the other phone's
  // hand, with "Apply it again" (to the game as it is now) or "Discard it".
  // While a hand waits for its tricks (two-step entry: the form is the tricks form, `completes`), an earlier hand
  // can be edited too: the form is filled in for it, its kept bids opened, and given back as it was afterwards.
  // The "Hand 3" box above the form names the hand being edited meanwhile, as the edit page does.
  var editing = null; // while the form edits a hand: its number, and the form and its box as they were before

  function pageVersion() {
    var field = document.querySelector("#entry input[name=version]");
    return field ? field.value : "";
  }
  function canEdit() {
    var form = currentEntryForm();
    return isOffline() && scoresHere() && Boolean(form);
  }
  function editButton(number) {
    var offer = element("p", "offline-edit");
    offer.append(button(fill(texts.edit, { entry: entryName(number) }), function () { startEdit(number); }));
    return offer;
  }
  // The server's lines (nothing waits): each scored one gets the phone's Edit button.
  function offerEdits(lines) {
    if (!lines || !canEdit()) return;
    lines.querySelectorAll("details.hand:not(.waiting)").forEach(function (line) {
      var number = Number(line.id.replace("hand-", ""));
      var explain = line.querySelector(".explain");
      var linked = explain && explain.querySelector("a[href$='/hands/" + number + "/edit']"); // its own, clicked below
      if (number && explain && !linked && !explain.querySelector(".offline-edit")) explain.append(editButton(number));
    });
  }

  function startEdit(number) {
    var form = currentEntryForm();
    var game = live().dataset.game;
    return store.get(game).then(function (waiting) {
      if (waiting && !pending(waiting)) return null; // a choice is asked first
      return phoneAnswer(game, waiting ? inLine(waiting) : []);
    }).then(function (answer) {
      var fields = answer && answer.typed && answer.typed[number - 1];
      if (!fields || !form) { needsServer(); return; }
      fillForEdit(form, number, fields);
    });
  }

  function fillForEdit(form, number, fields) {
    if (editing && editing.form !== form) editing = null; // the board was drawn again since
    if (!editing) {
      editing = { form: form, at: Number(form.querySelector("input[name=hand]").value), hiddens: [], values: [] };
      form.querySelectorAll("input[type=hidden]").forEach(function (field) { editing.hiddens.push([field.name, field.value]); });
      Array.prototype.forEach.call(form.elements, function (field) {
        editing.values.push([field, field.value, field.checked, field.textContent]);
      });
      editing.opened = Array.prototype.map.call(form.querySelectorAll("details.kept-bids"), function (part) {
        return [part, part.open];
      });
      editing.box = aboutTheForm();
    }
    editing.number = number;
    editing.opened.forEach(function (pair) { pair[0].open = true; }); // the bids kept while a hand waits
    nameTheEdit(editing.box, number);
    dealForEdit(form, number, fields);
    hidden(form, "hand", number);
    hidden(form, "completes", null);
    hidden(form, "request_key", newKey());
    Array.prototype.forEach.call(form.elements, function (field) {
      if (field.type === "submit") {
        // An edit saves the whole hand; Piquet's "Show who is good" and "Fill ... from these cards" ask the server.
        if (field.name === "step" || field.hasAttribute("formaction")) field.setAttribute("data-offline-hidden", "");
        else field.textContent = texts.saveEdit;
        return;
      }
      if (!field.name || field.type === "hidden" || field.type === "button") return;
      var values = fields[field.name] || [];
      if (field.type === "checkbox" || field.type === "radio") field.checked = values.indexOf(field.value) >= 0;
      else field.value = values[0] || "";
      field.dispatchEvent(new Event(field.type === "checkbox" || field.type === "radio" ? "change" : "input",
                                    { bubbles: true }));
    });
    dealFilled(form, fields);
    var old = form.querySelector(".offline-editing");
    if (old) old.remove();
    var banner = element("div", "offline-editing");
    banner.setAttribute("role", "status");
    banner.append(element("p", "", fill(texts.editing, { entry: entryName(number) })),
                  button(texts.cancelEdit, function () { stopEdit(form, null); }));
    form.prepend(banner);
    form.hidden = false;
    form.scrollIntoView({ block: "start" });
    var first = form.querySelector("input:not([type=hidden])");
    if (first) first.focus({ preventScroll: true });
  }

  // The form back as it was before the edit; after an edit kept (`kept`), for the version after it.
  function stopEdit(form, kept) {
    if (!editing) return;
    var before = editing;
    editing = null;
    var banner = form.querySelector(".offline-editing");
    if (banner) banner.remove();
    var names = before.hiddens.map(function (pair) { return pair[0]; });
    form.querySelectorAll("input[type=hidden]").forEach(function (field) {
      if (names.indexOf(field.name) < 0) field.remove();
    });
    before.hiddens.forEach(function (pair) { hidden(form, pair[0], pair[1]); });
    before.values.forEach(function (saved) {
      var field = saved[0];
      if (field.type === "hidden") return;
      if (field.type === "submit") { field.removeAttribute("data-offline-hidden"); field.textContent = saved[3]; return; }
      field.value = saved[1];
      field.checked = saved[2];
    });
    dealForEdit(form, before.at, null);
    before.opened.forEach(function (pair) { pair[0].open = pair[1]; });
    var bid = form.querySelector(".live-bids input"); // what the bids given back decide, asked again
    if (bid) bid.dispatchEvent(new Event("change", { bubbles: true }));
    if (before.box) {
      before.box.heading.textContent = before.box.text;
      before.box.heading.parentElement.classList.remove("editing");
      before.box.parts.forEach(function (pair) { pair[0].hidden = pair[1]; });
    }
    if (kept) {
      hidden(form, "version", Number(fieldOf(kept, "version")) + 1);
      hidden(form, "request_key", newKey());
    }
  }

  // The box above the form ("Hand 3", who deals, or the hand waiting for its tricks): its heading and parts as
  // they are, to name the hand being edited instead and be given back.
  function aboutTheForm() {
    var box = document.querySelector("#board .now");
    var heading = box && box.querySelector("h2");
    if (!heading) return null;
    var parts = Array.prototype.filter.call(box.children, function (part) { return part !== heading; });
    return { heading: heading, text: heading.textContent,
             parts: parts.map(function (part) { return [part, part.hidden]; }) };
  }
  function nameTheEdit(box, number) {
    if (!box) return;
    box.heading.textContent = fill(texts.edit, { entry: entryName(number) });
    box.heading.parentElement.classList.add("editing");
    box.parts.forEach(function (pair) { pair[0].hidden = true; });
  }

  var keepingEdit = false;
  function keepEdit(form) {
    if (keepingEdit || !editing) return;
    var problem = problems(form);
    if (problem) { note(problem); return; }
    keepingEdit = true;
    var game = live().dataset.game;
    var fields = [];
    new FormData(form).forEach(function (value, name) { if (typeof value === "string" && name !== "step") fields.push([name, value]); });
    var change = {
      game: game,
      action: form.action.replace(/\/hands\/?$/, "/hands/" + editing.number + "/edit"),
      number: editing.number,
      edit: true,
      at: editing.at, // the hand the form was for: an edit leaves it so
      entry: fill(texts.editOf, { entry: live().dataset.entry }),
      key: form.querySelector("input[name=request_key]").value,
      fields: fields,
      own: Array.prototype.map.call(form.querySelectorAll("input[type=hidden]"), function (field) { return field.name; }),
      summary: summary(form),
      kept: Date.now(),
      state: "waiting"
    };
    store.get(game).then(function (waiting) {
      if (!waiting) return store.put(change).then(function () { return change; });
      waiting.later = (waiting.later || []).concat([change]);
      return store.put(waiting).then(function () { return waiting; });
    }).then(function (first) {
      stopEdit(form, change);
      note(null);
      return show().then(function () { send(first); });
    }).catch(function () {
      note(texts.needsServer);
    }).then(function () { keepingEdit = false; });
  }

  // "Apply it again": the edit, as typed, sent for the game as the server has it now.
  function reapplyEdit(entry) {
    var form = currentEntryForm();
    if (!form) return;
    entry.key = newKey();
    setField(entry, "request_key", entry.key);
    setField(entry, "version", form.querySelector("input[name=version]").value);
    entry.at = Number(form.querySelector("input[name=hand]").value);
    entry.state = "waiting";
    delete entry.message;
    delete entry.gone;
    renumber(entry);
    store.put(entry).then(show).then(function () { send(entry); });
  }

  // The server's own "Edit hand 3" link (a line opened while the server answered) edits on this phone too.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    var match = link && /\/hands\/(\d+)\/edit$/.exec(new URL(link.href).pathname);
    if (!match || !live() || !canEdit()) return;
    event.preventDefault();
    event.stopPropagation();
    startEdit(Number(match[1]));
  }, true);

  // --- Pages drawn by the server, while changes wait on this phone ----------------------------------------------
  // The history's lines are drawn again from the phone's board (each with its Edit button), and the chart, which
  // the phone does not draw, is hidden with a word that it comes back once the changes are sent.
  function drawPhoneHistory(board, line) {
    var hands = document.getElementById("hands");
    if (!hands) return;
    var lines = element("div", "phone-hands");
    lines.id = "phone-hands";
    var editable = canEdit();
    // A hand typed here and waiting shows once: as its card above the history (how it was scored: on the board).
    var carded = line.filter(function (hand) { return !hand.edit && !hand.undo; }).map(function (hand) {
      return hand.number;
    });
    board.hands.slice().reverse().forEach(function (hand) {
      if (carded.indexOf(hand.number) >= 0) return;
      var line = element("details", "hand" + (hand.complete ? "" : " waiting"));
      line.id = "phone-hand-" + hand.number;
      var top = element("summary");
      var deltas = element("span", "deltas");
      Object.keys(hand.scores).forEach(function (name) {
        var points = hand.scores[name].delta;
        var delta = element("span", "delta");
        delta.append(element("span", "who", name), " ",
                     element("b", points > 0 ? "up" : points < 0 ? "down" : "even", (points > 0 ? "+" : "") + written(points)));
        deltas.append(delta);
      });
      top.append(element("span", "hand-no", String(hand.number)), deltas);
      var explain = element("div", "explain");
      var list = element("ul", "small");
      hand.explanation.concat(hand.needs || []).forEach(function (text) { list.append(element("li", "", text)); });
      Object.keys(hand.scores).forEach(function (name) {
        hand.scores[name].explanation.forEach(function (text) { list.append(element("li", "", text)); });
      });
      (hand.nils || []).forEach(function (nil) { if (nil.reason) list.append(element("li", "", nil.reason)); });
      explain.append(list);
      if (editable && hand.complete) explain.append(editButton(hand.number));
      line.append(top, explain);
      lines.append(line);
    });
    var old = document.getElementById("phone-hands");
    if (old) old.replaceWith(lines); else hands.after(lines);
    hands.hidden = true;
    var chart = document.getElementById("chart");
    if (chart && !chart.hidden) {
      chart.hidden = true;
      var later = element("p", "muted phone-chart-note", texts.chartLater);
      later.id = "phone-chart-note";
      chart.after(later);
    }
  }
  function showServerHistory() {
    var lines = document.getElementById("phone-hands");
    if (lines) lines.remove();
    var hands = document.getElementById("hands");
    if (hands) hands.hidden = false;
    var later = document.getElementById("phone-chart-note");
    if (later) later.remove();
    var chart = document.getElementById("chart");
    if (chart) chart.hidden = false;
  }

  // A kept copy of "Undo hand 6?" or of a hand's edit page opened offline, for a game changed since on this phone (or
  // by the server before it went away): its question or its values are out of date, so it says so, loses its
  // button, and leads back to the game instead.
  function oldPageOfAChange() {
    var form = document.querySelector("form.confirm, form#hand-form");
    var match = form && root.dataset.from === "cache"
      && /\/g\/([^/]+)\/(undo|hands\/\d+\/edit)$/.exec(new URL(form.action).pathname);
    if (!match) return Promise.resolve();
    var version = form.querySelector("input[name=version]");
    return Promise.all([store.get(match[1]), store.game(match[1])]).then(function (found) {
      var moved = found[1] && version && String(found[1].api.version) !== version.value;
      if (!found[0] && !moved) return;
      form.querySelectorAll("button[type=submit]").forEach(function (confirm) { confirm.remove(); });
      form.querySelectorAll("input, select").forEach(function (field) { field.disabled = true; });
      var old = element("p", "offline-note", texts.oldUndo);
      old.setAttribute("role", "status");
      form.before(old);
    }, function () { /* no IndexedDB: nothing changed on this phone */ });
  }

  // --- The scorer for play without the server: kept in the background, unless turned off ------------------
  function engineWanted() {
    try { return localStorage.getItem(KEEP_ENGINE) !== "off"; } catch (error) { return true; }
  }
  function tellWorker(message) {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage(message);
    });
  }
  function keepEngine() {
    if (engineWanted() && !isOffline()) tellWorker({ type: "keep-engine" });
  }
  var setting = document.getElementById("keep-engine");
  if (setting) {
    setting.checked = engineWanted();
    setting.addEventListener("change", function () {
      try { localStorage.setItem(KEEP_ENGINE, setting.checked ? "on" : "off"); } catch (error) { /* private mode */ }
      if (setting.checked) keepEngine(); else tellWorker({ type: "drop-engine" });
    });
  }
  function afterLoad() { setTimeout(keepEngine, ENGINE_DELAY_MS); }
  if (document.readyState === "complete") afterLoad(); else window.addEventListener("load", afterLoad);

  // --- A new game started on this phone -------------------------------------------------------------------------
  // Offline, a new-game form's Start is checked by the form's own rules, then read by the phone's engine as the server
  // reads it (rules/typed.py's new_game, under Pyodide): a game it refuses (two players with one name) says why beside
  // the field. Else the creation is kept in IndexedDB (the games store) under a provisional game, `new:<key>`, with the
  // game object the API would give, and the phone opens the kind's blank game page (kept by the worker with the shell)
  // at `#new:<key>`: the typed names take the placeholders' place, and the board is the phone's. Hands typed there wait
  // behind the creation like any offline hand (under the provisional game), scored on the phone.
  // When the server answers, the creation is sent first, as the form would send it: a fresh CSRF token from the
  // new-game page, the kept fields, the key (crypto.randomUUID()) in Idempotency-Key, so a creation whose answer was
  // lost, sent again, leads to the same game. The redirect's address gives the game's id, which replaces the stand-in
  // id in every waiting hand's action; the phone opens the game there (the 303's cookie gave it the edit rights),
  // and that page sends the hands in order. A refused creation is shown with its reasons until the player discards it.
  function newGameKind(form) {
    var match = /\/new\/([\w-]+)$/.exec(new URL(form.action, location.href).pathname);
    return match && form.querySelector("input[name=player_0]") ? match[1] : null;
  }
  function pairValue(fields, name) {
    var pair = fields.filter(function (field) { return field[0] === name; })[0];
    return pair ? pair[1] : null;
  }
  function namesOf(held) { return held.api.players.join(" · "); }

  // The kind's blank page; a Dummy Hand game's, of its style (its form differs): the addresses the worker keeps.
  function blankAddress(action, style) {
    return action.replace(/\/?$/, "/blank") + (style && style !== "standard" ? "?style=" + encodeURIComponent(style) : "");
  }

  var starting = false;
  function startOffline(form, kind) {
    if (starting) return;
    clearSetupErrors(form);
    var problem = problems(form);
    if (problem) { note(problem, form); return; }
    if (!engineWanted() || !texts.engine) { note(texts.needsServer, form); return; }
    starting = true;
    var key = crypto.randomUUID();
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string" && name !== "csrf_token" && name !== "request_key") fields.push([name, value]);
    });
    fields.push(["request_key", key]);
    if (pairValue(fields, "first_dealer") === "draw") { // the phone draws, so that the server's game is the one shown
      var seats = form.querySelectorAll("input[name^=player_]").length;
      var drawn = crypto.getRandomValues(new Uint32Array(1))[0] % seats;
      fields = fields.map(function (pair) { return pair[0] === "first_dealer" ? [pair[0], String(drawn)] : pair; });
    }
    var game = PROVISIONAL + key;
    var names = fields.filter(function (pair) { return /^player_\d+$/.test(pair[0]); }).map(function (pair) {
      return pair[1].trim();
    });
    // Kept first, as typed, with the names only: the scorer (seconds to start) checks it after, so a reload or a
    // closed tab meanwhile keeps it (its page checks it again, and the server checks it when it is sent).
    var held = { game: game, api: { id: game, game: kind, players: names, version: 0, hands: [] },
                 creation: { kind: kind, action: form.action, key: key, fields: fields, kept: Date.now(),
                             state: "checking", blank: blankAddress(form.action, pairValue(fields, "style")) } };
    var slow = setTimeout(function () { note(texts.checking, form); }, CHECKING_NOTE_MS);
    store.keepGame(held).then(function () {
      note(fill(texts.kept, { entry: fill(texts.newGame, { names: namesOf(held) }) }), form);
      return checkCreation(held, false);
    }).then(function (errors) {
      clearTimeout(slow);
      note(null, form);
      if (errors) { showSetupErrors(form, errors); return; }
      if (held.creation.state === "waiting") { location.assign(held.creation.blank + "#" + game); return; }
      note(fill(texts.kept, { entry: fill(texts.newGame, { names: namesOf(held) }) }), form); // the server checks it
    }, function () {
      clearTimeout(slow);
      note(texts.needsServer, form); // IndexedDB refused (a private window): nothing was kept
    }).then(function () { starting = false; });
  }

  // A new game kept as typed, checked by the scorer: it waits to be sent with the game's setup, or, refused, it is
  // forgotten while its form is on screen (`kept` false: the errors, returned, go beside the fields) or kept with
  // the reasons until the player discards it. Without an answer it stays to be checked by the server.
  function checkCreation(held, kept) {
    return score({ game: held.creation.kind, setup_fields: typedFields({ fields: held.creation.fields }), changes: [] })
      .then(function (answer) {
        if (!answer || !(answer.setup || answer.errors)) return null;
        if (answer.setup) {
          held.api = Object.assign({ id: held.game, version: 0, hands: [] }, answer.setup);
          held.creation.state = "waiting";
          return store.keepGame(held).then(function () { return null; });
        }
        if (!kept) return store.forgetGame(held.game).then(function () { return answer.errors; });
        held.creation.state = "refused";
        held.creation.message = [fill(texts.notSent, { entry: fill(texts.newGame, { names: namesOf(held) }) })]
          .concat(answer.errors.map(function (problem) { return problem.message; })).join(" ");
        return store.keepGame(held).then(function () { return null; });
      }, function () { return null; });
  }

  function clearSetupErrors(form) {
    form.querySelectorAll(".offline-error").forEach(function (error) { error.remove(); });
    form.querySelectorAll("[data-offline-error]").forEach(function (box) {
      box.classList.remove("has-error");
      box.removeAttribute("data-offline-error");
    });
  }
  // The engine's reasons beside the fields they are about, as the server's page puts them; the others at the top.
  function showSetupErrors(form, errors) {
    var first = null;
    errors.forEach(function (problem) {
      var field = problem.input && form.querySelector("[name='" + problem.input + "']");
      var box = field && field.closest(".field, fieldset");
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

  // The blank page opened at `#new:<key>`: the provisional game's page, with its names; one already created opens at
  // its server address.
  function openProvisional() {
    var here = live();
    var game = decodeURIComponent(location.hash.slice(1));
    if (!here || !here.dataset.placeholders || !provisional(game)) return Promise.resolve();
    return store.game(game).then(function (held) {
      if (held && held.created) { location.replace(held.address); return; }
      if (!held || held.api.game !== here.dataset.kind) return;
      if (held.creation && held.creation.state === "checking") { // kept, then the page was left before its check
        return checkCreation(held, true).then(function () { return shownProvisional(here, game, held); });
      }
      return shownProvisional(here, game, held);
    }, function () { /* no IndexedDB: the blank page stays blank */ });
  }
  function shownProvisional(here, game, held) {
    here.dataset.game = game;
    putNames(JSON.parse(here.dataset.placeholders), held.api);
    bidsInOrder(held.api);
    document.querySelectorAll(".game-facts, .game-links").forEach(function (facts) { facts.hidden = true; });
  }
  // The typed names in place of the placeholders ("Player 1"), in the page's text and in the values and labels of the
  // form's fields that name a player. Piquet's form names the players by role: the placeholders' dealer (the first)
  // becomes the game's.
  function putNames(placeholders, api) {
    var names = api.players;
    var game = adapterOf(api.game);
    var shift = game ? game.firstNamedSeat(names, api.first_dealer) : 0;
    var pattern = new RegExp("(^|[^\\p{L}\\p{N}])(" + placeholders.map(escaped).join("|") + ")(?![\\p{L}\\p{N}])", "gu");
    var swapper = function (shifted) {
      var named = {};
      placeholders.forEach(function (placeholder, seat) { named[placeholder] = names[(seat + shifted) % names.length]; });
      return function (text) { return text.replace(pattern, function (whole, before, name) { return before + named[name]; }); };
    };
    var swap = swapper(shift);
    document.title = swapper(0)(document.title); // the players in their order, as the game's title names them
    var title = document.querySelector("h1.game-title");
    if (title) title.textContent = swapper(0)(title.textContent);
    var main = document.getElementById("main") || document.body;
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!title || !title.contains(node)) node.nodeValue = swap(node.nodeValue);
    }
    main.querySelectorAll("[aria-label], [data-player], input[type=checkbox], input[type=radio]").forEach(function (field) {
      ["aria-label", "data-player", "value"].forEach(function (name) {
        if (field.hasAttribute(name)) field.setAttribute(name, swap(field.getAttribute(name)));
      });
    });
  }

  // The bids in the table's bidding order for hand 1 (the blank page lists them from the placeholders' dealer): the
  // seats after the first dealer's, the dealer last. The fields stay by seat.
  function bidsInOrder(api) {
    var game = adapterOf(api.game);
    var seats = game && game.biddingSeats(api.players, api.first_dealer);
    if (!seats) return;
    var place = function (row) {
      var field = row.querySelector("input[name^=bids-][name$=-bid]");
      return field ? seats.indexOf(Number(field.name.split("-")[1])) : 0;
    };
    document.querySelectorAll("#entry fieldset").forEach(function (fieldset) {
      var rows = Array.prototype.slice.call(fieldset.querySelectorAll(":scope > .bid-row"));
      if (rows.length !== seats.length) return;
      var after = rows[rows.length - 1].nextSibling;
      rows.sort(function (one, other) { return place(one) - place(other); });
      rows.forEach(function (row) { fieldset.insertBefore(row, after); });
    });
  }

  // On the provisional game's page: the creation, waiting (or refused, with the reasons and "Discard it").
  function showCreation(game) {
    var old = document.getElementById("waiting-creation");
    if (!provisional(game)) { if (old) old.remove(); return Promise.resolve(); }
    return store.game(game).then(function (held) {
      var heading = document.querySelector(".history h2");
      if (!held || !held.creation || !heading) return;
      var creation = held.creation;
      var name = fill(texts.newGame, { names: namesOf(held) });
      var waits = creation.state === "waiting" || creation.state === "checking";
      var box = element("div", "waiting-hand" + (waits ? "" : " needs-choice"));
      box.id = "waiting-creation";
      box.append(element("p", "waiting-title", fill(waits ? texts.waiting : texts.unsent, { entry: name })),
                 element("p", "muted small", fill(texts.keptAt, { time: clock(creation.kept) })));
      if (!waits) {
        var message = element("p", "waiting-problem", creation.message || "");
        message.setAttribute("role", "alert");
        box.append(message, choiceButtons(creation, function () { discardCreation(held); }));
      }
      if (old) old.remove();
      heading.after(box);
    });
  }
  function discardCreation(held) {
    Promise.all([store.remove(held.game), store.forgetGame(held.game)]).then(function () {
      location.assign(held.creation.action); // the new-game form, to start again
    });
  }

  var creating = {};
  function sendCreations() {
    return store.games().then(function (kept) {
      return Promise.all(kept.filter(function (held) {
        return held.creation && (held.creation.state === "waiting" || held.creation.state === "checking");
      }).map(sendCreation));
    }, function () { return []; });
  }
  function sendCreation(held) {
    var creation = held.creation;
    if (creating[held.game]) return Promise.resolve();
    creating[held.game] = true;
    return fetch(creation.action, { cache: "no-store", credentials: "same-origin" }).then(function (response) {
      answered(response.status);
      if (!response.ok) throw new Error(String(response.status)); // busy: tried again later
      return response.text();
    }).then(function (html) {
      var token = new DOMParser().parseFromString(html, "text/html").querySelector("input[name=csrf_token]");
      var body = new URLSearchParams();
      if (token) body.append(token.name, token.value);
      creation.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
      return fetch(creation.action, { method: "POST", body: body, cache: "no-store", credentials: "same-origin",
                                      headers: { "Idempotency-Key": creation.key } });
    }).then(function (response) {
      answered(response.status);
      var match = /\/g\/([^/]+)$/.exec(new URL(response.url).pathname);
      if (response.ok && response.redirected && match) {
        return response.text().then(function (html) { return created(held, match[1], response.url, html); });
      }
      if (response.status >= 500 || response.status === 409 || response.status === 429) return null;
      return response.text().then(function (html) { return refusedCreation(held, html); });
    }).catch(function (error) {
      if (error instanceof TypeError) lost(); // no connection: tried again later
    }).then(function () { delete creating[held.game]; });
  }
  // Stored: the waiting hands go to the game's own address, with its page's CSRF token; a page of the provisional game
  // opens the game there.
  function created(held, id, address, html) {
    var token = new DOMParser().parseFromString(html, "text/html").querySelector("#entry input[name=csrf_token]");
    return store.get(held.game).then(function (waiting) {
      if (!waiting) return null;
      inLine(waiting).forEach(function (hand) {
        hand.game = id;
        hand.action = hand.action.replace(/\/g\/[^/]+\//, "/g/" + id + "/");
        if (token) setField(hand, token.name, token.value);
      });
      return store.put(waiting).then(function () { return store.remove(held.game); });
    }).then(function () {
      // An old tab of it goes there; the home page lists it under its names.
      return store.keepGame({ game: held.game, created: id, address: address, players: held.api.players,
                              opened: held.creation.kept });
    }).then(function () {
      if (live() && live().dataset.game === held.game) { location.replace(address); return null; }
      listStarted(); // "not sent yet" no more
      listOpened();
      return sendAll();
    });
  }
  function refusedCreation(held, html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var reasons = Array.prototype.map.call(page.querySelectorAll("main .error"), function (error) {
      return error.textContent.trim();
    });
    held.creation.state = "refused";
    held.creation.message = [fill(texts.notSent, { entry: fill(texts.newGame, { names: namesOf(held) }) })]
      .concat(reasons).join(" ");
    return store.keepGame(held).then(show);
  }

  // The home page lists the games started on this phone and not sent yet, each leading back to its page.
  function listStarted() {
    var recent = document.getElementById("recent-games");
    if (!recent) return;
    store.games().then(function (kept) {
      var started = kept.filter(function (held) { return held.creation; });
      var old = document.getElementById("started-here");
      if (old) old.remove();
      if (!started.length) return;
      var section = element("section");
      section.id = "started-here";
      var list = element("ul", "games");
      started.forEach(function (held) {
        var link = element("a");
        link.href = held.creation.blank + "#" + held.game;
        // A whole page load, not htmx's boosted swap: the provisional game is opened as the page loads, and htmx
        // would take `#new:<key>` for an element to scroll to (an invalid selector, which stops its swap).
        link.setAttribute("hx-boost", "false");
        link.append(element("span", "names", held.api.players.join(", ")),
                    element("small", "", fill(texts.keptAt, { time: clock(held.creation.kept) })));
        var item = element("li");
        item.append(link);
        list.append(item);
      });
      section.append(element("h2", "", texts.startedHere), list);
      recent.before(section);
    }, function () { /* no IndexedDB: nothing was started here */ });
  }

  // The home page's recent games are the server's list as it was when the page was kept: the games this phone
  // opened since are added to it from the phone's store, so that they can be found again offline.
  function listOpened() {
    var recent = document.getElementById("recent-games");
    if (!recent) return;
    store.games().then(function (kept) {
      var listed = Array.prototype.map.call(recent.querySelectorAll("a[href]"), function (link) {
        return link.pathname;
      });
      var pathOf = function (held) { return held.created ? new URL(held.address).pathname : texts.scope + "g/" + held.game; };
      var opened = kept.filter(function (held) {
        return (held.api || held.created) && !held.creation && listed.indexOf(pathOf(held)) < 0
          && !kept.some(function (other) { return other.created === held.game; }); // listed once, as created
      }).sort(function (one, other) { return (other.opened || 0) - (one.opened || 0); });
      if (!opened.length) return;
      var list = recent.querySelector("ul.games");
      if (!list) {
        list = element("ul", "games");
        recent.querySelectorAll("p.muted").forEach(function (empty) { empty.remove(); });
        recent.append(list);
      }
      opened.reverse().forEach(function (held) {
        var link = element("a");
        link.href = pathOf(held);
        link.append(element("span", "names", (held.api ? held.api.players : held.players).join(", ")));
        if (held.opened) link.append(element("small", "", fill(texts.keptAt, { time: clock(held.opened) })));
        var item = element("li");
        item.append(link);
        list.prepend(item);
      });
    }, function () { /* no IndexedDB: only the server's list */ });
  }

  // --- When --------------------------------------------------------------------------------------------
  if (root.dataset.from === "cache") connection.lost(); else connection.reached();
  whenParsed(function () {
    if (root.dataset.from === "cache") putAwayOnlineOnly(document); // a copy kept before this was done
    openProvisional().then(show).then(keepCopy).then(sendAll).then(keepGame);
    oldPageOfAChange();
    listStarted();
    listOpened();
  });
  // The live poll and other swaps redraw the history and the entry form: show the waiting hand again.
  document.addEventListener("htmx:afterSettle", function () { show().then(keepCopy).then(keepGame); });
  window.addEventListener("online", function () { probe(); sendAll(); });
  setInterval(function () {
    Promise.all([store.all(), store.games()]).then(function (kept) {
      var waiting = function (entry) { return (entry.creation || entry).state === "waiting"; };
      if (kept[0].some(waiting) || kept[1].some(function (held) { return held.creation && waiting(held); })) sendAll();
      else if (isOffline() && !live()) probe(); // a game page's live poll tells by itself
    }, function () { if (isOffline()) probe(); });
  }, RETRY_MS);
})();
