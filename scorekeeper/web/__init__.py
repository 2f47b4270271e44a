"""Request helpers shared by every page and endpoint, with no routes and no game: security headers, languages,
htmx, Vary, static assets, edit access, charts, spreadsheets and links."""
