#!/usr/bin/env bash
# A PostgreSQL of its own for the tests: a cluster in a temporary folder, run as the `postgres`
# user (initdb refuses root), listening only on a Unix socket in that folder.
#   scripts/postgres.sh start DIR   prints the connection URL once the server takes connections
#   scripts/postgres.sh stop DIR    stops it and removes DIR
set -euo pipefail

action=${1:?start or stop}
dir=${2:?a folder}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
port=${MARKUPKIT_POSTGRES_PORT:-55432}
as_owner=()
if [ "$(id -u)" -eq 0 ]; then as_owner=(runuser -u postgres --); fi

case "$action" in
  start)
    # Descriptors this script inherited (in a test process, another thread's pipe to a child it
    # reads to the end) must not live on in the server: that reader would wait as long as it runs.
    for fd in /proc/$$/fd/*; do
      fd=${fd##*/}
      if [ "$fd" -gt 2 ] && [ "$fd" -ne 255 ]; then eval "exec $fd>&-"; fi
    done
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; fi
    "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -A trust -U markupkit >"$dir/initdb.log" 2>&1
    # Nothing of the server may hold this script's output open: whoever reads it waits for its end.
    if ! "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-k $dir -p $port -c listen_addresses='' -c fsync=on" start >/dev/null 2>&1 </dev/null; then
      echo "PostgreSQL did not start:" >&2
      tail -20 "$dir/server.log" >&2
      exit 1
    fi
    echo "postgres://markupkit@/postgres?host=$dir&port=$port"
    ;;
  stop)
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
