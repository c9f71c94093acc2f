#!/usr/bin/env bash
# Provision a real VS Code (code-server 4.100.3 = VS Code 1.100.3, Node 20) into a
# per-machine cache folder outside the repository, for the integration and e2e tests.
#
#   scripts/provision-vscode.sh        # prints the code-server executable as its last stdout line
#
# Cache: ${SKYVIA_VSCODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/skyvia-explorer}/code-server-4.100.3
#
# Why it is built by hand: `npm install code-server` runs a postinstall that downloads
# ripgrep from GitHub, which this machine cannot reach. So the package is installed with
# --ignore-scripts and its postinstall is replayed here step by step, with the native
# modules rebuilt from source and Debian's `rg` standing in for the downloaded one.
# See test/harness/README.md and shared/DESIGN.md §5.
#
# Idempotent: a provisioned cache is detected in well under a second. A build happens in a
# temp folder inside the cache folder and is renamed into place only once verified; an
# flock serialises concurrent runs. Progress goes to stderr; stdout gets only the path.
set -euo pipefail

# Another code-server (another VS Code) for a run of the suites on it, e.g. 4.96.4 (VS Code
# 1.96.4, near our `engines` minimum): SKYVIA_CODE_SERVER_VERSION; each has a cache folder of its own.
CS_VERSION="${SKYVIA_CODE_SERVER_VERSION:-4.100.3}"
NODE_MAJOR_REQUIRED=20
CACHE_ROOT="${SKYVIA_VSCODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/skyvia-explorer}"
DEST="$CACHE_ROOT/code-server-$CS_VERSION"
EXE="$DEST/bin/code-server"
MARKER_NAME=.provisioned

# Debian packages: chromium (the e2e browser) and ripgrep (VS Code's search) are used at run
# time; libkrb5-dev is what the native build of `kerberos` links against; the other -dev
# packages and pkg-config are the set VS Code's build docs ask for (not needed by the
# server-side modules rebuilt here, but cheap and asked for by the project's design).
DEB_PACKAGES=(chromium ripgrep libkrb5-dev libxkbfile-dev libsecret-1-dev libx11-dev pkg-config)
# Tools node-gyp needs; only checked as commands (python3 may come from pyenv etc.).
declare -A TOOL_PACKAGES=([python3]=python3 [make]=make [g++]=g++)

# stdout is reserved for the final path: everything else goes to stderr.
exec 3>&1 1>&2

START_TS=$(date +%s)
log() { printf '[provision-vscode +%ss] %s\n' "$(($(date +%s) - START_TS))" "$*" >&2; }
die() { printf '[provision-vscode] ERROR: %s\n' "$*" >&2; exit 1; }
finish() { printf '%s\n' "$EXE" >&3; exit 0; }

command -v node >/dev/null 2>&1 || die "node is not on PATH (code-server $CS_VERSION needs Node $NODE_MAJOR_REQUIRED)"
NODE_BIN="$(command -v node)"
read -r NODE_MAJOR NODE_ABI < <(node -p 'process.versions.node.split(".")[0] + " " + process.versions.modules')
[ "$NODE_MAJOR" = "$NODE_MAJOR_REQUIRED" ] ||
  die "code-server $CS_VERSION needs Node $NODE_MAJOR_REQUIRED, found $(node --version) at $NODE_BIN"
MARKER_TEXT="code-server=$CS_VERSION node-abi=$NODE_ABI"

is_ready() { # $1 = folder
  [ -x "$1/bin/code-server" ] && [ -f "$1/$MARKER_NAME" ] && [ "$(cat "$1/$MARKER_NAME")" = "$MARKER_TEXT" ]
}

