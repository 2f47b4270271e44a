"""The JSON API (docs/api.md): its endpoints, the helpers every endpoint shares, and the game object."""
