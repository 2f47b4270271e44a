// Small enhancements; every page works without them. None waits for htmx: this script runs before
// it (both are deferred, this one first), so a slow, failed or hanging CDN changes nothing here.

// Run now if the page is parsed (it is, for a deferred script), or as soon as it is.
function whenParsed(fn) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn);
  else fn();
}

// What works only with this script (steppers, the Print button, notes about what the script does) is sent hidden
// and shown here.
(function () {
  "use strict";
  function showScripted(root) {
    root.querySelectorAll("[data-with-script][hidden]").forEach(function (element) { element.hidden = false; });
  }
  whenParsed(function () { showScripted(document); });
  document.addEventListener("htmx:afterSettle", function (event) { showScripted(event.target); });
})();

// A field that applies only with a choice made ("Other target" with the Other chip, the Saunt target, the Blind
// Nil margin) is hidden without it (style.css does so without this script too) and disabled, so it is never sent.
(function () {
  "use strict";
  function apply(part, off) {
    part.hidden = off;
    part.querySelectorAll("input, select").forEach(function (field) { field.disabled = off; });
  }
  function applyAll(root) {
    // A part that applies with one value of a menu ("id=value": a club night's settings of its game), first: the
    // parts inside it that apply with a choice are then settled by that choice.
    root.querySelectorAll("[data-applies-with]").forEach(function (part) {
      var pair = part.dataset.appliesWith.split("=");
      var menu = document.getElementById(pair[0]);
      apply(part, Boolean(menu) && menu.value !== pair[1]);
    });
    root.querySelectorAll("[data-applies-if]").forEach(function (part) {
      var choice = document.getElementById(part.dataset.appliesIf);
      apply(part, Boolean(choice) && !choice.checked);
    });
  }
  whenParsed(function () { applyAll(document); });
  document.addEventListener("change", function (event) {
    if (event.target.form) applyAll(event.target.form);
  });
})();

(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".stepper .step");
    if (!button) return;
    var input = button.parentElement.querySelector("input");
    var value = parseInt(input.value, 10);
    if (isNaN(value)) value = 0; else value += parseInt(button.dataset.step, 10);
    input.value = Math.max(0, Math.min(13, value));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // With three hands' tricks typed, fill in the fourth to make 13. A count the player touches (types in, clears,
  // steps) is theirs: it is never filled in again, so a filled-in count can be cleared and stays blank.
  document.addEventListener("input", function (event) {
    if (!event.target.classList.contains("trick-count")) return;
    var wasFilled = Boolean(event.target.dataset.filled);
    // A digit typed into a count filled in by itself replaces it: the 2 typed over a filled-in 2 is 2, not 22.
    if (wasFilled && event.inputType === "insertText" && /^\d$/.test(event.data || "")) {
      event.target.value = event.data;
    }
    delete event.target.dataset.filled;
    // (A blank field "cleared" again, which changes nothing, is not touched.)
    if (event.target.value !== "" || wasFilled) event.target.dataset.own = "1";
    var inputs = Array.prototype.slice.call(event.target.closest(".tricks").querySelectorAll(".trick-count"));
    inputs.forEach(function (input) { if (input !== event.target && input.dataset.filled) { input.value = ""; delete input.dataset.filled; } });
    var blanks = inputs.filter(function (input) { return input.value === ""; });
    if (blanks.length !== 1 || blanks[0].dataset.own) return;
    var sum = inputs.reduce(function (total, input) { return total + (parseInt(input.value, 10) || 0); }, 0);
    if (sum <= 13) { blanks[0].value = 13 - sum; blanks[0].dataset.filled = "1"; }
  });
})();

// What the bids typed decide is the engine's, asked of the server as they are typed (.live-bids, htmx). When it
// cannot answer (offline, or out of service), the preview says nothing rather than what earlier bids decided.
document.addEventListener("htmx:afterRequest", function (event) {
  var preview = document.getElementById("bidding-preview");
  if (preview && !event.detail.successful && event.detail.elt.matches(".live-bids")) preview.replaceChildren();
});

