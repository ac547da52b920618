#!/usr/bin/env bash
# install.sh: build fairhall as one statically linked binary and install it.
#
# Run ./install.sh --help for the options. Safe to run again: on an existing
# installation it upgrades in place. The data is backed up first (with the
# old binary's `fairhall backup`, or a copy of the data directory when that
# binary has none), the binary is replaced atomically and the service is
# restarted; the config (and so its secrets) and the data are kept.
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: ./install.sh [options]

Builds the frontend (frontend/dist) and a statically linked release binary,
then installs:
  PREFIX/usr/local/bin/fairhall                 the binary (replaced atomically)
  PREFIX/etc/fairhall/fairhall.toml             the config, mode 0600, written once
                                                by `fairhall init` with fresh secrets
                                                (on a terminal, init asks for the hall's
                                                name, language, currency, receiving account,
                                                support contact and backup key)
  PREFIX/var/lib/fairhall                       the data directory, mode 0750
  PREFIX/etc/profile.d/fairhall.sh              sets FAIRHALL_CONFIG in login shells, so
                                                `fairhall admin ...` finds the config
  PREFIX/etc/systemd/system/fairhall.service    the systemd unit (unless --no-systemd)
and, when installing to / with systemd, enables and (re)starts the service.

On an existing installation (a binary and a database in place) it upgrades:
the data is backed up first, into PREFIX/var/lib/fairhall/backups/
pre-upgrade-<time>.tar.gz by the old binary's `fairhall backup` (while the
service runs), or, for an old binary without that command, as a copy
PREFIX/var/lib/fairhall.pre-upgrade-<time> (the service is stopped first).
The new binary backs the database up again before it applies migrations.

Options:
  --prefix DIR       install under DIR (default: /)
  --no-systemd       do not write the systemd unit nor call systemctl
  --user NAME        service user (default: fairhall); created with
                     `useradd --system` only when installing to / as root with systemd
  --listen ADDR      listen address written into a new config (default: the
                     binary's own default, 127.0.0.1:8080)
  --skip-frontend    do not rebuild the frontend if frontend/dist already exists
  --binary FILE      install this prebuilt binary instead of building one
  --profile NAME     the cargo profile of the build (default: release; the test
                     suite installs a `suite` build, quicker to compile)
                     (it must still be statically linked)
  -h, --help         show this help

Environment: CARGO (default cargo), NPM (default npm).
EOF
}

die() { printf 'install.sh: error: %s\n' "$*" >&2; exit 1; }
say() { printf '==> %s\n' "$*"; }

PREFIX=/
SYSTEMD=1
SVC_USER=fairhall
LISTEN=
SKIP_FRONTEND=0
PREBUILT=
PROFILE=release

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; PREFIX=$2; shift 2 ;;
        --prefix=*) PREFIX=${1#*=}; shift ;;
        --no-systemd) SYSTEMD=0; shift ;;
        --user) [ $# -ge 2 ] || die "--user needs a name"; SVC_USER=$2; shift 2 ;;
        --user=*) SVC_USER=${1#*=}; shift ;;
        --listen) [ $# -ge 2 ] || die "--listen needs an address"; LISTEN=$2; shift 2 ;;
        --listen=*) LISTEN=${1#*=}; shift ;;
        --skip-frontend) SKIP_FRONTEND=1; shift ;;
        --binary) [ $# -ge 2 ] || die "--binary needs a file"; PREBUILT=$2; shift 2 ;;
        --binary=*) PREBUILT=${1#*=}; shift ;;
        --profile) [ $# -ge 2 ] || die "--profile needs a name"; PROFILE=$2; shift 2 ;;
        --profile=*) PROFILE=${1#*=}; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
done

[ -n "$PREFIX" ] || die "--prefix must not be empty"
[ -n "$SVC_USER" ] || die "--user must not be empty"
case "$SVC_USER" in
    *[!a-z0-9_-]*|-*) die "invalid user name: $SVC_USER" ;;
esac

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ -n "$PREBUILT" ]; then
    PREBUILT=$(realpath -e "$PREBUILT") || die "no such binary: $PREBUILT"
fi
cd "$REPO_ROOT"

# Absolute prefix; ROOT is the prefix without a trailing slash ("" for /).
PREFIX=$(realpath -m "$PREFIX")
ROOT=${PREFIX%/}
TO_SYSTEM_ROOT=0
if [ -z "$ROOT" ]; then TO_SYSTEM_ROOT=1; fi

IS_ROOT=0
if [ "$(id -u)" -eq 0 ]; then IS_ROOT=1; fi

