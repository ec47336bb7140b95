"""The wheel that ``pipx install .`` (or ``uv tool install .``) builds holds a working
``purrch``: its entry point, every package and the data files the app reads (rules,
styles, themes), run from outside the checkout so nothing is found in the sources."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What a fresh clone holds for the packaging: no caches, no build folders."""
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for package in ("engine", "tui", "themes"):
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
        shutil.copytree(ROOT / package, src / package, ignore=ignore)
    return src


@pytest.fixture(scope="module")
def wheel(source: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = source
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--disable-pip-version-check",
            "-w",
            str(out),
            str(src),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("purrch-*.whl")
    return built


def test_the_wheel_names_purrch_as_its_command(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        entry = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        points = configparser.ConfigParser()
        points.read_string(zf.read(entry).decode())
    assert points["console_scripts"]["purrch"] == "tui.cli:main"
    for data in ("engine/games/pigeons/RULES.md", "tui/screens/game.tcss", "tui/app.tcss"):
        assert data in names, data


def test_the_installed_command_runs(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--disable-pip-version-check",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    # The wheel's code first, the test environment's libraries after; not the checkout.
    env = {**os.environ, "PYTHONPATH": str(target), "PURRCH_HOME": str(tmp_path / "home")}
    run = [
        sys.executable,
        "-c",
        "import sys; from tui.cli import main; sys.argv[0] = 'purrch'; main()",
    ]
    where = subprocess.run(
        [sys.executable, "-c", "import tui; print(tui.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert where.stdout.startswith(str(target)), where.stdout
    version = subprocess.run(
        [*run, "--version"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert version.returncode == 0 and version.stdout.startswith("purrch "), version
    rules = subprocess.run(
        [*run, "rules", "stool", "--plain"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert rules.returncode == 0 and "Stool Pigeon" in rules.stdout, rules.stderr


def test_the_editable_install_of_make_play_warns_of_nothing(source: Path, tmp_path: Path) -> None:
    """`make play` installs the checkout editable: one .pth line to it.  Without
    ``package-dir`` declared, setuptools maps the flat layout with an import hook
    and warns at every install ("InformationOnly: Editable installation ... folders
    in your working directory ... may take precedence")."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--verbose",  # what the build backend says, warnings included
            "--no-deps",
            "--disable-pip-version-check",
            "--editable",
            str(source),
        ],
        capture_output=True,
        text=True,
    )
    said = install.stdout + install.stderr
    assert install.returncode == 0, said
    for warning in ("InformationOnly", "BuildBackendWarning", "meta path finder"):
        assert warning not in said, said
    where = subprocess.run(
        [str(python), "-c", "import tui, engine, themes; print(tui.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert where.stdout.strip() == str(source / "tui" / "__init__.py")