missing_packages() {
  local p
  if command -v dpkg-query >/dev/null 2>&1; then
    local installed=' ' name state
    # One dpkg-query for all (keeps the no-op run fast); "ii" = installed and configured.
    while read -r name state; do
      if [ "$state" = ii ]; then installed+="$name "; fi
    done < <(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${DEB_PACKAGES[@]}" 2>/dev/null || true)
    for p in "${DEB_PACKAGES[@]}"; do
      [[ "$installed" == *" $p "* ]] || printf '%s\n' "$p"
    done
  else
    command -v chromium >/dev/null 2>&1 || printf '%s\n' chromium
    command -v rg >/dev/null 2>&1 || printf '%s\n' ripgrep
  fi
  for p in "${!TOOL_PACKAGES[@]}"; do
    command -v "$p" >/dev/null 2>&1 || printf '%s\n' "${TOOL_PACKAGES[$p]}"
  done
}

# ---- fast path: nothing to do ---------------------------------------------------------
mapfile -t MISSING < <(missing_packages)
if [ "${#MISSING[@]}" -eq 0 ] && is_ready "$DEST"; then
  finish
fi

# ---- Debian packages ----------------------------------------------------------------------
ensure_packages() {
  mapfile -t MISSING < <(missing_packages)
  [ "${#MISSING[@]}" -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    printf '[provision-vscode] Missing Debian packages: %s\n' "${MISSING[*]}" >&2
    printf '[provision-vscode] Install them, then run this script again:\n' >&2
    printf '  sudo apt-get update && sudo apt-get install -y --no-install-recommends %s\n' "${MISSING[*]}" >&2
    exit 1
  fi
  command -v apt-get >/dev/null 2>&1 || die "missing packages (${MISSING[*]}) and no apt-get to install them"
  log "installing Debian packages: ${MISSING[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >&2
  apt-get install -y -q --no-install-recommends "${MISSING[@]}" >&2
  mapfile -t MISSING < <(missing_packages)
  [ "${#MISSING[@]}" -eq 0 ] || die "still missing after apt-get install: ${MISSING[*]}"
}

mkdir -p "$CACHE_ROOT"
exec 9>"$CACHE_ROOT/.code-server-$CS_VERSION.lock"
if ! flock -n 9; then
  log "another provisioning run holds $CACHE_ROOT/.code-server-$CS_VERSION.lock; waiting for it"
  flock -w 3600 9 || die "timed out waiting for the provisioning lock"
fi

ensure_packages
if is_ready "$DEST"; then
  log "already provisioned (by a concurrent run)"
  finish
fi

# ---- build ------------------------------------------------------------------------------
# We hold the lock, so any leftover build folder is from a run that died.
rm -rf "$CACHE_ROOT/.build-code-server-$CS_VERSION".* "$DEST".stale.* 2>/dev/null || true
BUILD="$(mktemp -d "$CACHE_ROOT/.build-code-server-$CS_VERSION.XXXXXX")"
chmod 755 "$BUILD"
trap 'rm -rf "$BUILD"' EXIT
log "building code-server $CS_VERSION in $BUILD (Node $(node --version), ABI $NODE_ABI)"

# When this runs under `npm run`/`npm test`, npm exports its own context (local prefix,
# package.json, lifecycle event); drop it so the installs below target $BUILD only.
while IFS= read -r v; do unset "$v"; done < <(compgen -e | grep -E '^(npm_config_(local_prefix|prefix|global_prefix|argv)|npm_package_|npm_lifecycle_|INIT_CWD$)' || true)
NPM_FLAGS=(--no-audit --no-fund --no-update-notifier --loglevel=error)

cd "$BUILD"
printf '{ "name": "skyvia-code-server-cache", "private": true }\n' > package.json
log "npm install code-server@$CS_VERSION --ignore-scripts"
npm install "code-server@$CS_VERSION" --ignore-scripts "${NPM_FLAGS[@]}" >&2
CS="$BUILD/node_modules/code-server"
VSC="$CS/lib/vscode"
[ -f "$CS/out/node/entry.js" ] && [ -d "$VSC" ] || die "code-server package layout not as expected"

# Some VS Code versions pin a package to a GitHub commit (1.96: @vscode/proxy-agent), which this
# machine cannot fetch. Where the registry's tarball of the same name and version has the same
# integrity — the same bytes — the lock file is pointed at it instead; anything else is left as it is.
log "lib/vscode: git-pinned packages with the same bytes on the registry"
(cd "$VSC" && [ -f npm-shrinkwrap.json ] && node -e '
  const fs = require("fs"), { execFileSync } = require("child_process");
  const lock = JSON.parse(fs.readFileSync("npm-shrinkwrap.json", "utf8"));
  let changed = 0;
  for (const [where, p] of Object.entries(lock.packages || {})) {
    if (!where || !/^git\+|github\.com/.test(p.resolved || "") || !p.integrity) continue;
    const name = where.replace(/^.*node_modules\//, "");
    let dist;
    try { dist = JSON.parse(execFileSync("npm", ["view", `${name}@${p.version}`, "dist", "--json"], { encoding: "utf8" })); } catch { continue; }
    if (dist && dist.integrity === p.integrity) {
      console.error(`  ${name}@${p.version}: ${p.resolved} -> ${dist.tarball} (same integrity)`);
      p.resolved = dist.tarball;
      changed++;
    } else console.error(`  ${name}@${p.version}: no registry tarball with its integrity; left pinned`);
  }
  if (changed) fs.writeFileSync("npm-shrinkwrap.json", JSON.stringify(lock, null, 2) + "\n");
' >&2) || true

# code-server's postinstall.sh, replayed without its network steps:
log "lib/vscode: npm install --omit=dev --ignore-scripts"
(cd "$VSC" && npm install --omit=dev --ignore-scripts "${NPM_FLAGS[@]}" >&2)

NATIVE=()
# The native modules this VS Code has (older ones lack some).
for m in kerberos @vscode/spdlog node-pty native-watchdog @parcel/watcher @vscode/deviceid; do
  [ -d "$VSC/node_modules/$m" ] && NATIVE+=("$m")
done
log "lib/vscode: npm rebuild ${NATIVE[*]} (node-gyp, from source)"
# kerberos first tries prebuild-install (a GitHub download, refused here) then node-gyp;
# @parcel/watcher uses its prebuilt @parcel/watcher-linux-x64-glibc from the registry.
(cd "$VSC" && npm_config_yes=true npm rebuild "${NATIVE[@]}" "${NPM_FLAGS[@]}" >&2)
log "lib/vscode: checking the native modules load"
(cd "$VSC" && node -e '
  for (const m of process.argv.slice(1)) {
    try { require(m); } catch (e) { console.error("cannot load " + m + ": " + e.message); process.exit(1); }
  }' "${NATIVE[@]}" >&2)

log "lib/vscode: ripgrep -> $(command -v rg), node_modules.asar -> node_modules, bin scripts"
mkdir -p "$VSC/node_modules/@vscode/ripgrep/bin"
ln -sfn "$(command -v rg)" "$VSC/node_modules/@vscode/ripgrep/bin/rg"
ln -sfn node_modules "$VSC/node_modules.asar"
ln -sfn code-linux.sh "$VSC/bin/remote-cli/code-server"
ln -sfn browser-linux.sh "$VSC/bin/helpers/browser.sh"

log "lib/vscode/extensions: npm install --omit=dev --ignore-scripts"
(cd "$VSC/extensions" && npm install --omit=dev --ignore-scripts "${NPM_FLAGS[@]}" >&2 &&
  node ./postinstall.mjs >/dev/null)  # its postinstall only prunes the bundled typescript

log "npm rebuild argon2"
npm rebuild argon2 "${NPM_FLAGS[@]}" >&2
node -e 'require("argon2")' || die "argon2 does not load"

# A launcher: pinned to the Node it was built with (native ABI), and with code-server's own
# config file kept in the cache instead of ~/.config/code-server (flags on the command line
# still win over it).
mkdir -p "$BUILD/bin"
cat > "$BUILD/bin/code-server" <<EOF
#!/bin/sh
# code-server $CS_VERSION provisioned by skyvia-explorer's scripts/provision-vscode.sh
here="\$(cd "\$(dirname "\$0")/.." && pwd)"
if [ -z "\${CODE_SERVER_CONFIG:-}" ]; then
  CODE_SERVER_CONFIG="\$here/config.yaml"; export CODE_SERVER_CONFIG
fi
exec "$NODE_BIN" "\$here/node_modules/code-server/out/node/entry.js" "\$@"
EOF
chmod +x "$BUILD/bin/code-server"
cat > "$BUILD/config.yaml" <<'EOF'
# Used by bin/code-server unless CODE_SERVER_CONFIG is set; the test harness passes
# every option it needs on the command line.
bind-addr: 127.0.0.1:0
auth: none
cert: false
disable-telemetry: true
disable-update-check: true
EOF

verify() { # $1 = folder
  local out
  out="$(XDG_DATA_HOME="$1/.xdg-data" "$1/bin/code-server" --version 2>&1)" || { printf '%s\n' "$out" >&2; return 1; }
  printf '%s\n' "$out" | grep -q "^$CS_VERSION " || { printf 'unexpected --version output: %s\n' "$out" >&2; return 1; }
  log "verified: $(printf '%s\n' "$out" | tail -1)"
}
verify "$BUILD" || die "code-server --version failed in the build folder"
printf '%s\n' "$MARKER_TEXT" > "$BUILD/$MARKER_NAME"

# Swap into place: a stale/incomplete DEST (other Node ABI, a half-copied folder) is moved
# aside first and deleted after; the rename itself is atomic on one filesystem.
if [ -e "$DEST" ]; then
  STALE="$DEST.stale.$$"
  mv "$DEST" "$STALE"
fi
mv "$BUILD" "$DEST"
trap - EXIT
[ -n "${STALE:-}" ] && rm -rf "$STALE"
verify "$DEST" || die "code-server --version failed after moving into $DEST"
log "provisioned code-server $CS_VERSION in $DEST"
finish
