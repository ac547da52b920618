#!/usr/bin/env bash
# install.sh: install fairhall's statically linked binary, from a release or a checkout.
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

Installs the fairhall binary of a release, checked against its SHA256SUMS:
  - run inside the folder of a release tarball (fairhall-VERSION-ARCH-linux/,
    made by scripts/release): installs the binary beside this script; no
    compiler, Node or network is needed;
  - --release FILE.tar.gz: checks the tarball against the SHA256SUMS beside it,
    unpacks it and installs its binary;
  - in a source checkout: builds the release first (scripts/release: the
    frontend and a static binary, so cargo and Node 20 are needed) and
    installs from the tarball it made.
It installs:
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
  --release FILE     install from this release tarball (SHA256SUMS beside it)
  --binary FILE      install this statically linked binary as it is (no sum to check)
  In a source checkout, passed on to scripts/release:
  --skip-frontend    do not rebuild the frontend if frontend/dist already exists
  --profile NAME     the cargo profile of the build (default: release; the test
                     suite releases a `suite` build, quicker to compile)
  -h, --help         show this help
EOF
}

die() { printf 'install.sh: error: %s\n' "$*" >&2; exit 1; }
say() { printf '==> %s\n' "$*"; }

PREFIX=/
SYSTEMD=1
SVC_USER=fairhall
LISTEN=
RELEASE=
PREBUILT=
RELEASE_ARGS=()

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; PREFIX=$2; shift 2 ;;
        --prefix=*) PREFIX=${1#*=}; shift ;;
        --no-systemd) SYSTEMD=0; shift ;;
        --user) [ $# -ge 2 ] || die "--user needs a name"; SVC_USER=$2; shift 2 ;;
        --user=*) SVC_USER=${1#*=}; shift ;;
        --listen) [ $# -ge 2 ] || die "--listen needs an address"; LISTEN=$2; shift 2 ;;
        --listen=*) LISTEN=${1#*=}; shift ;;
        --release) [ $# -ge 2 ] || die "--release needs a tarball"; RELEASE=$2; shift 2 ;;
        --release=*) RELEASE=${1#*=}; shift ;;
        --binary) [ $# -ge 2 ] || die "--binary needs a file"; PREBUILT=$2; shift 2 ;;
        --binary=*) PREBUILT=${1#*=}; shift ;;
        --skip-frontend) RELEASE_ARGS+=(--skip-frontend); shift ;;
        --profile) [ $# -ge 2 ] || die "--profile needs a name"; RELEASE_ARGS+=(--profile "$2"); shift 2 ;;
        --profile=*) RELEASE_ARGS+=(--profile "${1#*=}"); shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
done

[ -n "$PREFIX" ] || die "--prefix must not be empty"
[ -n "$SVC_USER" ] || die "--user must not be empty"
case "$SVC_USER" in
    *[!a-z0-9_-]*|-*) die "invalid user name: $SVC_USER" ;;
esac
[ -z "$RELEASE" ] || [ -z "$PREBUILT" ] || die "--release and --binary exclude each other"

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ -n "$PREBUILT" ]; then
    PREBUILT=$(realpath -e "$PREBUILT") || die "no such binary: $PREBUILT"
fi
if [ -n "$RELEASE" ]; then
    RELEASE=$(realpath -e "$RELEASE") || die "no such release tarball: $RELEASE"
fi

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

# ----------------------------------------------------------------- release --
check_static() {
    local bin=$1 out
    out=$(ldd "$bin" 2>&1 || true)
    case "$out" in
        *"not a dynamic executable"*|*"statically linked"*) return 0 ;;
        *) printf '%s\n' "$out" >&2; return 1 ;;
    esac
}

# check_release_folder DIR: every file DIR's SHA256SUMS lists, the binary among them, matches
# (a damaged or altered release installs nothing).
check_release_folder() {
    local dir=$1
    [ -f "$dir/SHA256SUMS" ] || die "$dir has no SHA256SUMS: not a release folder"
    grep -q '  fairhall$' "$dir/SHA256SUMS" || die "$dir/SHA256SUMS does not list the binary"
    (cd "$dir" && sha256sum --check --quiet --strict SHA256SUMS) \
        || die "the release in $dir does not match its SHA256SUMS; nothing was installed"
    say "the release in $dir matches its SHA256SUMS"
}

# unpack_release TARBALL: checks TARBALL against the SHA256SUMS beside it, unpacks it into
# UNPACKED and sets BUILT to its checked binary.
UNPACKED=
TMP_BIN=
cleanup() {
    if [ -n "$TMP_BIN" ]; then rm -f "$TMP_BIN"; fi
    if [ -n "$UNPACKED" ]; then rm -rf "$UNPACKED"; fi
}
trap cleanup EXIT
unpack_release() {
    local tarball=$1 name folders
    name=$(basename "$tarball")
    [ -f "$(dirname "$tarball")/SHA256SUMS" ] \
        || die "no SHA256SUMS beside $tarball (download it with the tarball)"
    (cd "$(dirname "$tarball")" && grep -F "  $name" SHA256SUMS | grep -q "  $name\$") \
        || die "the SHA256SUMS beside $tarball does not list $name"
    (cd "$(dirname "$tarball")" && grep -F "  $name" SHA256SUMS | sha256sum --check --quiet --strict) \
        || die "$name does not match SHA256SUMS; nothing was installed"
    say "$name matches SHA256SUMS"
    UNPACKED=$(mktemp -d)
    tar -xzf "$tarball" -C "$UNPACKED" --no-same-owner
    folders=("$UNPACKED"/*/)
    [ "${#folders[@]}" -eq 1 ] && [ -d "${folders[0]}" ] || die "$name does not hold one release folder"
    check_release_folder "${folders[0]%/}"
    BUILT=${folders[0]%/}/fairhall
}

if [ -n "$PREBUILT" ]; then
    BUILT=$PREBUILT
    say "using the binary $BUILT"
elif [ -n "$RELEASE" ]; then
    unpack_release "$RELEASE"
elif [ -f "$SCRIPT_DIR/fairhall" ] && [ ! -f "$SCRIPT_DIR/Cargo.toml" ]; then
    check_release_folder "$SCRIPT_DIR"
    BUILT=$SCRIPT_DIR/fairhall
elif [ -x "$SCRIPT_DIR/scripts/release" ]; then
    say "a source checkout: building the release first (scripts/release)"
    RELEASE_OUT=$SCRIPT_DIR/target/release-dist
    "$SCRIPT_DIR/scripts/release" --out "$RELEASE_OUT" "${RELEASE_ARGS[@]}"
    unpack_release "$(ls -t "$RELEASE_OUT"/fairhall-*.tar.gz | head -n 1)"
else
    die "no release here: run install.sh inside a release folder, or pass --release FILE.tar.gz"
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
install -m 0755 "$BUILT" "$TMP_BIN"
mv -f "$TMP_BIN" "$BIN_PATH"          # rename(2): atomic, safe while running
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
           (age-keygen -o key.txt on a machine you trust; docs/backups.md)"
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
