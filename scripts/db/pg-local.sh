#!/usr/bin/env bash
# Throwaway PostgreSQL clusters on this machine: a primary with WAL archiving, a hot standby made
# with pg_basebackup, base backups and point-in-time recovery. Used by the backup round trip
# (scripts/db/backup-roundtrip.ts), the failover drill (scripts/db/failover-drill.ts) and by hand
# (docs/operations.md). Never touches any other cluster.
#
#   scripts/db/pg-local.sh primary              initdb (once) and start the primary
#   scripts/db/pg-local.sh standby              pg_basebackup -R from the primary, start the standby
#   scripts/db/pg-local.sh promote              promote the standby (pg_ctl promote)
#   scripts/db/pg-local.sh stop [primary|standby|pitr|all]   fast shutdown (default all)
#   scripts/db/pg-local.sh kill-primary         immediate shutdown of the primary (a lost machine)
#   scripts/db/pg-local.sh base-backup <dir>    pg_basebackup of the primary as tar.gz into <dir>
#   scripts/db/pg-local.sh pitr <dir> <time>    restore base backup <dir>, replay the WAL archive up
#                                               to <time> (e.g. "2026-11-27 03:10:00+00"), start it
#                                               on the PITR port and promote it
#   scripts/db/pg-local.sh status               which clusters run, their role and ports
#   scripts/db/pg-local.sh destroy              stop everything and delete PG_LOCAL_DIR
#
# Environment: PG_LOCAL_DIR (default /tmp/sorteio-pg-$PG_PRIMARY_PORT), PG_PRIMARY_PORT (5460),
# PG_STANDBY_PORT (5461), PG_PITR_PORT (5461: the standby and a PITR copy are never up together
# here), PG_BIN (default: PostgreSQL 15's bin directory or pg_config --bindir).
# The clusters listen on 127.0.0.1 only, trust local connections (user postgres, throwaway data),
# and run as the postgres user when this script runs as root (initdb refuses root).
set -euo pipefail

PRIMARY_PORT="${PG_PRIMARY_PORT:-5460}"
STANDBY_PORT="${PG_STANDBY_PORT:-5461}"
PITR_PORT="${PG_PITR_PORT:-$STANDBY_PORT}"
DIR="${PG_LOCAL_DIR:-/tmp/sorteio-pg-${PRIMARY_PORT}}"
if [ -z "${PG_BIN:-}" ]; then
  if [ -x /usr/lib/postgresql/15/bin/postgres ]; then PG_BIN=/usr/lib/postgresql/15/bin
  else PG_BIN="$(pg_config --bindir)"; fi
fi
ARCHIVE="$DIR/wal-archive"
PRIMARY="$DIR/primary"
STANDBY="$DIR/standby"
PITR="$DIR/pitr"

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

prepare_dir() {
  mkdir -p "$DIR" "$ARCHIVE"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$DIR" "$ARCHIVE"; fi
  chmod 700 "$DIR"
}

running() { [ -f "$1/postmaster.pid" ] && as_pg "$PG_BIN/pg_ctl" -D "$1" status >/dev/null 2>&1; }

wait_ready() {
  for _ in $(seq 1 120); do
    "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$1" -q && return 0
    sleep 0.25
  done
  echo "PostgreSQL on port $1 did not become ready" >&2
  return 1
}

start() { # <pgdata> <port>
  as_pg "$PG_BIN/pg_ctl" -D "$1" -l "$1.log" -w -t 120 -o "-p $2" start >/dev/null
  wait_ready "$2"
}

cmd_primary() {
  prepare_dir
  if [ ! -f "$PRIMARY/PG_VERSION" ]; then
    as_pg "$PG_BIN/initdb" -D "$PRIMARY" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    cat >>"$PRIMARY/postgresql.conf" <<EOF

# sorteio: a primary with WAL archiving and streaming replication (scripts/db/pg-local.sh)
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR'
wal_level = replica
max_wal_senders = 5
wal_keep_size = 256MB
hot_standby = on
hot_standby_feedback = on
archive_mode = on
archive_command = 'test ! -f $ARCHIVE/%f && cp %p $ARCHIVE/%f'
archive_timeout = 60
max_connections = 200
shared_buffers = 128MB
fsync = on
log_min_messages = warning
EOF
    echo "host replication postgres 127.0.0.1/32 trust" >>"$PRIMARY/pg_hba.conf"
  fi
  running "$PRIMARY" || start "$PRIMARY" "$PRIMARY_PORT"
  echo "primary: postgres://postgres@127.0.0.1:$PRIMARY_PORT/postgres (data $PRIMARY)"
}

