// A form that names players where it means their roles (Piquet's deal form: "Ann elder", "Who won each trick? Ann
// is elder"), kept right on the phone: the dealer alternates, so a form readied for a deal an odd number of places
// from the one it was drawn for has the two names swapped, everywhere in it. Its fields stay by role. Which games
// do this is their adapter's word (`formByRole`).
import { element } from "./dom.js";
import { gameHere } from "./reading.js";
import { escaped, fill } from "./text.js";

export function byRole() { return Boolean(gameHere() && gameHere().formByRole); }

// The form's names swapped as deal `number` has its roles.
export function seatRoles(form, number) {
  if (!byRole()) return;
  const drawnFor = Number(form.dataset.drawnFor || form.querySelector("input[name=hand]").value);
  form.dataset.drawnFor = String(drawnFor);
  drawnNames(form);
  const swapped = gameHere().rolesSwapped(drawnFor, number);
  if (swapped === (form.dataset.swapped === "1")) return;
  form.dataset.swapped = swapped ? "1" : "0";
  const names = drawnNames(form);
  if (!names) return;
  const pattern = new RegExp("(^|[^\\p{L}\\p{N}])(" + names.map(escaped).join("|") + ")(?![\\p{L}\\p{N}])", "gu");
  const other = (whole, before, name) => before + (name === names[0] ? names[1] : names[0]);
  const walker = document.createTreeWalker(form, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) node.nodeValue = node.nodeValue.replace(pattern, other);
  form.querySelectorAll("[aria-label]").forEach((field) => {
    field.setAttribute("aria-label", field.getAttribute("aria-label").replace(pattern, other));
  });
}

// Elder's and younger's names as the form was drawn: the first trick's two chips.
function drawnNames(form) {
  if (!form.dataset.names) {
    const chip = (role) => {
      const radio = form.querySelector(".trick input[type=radio][value=" + role + "]");
      const label = radio && radio.closest("label");
      return label ? label.textContent.trim() : "";
    };
    form.dataset.names = JSON.stringify([chip("elder"), chip("younger")]);
  }
  const names = JSON.parse(form.dataset.names);
  return names[0] && names[1] && names[0] !== names[1] ? names : null;
}

// The pique question, which the server's page asks while typing the announced totals: asked offline once the
// phone's engine says the totals leave it open ("Pique is possible here: say whether elder piqued.").
export function askPique(form, texts) {
  const place = form.querySelector("#pique-question");
  if (!place || place.querySelector("[name=pique]")) return;
  const names = drawnNames(form) || ["", ""];
  const fieldset = element("fieldset", "chips has-error");
  fieldset.append(element("legend", "", fill(texts.piqueQuestion, { name: names[form.dataset.swapped === "1" ? 1 : 0] })));
  [["yes", texts.piqueYes], ["no", texts.piqueNo]].forEach(([value, text]) => {
    const label = element("label", "chip");
    const radio = element("input");
    radio.type = "radio";
    radio.name = "pique";
    radio.value = value;
    label.append(radio, element("span", "", text));
    fieldset.append(label);
  });
  place.replaceChildren(fieldset);
}

// What the server said while typing (who is good, the trick points, the pique question) was about the last deal.
export function clearVerdicts(form) {
  form.querySelectorAll(".verdict, #verdict-extra, #trick-points, #pique-question").forEach((verdict) => {
    verdict.textContent = "";
  });
  form.querySelectorAll(".trick[data-tapped]").forEach((trick) => { delete trick.dataset.tapped; });
}

// A deal edited offline: the form names deal `number`'s elder and younger, says nothing of the deal it was typed
// for, and asks the pique when the deal has it; `fields` null: the edit is over.
export function dealForEdit(form, number, fields, texts) {
  if (!byRole()) return;
  seatRoles(form, number);
  clearVerdicts(form);
  if (fields && (fields.pique || [""])[0]) askPique(form, texts);
}
