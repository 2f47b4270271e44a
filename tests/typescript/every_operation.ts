// Every operation of the API, called through openapi-fetch with the types openapi-typescript generates from the
// document (tests/web/test_generated_typescript.py generates ./api.d.ts beside a copy of this file, then runs
// `tsc --noEmit`): a field, a path or a header the document does not describe fails to compile.
import createClient from "openapi-fetch";
import type { components, paths } from "./api";

type Schemas = components["schemas"];

const api = createClient<paths>({ baseUrl: "https://scores.example" });

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

export async function playEveryOperation(): Promise<string[]> {
  const seen: string[] = [];
  const document = await api.GET("/api/v1/openapi.json");
  if (document.data) seen.push("openapi.json");

  const created = await api.POST("/api/v1/games", {
    body: { game: "dummy-spades", players: ["Ann", "Ben", "Cid"], first_dealer: "Ann", settings: { style: "mirror" } },
    params: { header: { "Idempotency-Key": crypto.randomUUID() } },
  });
  if (!created.data) return created.error.errors.map((error) => `${error.field}: ${error.message}`);
  const game: Schemas["CreatedGame"] = created.data;
  const path = { game_id: game.id };
  const table = bearer(game.edit_token);

  const read = await api.GET("/api/v1/games/{game_id}", { params: { path, header: { "If-None-Match": '"0"' } } });
  const etag = read.response.headers.get("ETag") ?? "*";
  const bids: Schemas["DummySpadesHand"]["bids"] = [
    { player: "Ann", bid: 7 }, { player: "Ben", bid: 5, nil: ["Cid"] }, { player: "Cid", bid: 6 },
  ];
  const posted = await api.POST("/api/v1/games/{game_id}/hands", {
    params: { path, header: { "If-Match": etag } }, headers: table, body: { bids, number: 1 },
  });
  if (posted.data && !posted.data.complete) seen.push(`hand ${posted.data.number} waits`);
  const replaced = await api.PUT("/api/v1/games/{game_id}/hands/{number}", {
    params: { path: { ...path, number: 1 }, header: { "If-Match": '"1"' } }, headers: table,
    body: { bids, tricks: { Ann: 5, dummy: 3, Ben: 2, Cid: 3 } },
  });
  if (replaced.data) seen.push(`version ${replaced.data.game.version}`);
  const removed = await api.DELETE("/api/v1/games/{game_id}/hands/{number}", {
    params: { path: { ...path, number: 1 }, header: { "If-Match": '"2"' } }, headers: table,
  });
  if (removed.response.status === 204) seen.push("undone");
  const next = await api.POST("/api/v1/games/{game_id}/next", { params: { path }, headers: table });
  if (next.error) seen.push(next.error.errors[0].message);

  const exported: Schemas["ExportedGame"] = { game: game.game, players: game.players, hands: [] };
  const imported = await api.POST("/api/v1/games/import", { body: exported });
  if (imported.data) seen.push(imported.data.edit_token);

  const checked = await api.POST("/api/v1/piquet/check", {
    body: {
      elder: "7H AD 9S AH 8S AS 7C TH JH 7D 9C TC".split(" "),
      younger: "KC QS QD QH KD QC KH KS 9D JC 8C 8H".split(" "),
      carte_blanche: null,
    },
  });
  if (checked.data) seen.push(checked.data.classes.point.good ?? "nobody");

  const ladder = await api.POST("/api/v1/ladders", { body: { name: "Thursday club", game: "dummy-spades" } });
  if (!ladder.data) return seen;
  const ratings = await api.GET("/api/v1/ladders/{ladder_id}", { params: { path: { ladder_id: ladder.data.id } } });
  if (ratings.data) seen.push(...ratings.data.ratings.map((line) => `${line.place}. ${line.player} ${line.rating}`));

  const night = await api.POST("/api/v1/events", {
    headers: bearer(ladder.data.edit_token),
    body: { name: "Week 1", game: "dummy-spades", players: ["Ann", "Ben", "Cid"], rounds: 1, hands_per_round: 1,
            ladder: ladder.data.id },
  });
  if (!night.data) return seen;
  const event = { event_id: night.data.id };
  const seated = await api.POST("/api/v1/events/{event_id}/rounds", {
    params: { path: event }, headers: bearer(night.data.edit_token),
  });
  const first = seated.data?.tables[0];
  if (first?.edit_token) {
    const confirmed = await api.POST("/api/v1/events/{event_id}/tables/{round_number}/{number}/confirm", {
      params: { path: { ...event, round_number: first.round, number: first.table } },
      headers: bearer(first.edit_token), body: { player: first.players[1] },
    });
    if (confirmed.data) seen.push(`${confirmed.data.tables[0].confirmed_by}`);
  }
  const standings = await api.GET("/api/v1/events/{event_id}", { params: { path: event } });
  if (standings.data) seen.push(...standings.data.standings.map((line) => `${line.place}. ${line.player}`));
  return seen;
}
