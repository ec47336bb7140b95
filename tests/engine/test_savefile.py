"""engine.savefile: a save is complete at every instant, whatever step a kill stops."""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path

import pytest

from engine import savefile
from engine.savefile import read_save, write_atomically

needs_swap = pytest.mark.skipif(
    savefile._exchanger() is None, reason="no renameat2 swap on this system"
)


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@needs_swap
def test_the_quick_write_swaps_the_new_save_in_and_keeps_the_one_before(tmp_path: Path) -> None:
    path = tmp_path / "lan.json"
    write_atomically(path, '{"n": 1, "pad": "xxxxxxxxxx"}', durable=False)
    assert names(tmp_path) == ["lan.json"]  # the first: nothing to swap with
    write_atomically(path, '{"n": 2, "pad": "xxxxxxxxxxxxxxxxxxxx"}', durable=False)
    assert path.read_text() == '{"n": 2, "pad": "xxxxxxxxxxxxxxxxxxxx"}'
    assert (tmp_path / ".lan.json.tmp").read_text() == '{"n": 1, "pad": "xxxxxxxxxx"}'
    # The next one overwrites the older file in place, cut to its new length.
    first_inode = (tmp_path / ".lan.json.tmp").stat().st_ino
    write_atomically(path, '{"n": 3}', durable=False)
    assert path.read_text() == '{"n": 3}' and path.stat().st_ino == first_inode
    assert (tmp_path / ".lan.json.tmp").read_text() == '{"n": 2, "pad": "xxxxxxxxxxxxxxxxxxxx"}'
    assert names(tmp_path) == [".lan.json.tmp", "lan.json"]
    for p in tmp_path.iterdir():
        assert stat.S_IMODE(p.stat().st_mode) == 0o600
    assert read_save(path) == '{"n": 3}'


@needs_swap
def test_a_kill_while_the_quick_write_writes_leaves_the_last_save_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "lan.json"
    write_atomically(path, json.dumps({"n": 1}), durable=False)
    write_atomically(path, json.dumps({"n": 2}), durable=False)
    real_pwrite = os.pwrite

    def killed_halfway(fd: int, data: bytes, offset: int) -> int:
        real_pwrite(fd, bytes(data[: len(data) // 2]), offset)
        raise KeyboardInterrupt  # stands for SIGKILL in the middle of the write

    monkeypatch.setattr(savefile.os, "pwrite", killed_halfway)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(path, json.dumps({"n": 3, "long": "y" * 100}), durable=False)
    monkeypatch.undo()
    assert json.loads(read_save(path)) == {"n": 2}

    # Killed after the write, before the swap: the same.
    monkeypatch.setattr(savefile, "_exchange_state", _killed_swap)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(path, json.dumps({"n": 4}), durable=False)
    monkeypatch.undo()
    assert json.loads(read_save(path)) == {"n": 2}
    write_atomically(path, json.dumps({"n": 5}), durable=False)
    assert json.loads(read_save(path)) == {"n": 5}


def _killed_swap(_first: bytes, _second: bytes) -> None:
    raise KeyboardInterrupt


def test_a_file_system_that_cannot_swap_gets_remove_and_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[bytes, bytes]] = []

    def cannot(first: bytes, second: bytes) -> None:
        calls.append((first, second))
        raise OSError(errno.EINVAL, "Invalid argument")

    path = tmp_path / "lan.json"
    write_atomically(path, '{"n": 1}', durable=False)
    monkeypatch.setattr(savefile, "_exchange_state", cannot)
    write_atomically(path, '{"n": 2}', durable=False)
    assert calls == [(os.fsencode(tmp_path / ".lan.json.tmp"), os.fsencode(path))]
    assert path.read_text() == '{"n": 2}' and names(tmp_path) == ["lan.json"]
    assert savefile._exchange_state is False  # not tried again
    write_atomically(path, '{"n": 3}', durable=False)
    assert len(calls) == 1 and path.read_text() == '{"n": 3}'


def test_another_swap_error_is_an_error_and_the_save_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def denied(_first: bytes, _second: bytes) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    path = tmp_path / "lan.json"
    write_atomically(path, '{"n": 1}', durable=False)
    monkeypatch.setattr(savefile, "_exchange_state", denied)
    with pytest.raises(PermissionError):
        write_atomically(path, '{"n": 2}', durable=False)
    assert path.read_text() == '{"n": 1}'


def test_the_quick_write_makes_a_missing_folder(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "lan.json"
    write_atomically(path, '{"n": 1}', durable=False)
    write_atomically(path, '{"n": 2}', durable=False)
    assert read_save(path) == '{"n": 2}'


def test_a_durable_save_removes_the_quick_writes_older_save(tmp_path: Path) -> None:
    path = tmp_path / "lan.json"
    for n in range(3):
        write_atomically(path, json.dumps({"n": n}), durable=False)
    write_atomically(path, '{"n": "final"}', durable=True)
    assert names(tmp_path) == ["lan.json"] and read_save(path) == '{"n": "final"}'


def test_a_durable_save_that_fails_leaves_the_last_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "lan.json"
    write_atomically(path, '{"n": 1}', durable=True)

    def broken(_fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(savefile.os, "fsync", broken)
    with pytest.raises(OSError):
        write_atomically(path, '{"n": 2}', durable=True)
    assert names(tmp_path) == ["lan.json"] and read_save(path) == '{"n": 1}'


@pytest.mark.skipif(os.name != "posix", reason="flock is POSIX")
def test_one_writer_per_save_and_the_lock_goes_with_its_holder(tmp_path: Path) -> None:
    from engine.savefile import SaveInUse, SaveLock

    save = tmp_path / "lan.json"
    first = SaveLock(save)
    first.acquire()
    with pytest.raises(SaveInUse) as info:
        SaveLock(save).acquire()
    assert info.value.holder == f"pid {os.getpid()}"
    first.release()
    second = SaveLock(save)
    second.acquire()  # free again once released (a killed process releases it too)
    second.release()
    assert not save.exists()  # the lock never touches the save itself
