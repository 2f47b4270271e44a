// Seats around a table, for the games whose players bid in turn.

// The seats in bidding order for a hand: the one after the dealer first, the dealer last.
export function afterDealer(count, dealer) {
  if (!(count > 0) || dealer < 0 || dealer >= count) return null;
  return Array.from({ length: count }, (unused, place) => (dealer + 1 + place) % count);
}

// An adapter's answers for a game whose players bid in turn after the dealer and are named by seat (both Spades
// games): each game's adapter is this with its name.
export const biddingInTurn = {
  // The phone's engine (rules/board.py under Pyodide) scores its hands.
  scoredHere: true,
  // The seats in bidding order for hand 1 of a game set up on this phone (the blank page lists them from the
  // placeholders' dealer); null when the game has no bids.
  biddingSeats: (players, firstDealer) => afterDealer(players.length, players.indexOf(firstDealer)),
  // The seat whose name stands first on the blank page's form: the players are named by seat.
  firstNamedSeat: () => 0,
  // A hand's typed fields for hand `to` instead of `from`: each field is its player's whoever deals.
  movedFields: (fields) => fields,
  // Whether the form names the players by their roles in the hand (fields, labels), which a later hand can swap.
  formByRole: false,
  // Whether a form drawn for hand `drawnFor` names the players the other way round for hand `number`.
  rolesSwapped: () => false,
  // The board's own line of where the game stands, put in place of the phone's "X deals hand 4"; null: none.
  statusLine: () => null,
  // The question the form asks only once the engine says it is open (a field's name), or null.
  openQuestion: null,
};
