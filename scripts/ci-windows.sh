#!/usr/bin/env bash
# CI for the Windows build: runs scripts/build-release.sh (Linux variants, the Windows exe,
# the Gomocup zip), unpacks the zip into a throw-away directory and runs the exe under wine:
#   1. a scripted protocol session with CR LF input and exact replies,
#   2. the bench signature, which must equal the Linux builds' node count (the release
#      build's, made with a profile, and the plain `cargo build --release` one's),
#   3. a whole game between two copies of the exe (freestyle 15x15, 200 ms a move),
# with the brain's stderr required to stay empty throughout.
#
# Installs what it needs (apt-get as root, rustup target add). It skips, with a message and
# exit 0, only when those installs are impossible (not root, no apt-get, no network); set
# WUZI_REQUIRE_WINDOWS=1 to make a skip fail instead.
#
# wine: wine 8 lacks bcryptprimitives.dll (ProcessPrng), which Rust's Windows std may import;
# a test-only shim built from scripts/wine/bcryptprimitives.c sits next to the exe in the
# test directory (never in the package). Creating the wine prefix prints wine's own notes on
# stderr ('wine: configuration in ... has been updated.', 'could not open working directory',
# and 'failed to open ...syswow64\rundll32.exe' as there is no 32-bit wine): that happens
# once, in wineboot, whose output goes to a log. WINEDEBUG=-all silences wine's debug
# channels, so every byte on a brain's stderr afterwards is the brain's own: the check is
# "exactly 0 bytes", nothing is filtered.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
t_start=$(date +%s)
WINE=${WINE:-/usr/lib/wine/wine64}
WINESERVER=${WINESERVER:-/usr/lib/wine/wineserver}
WIN_TARGET=x86_64-pc-windows-gnu

say() { echo "ci-windows: $*"; }
skip() {
    say "SKIPPED: $*"
    [ "${WUZI_REQUIRE_WINDOWS:-0}" = 1 ] && exit 1
    exit 0
}
phase() { say "[$(($(date +%s) - t_start)) s] $*"; }

# --- 1. Tools --------------------------------------------------------------------------
missing=()
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || missing+=(gcc-mingw-w64-x86-64)
[ -x "$WINE" ] || missing+=(wine64)
command -v zip >/dev/null 2>&1 || missing+=(zip)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        skip "missing ${missing[*]} and cannot apt-get them here (not root or no apt-get)"
    fi
    phase "installing ${missing[*]}"
    apt_log=$(mktemp)
    if ! apt-get update -qq >"$apt_log" 2>&1; then
        tail -5 "$apt_log"
        skip "apt-get update failed (no network?); needed: ${missing[*]}"
    fi
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >"$apt_log" 2>&1
    then
        tail -20 "$apt_log"
        say "FAIL: apt-get install ${missing[*]}"
        exit 1
    fi
    rm -f "$apt_log"
fi
libdir=$(rustc --print target-libdir --target "$WIN_TARGET" 2>/dev/null || true)
if [ -z "$libdir" ] || [ ! -d "$libdir" ]; then
    rustup target add "$WIN_TARGET" >/dev/null 2>&1 \
        || skip "rustup target add $WIN_TARGET failed (no network?)"
fi

# --- 2. Build ---------------------------------------------------------------------------
phase "building (scripts/build-release.sh)"
scripts/build-release.sh 2>&1 | grep -v '^ *Compiling '

# --- 3. Throw-away test directory and wine prefix ---------------------------------------
test_dir=$(mktemp -d)
export WINEPREFIX
WINEPREFIX=$(mktemp -d)
cleanup() {
    "$WINESERVER" -k >/dev/null 2>&1 || true # only this prefix's server
    rm -rf "$test_dir" "$WINEPREFIX"
}
trap cleanup EXIT
export WINEDEBUG=-all
# n,b: our shim first. mscoree/mshtml disabled: no Mono/Gecko install prompts.
export WINEDLLOVERRIDES="bcryptprimitives=n,b;mscoree,mshtml="

# Test what is shipped: the zip's contents, exactly one exe.
python3 - "$root/dist/Wuzi.zip" "$test_dir" <<'EOF'
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = z.namelist()
assert names == ["pbrain-wuzi64.exe"], f"unexpected zip contents: {names}"
z.extractall(sys.argv[2])
EOF
x86_64-w64-mingw32-gcc -shared -O2 -s -Wall -o "$test_dir/bcryptprimitives.dll" \
    scripts/wine/bcryptprimitives.c scripts/wine/bcryptprimitives.def -ladvapi32
if grep -qi bcryptprimitives <<<"$(x86_64-w64-mingw32-objdump -p "$test_dir/pbrain-wuzi64.exe")"
then
    say "the exe imports bcryptprimitives.dll: the shim is in use"
else
    say "the exe does not import bcryptprimitives.dll today; the shim is there in case it does"
fi

phase "creating the wine prefix"
# A persistent server, started first: wine's system processes (services.exe, explorer.exe,
# winedevice.exe ...) then start once, under wineboot, and stay up. Otherwise the first
# brain started after an idle server would start them, and they would inherit (and hold
# open) that brain's stdout and stderr pipes. Its own output goes nowhere, so it cannot hold
# our caller's pipes either; the EXIT trap kills it.
"$WINESERVER" -p </dev/null >/dev/null 2>&1
"$WINE" wineboot --init </dev/null >"$test_dir/wineboot.log" 2>&1 || {
    cat "$test_dir/wineboot.log"
    say "FAIL: wineboot"
    exit 1
}

# --- 4. Protocol session ----------------------------------------------------------------
phase "protocol session under wine"
(cd "$test_dir" && python3 "$root/scripts/wine/brain_check.py" session -- "$WINE" pbrain-wuzi64.exe)

# --- 5. Bench signature: same search on Windows as on Linux -----------------------------
phase "bench signature"
# bench_nodes: the node count of a `bench` report on stdin.
bench_nodes() { sed -n 's/^Nodes searched *: *//p'; }
(cd "$test_dir" && "$WINE" pbrain-wuzi64.exe bench >bench.out 2>bench.err)
win_nodes=$(bench_nodes <"$test_dir/bench.out")
lin_nodes=$(dist/linux-x86-64-v2/pbrain-wuzi bench 2>/dev/null | bench_nodes)
[ -s "$test_dir/bench.err" ] && { say "FAIL: bench wrote to stderr"; exit 1; }
if [ -z "$win_nodes" ] || [ "$win_nodes" != "$lin_nodes" ]; then
    say "FAIL: bench nodes: windows '$win_nodes', linux '$lin_nodes'"
    exit 1
fi
say "bench nodes: windows $win_nodes = linux $lin_nodes"
# The release binaries are built with a profile (see build-release.sh); the plain build
# (target/release, as `cargo build --release` makes it) must search the same tree.
if [ -x target/release/pbrain-wuzi ]; then
    plain_nodes=$(target/release/pbrain-wuzi bench 2>/dev/null | bench_nodes)
    if [ "$plain_nodes" != "$lin_nodes" ]; then
        say "FAIL: bench nodes: plain build '$plain_nodes', release build '$lin_nodes'"
        exit 1
    fi
    say "bench nodes: plain build $plain_nodes = release build"
else
    say "no plain build in target/release: its bench check skipped"
fi

# --- 6. A whole game between two copies of the exe --------------------------------------
phase "game under wine"
(cd "$test_dir" && python3 "$root/scripts/wine/brain_check.py" game --size 15 --turn-ms 200 \
    -- "$WINE" pbrain-wuzi64.exe)

phase "all Windows checks passed"
