"""`purrch host` and `purrch join`: one-line errors, and a host killed with SIGKILL and resumed.

The host runs as a real process bound to 127.0.0.1 on a port the system picks
(``--port 0``; it prints the port).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import sys
from pathlib import Path

import pytest
from net_helpers import LOOPBACK, TIMEOUT, BotDriver, HostHarness
from typer.testing import CliRunner

from engine import __version__
from engine.net.client import JoinError, RemoteTable
from engine.net.host import HostConfig, TableHost
from engine.net.protocol import Code
from engine.session import Table
from tui import cli
from tui.cli import app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    return CliRunner()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return int(sock.getsockname()[1])


@pytest.mark.parametrize(
    "args",
    [
        ["host"],
        ["host", "pigeons"],
        ["host", "chess", "--players", "3"],
        ["host", "isle", "--players", "5"],
        ["host", "pigeons", "--players", "7"],
        ["host", "pigeons", "--players", "3", "--bots", "3"],
        ["host", "pigeons", "--players", "3", "--bots", "-1"],
        ["host", "pigeons", "--players", "3", "--bot-level", "genius"],
        ["host", "pigeons", "--players", "3", "--port", "70000"],
        ["host", "pigeons", "--players", "3", "--away-timeout", "-1"],
        ["host", "pigeons", "--players", "3", "--window", "-2"],
        ["host", "pigeons", "--players", "3", "--seed", "-1"],
        ["host", "pigeons", "--players", "3", "--option", "colour=red"],
        ["host", "pigeons", "--players", "3", "--password", ""],
        ["host", "--resume", "missing.json"],
        ["host", "pigeons", "--resume", "x.json"],
        ["host", "--resume", "x.json", "--players", "3"],
        ["join", "host:99999", "--name", "Ann"],
        ["join", "[::1", "--name", "Ann"],
        ["join", "127.0.0.1"],
        ["join", "127.0.0.1", "--name", "   "],
        ["join", "127.0.0.1", "--name", "A name far too long for a seat"],
        ["join", "127.0.0.1", "--name", "Ann", "--theme", "pink"],
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")


def test_a_game_the_app_cannot_show_yet_is_not_hosted(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose engine came before its screen is simulated, not hosted: nobody who
    joined could see it.  (This once started a table of The Isle of Cats.)"""
    import tui.seating

    monkeypatch.setattr(tui.seating, "has_screen", lambda game_id: game_id != "pigeons")
    result = runner.invoke(app, ["host", "pigeons", "--players", "3", "--port", "0"])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: Cats Among The Pigeons cannot be played in the app")


def test_join_with_nobody_listening_is_one_line_and_exit_1(runner: CliRunner) -> None:
    port = _free_port()
    result = runner.invoke(app, ["join", f"{LOOPBACK}:{port}", "--name", "Ann"])
    assert result.exit_code == 1, result.output
    assert result.stdout == f"Connecting to 127.0.0.1:{port}...\n"  # said while it tries
    # The system's words, not asyncio's ("Connect call failed ('127.0.0.1', 7979)").
    assert result.stderr == f"error: Cannot reach 127.0.0.1:{port}: Connection refused.\n"


def test_host_on_a_port_in_use_is_one_line_in_the_systems_words(
    runner: CliRunner, tmp_path: Path
) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind((LOOPBACK, 0))
        busy.listen()
        port = busy.getsockname()[1]
        args = ["host", "pigeons", "--players", "2", "--port", str(port), "--bind", LOOPBACK]
        result = runner.invoke(app, [*args, "--save", str(tmp_path / "t.json")])
    assert result.exit_code == 1, result.output
    assert result.stderr == f"error: cannot listen on 127.0.0.1:{port}: Address already in use\n"