BIN_DIR=$ROOT/usr/local/bin
BIN_PATH=$BIN_DIR/fairhall
CONF_DIR=$ROOT/etc/fairhall
CONF_PATH=$CONF_DIR/fairhall.toml
DATA_DIR=$ROOT/var/lib/fairhall
PROFILE_PATH=$ROOT/etc/profile.d/fairhall.sh
UNIT_DIR=$ROOT/etc/systemd/system
UNIT_PATH=$UNIT_DIR/fairhall.service

if [ "$TO_SYSTEM_ROOT" -eq 1 ] && [ "$IS_ROOT" -ne 1 ]; then
    die "installing to / needs root (or use --prefix DIR)"
fi

CARGO=${CARGO:-cargo}
NPM=${NPM:-npm}

# ---------------------------------------------------------------- frontend --
build_frontend() {
    local fe=$REPO_ROOT/frontend
    [ -f "$fe/package.json" ] || die "frontend/package.json not found"
    command -v "$NPM" >/dev/null || die "npm not found (needed to build the frontend)"
    (
        cd "$fe"
        export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
        # npm records what it installed in node_modules/.package-lock.json:
        # reinstall when that is missing or older than package-lock.json.
        if [ ! -f node_modules/.package-lock.json ] \
            || { [ -f package-lock.json ] && [ package-lock.json -nt node_modules/.package-lock.json ]; } \
            || [ package.json -nt node_modules/.package-lock.json ]; then
            if [ -f package-lock.json ]; then
                say "npm ci (frontend)"
                "$NPM" ci --no-audit --no-fund
            else
                say "npm install (frontend; no package-lock.json)"
                "$NPM" install --no-audit --no-fund
            fi
        fi
        say "npm run build (frontend)"
        "$NPM" run build
    )
    [ -f "$fe/dist/index.html" ] || die "frontend build did not produce frontend/dist/index.html"
}

check_static() {
    local bin=$1 out
    out=$(ldd "$bin" 2>&1 || true)
    case "$out" in
        *"not a dynamic executable"*|*"statically linked"*) return 0 ;;
        *) printf '%s\n' "$out" >&2; return 1 ;;
    esac
}

if [ -n "$PREBUILT" ]; then
    BUILT=$PREBUILT
    say "using prebuilt binary $BUILT"
else
    if [ "$SKIP_FRONTEND" -eq 1 ] && [ -f frontend/dist/index.html ]; then
        say "skipping the frontend build (frontend/dist exists)"
    else
        if [ "$SKIP_FRONTEND" -eq 1 ]; then
            say "frontend/dist missing: building the frontend despite --skip-frontend"
        fi
        build_frontend
    fi

    command -v "$CARGO" >/dev/null || die "cargo not found"
    HOST=$(rustc -vV | sed -n 's/^host: //p')
    [ -n "$HOST" ] || die "could not read the host triple from rustc -vV"
    say "cargo build --profile $PROFILE --locked --target $HOST (static)"
    # An explicit --target keeps RUSTFLAGS away from build scripts and proc macros.
    RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }-C target-feature=+crt-static" \
        "$CARGO" build --profile "$PROFILE" --locked --target "$HOST"
    # Cargo's own profiles keep their historical folder names.
    case "$PROFILE" in
        dev|test) PROFILE_DIR=debug ;;
        bench) PROFILE_DIR=release ;;
        *) PROFILE_DIR=$PROFILE ;;
    esac
    BUILT=$REPO_ROOT/target/$HOST/$PROFILE_DIR/fairhall
    [ -x "$BUILT" ] || die "build did not produce $BUILT"
fi

check_static "$BUILT" || die "$BUILT is not statically linked (ldd above)"
say "static binary: $BUILT ($(stat -c %s "$BUILT") bytes)"

# ----------------------------------------------------------------- install --
CREATE_USER=0
if [ "$TO_SYSTEM_ROOT" -eq 1 ] && [ "$IS_ROOT" -eq 1 ] && [ "$SYSTEMD" -eq 1 ]; then
    CREATE_USER=1
fi
if [ "$CREATE_USER" -eq 1 ] && ! id -u "$SVC_USER" >/dev/null 2>&1; then
    say "creating system user $SVC_USER"
    useradd --system --home-dir "$DATA_DIR" --no-create-home \
        --shell /usr/sbin/nologin --user-group "$SVC_USER"
fi
# Hand the data and config to the service user when it will run the service.
OWN_BY_USER=0
if [ "$IS_ROOT" -eq 1 ] && [ "$SYSTEMD" -eq 1 ] && id -u "$SVC_USER" >/dev/null 2>&1; then
    OWN_BY_USER=1
fi

# ----------------------------------------------------------------- upgrade --
# as_service_user CMD...: run CMD as the service user when it owns the data,
# so that what it writes stays readable and writable for the service.
as_service_user() {
    if [ "$OWN_BY_USER" -eq 1 ] && command -v runuser >/dev/null; then
        runuser -u "$SVC_USER" -- "$@"
    else
        "$@"
    fi
}

