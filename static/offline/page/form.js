// The entry form of a hand, read and readied: what was typed in words, the form's own checks, a kept hand put
// back, the form readied for the next hand. No state: each function works on the form it is given.
import { after, fieldOf, firstStep } from "../queue.js";
import { hidden } from "./dom.js";
import { clearVerdicts, seatRoles } from "./roles.js";
import { fill, newKey } from "./text.js";

function typedInto(field) {
  return Boolean(field.name) && !["hidden", "submit", "button"].includes(field.type);
}

function labelOf(field) {
  const label = field.labels && field.labels[0];
  return (label ? label.textContent : field.getAttribute("aria-label") || field.name).replace(/\s+/g, " ").trim();
}
function legendOf(field) {
  const fieldset = field.closest("fieldset");
  const legend = fieldset && fieldset.querySelector("legend");
  return legend ? legend.textContent.replace(/\s+/g, " ").trim() : "";
}

// What was typed, as lines a player reads ("Tricks taken by each hand: Ann 5, Ben 3"), in the form's order.
export function summary(form) {
  const lines = [];
  const byLegend = {};
  Array.prototype.forEach.call(form.elements, (field) => {
    if (!typedInto(field)) return;
    if ((field.type === "checkbox" || field.type === "radio") && !field.checked) return;
    if (field.tagName === "SELECT" && !field.value) return; // a menu left at "–" (Piquet's sets)
    const value = field.tagName === "SELECT" ? (field.selectedOptions[0] || {}).textContent : field.value;
    if (!value || !String(value).trim()) return;
    const choice = field.type === "checkbox" || field.type === "radio";
    const part = choice ? labelOf(field) : labelOf(field) + " " + String(value).trim();
    const legend = legendOf(field);
    if (!(legend in byLegend)) { byLegend[legend] = []; lines.push({ legend, parts: byLegend[legend] }); }
    byLegend[legend].push(part);
  });
  return lines.map((line) => (line.legend ? line.legend + ": " : "") + line.parts.join(", "));
}

// The form's own checks: each field's limits, and numbers that must add up to a group's data-total. The message
// (`texts.invalid`, `texts.total`), or null; the fields at fault are marked and the first focused.
export function problems(form, texts) {
  form.querySelectorAll("[data-offline-invalid]").forEach((field) => {
    field.removeAttribute("data-offline-invalid");
    field.removeAttribute("aria-invalid");
  });
  let bad = [];
  let message = null;
  Array.prototype.forEach.call(form.elements, (field) => {
    if (field.willValidate && !field.checkValidity()) bad.push(field);
  });
  if (bad.length) message = texts.invalid;
  form.querySelectorAll("[data-total]").forEach((group) => {
    const numbers = Array.from(group.querySelectorAll("input[type=number]"));
    const filled = numbers.filter((field) => field.value.trim() !== "");
    const sum = filled.reduce((total, field) => total + Number(field.value), 0);
    if (filled.length && (filled.length < numbers.length || sum !== Number(group.dataset.total))) {
      bad = bad.concat(numbers);
      message = (message ? message + " " : "") + fill(texts.total, { total: group.dataset.total });
    }
  });
  markInvalid(bad);
  return message;
}

// Fields marked as the server's page marks them, the first focused.
export function markInvalid(fields) {
  fields.forEach((field) => {
    field.setAttribute("data-offline-invalid", "");
    field.setAttribute("aria-invalid", "true");
  });
  if (fields.length) fields[0].focus();
}

// The fields of `form` set as `fields` ({name: [values]}) has them, without events.
export function setValues(form, fields) {
  Array.prototype.forEach.call(form.elements, (field) => {
    if (!typedInto(field)) return;
    const values = fields[field.name] || [];
    if (field.type === "checkbox" || field.type === "radio") field.checked = values.includes(field.value);
    else field.value = values[0] || "";
  });
}

// What was typed for a kept hand, back in the form (the form keeps its own number, version and key).
export function putBack(entry, form) {
  const fields = {};
  entry.fields.forEach(([name, value]) => { (fields[name] = fields[name] || []).push(value); });
  setValues(form, fields);
  const bid = form.querySelector(".live-bids input"); // what the bids put back decide, asked again
  if (bid) bid.dispatchEvent(new Event("change", { bubbles: true }));
  const first = form.querySelector("input:not([type=hidden]), select");
  if (first) first.focus();
}

// A form drawn before the hands in line (the page's kept copy, opened again; a board the server sent while more
// hands waited) is readied for the hand after the last of them.
export function alignForm(form, last) {
  if (form.inert) return; // its hand is kept and being checked: readied once the scorer has said
  const at = form.querySelector("input[name=hand]");
  if (at && Number(at.value) !== after(last)) readyForNext(form, last);
}

// The form, ready for the next hand once `kept` is kept: its number and version, a new key, nothing typed. After a
// first step (the bids, the declarations) what was typed stays, for the play to complete it.
export function readyForNext(form, kept) {
  const number = after(kept);
  seatRoles(form, number);
  hidden(form, "hand", number);
  hidden(form, "completes", firstStep(kept) ? number : null);
  hidden(form, "version", Number(fieldOf(kept, "version")) + 1);
  hidden(form, "request_key", newKey());
  if (firstStep(kept)) return;
  const preview = form.querySelector("#bidding-preview"); // what the kept hand's bids decided
  if (preview) preview.replaceChildren();
  Array.prototype.forEach.call(form.elements, (field) => {
    if (field.type === "number" || field.type === "text") field.value = "";
    if (field.type === "checkbox") field.checked = false;
    if (field.type === "radio") field.checked = field.defaultChecked; // Piquet's chips: "–", trick by trick
    if (field.tagName === "SELECT") field.value = "";
  });
  clearVerdicts(form);
}
