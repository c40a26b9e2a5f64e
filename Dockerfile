# Parlor: the app image. `python -m app serve` applies migrations, then serves.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DATA_DIR=/data HOST=0.0.0.0 PORT=8000
WORKDIR /app

# Dependencies first (cached while only the code changes), at the versions of the lock file.
COPY requirements.lock ./
RUN pip install --no-cache-dir -r requirements.lock

# The code is used in place: templates, static files and migrations live next to `app/`.
COPY . .
RUN pip install --no-cache-dir --no-deps -e . \
    && useradd --create-home parlor && mkdir -p /data && chown parlor /data
USER parlor
VOLUME /data
EXPOSE 8000
# Ready: the database answers, the schema is at this code's newest migration and, on Postgres,
# the instance hears the others (/readyz; /healthz only says the process answers).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ.get(\"PORT\", \"8000\")}/readyz', timeout=2)"]
CMD ["python", "-m", "app", "serve"]