service_is_active() {
    [ "$TO_SYSTEM_ROOT" -eq 1 ] && [ "$SYSTEMD" -eq 1 ] && command -v systemctl >/dev/null \
        && [ -d /run/systemd/system ] && systemctl is-active --quiet fairhall
}

BACKUP_STATE="none (new installation)"
if [ -x "$BIN_PATH" ] && [ -f "$DATA_DIR/fairhall.db" ]; then
    STAMP=$(date -u +%Y%m%d-%H%M%S)
    if "$BIN_PATH" backup --help >/dev/null 2>&1; then
        ARCHIVE=$DATA_DIR/backups/pre-upgrade-$STAMP.tar.gz
        # Two upgrades within one second: the second archive gets the next free name.
        n=1
        while [ -e "$ARCHIVE" ]; do
            n=$((n + 1))
            ARCHIVE=$DATA_DIR/backups/pre-upgrade-$STAMP-$n.tar.gz
        done
        install -d -m 0750 "$DATA_DIR/backups"
        if [ "$OWN_BY_USER" -eq 1 ]; then chown "$SVC_USER": "$DATA_DIR/backups"; fi
        say "backing up the data with the installed binary: $ARCHIVE"
        as_service_user "$BIN_PATH" --config "$CONF_PATH" backup "$ARCHIVE" \
            || die "the backup before the upgrade failed; nothing was changed"
        BACKUP_STATE=$ARCHIVE
    else
        # No online backup in that binary: a plain copy is consistent only while stopped.
        if service_is_active; then
            say "stopping fairhall to copy its data (the installed binary has no backup command)"
            systemctl stop fairhall
            RESTART_AFTER_COPY=1
        fi
        COPY=$DATA_DIR.pre-upgrade-$STAMP
        say "copying the data directory to $COPY"
        cp -a "$DATA_DIR" "$COPY" || die "the copy before the upgrade failed; nothing was changed"
        BACKUP_STATE=$COPY
    fi
fi

install -d -m 0755 "$BIN_DIR"
TMP_BIN=$BIN_DIR/.fairhall.new.$$
trap 'rm -f "$TMP_BIN"' EXIT
install -m 0755 "$BUILT" "$TMP_BIN"
mv -f "$TMP_BIN" "$BIN_PATH"          # rename(2): atomic, safe while running
trap - EXIT
"$BIN_PATH" --version >/dev/null || die "the installed binary does not run: $BIN_PATH --version"

install -d -m 0755 "$CONF_DIR"
if [ ! -d "$DATA_DIR" ]; then
    install -d -m 0750 "$DATA_DIR"
fi
chmod 0750 "$DATA_DIR"

if [ -e "$CONF_PATH" ]; then
    CONFIG_STATE="kept (existing)"
else
    init_args=(--config "$CONF_PATH" --data-dir "$DATA_DIR" init)
    if [ -n "$LISTEN" ]; then
        init_args+=(--listen "$LISTEN")
    fi
    (umask 077 && "$BIN_PATH" "${init_args[@]}") || die "fairhall init failed"
    [ -f "$CONF_PATH" ] || die "fairhall init did not write $CONF_PATH"
    CONFIG_STATE="written (new secrets)"
fi
chmod 0600 "$CONF_PATH"

if [ "$OWN_BY_USER" -eq 1 ]; then
    chown "$SVC_USER": "$CONF_PATH"
    chown -R "$SVC_USER": "$DATA_DIR"
fi

# Without --config, a command reads FAIRHALL_CONFIG: set in every login shell, `fairhall admin`
# works on this installation's hall (a command pointed at no hall refuses, exit 4).
install -d -m 0755 "$(dirname "$PROFILE_PATH")"
printf '# Written by fairhall install.sh: `fairhall admin ...` finds the installed config.\nexport FAIRHALL_CONFIG=%s\n' \
    "$CONF_PATH" >"$PROFILE_PATH"
chmod 0644 "$PROFILE_PATH"

# ----------------------------------------------------------------- systemd --
SERVICE_STATE="not installed (--no-systemd)"
if [ "$SYSTEMD" -eq 1 ]; then
    install -d -m 0755 "$UNIT_DIR"
    unit_tmp=$(mktemp "$UNIT_DIR/.fairhall.service.XXXXXX")
    cat >"$unit_tmp" <<EOF
[Unit]
Description=fairhall gaming hall
After=network-online.target
Wants=network-online.target
# A data directory on its own volume: never start on the empty mount point.
RequiresMountsFor=$DATA_DIR

