"""The generated secret key (config.instance_secret_key) is readable by its owner only."""

from __future__ import annotations

import stat

from scorekeeper.config import instance_secret_key


def test_the_generated_key_is_readable_by_its_owner_only(tmp_path):
    key = instance_secret_key(tmp_path)

    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert instance_secret_key(tmp_path) == key
    assert [path.name for path in tmp_path.iterdir()] == ["secret_key"]


def test_a_key_written_world_readable_before_is_made_private(tmp_path):
    (tmp_path / "secret_key").write_text("old key\n", encoding="ascii")
    (tmp_path / "secret_key").chmod(0o644)

    assert instance_secret_key(tmp_path) == "old key"
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
