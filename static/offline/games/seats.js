// Seats around a table, for the games whose players bid in turn.

// The seats in bidding order for a hand: the one after the dealer first, the dealer last.
export function afterDealer(count, dealer) {
  if (!(count > 0) || dealer < 0 || dealer >= count) return null;
  return Array.from({ length: count }, (unused, place) => (dealer + 1 + place) % count);
}
