# Sourced by .ci/run: a throwaway PostgreSQL for the PostgreSQL store's tests. Installs Debian's postgresql
# when no initdb is found, makes a cluster in a temporary folder (trust auth, superuser "postgres"), starts it
# on a free loopback port, and exports HFW_TEST_POSTGRES_URL and CI_REQUIRE_POSTGRES=1 so that those tests
# run and fail rather than skip. The cluster is stopped and its folder removed when the calling shell exits.

# A PostgreSQL program: Debian's newest version's, else the one on PATH (empty when there is none).
pg_tool() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -n "$dir" ] && [ -x "$dir/$1" ]; then echo "$dir/$1"; else command -v "$1" || true; fi
}

if [ -z "$(pg_tool initdb)" ]; then
  PG_SUDO=""
  if [ "$(id -u)" -ne 0 ]; then PG_SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  # No cluster of the package's own (the tests make theirs): keep this setting over the package's default file.
  $PG_SUDO mkdir -p /etc/postgresql-common
  echo "create_main_cluster = false" | $PG_SUDO tee /etc/postgresql-common/createcluster.conf >/dev/null
  $PG_SUDO apt-get update -qq
  $PG_SUDO apt-get install -y -qq -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold postgresql >/dev/null
fi
PG_INITDB="$(pg_tool initdb)"
PG_CTL="$(pg_tool pg_ctl)"
PG_ISREADY="$(pg_tool pg_isready)"
if [ -z "$PG_INITDB" ] || [ -z "$PG_CTL" ] || [ -z "$PG_ISREADY" ]; then
  echo "PostgreSQL: initdb, pg_ctl or pg_isready not found after installing postgresql; install them and put them on PATH." >&2
  exit 1
fi

# initdb and pg_ctl refuse to run as root: as root, the cluster belongs to the postgres user.
PG_AS=()
if [ "$(id -u)" -eq 0 ]; then PG_AS=(runuser -u postgres --); fi

PG_TMP="$(mktemp -d /tmp/hfw-pg.XXXXXX)"
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$PG_TMP"; fi
PG_PORT="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')"

pg_stop() {
  "${PG_AS[@]}" "$PG_CTL" -D "$PG_TMP/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_TMP"
}
trap pg_stop EXIT

if ! "${PG_AS[@]}" "$PG_INITDB" -D "$PG_TMP/data" -A trust -U postgres -E UTF8 >"$PG_TMP/initdb.log" 2>&1; then
  echo "PostgreSQL: initdb failed; its output:" >&2
  cat "$PG_TMP/initdb.log" >&2
  exit 1
fi
if ! "${PG_AS[@]}" "$PG_CTL" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_TMP" start >/dev/null; then
  echo "PostgreSQL did not start on 127.0.0.1:$PG_PORT; its log:" >&2
  cat "$PG_TMP/server.log" >&2
  exit 1
fi

for _ in $(seq 1 60); do
  if "$PG_ISREADY" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres; then break; fi
  sleep 0.5
done
if ! "$PG_ISREADY" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres; then
  echo "PostgreSQL did not accept connections on 127.0.0.1:$PG_PORT within 30 s; its log:" >&2
  cat "$PG_TMP/server.log" >&2
  exit 1
fi

export HFW_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
export CI_REQUIRE_POSTGRES=1
echo "$("$PG_CTL" --version) for the tests at $HFW_TEST_POSTGRES_URL"