cmd_standby() {
  prepare_dir
  if running "$STANDBY"; then
    echo "standby already running on $STANDBY_PORT"
    return 0
  fi
  rm -rf "$STANDBY"
  # -R writes primary_conninfo and standby.signal; -X stream copies the WAL written meanwhile.
  as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$STANDBY" \
    -R -X stream -c fast
  # The standby archives nothing until promoted; once promoted it archives into the same place.
  start "$STANDBY" "$STANDBY_PORT"
  echo "standby: postgres://postgres@127.0.0.1:$STANDBY_PORT/postgres (data $STANDBY)"
}

cmd_promote() {
  as_pg "$PG_BIN/pg_ctl" -D "$STANDBY" -w -t 60 promote >/dev/null
  echo "standby on $STANDBY_PORT promoted"
}

cmd_stop() {
  local which="${1:-all}"
  for name in primary standby pitr; do
    [ "$which" = all ] || [ "$which" = "$name" ] || continue
    local data="$DIR/$name"
    if running "$data"; then as_pg "$PG_BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null; fi
  done
}

cmd_kill_primary() {
  as_pg "$PG_BIN/pg_ctl" -D "$PRIMARY" -m immediate -w stop >/dev/null
}

cmd_base_backup() {
  local out="$1"
  mkdir -p "$out"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$out"; fi
  as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$out" \
    -Ft -z -X stream -c fast
  date -u +"%Y-%m-%d %H:%M:%S+00" >"$out/started-before"
}

cmd_pitr() {
  local base="$1" target="$2"
  cmd_stop pitr
  rm -rf "$PITR"
  mkdir -p "$PITR/pg_wal"
  tar -xzf "$base/base.tar.gz" -C "$PITR"
  tar -xzf "$base/pg_wal.tar.gz" -C "$PITR/pg_wal"
  if [ "$(id -u)" = 0 ]; then chown -R postgres: "$PITR"; fi
  chmod 700 "$PITR"
  cat >>"$PITR/postgresql.conf" <<EOF

# point-in-time recovery (scripts/db/pg-local.sh pitr)
restore_command = 'cp $ARCHIVE/%f %p'
recovery_target_time = '$target'
recovery_target_inclusive = off
recovery_target_action = promote
archive_mode = off
EOF
  rm -f "$PITR/standby.signal"
  touch "$PITR/recovery.signal"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$PITR/recovery.signal"; fi
  start "$PITR" "$PITR_PORT"
  # Recovery ends (and the copy accepts writes) once the target is reached.
  for _ in $(seq 1 600); do
    local state
    state="$("$PG_BIN/psql" -h 127.0.0.1 -p "$PITR_PORT" -U postgres -d postgres -Atqc 'select pg_is_in_recovery()' 2>/dev/null || true)"
    if [ "$state" = f ]; then
      echo "recovered to $target: postgres://postgres@127.0.0.1:$PITR_PORT/postgres (data $PITR)"
      return 0
    fi
    sleep 0.25
  done
  echo "recovery did not finish; see $PITR.log" >&2
  return 1
}

cmd_status() {
  for name in primary standby pitr; do
    local data="$DIR/$name"
    if running "$data"; then
      local port
      port="$(head -4 "$data/postmaster.pid" | tail -1)"
      local role
      role="$("$PG_BIN/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atqc \
        "select case when pg_is_in_recovery() then 'standby' else 'primary' end" 2>/dev/null || echo '?')"
      echo "$name: running on $port as $role"
    else
      echo "$name: stopped"
    fi
  done
}

cmd_destroy() {
  cmd_stop all || true
  rm -rf "$DIR"
}

case "${1:-}" in
  primary) cmd_primary ;;
  standby) cmd_standby ;;
  promote) cmd_promote ;;
  stop) cmd_stop "${2:-all}" ;;
  kill-primary) cmd_kill_primary ;;
  base-backup) cmd_base_backup "${2:?base-backup needs a directory}" ;;
  pitr) cmd_pitr "${2:?pitr needs the base backup directory}" "${3:?pitr needs a target time}" ;;
  status) cmd_status ;;
  destroy) cmd_destroy ;;
  *)
    sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'
    exit 64
    ;;
esac
