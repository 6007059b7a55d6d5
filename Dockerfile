FROM python:3.11-slim

RUN useradd --create-home --uid 1000 quizbot \
    && mkdir /data && chown quizbot /data
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
RUN pip install --no-cache-dir .
COPY quizzes ./quizzes

USER quizbot
ENV DATABASE_URL=sqlite+aiosqlite:////data/quizbot.db \
    QUIZBOT_QUIZ_DIR=/app/quizzes
VOLUME ["/data"]
CMD ["quizbot", "run"]