// After a save from the board's entry form, the page shows what a reload would: the board from its top (the
// scores, then the next form), not the bottom of the page where Save was tapped. A save refused (422, 413) shows
// its first message instead, which may be above or below the button, and says it to screen readers (a message
// beside its field is not an alert; the focus stays where it was, on Save).
(function () {
  "use strict";
  var saves = new WeakSet();
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    var target = event.detail.target;
    if (elt.matches("#entry form") && target && target.id === "board") saves.add(event.detail.xhr);
  });
  // The form is swapped out by then: htmx says so on the nearest element still on the page, once.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || !saves.has(xhr)) return;
    saves.delete(xhr);
    if (xhr.status >= 400) {
      showRefusal(document.querySelector("#entry .error-box, #entry .error"));
    } else if (event.detail.successful) {
      // The edit link to keep has been seen: it folds into its "Share edit access" button.
      var keep = document.getElementById("keep-link");
      if (keep) keep.open = false;
      var board = document.getElementById("board");
      if (board) board.scrollIntoView({ block: "start" });
    }
  });
  function showRefusal(message) {
    if (!message) return;
    message.scrollIntoView({ block: "center" });
    var announcer = document.getElementById("announcer");
    if (announcer) announcer.textContent = message.textContent.trim();
  }
})();

// A button marked data-then-show replaces part of a form and then shows the form's next step (`data-then-show`, a
// selector), not wherever the swap left the page: filling the Piquet declarations from the cards goes on to the
// play, where the page was otherwise left at its very bottom. A refusal shows its first message instead.
(function () {
  "use strict";
  var pending = new WeakMap();
  document.addEventListener("htmx:beforeRequest", function (event) {
    var show = event.detail.elt.dataset && event.detail.elt.dataset.thenShow;
    if (show) pending.set(event.detail.xhr, show);
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var xhr = event.detail.xhr;
    var show = xhr && pending.get(xhr);
    if (!show) return;
    pending.delete(xhr);
    var part = xhr.status >= 400 ? document.querySelector(".error-box, .error") : document.querySelector(show);
    if (part) part.scrollIntoView({ block: xhr.status >= 400 ? "center" : "start" });
  });
})();

// The Piquet trick strip in runs: tapping a trick's winner gives that player the tricks after it too, up to
// the next trick tapped by hand ("Ann won tricks 1-6" is one tap). Listened to while capturing, so the
// tricks are filled before htmx reads the form for the live verdicts.
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var trick = event.target.closest(".trick-strip .trick");
    if (!trick || event.target.type !== "radio") return;
    trick.dataset.tapped = "1";
    var tricks = Array.prototype.slice.call(trick.closest(".trick-strip").querySelectorAll(".trick"));
    for (var i = tricks.indexOf(trick) + 1; i < tricks.length && !tricks[i].dataset.tapped; i += 1) {
      var same = tricks[i].querySelector("input[value='" + event.target.value + "']");
      if (same) same.checked = true;
    }
  }, true);
})();

// The Piquet point: on a touch screen, the number of cards tapped goes on to its value (the number pad opens), and
// "Not good" clears the value, which is then not announced; a value typed after it takes "Not good" back. Listened
// to while capturing, before htmx reads the form.
(function () {
  "use strict";
  var touch = window.matchMedia("(pointer: coarse)");
  document.addEventListener("input", function (event) {
    var value = event.target;
    var block = value.matches && value.matches(".declare-block input.value") && value.closest(".declare-block");
    var notGood = block && block.querySelector(".not-good input:checked");
    var none = notGood && block.querySelector("input[name='" + notGood.name + "'][value='']");
    if (none && value.value !== "") none.checked = true;
  }, true);
  document.addEventListener("change", function (event) {
    var input = event.target;
    var block = input.type === "radio" && /-point-cards$/.test(input.name) && input.closest(".declare-block");
    var value = block && block.querySelector("input.value");
    if (!value) return;
    if (!/^\d+$/.test(input.value)) {
      if (input.closest(".not-good")) value.value = "";
    } else if (touch.matches && value.value === "") {
      value.focus();
    }
  }, true);
})();

