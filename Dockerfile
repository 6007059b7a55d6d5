# quizbot: build with `docker build -t quizbot .`, run with `docker run --env-file .env ...`
# (README.md, "Run it on Discord"; docs/operations.md), or `docker compose up` with PostgreSQL (compose.yaml).

FROM python:3.11-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
RUN python -m venv /venv
WORKDIR /src
# The dependencies get a layer of their own: it is rebuilt only when pyproject.toml changes,
# not on every change to the code or the README. A stub stands in for both while they install.
COPY pyproject.toml ./
RUN mkdir bot && touch bot/__init__.py README.md \
    && /venv/bin/pip install . && /venv/bin/pip uninstall --yes quizbot
COPY README.md ./
COPY bot ./bot
COPY standin ./standin
RUN /venv/bin/pip install --no-deps .

FROM python:3.11-slim
RUN groupadd --gid 1000 quizbot \
    && useradd --create-home --uid 1000 --gid 1000 quizbot \
    && mkdir /data && chown 1000:1000 /data
COPY --from=build /venv /venv
COPY quizzes /app/quizzes
ENV PATH=/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite+aiosqlite:////data/quizbot.db \
    QUIZBOT_QUIZ_DIR=/app/quizzes \
    QUIZBOT_METRICS_HOST=0.0.0.0 \
    QUIZBOT_METRICS_PORT=9108
# A broken pack fails the build, not the first start.
RUN quizbot validate /app/quizzes
USER 1000:1000
# matplotlib's font list, built once here rather than by the first /stats chart of each container.
RUN python -c "import matplotlib.font_manager"
WORKDIR /data
VOLUME ["/data"]
EXPOSE 9108
# Healthy while the bot is ready and connected to Discord's gateway and to its database.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["quizbot", "health"]
# `docker stop` sends SIGTERM: quizbot finishes queued answers, logs "stopped" and exits 0.
CMD ["quizbot", "run"]