def test_resume_with_ssh_needs_the_password_again(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "lan.json"
    h = HostHarness.new(players=2, bots=1, password="crumbs", save_path=save, bind=LOOPBACK)
    h.join("Ann", password="crumbs")
    result = runner.invoke(app, ["host", "--resume", str(save), "--ssh", "0"])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: --ssh at a resumed table with a password needs")
    assert len(result.stderr.splitlines()) == 1


def test_resume_refuses_a_lan_table_s_save_and_leaves_it_as_it_was(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA: `purrch resume` opened a LAN save as a hot-seat game, and its autosave wrote
    it back without its seats: `purrch host --resume` could no longer continue it."""
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path / "home"))
    started: list[object] = []
    monkeypatch.setattr(cli, "run_app", lambda *args: started.append(args))
    save = tmp_path / "lan.json"
    h = HostHarness.new(players=2, bots=1, save_path=save, bind=LOOPBACK)
    h.join("Ann")
    before = save.read_bytes()
    result = runner.invoke(app, ["resume", str(save)])
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        f"error: {save} is the save of a LAN table: `purrch host --resume {save}` "
        "continues it, with its seats\n"
    )
    assert save.read_bytes() == before and started == []


def test_a_resumed_table_given_its_own_password_again_says_it_keeps_it(tmp_path: Path) -> None:
    """`--resume FILE --ssh --password crumbs` (as the host's command asks) with the
    password the table had: "keeps its password", not "the new --password"."""
    from tui.lan_commands import resumed_line

    save = tmp_path / "lan.json"
    h = HostHarness.new(players=2, bots=1, password="crumbs", save_path=save, bind=LOOPBACK)
    h.join("Ann", password="crumbs")

    def line(password: str) -> str:
        config = HostConfig(players=0, password=password)
        resumed = TableHost.resume(save, config, overrides=("password",))
        return resumed_line(resumed, LOOPBACK, 7777)

    assert "; the table keeps its password (given again) " in line("crumbs")
    assert "; the table's password is the new --password " in line("biscuits")


def test_host_and_join_are_in_the_help(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--help"])
    assert "host" in result.stdout and "join" in result.stdout


# ---------------------------------------------------------------------- SIGKILL and --resume


class HostProcess:
    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []
        self.port = 0

    @staticmethod
    async def spawn(*args: str, home: Path) -> asyncio.subprocess.Process:
        """``purrch host ARGS`` in a process of its own (stdout and stderr piped)."""
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PURRCH_HOME": str(home)}
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tui.cli",
            "host",
            *args,
            cwd=ROOT,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )

    @classmethod
    async def start(cls, *args: str, home: Path, listen: bool = True) -> HostProcess:
        """``purrch host ARGS`` (with ``listen``: ``--bind 127.0.0.1 --port 0`` too)."""
        where = ["--bind", LOOPBACK, "--port", "0"] if listen else []
        host = cls(await cls.spawn(*args, *where, home=home))
        line = await host.wait_line(r"Listening on 127\.0\.0\.1:(\d+)")
        found = re.search(r":(\d+)", line)
        assert found is not None
        host.port = int(found.group(1))
        return host

    async def wait_line(self, pattern: str) -> str:
        assert self.proc.stdout is not None
        async with asyncio.timeout(TIMEOUT * 2):
            while True:
                raw = await self.proc.stdout.readline()
                if not raw:
                    raise AssertionError("the host ended:\n" + "".join(self.lines))
                line = raw.decode()
                self.lines.append(line)
                if re.search(pattern, line):
                    return line

    async def stop(self) -> str:
        """SIGTERM (what Ctrl+C does): exit code 0; everything it printed."""
        self.proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(self.proc.wait(), TIMEOUT) == 0
        return await self.read_rest()

    async def kill(self) -> None:
        """Whatever happened in the test, no process is left behind."""
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()

    async def read_rest(self) -> str:
        assert self.proc.stdout is not None
        rest = await asyncio.wait_for(self.proc.stdout.read(), TIMEOUT)
        self.lines.append(rest.decode())
        return "".join(self.lines)


async def test_the_host_killed_mid_game_resumes_with_nothing_lost(tmp_path: Path) -> None:
    save = tmp_path / "lan.json"
    args = ["pigeons", "--players", "3", "--bots", "1", "--seed", "7", "--save", str(save)]
    args += ["--window", "0", "--away-timeout", "0"]
    host = await HostProcess.start(*args, home=tmp_path)
    tables: list[RemoteTable] = []
    try:
        await host.wait_line(r"Players join with:")
        # Nothing is saved before the game starts: the hint says from when it holds.
        assert f"(from the start of the game: after a crash, `purrch host --resume {save}`" in (
            await host.wait_line(r"after a crash")
        )
        await host.wait_line(r"Waiting for 2 players")
        for name in ("Ann", "Bob"):
            tables.append(
                await RemoteTable.connect(
                    LOOPBACK, host.port, name=name, remember=False, reconnect_for=0
                )
            )
        ann, bob = tables
        for t in tables:
            await t.wait_started(TIMEOUT)
        await host.wait_line(r"Game 1 of Cats Among The Pigeons starts")

        # Play until a quiet moment some way in: a player's own turn (then nothing
        # else moves) after a few log lines.
        def quiet() -> bool:
            return any(
                len(t.log) >= 8 and any(p.kind == "turn" for p in t.prompts()) for t in tables
            )

        drivers = [BotDriver(t, seed=i) for i, t in enumerate(tables)]
        await asyncio.wait_for(asyncio.gather(*(d.run(quiet) for d in drivers)), TIMEOUT * 4)
        assert not ann.is_over
        views = [ann.view(0), bob.view(1)]
        logs = [ann.log_for(0), bob.log_for(1)]
        tokens = [ann.token, bob.token]
        await asyncio.sleep(0.3)

        host.proc.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(host.proc.wait(), TIMEOUT) == -signal.SIGKILL
        for t in tables:
            await t.close()
        saved = Table.load(save)
        assert [saved.view(0), saved.view(1)] == views
        assert [saved.log_for(0), saved.log_for(1)] == logs

        host = await HostProcess.start("--resume", str(save), home=tmp_path)
        await host.wait_line(r"Ctrl\+C stops the table")
        assert f"  (after a crash, `purrch host --resume {save}` continues the game)\n" in (
            host.lines
        )
        # The banner first (it starts with what is hosted), then the host's news.
        assert host.lines[0].startswith("Purrch ") and not any(
            "Resumed game" in x for x in host.lines
        )
        assert "Resumed game 1 of Cats Among The Pigeons" in await host.wait_line(r"Resumed game")
        tables = []
        for seat, (name, token) in enumerate(zip(("Ann", "Bob"), tokens, strict=True)):
            table = await RemoteTable.connect(
                LOOPBACK, host.port, name=name, token=token, remember=False, reconnect_for=0
            )
            assert table.seat == seat and table.token == token
            await table.wait_started(TIMEOUT)
            tables.append(table)
        ann, bob = tables
        assert [ann.view(0), bob.view(1)] == views
        assert [ann.log_for(0), bob.log_for(1)] == logs
        assert [s.name for s in ann.seats] == ["Ann", "Bob", "Tom"]
        with pytest.raises(JoinError) as info:
            await RemoteTable.connect(LOOPBACK, host.port, name="Dan", remember=False)
        assert info.value.code == Code.FULL

        # And the game goes on from there.
        mover = next(t for t in tables if t.prompts())
        before = len(mover.log)
        prompt = mover.prompts()[0]
        assert mover.seat is not None
        assert prompt.kind == "turn"
        mover.answer(mover.seat, prompt.id, "draw")
        await mover.wait_for(lambda: len(mover.log) > before, TIMEOUT)
        assert mover.log[before].text == f"{mover.seats[mover.seat].name} draws a card."
        for t in tables:
            await t.close()

        out = await host.stop()
        assert f"`purrch host --resume {save}` continues" in out
    finally:
        for t in tables:
            await t.close()
        await host.kill()


async def test_a_host_stopped_after_its_game_says_resuming_starts_another(
    tmp_path: Path,
) -> None:
    from net_helpers import play_to_the_end

    host = await HostProcess.start("perch", home=tmp_path)
    tables: list[RemoteTable] = []
    try:
        for name in ("Ann", "Bob"):
            tables.append(
                await RemoteTable.connect(
                    LOOPBACK, host.port, name=name, remember=False, reconnect_for=0
                )
            )
        await play_to_the_end(tables)
        await host.wait_line(r"Game 1 is over")
        for t in tables:
            await t.close()
        out = await host.stop()
        assert "opens the table again with the same seats, for another game.\n" in out
        assert "continues with the same seats" not in out
    finally:
        for t in tables:
            await t.close()
        await host.kill()


async def test_the_host_counts_the_players_it_waits_for(tmp_path: Path) -> None:
    host = await HostProcess.start("stool", "--players", "2", "--bots", "1", home=tmp_path)
    try:
        assert (await host.wait_line(r"^Waiting for")).strip() == "Waiting for 1 player..."
        assert host.lines[0].startswith(
            f"Purrch {__version__} hosts Stool Pigeon: 2 seats, 1 player and 1 bot ("
        ), host.lines[0]
    finally:
        await host.kill()


async def test_a_resumed_host_keeps_its_address_port_password_and_away_timeout(
    tmp_path: Path,
) -> None:
    """`purrch host --resume FILE`, the command the host prints, with no other flag."""
    save = tmp_path / "lan.json"
    args = ["stool", "--players", "2", "--seed", "3", "--save", str(save)]
    args += ["--password", "crumbs", "--away-timeout", "10"]
    host = await HostProcess.start(*args, home=tmp_path)  # --bind 127.0.0.1 --port 0
    port = host.port
    tables: list[RemoteTable] = []
    try:
        await host.wait_line(r"A bot plays for a player away more than 10 s\.")
        for name in ("Ann", "Bob"):
            tables.append(
                await RemoteTable.connect(
                    LOOPBACK,
                    port,
                    name=name,
                    password="crumbs",
                    remember=False,
                    reconnect_for=0,
                )
            )
        for t in tables:
            await t.wait_started(TIMEOUT)
        await host.wait_line(r"Game 1 of .* starts")
        tokens = [t.token for t in tables]
        assert all(tokens)
        await asyncio.sleep(0.3)

        host.proc.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(host.proc.wait(), TIMEOUT) == -signal.SIGKILL
        for t in tables:
            await t.close()
        tables = []
        text = save.read_text()
        assert "crumbs" not in text
        lan = json.loads(text)["lan"]
        assert (lan["bind"], lan["port"], lan["away_timeout"]) == (LOOPBACK, port, 10)

        host = await HostProcess.start("--resume", str(save), home=tmp_path, listen=False)
        assert host.port == port
        line = await host.wait_line(r"^Resumed: ")
        assert line.startswith(
            f"Resumed: listening on 127.0.0.1:{port} as before; the table keeps its password"
        )
        await host.wait_line(r"The table has a password")
        await host.wait_line(r"A bot plays for a player away more than 10 s, as before\.")
        await host.wait_line(r"Ctrl\+C stops the table")

        for password in (None, "wrong"):
            with pytest.raises(JoinError) as info:
                await RemoteTable.connect(
                    LOOPBACK,
                    port,
                    name="Ann",
                    password=password,
                    token=tokens[0],
                    remember=False,
                    reconnect_for=0,
                )
            assert info.value.code == Code.PASSWORD
        for seat, (name, token) in enumerate(zip(("Ann", "Bob"), tokens, strict=True)):
            table = await RemoteTable.connect(
                LOOPBACK,
                port,
                name=name,
                password="crumbs",
                token=token,
                remember=False,
                reconnect_for=0,
            )
            tables.append(table)
            assert table.seat == seat and table.token == token
            await table.wait_started(TIMEOUT)
        assert [s.name for s in tables[0].seats] == ["Ann", "Bob"]
        with pytest.raises(JoinError) as info:
            await RemoteTable.connect(
                LOOPBACK, port, name="Dan", password="crumbs", remember=False, reconnect_for=0
            )
        assert info.value.code == Code.FULL

        # A second host on the same save (on another port) is refused: one writer per
        # save.  (The first one's lock did not outlive its SIGKILL.)
        saved = save.read_bytes()
        second = await HostProcess.spawn("--resume", str(save), "--port", "0", home=tmp_path)
        out, _ = await asyncio.wait_for(second.communicate(), TIMEOUT)
        said = out.decode()
        assert second.returncode == 1, said
        assert f"{save} is in use by another purrch host (pid " in said
        assert "Resumed game" not in said and "Listening" not in said
        assert save.read_bytes() == saved  # the refused host wrote nothing (its port...)
        for t in tables:
            await t.close()

        out = await host.stop()
        listening = re.findall(r"Listening on (\S+)", out)
        assert listening == [f"127.0.0.1:{port}"]
        assert f"`purrch host --resume {save}` continues" in out
        assert "crumbs" not in save.read_text()
    finally:
        for t in tables:
            await t.close()
        await host.kill()


# --------------------------------------------------------------------------- join hints


def test_the_join_hint_lists_only_addresses_others_can_dial() -> None:
    from engine.net.hosting import dialable

    found = [
        ("192.168.1.20", None),  # the default route's, found first, without a name
        ("127.0.0.1", "lo"),
        ("169.254.3.4", "eth1"),  # link-local: no DHCP answered there
        ("0.0.0.0", None),
        ("not an address", "x"),
        ("10.0.0.5", "eth0"),
        ("192.168.1.20", "wlan0"),  # the same address, now with its interface's name
    ]
    assert dialable(found) == [("192.168.1.20", "wlan0"), ("10.0.0.5", "eth0")]


def test_the_join_hint_names_the_interface() -> None:
    from tui.lan_commands import _join_hint

    assert _join_hint("10.0.0.5", 7777, "wlan0") == (
        "  purrch join 10.0.0.5:7777 --name YOUR_NAME   (wlan0)"
    )
    assert _join_hint("10.0.0.5", 7777) == "  purrch join 10.0.0.5:7777 --name YOUR_NAME"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="interfaces by Linux ioctls")
def test_every_interface_with_a_link_is_found_the_default_route_s_first() -> None:
    from engine.net.hosting import _linux_interfaces, local_interfaces

    interfaces = _linux_interfaces()
    assert all(not address.startswith("127.") for address, _name in interfaces)
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 9))
            routed = probe.getsockname()[0]
    except OSError:
        pytest.skip("no route to a LAN on this machine")
    # The kernel's own answer for the route is an interface the ioctls found, by name.
    assert routed in dict(interfaces)
    assert local_interfaces()[0] == (routed, dict(interfaces)[routed])


def test_a_game_for_exactly_two_needs_no_players_flag(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tui.lan_commands

    hosted: list[int] = []
    monkeypatch.setattr(
        tui.lan_commands, "run_host", lambda game, config, **kw: hosted.append(config.players)
    )
    result = runner.invoke(app, ["host", "perch", "--bind", LOOPBACK])
    assert result.exit_code == 0, result.output
    assert hosted == [2]
    result = runner.invoke(app, ["host", "perch", "--players", "3"])
    assert result.exit_code == 2
    assert "Chat perché takes 2 players, not 3" in result.output  # not "2 to 2 players"


def test_the_host_says_who_won_without_doubled_stops() -> None:
    from net_helpers import HostHarness, play_host_game

    lines: list[str] = []
    h = HostHarness.new("stool", players=2, bots=0)
    h.host._report = lambda kind, text: lines.append(text)
    players = {h.join("Ann"): 0, h.join("Bob"): 1}
    play_host_game(h, players)
    over = [line for line in lines if " is over: " in line]
    assert over and all(".)" not in line for line in over), over


@pytest.mark.parametrize("note", ["", "The host keeps your seat: ..."])
async def test_join_ends_with_a_line_that_says_where_you_are(
    monkeypatch: pytest.MonkeyPatch, note: str
) -> None:
    """The terminal's last line is never "Connecting to...": the app's exit note (how to
    take the seat back), or else that the table was left."""
    from types import SimpleNamespace

    import tui.lan_commands as lan
    from tui.settings import Settings

    said: list[str] = []

    class Remote:
        async def close(self) -> None:
            return None

    async def connect_table(*_args: object, **_kw: object) -> Remote:
        return Remote()

    async def run_async() -> None:
        return None

    app = SimpleNamespace(exit_note=note, return_code=0, run_async=run_async)
    monkeypatch.setattr(lan, "_print", said.append)
    monkeypatch.setattr(lan, "connect_table", connect_table)
    monkeypatch.setattr(lan, "remote_app", lambda _settings, _remote: app)
    await lan._join(
        "127.0.0.1", 7999, name="Ann", spectate=False, password=None, settings=Settings()
    )
    assert said[0] == "Connecting to 127.0.0.1:7999..."
    assert said[1:] == [note or "Left the table on 127.0.0.1:7999."]


def test_host_quiet_spectators_mutes_the_spectators_chat(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tui.lan_commands

    hosted: list[bool] = []
    monkeypatch.setattr(
        tui.lan_commands,
        "run_host",
        lambda game, config, **kw: hosted.append(config.quiet_spectators),
    )
    for args, quiet in ((["--quiet-spectators"], True), ([], False)):
        result = runner.invoke(app, ["host", "perch", "--bind", LOOPBACK, *args])
        assert result.exit_code == 0, result.output
        assert hosted.pop() is quiet