// On a touch screen, number fields on entry forms move on by themselves once the number is complete (a bid of
// 5, a trick count of 12), so a hand is typed without tapping each field: the next blank one is chosen, or at
// the end Save. A 1 waits, since 10-13 are possible; a digit after it that would pass the maximum (the 4 of
// counts 3, 1, 4) belongs to the next field: the 1 stays and the digit goes on. A keyboard (with a mouse or
// not) keeps Tab, which moves the focus only when asked.
(function () {
  "use strict";
  var touch = window.matchMedia("(pointer: coarse)");
  function isComplete(input) {
    var value = input.value;
    var max = parseInt(input.max, 10);
    if (!/^\d+$/.test(value) || isNaN(max)) return false;
    if (value === "0") return true;
    // Complete when no further digit could make a number within the maximum (1 may still become 10-13).
    return parseInt(value + "0", 10) > max;
  }
  // The fields after `input` that `wanted` accepts, in order.
  function fieldsAfter(input, wanted) {
    var fields = Array.prototype.filter.call(input.form.querySelectorAll("input[data-advance]"), function (field) {
      return field.offsetParent !== null && !field.disabled;
    });
    var index = fields.indexOf(input);
    return index < 0 ? null : fields.slice(index + 1).filter(wanted);
  }
  function nextField(input) {
    var blanks = fieldsAfter(input, function (field) { return field.value === ""; });
    if (!blanks) return null;
    return blanks[0] || input.form.querySelector("button.primary[type=submit]");
  }
  // A digit that passes the maximum goes on to the next field still open (blank, or filled in by the page).
  function spill(input, event) {
    var value = input.value;
    var max = parseInt(input.max, 10);
    if (event.inputType !== "insertText" || !/^\d\d+$/.test(value) || parseInt(value, 10) <= max) return false;
    var kept = value.slice(0, -1);
    var digit = value.slice(-1);
    if (event.data !== digit || parseInt(kept, 10) > max) return false;
    var open = fieldsAfter(input, function (field) { return field.value === "" || Boolean(field.dataset.filled); });
    if (!open || !open.length) return false;
    input.value = kept;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    open[0].focus();
    open[0].value = digit;
    open[0].dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText", data: digit }));
    return true;
  }
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!touch.matches || !input.matches || !input.matches("input[data-advance]") || event.inputType === undefined) return;
    if (spill(input, event) || !isComplete(input)) return;
    var next = nextField(input);
    if (next) next.focus();
  });
})();

// Card pickers: show how many cards are tapped (a hand has 12).
(function () {
  "use strict";
  function count(picker) {
    var output = picker.querySelector("output.count");
    if (!output) return;
    var checked = picker.querySelectorAll("input:checked").length;
    output.textContent = checked + "/12";
    output.classList.toggle("full", checked === 12);
  }
  document.addEventListener("change", function (event) {
    var picker = event.target.closest(".picker");
    if (picker) count(picker);
  });
  function countAll(root) { root.querySelectorAll(".picker").forEach(count); }
  whenParsed(function () { countAll(document); });
  document.addEventListener("htmx:afterSettle", function (event) { countAll(event.target); });
})();

// The summary's Print button (shown by the script, which alone can press it).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) window.print();
  });
})();

