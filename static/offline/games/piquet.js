// Piquet on the phone offline: two players, elder and younger, the dealer alternating each deal. The deal form
// names the players where it means their roles, and its fields are by role ("elder-point", a trick won by
// "younger").
const ROLE = /elder|younger/g;

function swapRoles(text) {
  return text.replace(ROLE, (role) => (role === "elder" ? "younger" : "elder"));
}
function swapped(from, to) {
  return Math.abs(to - from) % 2 === 1;
}

export default {
  name: "piquet",
  scoredHere: true,
  // No bids.
  biddingSeats: () => null,
  // The blank page's form names the placeholders' dealer first (younger, then elder): the game's dealer takes
  // that place.
  firstNamedSeat: (players, firstDealer) => Math.max(0, players.indexOf(firstDealer)),
  // A deal typed for deal `from` and recorded as deal `to`: an odd number of deals later elder and younger have
  // swapped, so what each player declared and won goes with that player, under the other role. The pique, elder's
  // alone, is asked again.
  movedFields: (fields, from, to) => {
    if (!swapped(from, to)) return fields;
    return fields.filter(([name]) => name !== "pique").map(([name, value]) => [
      swapRoles(name), /^(elder|younger)$/.test(value) ? swapRoles(value) : value]);
  },
  // The deal form's fields are by role, and its own helpers set other fields as one is set (a trick's winner given
  // to the tricks after it): an edit sets its values again without events.
  formByRole: true,
  rolesSwapped: swapped,
  // "Deal 3 of 6: Ben deals, Ann is elder.", or the partie's end: the engine's own line.
  statusLine: (board) => board.status_line || null,
  // Asked while typing the announced totals, once the engine says they leave the pique open.
  openQuestion: "pique",
};
