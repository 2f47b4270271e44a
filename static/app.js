// Small enhancements; every page works without them.
(function () {
  "use strict";

  function showSteppers(root) {
    root.querySelectorAll(".stepper .step[hidden]").forEach(function (button) { button.hidden = false; });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".stepper .step");
    if (!button) return;
    var input = button.parentElement.querySelector("input");
    var value = parseInt(input.value, 10);
    if (isNaN(value)) value = 0; else value += parseInt(button.dataset.step, 10);
    input.value = Math.max(0, Math.min(13, value));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // With three hands' tricks typed, fill in the fourth to make 13.
  document.addEventListener("input", function (event) {
    if (!event.target.classList.contains("trick-count")) return;
    delete event.target.dataset.filled;
    var inputs = Array.prototype.slice.call(event.target.closest(".tricks").querySelectorAll(".trick-count"));
    inputs.forEach(function (input) { if (input !== event.target && input.dataset.filled) { input.value = ""; delete input.dataset.filled; } });
    var blanks = inputs.filter(function (input) { return input.value === ""; });
    if (blanks.length !== 1) return;
    var sum = inputs.reduce(function (total, input) { return total + (parseInt(input.value, 10) || 0); }, 0);
    if (sum <= 13) { blanks[0].value = 13 - sum; blanks[0].dataset.filled = "1"; }
  });

  document.addEventListener("DOMContentLoaded", function () { showSteppers(document); });
  document.addEventListener("htmx:afterSettle", function (event) { showSteppers(event.target); });
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
  document.addEventListener("DOMContentLoaded", function () { countAll(document); });
  document.addEventListener("htmx:afterSettle", function (event) { countAll(event.target); });
})();
