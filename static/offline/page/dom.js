// Small pieces of page every part of the offline page draws with: an element, a button, a note above the form, a
// hidden field. No state.

// After a save, how long before its note says the scorer is still starting (most answers come sooner).
export const CHECKING_NOTE_MS = 500;

export function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

export function button(text, action) {
  const made = element("button", "button", text);
  made.type = "button";
  made.addEventListener("click", action);
  return made;
}

// The page's one note about a save, at the top of `where` (the entry area by default); null takes it away.
export function note(text, where) {
  const entry = where || document.getElementById("entry");
  if (!entry) return;
  const old = entry.querySelector(".offline-note");
  if (old) old.remove();
  if (!text) return;
  const paragraph = element("p", "offline-note", text);
  paragraph.setAttribute("role", "status");
  entry.prepend(paragraph);
}

// The form's hidden field `name` set to `value` (made before the key if missing); null takes it out.
export function hidden(form, name, value) {
  let field = form.querySelector("input[type=hidden][name=" + name + "]");
  if (value === null) { if (field) field.remove(); return; }
  if (!field) {
    field = element("input");
    field.type = "hidden";
    field.name = name;
    form.querySelector("input[name=request_key]").before(field);
  }
  field.value = String(value);
}

// The board in a page the server sent, as HTML, or null.
export function boardIn(html) {
  const board = new DOMParser().parseFromString(html, "text/html").getElementById("board");
  return board ? board.outerHTML : null;
}
