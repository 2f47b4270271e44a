"""The JSON API (API.md): its endpoints, the helpers every endpoint shares, and the game object."""
