// What another phone did to a game, in words, hand by hand: the game object this phone held when its changes were
// typed against the server's now (both as the API gives them, docs/api.md). No page: the sentences are the page's,
// in its language, given as `words`.

// Each hand's points for each side (a player, or a team), whatever the game: "delta" where hands add to a total,
// else the hand's "total" (a Piquet deal).
export function pointsOf(hand) {
  const sides = hand.teams || hand.players || {};
  const points = {};
  Object.keys(sides).forEach((side) => {
    const value = "delta" in sides[side] ? sides[side].delta : sides[side].total;
    if (typeof value === "number") points[side] = value;
  });
  return points;
}

// One sentence per hand the other phone recorded, changed or undid, in the server's order, the undone last. `words`:
// recorded(number), changed(number, "Ann +71 → +61, Ben +50 → +42"), changedSame(number) (changed, the same
// points), undid(number), and signed(points) ("+71", "−10").
export function changesBetween(before, now, words) {
  if (!before || !now || !before.hands || !now.hands) return [];
  const held = new Map(before.hands.map((hand) => [hand.number, hand]));
  const lines = [];
  now.hands.forEach((hand) => {
    const was = held.get(hand.number);
    held.delete(hand.number);
    if (!was) { lines.push(words.recorded(hand.number)); return; }
    if (JSON.stringify(was.entry) === JSON.stringify(hand.entry)) return;
    const old = pointsOf(was);
    const fresh = pointsOf(hand);
    const moves = Object.keys(fresh).filter((side) => side in old && old[side] !== fresh[side])
      .map((side) => `${side} ${words.signed(old[side])} \u2192 ${words.signed(fresh[side])}`);
    lines.push(moves.length ? words.changed(hand.number, moves.join(", ")) : words.changedSame(hand.number));
  });
  held.forEach((hand, number) => lines.push(words.undid(number)));
  return lines;
}
