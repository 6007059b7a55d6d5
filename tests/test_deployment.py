"""The deployment files agree with the code: every setting documented, the image and compose file
wired to the same port and commands, the token kept out of images, runtime dependencies only.

(.ci/image-smoke runs the image's commands from a fresh install; there is no Docker engine here.)
"""

from __future__ import annotations

import re
import tomllib

import yaml

from tests.commands import REPO, SETTINGS

README = (REPO / "README.md").read_text(encoding="utf-8")
OPERATIONS = (REPO / "docs" / "operations.md").read_text(encoding="utf-8")
CONFIGURATION = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
DOCKERFILE = (REPO / "Dockerfile").read_text(encoding="utf-8")
COMPOSE = yaml.safe_load((REPO / "compose.yaml").read_text(encoding="utf-8"))


def test_the_configuration_table_lists_every_setting() -> None:
    rows = set(re.findall(r"^\| `([A-Z_]+)` \|", CONFIGURATION, flags=re.MULTILINE))
    assert rows >= SETTINGS, f"not in docs/configuration.md's table: {SETTINGS - rows}"


def test_the_env_example_names_only_real_settings() -> None:
    text = (REPO / ".env.example").read_text(encoding="utf-8")
    named = set(re.findall(r"^#? ?([A-Z_]+)=", text, flags=re.MULTILINE))
    assert "DISCORD_TOKEN" in named
    assert named - SETTINGS == {"POSTGRES_PASSWORD"}  # compose.yaml's, for PostgreSQL


def test_the_image_runs_unprivileged_validates_packs_and_checks_health() -> None:
    assert re.search(r"^USER 1000:1000$", DOCKERFILE, flags=re.MULTILINE)
    assert "RUN quizbot validate /app/quizzes" in DOCKERFILE
    assert re.search(
        r'^HEALTHCHECK .* CMD \["quizbot", "health"\]$', DOCKERFILE, flags=re.MULTILINE
    )
    assert 'CMD ["quizbot", "run"]' in DOCKERFILE
    port = re.search(r"QUIZBOT_METRICS_PORT=(\d+)", DOCKERFILE)
    assert port is not None
    assert f"EXPOSE {port[1]}" in DOCKERFILE
    assert COMPOSE["services"]["bot"]["ports"] == [f"127.0.0.1:{port[1]}:{port[1]}"]


def test_dependencies_install_before_the_code_is_copied() -> None:
    lines = DOCKERFILE.splitlines()
    first_install = next(i for i, line in enumerate(lines) if "pip install ." in line)
    copy_code = lines.index("COPY bot ./bot")
    assert first_install < copy_code


def test_compose_runs_the_bot_beside_postgresql_16() -> None:
    services = COMPOSE["services"]
    assert services["db"]["image"] == "postgres:16"
    bot = services["bot"]
    assert bot["env_file"] == ".env"
    assert bot["environment"]["DATABASE_URL"].startswith("postgresql://quizbot:")
    assert bot["depends_on"] == {"db": {"condition": "service_healthy"}}


def test_the_shards_profile_runs_two_processes_on_the_one_postgresql() -> None:
    services = COMPOSE["services"]
    shards = {name: s for name, s in services.items() if "shards" in s.get("profiles", [])}
    assert sorted(shards) == ["redis", "shard-a", "shard-b"]
    del shards["redis"]
    for service in shards.values():
        environment = service["environment"]
        assert environment["DATABASE_URL"] == services["bot"]["environment"]["DATABASE_URL"]
        assert environment["QUIZBOT_SHARDS"] == "auto"
        assert environment["QUIZBOT_REDIS_URL"] == "redis://redis:6379/0"  # one shared budget
        healthy = {"condition": "service_healthy"}
        assert service["depends_on"] == {"db": healthy, "redis": healthy}
        assert "ports" not in service  # two processes on one host: no port to fight over
    assert "profiles" not in services["bot"]  # `docker compose up -d` runs one process


def test_the_token_file_stays_out_of_images_and_the_repository() -> None:
    assert ".env" in (REPO / ".dockerignore").read_text(encoding="utf-8").splitlines()
    assert ".env" in (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()
    for page in (README, OPERATIONS):
        assert "-e DISCORD_TOKEN" not in page
        assert "docker run -d --name quizbot --env-file .env" in page


def test_the_stand_ins_schema_checker_is_an_extra() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not [d for d in project["dependencies"] if d.startswith("jsonschema")]
    assert project["optional-dependencies"]["standin"] == ["jsonschema~=4.23"]
    assert "quizbot[standin]" in project["optional-dependencies"]["test"]


def test_the_stand_in_and_its_page_install_with_the_bot() -> None:
    """`quizbot playground` runs the bot against the stand-in, so a plain `pip install .` (and the
    image) must carry the top-level `standin` package and its page too."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = pyproject["tool"]["setuptools"]
    assert "standin*" in setuptools["packages"]["find"]["include"]
    assert setuptools["package-data"]["standin"] == ["web/*"]
    assert (REPO / "standin" / "web" / "index.html").is_file()
    lines = DOCKERFILE.splitlines()
    assert lines.index("COPY standin ./standin") > lines.index("COPY bot ./bot")