[Service]
# serve says READY=1 once it listens and pings the watchdog while its loops run; a server
# silent for WatchdogSec is restarted (Restart=on-failure covers watchdog timeouts).
Type=notify
NotifyAccess=main
WatchdogSec=30s
User=$SVC_USER
ExecStart=$BIN_PATH --config $CONF_PATH serve
# Every live stream (api/live) holds a socket: room for [live] streams_max and the rest.
LimitNOFILE=65536
Restart=on-failure
RestartSec=2
KillSignal=SIGTERM
TimeoutStopSec=30
UMask=0077
# Hardening. No capabilities: listen on a port >= 1024 behind a reverse proxy.
NoNewPrivileges=true
ProtectSystem=strict
ProtectHome=true
PrivateTmp=true
PrivateDevices=true
ReadWritePaths=$DATA_DIR
CapabilityBoundingSet=
AmbientCapabilities=
ProtectKernelTunables=true
ProtectKernelModules=true
ProtectKernelLogs=true
ProtectControlGroups=true
ProtectClock=true
ProtectHostname=true
ProtectProc=invisible
ProcSubset=pid
RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX
RestrictNamespaces=true
RestrictRealtime=true
RestrictSUIDSGID=true
LockPersonality=true
MemoryDenyWriteExecute=true
SystemCallArchitectures=native
SystemCallFilter=@system-service
SystemCallErrorNumber=EPERM

[Install]
WantedBy=multi-user.target
EOF
    chmod 0644 "$unit_tmp"
    mv -f "$unit_tmp" "$UNIT_PATH"
    SERVICE_STATE="unit written; not started (prefix is not /)"

    if [ "$TO_SYSTEM_ROOT" -eq 1 ]; then
        if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
            say "systemctl daemon-reload && systemctl enable --now fairhall"
            was_active=${RESTART_AFTER_COPY:-0}
            if systemctl is-active --quiet fairhall; then was_active=1; fi
            systemctl daemon-reload
            systemctl enable --now fairhall
            # enable --now leaves a running service alone: restart it onto the new binary.
            if [ "$was_active" -eq 1 ]; then
                systemctl restart fairhall
            fi
            SERVICE_STATE="enabled and running (systemctl status fairhall)"
        else
            SERVICE_STATE="unit written; systemd is not running here, start it yourself"
        fi
    fi
fi

# ------------------------------------------------------------------ report --
VERSION=$("$BIN_PATH" --version 2>/dev/null || echo "?")
# Archives hold the chain keys and card keys: say loudly while they are written in clear.
if "$BIN_PATH" --config "$CONF_PATH" config dump 2>/dev/null | grep -qx 'recipient = ""'; then
    ENCRYPTION="NOT ENCRYPTED: set [backup] recipient in $CONF_PATH to an age public key
           (age-keygen -o key.txt on a machine you trust; README, \"Backups\")"
else
    ENCRYPTION="encrypted to [backup] recipient"
fi
if [ "$OWN_BY_USER" -eq 1 ]; then
    RUN_AS="runuser -u $SVC_USER -- "
else
    RUN_AS=
fi
cat <<EOF

fairhall installed: $VERSION
  binary   $BIN_PATH
  config   $CONF_PATH  ($CONFIG_STATE, mode 0600)
  data     $DATA_DIR  (mode 0750)
  profile  $PROFILE_PATH  (FAIRHALL_CONFIG for \`fairhall admin\`; open a new login shell)
  backup   $BACKUP_STATE
  archives $ENCRYPTION
  service  $SERVICE_STATE
EOF
if [ "$SYSTEMD" -eq 1 ]; then
    printf '  unit     %s\n' "$UNIT_PATH"
fi
# What the hall still lacks before it takes players' money (doctor's readiness section).
if [ -f "$DATA_DIR/fairhall.db" ]; then
    printf '\n'
    as_service_user "$BIN_PATH" --config "$CONF_PATH" admin doctor --readiness \
        || printf 'install.sh: `fairhall admin doctor --readiness` failed (above)\n' >&2
fi
if [ "$BACKUP_STATE" != "none (new installation)" ]; then
    # An upgrade: the hall and its administrators are there already.
    if [ "$SERVICE_STATE" = "enabled and running (systemctl status fairhall)" ]; then
        printf '\nUpgraded: the service was restarted onto the new binary.\n'
    else
        printf '\nUpgraded: restart the server to run the new binary:\n  %s\n' \
            "$BIN_PATH --config $CONF_PATH serve"
    fi
    exit 0
fi
cat <<EOF

Create the first administrator (the password is read from standard input,
or pass --password; run it as the user that runs the service, so that the
database files stay writable for it):
  ${RUN_AS}$BIN_PATH --config $CONF_PATH admin user create --phone PHONE --username admin --admin
EOF
if [ "$SYSTEMD" -eq 0 ] || [ "$TO_SYSTEM_ROOT" -eq 0 ]; then
    cat <<EOF
Start the server:
  $BIN_PATH --config $CONF_PATH serve
EOF
fi