// Live game pages: poll with the ETag of what is shown (an unchanged game answers 304 Not Modified),
// never while this phone's own save is on its way, and keep the screen awake while a game is open.
(function () {
  "use strict";
  var watched = new WeakSet();
  var saving = new Set(); // requests that will replace the board: a save, an undo

  function isPoll(elt) { return Boolean(elt) && elt.id === "live"; }
  function show(live, state) {
    if (live.dataset.state === state) return;
    live.dataset.state = state;
    live.querySelectorAll("[data-live]").forEach(function (part) { part.hidden = part.dataset.live !== state; });
  }

  document.addEventListener("htmx:load", function () {
    var live = document.getElementById("live");
    if (!live || watched.has(live)) return;
    watched.add(live);
    show(live, "on");
    // A poll answered after this phone replaced the board is older than the board: drop it. Listened
    // to on the element itself, since the events of a detached element no longer reach the document.
    live.addEventListener("htmx:beforeSwap", function (event) {
      if (!live.isConnected) event.detail.shouldSwap = false;
    });
  });
  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (isPoll(elt) && elt.dataset.etag) event.detail.headers["If-None-Match"] = elt.dataset.etag;
  });
  // A hidden tab does not poll (the check lives here, not in a trigger filter, which htmx would eval).
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPoll(event.detail.elt) && (saving.size || document.visibilityState !== "visible")) event.preventDefault();
  });
  document.addEventListener("htmx:beforeSend", function (event) {
    if (event.detail.target && event.detail.target.id === "board") saving.add(event.detail.xhr);
  });
  // A poll that brought new scores says them to screen readers, which the swapped board would not.
  function announceScores() {
    var announcer = document.getElementById("announcer");
    if (!announcer) return;
    var scores = Array.prototype.map.call(document.querySelectorAll(".scoreboard tbody tr"), function (row) {
      return row.querySelector("th").firstChild.textContent.trim() + " " + row.querySelector("td.score").textContent.trim();
    });
    announcer.textContent = announcer.dataset.prefix + " " + scores.join(", ");
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    saving.delete(event.detail.xhr);
    var live = event.detail.elt;
    if (!isPoll(live)) return;
    if (event.detail.xhr.status === 200) {
      live.dataset.etag = event.detail.xhr.getResponseHeader("ETag") || "";
      announceScores();
    }
    show(live, event.detail.successful ? "on" : "lost");
  });
  // Hands someone had opened to read stay open when the history is brought up to date.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    event.detail.target.querySelectorAll("details[open][id]").forEach(function (details) {
      var fresh = event.detail.fragment.querySelector("#" + CSS.escape(details.id));
      if (fresh) fresh.open = true;
    });
  });

  var lock = null;
  var asking = false;
  function onGamePage() { return Boolean(document.getElementById("live")); }
  function keepAwake() {
    if (!("wakeLock" in navigator) || lock || asking || document.visibilityState !== "visible" || !onGamePage()) return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      sentinel.addEventListener("release", function () { lock = null; });
      if (!onGamePage()) sentinel.release();
    }, function () {
      // Refused (battery saver, a browser policy): the screen sleeps as it always did.
    }).then(function () { asking = false; });
  }
  whenParsed(keepAwake);
  // The browser lets go of the lock when the tab is hidden; take it again on coming back.
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("htmx:load", function () {
    if (lock && !onGamePage()) lock.release();
    keepAwake();
  });
})();

// The big screen's round clock: counts down to the deadline the page carries, turning red in the last 5 minutes,
// and writes the deadline's time in the screen's own time zone (the server writes it in its own).
(function () {
  "use strict";
  var CLOSING = 5 * 60 * 1000;
  function pad(number) { return (number < 10 ? "0" : "") + number; }
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (clock) {
      var left = Math.max(0, Date.parse(clock.dataset.deadline) - Date.now());
      var seconds = Math.ceil(left / 1000);
      var shown = clock.querySelector("[data-countdown]");
      shown.textContent = Math.floor(seconds / 60) + ":" + pad(seconds % 60);
      shown.hidden = false;
      clock.classList.toggle("closing", left <= CLOSING);
      var at = clock.querySelector("time");
      at.textContent = new Date(clock.dataset.deadline).toLocaleTimeString(document.documentElement.lang || [],
                                                                            { hour: "2-digit", minute: "2-digit" });
    });
  }
  whenParsed(function () { tick(); setInterval(tick, 1000); });
})();
