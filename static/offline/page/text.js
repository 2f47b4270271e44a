// Words and numbers as the page shows them, in its language (`language`: the page's lang, or undefined). No DOM, no
// state: tests/js/page-text.test.mjs.

// A sentence of the page with its {names} filled in; a name without a value stays as written.
export function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
}

// A time of today as its hour ("14:05"), of another day with its date.
export function clock(time, language, now = new Date()) {
  const date = new Date(time);
  const today = date.toDateString() === now.toDateString();
  const format = today ? { hour: "numeric", minute: "2-digit" } : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(language, format).format(date);
}

// Points as the board writes them: a true minus sign, no plus.
export function written(value, language) {
  return new Intl.NumberFormat(language).format(Math.abs(value)).replace(/^/, value < 0 ? "\u2212" : "");
}

// Points that moved, signed: "+71", "−10", "0".
export function signed(value, language) {
  return new Intl.NumberFormat(language, { signDisplay: "exceptZero" }).format(value).replace("-", "\u2212");
}

// A hand's points as its line in the history shows them: "+40", "−10", "0".
export function delta(points, language) {
  return (points > 0 ? "+" : "") + written(points, language);
}

// `text` matched literally inside a regular expression.
export function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// A fresh key for a change (its Idempotency-Key): 16 random bytes, URL-safe base64 without padding.
export function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// A kept change's fields as the engine reads a form: each name with the list of its values.
export function typedFields(hand) {
  const fields = {};
  hand.fields.forEach(([name, value]) => { (fields[name] = fields[name] || []).push(value); });
  return fields;
}

// The value of the first field named `name` in a list of [name, value] pairs, or null.
export function pairValue(fields, name) {
  const pair = fields.find((field) => field[0] === name);
  return pair ? pair[1] : null;
}
