#!/usr/bin/env bash
# One whole game of Wuzi in a real GUI manager, under a virtual display (Xvfb), judged
# from the manager's own record, not from Wuzi:
#
#   scripts/gui-game.sh [piskvork|qpiskvork|all]      (default: all)
#
#   piskvork   PISKVORK=/path/to/piskvork.exe: Piskvork under wine, in its command-line
#              mode (piskvork.exe -p AI1 AI2 ...): Wuzi's Windows exe against a second
#              copy of it, freestyle 15x15. Read back: Piskvork's exit code (1 or 2: a
#              player won, 3 a draw, 0 an error), the PSQ record it saved (-outfile; its
#              last line is the end code, 0 for a normal end, and every move must be on
#              the board, on an empty point, the last one making five) and its pipe logs
#              (-logpipe: every answer to a move command must be a move). The exe is
#              dist/pbrain-wuzi64.exe (built with PGO=0 scripts/build-release.sh
#              --windows-only if missing); player 1 loads dist/Wuzi.zip instead when an
#              unzip.exe that Piskvork can run stands beside piskvork.exe.
#   qpiskvork  QPISKVORK=/path/to/qpiskvork: the Qt manager on Linux, driven with
#              xdotool (clicks at its menus and dialogs in their default layout):
#              target/release/pbrain-wuzi against a copy, freestyle 15x15, 5 s a turn
#              (its minimum), 60 s a game. Read back: its debug log (the commands it
#              sent and the lines it read, on its stderr) replayed by a referee, and its
#              "game over!" box.
#
# A manager whose path is not set or not there, or a missing tool (wine, Xvfb,
# xdotool), is skipped with "skipped: ..." and exit status 0; GUI_GAME_REQUIRE=1 makes a
# skip fail. Exit status 1: a game went wrong (the reason is printed).
# SHOTS=DIR saves screenshots (PNG) of the board during and after each game.
# Settings (environment): TURN_MS=300 and MATCH_S=100 for Piskvork.
#
# Building the managers is not part of this script (see README, "Wuzi in the GUI
# managers").
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
which=${1:-all}
TURN_MS=${TURN_MS:-300}
MATCH_S=${MATCH_S:-100}
SHOTS=${SHOTS:-}
[ -n "$SHOTS" ] && mkdir -p "$SHOTS" && SHOTS=$(cd "$SHOTS" && pwd)

say() { echo "gui-game: $*"; }
fail() { say "FAIL: $*"; exit 1; }
skip() {
    say "skipped: $*"
    [ "${GUI_GAME_REQUIRE:-0}" = 1 ] && exit 1
    return 0
}
have() { command -v "$1" >/dev/null 2>&1; }

work=$(mktemp -d)
pids=()
# On the way out: the processes started go; so does the work folder, unless the run
# failed, when its logs and records are kept to see why.
cleanup() {
    local rc=$? p
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    if [ -n "${WINEPREFIX:-}" ] && [ -x "${WINESERVER:-}" ]; then
        "$WINESERVER" -k >/dev/null 2>&1 || true
    fi
    if [ "$rc" -ne 0 ]; then
        say "the failed run's logs and records are kept in $work"
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

# A virtual display of our own (once): DISPLAY is set to it. Returns 1 if there is no
# Xvfb or it does not start.
display_up=0
start_display() {
    [ $display_up = 1 ] && return 0
    have Xvfb || return 1
    local n
    for n in $(seq 90 120); do
        [ -e "/tmp/.X$n-lock" ] && continue
        Xvfb ":$n" -screen 0 1024x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
        pids+=($!)
        for _ in $(seq 100); do
            if [ -e "/tmp/.X11-unix/X$n" ]; then
                export DISPLAY=":$n"
                display_up=1
                return 0
            fi
            sleep 0.1
        done
        return 1
    done
    return 1
}

# shot WINDOW NAME: a small PNG of one window, or of the screen's non-black part for
# WINDOW "root" (only with SHOTS set).
shot() {
    [ -n "$SHOTS" ] && have import || return 0
    import -window "$1" "$SHOTS/$2.png" 2>/dev/null || return 0
    if [ "$1" = root ] && have convert; then
        convert "$SHOTS/$2.png" -trim +repage "$SHOTS/$2.png" 2>/dev/null || true
    fi
    if have pngquant; then pngquant --force --ext .png 64 "$SHOTS/$2.png" 2>/dev/null || true; fi
    say "screenshot $SHOTS/$2.png"
}

# --- Piskvork under wine ---------------------------------------------------------------
piskvork() {
    local exe=${PISKVORK:-}
    [ -n "$exe" ] || { skip "Piskvork: PISKVORK=/path/to/piskvork.exe not set"; return; }
    [ -f "$exe" ] || { skip "Piskvork: $exe not installed"; return; }
    local wine=""
    if [ -x /usr/lib/wine/wine64 ]; then wine=/usr/lib/wine/wine64
    elif have wine64; then wine=$(command -v wine64)
    elif have wine; then wine=$(command -v wine)
    fi
    [ -n "$wine" ] || { skip "Piskvork: wine not installed"; return; }
    WINESERVER=$(dirname "$wine")/wineserver
    [ -x "$WINESERVER" ] || WINESERVER=$(command -v wineserver || echo /nonexistent)
    start_display || { skip "Piskvork: Xvfb not installed (or it did not start)"; return; }
    if [ ! -f dist/pbrain-wuzi64.exe ]; then
        say "building dist/pbrain-wuzi64.exe"
        PGO=0 scripts/build-release.sh --windows-only >"$work/build.log" 2>&1 \
            || { tail -20 "$work/build.log"; fail "scripts/build-release.sh --windows-only"; }
    fi

    export WINEPREFIX="$work/wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
    "$WINESERVER" -p </dev/null >/dev/null 2>&1 || true
    "$wine" wineboot --init </dev/null >"$work/wineboot.log" 2>&1 \
        || { cat "$work/wineboot.log"; fail "wineboot"; }
    # Piskvork's settings live in the registry: a 15x15 board, no sound, and time-outs
    # judged (checkTimeOut; a tournament always judges them, a -p game only with it).
    local key='HKCU\Software\Petr Lastovicka\piskvorky' kv
    for kv in sirka=15 height=15 soundNotification=0 continuous=0 checkTimeOut=1 \
        tolerance=1000; do
        "$wine" reg add "$key" /v "${kv%=*}" /t REG_DWORD /d "${kv#*=}" /f \
            >/dev/null 2>&1 || fail "wine reg add ${kv%=*}"
    done

    # The brains, each in its own folder (Piskvork shares one working folder).
    mkdir -p "$work/a" "$work/b" "$work/out"
    cp dist/pbrain-wuzi64.exe "$work/a/"
    cp dist/pbrain-wuzi64.exe "$work/b/"
    local first='a\pbrain-wuzi64.exe' second='b\pbrain-wuzi64.exe'
    if [ -f dist/Wuzi.zip ] && [ -f "$(dirname "$exe")/unzip.exe" ]; then
        cp dist/Wuzi.zip "$work/a/"
        first='a\Wuzi.zip'
    fi
    # wine 8 lacks ProcessPrng (bcryptprimitives.dll): the test-only shim of
    # scripts/ci-windows.sh, next to the exes, if the exe imports it.
    if x86_64-w64-mingw32-objdump -p dist/pbrain-wuzi64.exe 2>/dev/null \
        | grep -qi bcryptprimitives; then
        x86_64-w64-mingw32-gcc -shared -O2 -s -o "$work/a/bcryptprimitives.dll" \
            scripts/wine/bcryptprimitives.c scripts/wine/bcryptprimitives.def -ladvapi32 \
            || fail "the bcryptprimitives shim needs mingw (gcc-mingw-w64-x86-64)"
        cp "$work/a/bcryptprimitives.dll" "$work/b/"
    fi

    say "Piskvork: $first against $second, freestyle 15x15, $TURN_MS ms a turn"
    local t0=$SECONDS code=0
    (cd "$work" && exec "$wine" "$exe" -p "$first" "$second" -rule 0 \
        -timeturn "$TURN_MS" -timematch "$MATCH_S" -opening -1 \
        -outfile 'out\game.psq' -logpipe 'out\' -logmsg 'out\messages.txt' \
        </dev/null >"$work/piskvork.log" 2>&1) &
    local game=$!
    if [ -n "$SHOTS" ] && have xdotool; then
        sleep 3
        local win
        win=$(xdotool search --name '^Piskvork$' 2>/dev/null | head -1 || true)
        [ -n "$win" ] && shot "$win" piskvork-game
    fi
    wait "$game" || code=$?
    say "Piskvork exited with $code after $((SECONDS - t0)) s"
    python3 - "$code" "$work/out" <<'EOF'
import glob, os, re, sys

sys.path.insert(0, "scripts")
from gui_referee import makes_five, replay

code, out = int(sys.argv[1]), sys.argv[2]
def fail(msg):
    print(f"gui-game: FAIL: Piskvork: {msg}")
    sys.exit(1)
if code not in (1, 2, 3):
    fail(f"exit code {code} (0: Piskvork found an error)")
psq = os.path.join(out, "game.psq")
if not os.path.exists(psq):
    fail("no PSQ record written")
lines = open(psq, errors="replace").read().split("\n")
head = re.match(r"Piskvorky (\d+)x(\d+), \d+:\d+, ([01])$", lines[0])
if not head:
    fail(f"PSQ header {lines[0]!r}")
w, h, starter = int(head[1]), int(head[2]), int(head[3])
moves, k = [], 1
while k < len(lines) and re.match(r"-?\d+,-?\d+,-?\d+$", lines[k]):
    x, y, t = map(int, lines[k].split(","))
    moves.append((x - 1, y - 1, t))
    k += 1
rest = [l for l in lines[k:] if l != ""]
if len(rest) < 3 or rest[-1] != "0":
    fail(f"PSQ end code {rest[-1] if rest else None!r} (0 is a normal end): {rest}")
board, why = replay([(x, y) for x, y, _ in moves], w, h)
if why:
    fail(why)
won = bool(moves) and makes_five(board, moves[-1][0], moves[-1][1])
if code in (1, 2) and not won:
    fail("Piskvork named a winner, but the last move makes no five")
if code in (1, 2):
    # The header's last field is the player (0: the first) who made the first move.
    winner = 1 + (starter ^ ((len(moves) - 1) % 2))
    if winner != code:
        fail(f"Piskvork's winner {code} did not make the five (player {winner} did)")
# Every answer in the pipe logs is a move (MESSAGE lines aside).
logs = glob.glob(os.path.join(out, "*.log"))
if not logs:
    fail("no pipe log written")
for log in logs:
    for l in open(log, errors="replace").read().split("\n"):
        if l.startswith(("ERROR", "UNKNOWN", "DEBUG", "SUGGEST")):
            fail(f"{os.path.basename(log)}: {l!r}")
slow = max(range(len(moves)), key=lambda i: moves[i][2])
who = {1: "the first player won", 2: "the second player won", 3: "a draw"}[code]
print(f"gui-game: Piskvork: {who} in {len(moves)} moves, no error, no time-out "
      f"(slowest: move {slow + 1}, {moves[slow][2]} ms); end code 0")
EOF
    [ -n "$SHOTS" ] && cp "$work/out/game.psq" "$SHOTS/piskvork-game.psq" || true
}

# --- qpiskvork on Linux ----------------------------------------------------------------
# The window named $1 (waits up to 10 s).
window() {
    local w
    for _ in $(seq 100); do
        w=$(xdotool search --name "$1" 2>/dev/null | tail -1 || true)
        [ -n "$w" ] && { echo "$w"; return 0; }
        sleep 0.1
    done
    return 1
}

# click X Y: a left click at a point of the screen. There is no window manager on the
# virtual display, so keys go to the window under the pointer: we click and type there.
click() { xdotool mousemove "$1" "$2" click 1; sleep 0.3; }

# at WINDOW DX DY: click at that offset inside the window.
at() {
    local X Y WIDTH HEIGHT SCREEN WINDOW
    eval "$(xdotool getwindowgeometry --shell "$1")"
    click $((X + $2)) $((Y + $3))
}

# set_number MENU_X ITEM_Y TITLE VALUE: open an input dialog from qpiskvork's Setting
# menu and enter VALUE (its spin box is 106,47 into the dialog).
set_number() {
    local d
    click "$1" 10
    click 130 "$2"
    d=$(window "^$3\$") || fail "qpiskvork: no '$3' dialog"
    sleep 0.3
    at "$d" 106 47
    xdotool key ctrl+a
    xdotool type --delay 20 "$4"
    xdotool key Return
    sleep 0.3
}

qpiskvork() {
    local exe=${QPISKVORK:-}
    [ -n "$exe" ] || { skip "qpiskvork: QPISKVORK=/path/to/qpiskvork not set"; return; }
    [ -x "$exe" ] || { skip "qpiskvork: $exe not installed"; return; }
    have xdotool || { skip "qpiskvork: xdotool not installed"; return; }
    start_display || { skip "qpiskvork: Xvfb not installed (or it did not start)"; return; }
    cargo build --release --quiet --bin pbrain-wuzi || fail "cargo build --release"
    cp target/release/pbrain-wuzi "$work/pbrain-wuzi"
    cp target/release/pbrain-wuzi "$work/pbrain-wuzi-copy"

    QT_QPA_PLATFORM=xcb "$exe" >"$work/qpiskvork.out" 2>"$work/qpiskvork.log" &
    local qp=$!
    pids+=("$qp")
    window '^qpiskvork$' >/dev/null || fail "qpiskvork: no main window"
    sleep 1.5
    # The main window sits at the screen's top left: menu Setting at x 86, its items
    # Match Timeout and Turn Timeout at y 59 and 84; Player at x 144; Game at x 29.
    set_number 86 84 'Turn Timeout' 5000
    set_number 86 59 'Match Timeout' 60000
    # Player > Setting: both players AI, each with its path.
    click 144 10
    click 170 34
    local d
    d=$(window '^Player Setting$') || fail "qpiskvork: no Player Setting dialog"
    sleep 0.5
    at "$d" 235 62
    at "$d" 179 99
    xdotool key ctrl+a && xdotool type --delay 10 "$work/pbrain-wuzi"
    at "$d" 235 189
    at "$d" 179 226
    xdotool key ctrl+a && xdotool type --delay 10 "$work/pbrain-wuzi-copy"
    at "$d" 312 276
    sleep 0.5
    say "qpiskvork: pbrain-wuzi against a copy, freestyle 15x15, 5 s a turn, 60 s a game"
    click 29 10
    click 50 34
    local t0=$SECONDS over="" shot_taken=0
    while [ $((SECONDS - t0)) -lt 200 ]; do
        # "game over!" says who made five; "Game Over" a time-out or a draw.
        over=$(xdotool search --name '^(game over!|Game Over)$' 2>/dev/null | head -1 || true)
        [ -n "$over" ] && break
        if [ $shot_taken = 0 ] && [ $((SECONDS - t0)) -ge 40 ]; then
            shot root qpiskvork-game
            shot_taken=1
        fi
        kill -0 "$qp" 2>/dev/null || fail "qpiskvork exited during the game"
        sleep 1
    done
    [ -n "$over" ] || fail "qpiskvork: no game-over box within 200 s"
    sleep 0.5
    shot root qpiskvork-over
    [ "$(xdotool getwindowname "$over")" = 'game over!' ] \
        || fail "qpiskvork: the game ended by a time-out or a draw ('Game Over' box)"
    say "qpiskvork: 'game over!' after $((SECONDS - t0)) s"
    [ -n "$SHOTS" ] && cp "$work/qpiskvork.log" "$SHOTS/qpiskvork.log"
    python3 - "$work/qpiskvork.log" <<'EOF'
import re, sys

sys.path.insert(0, "scripts")
from gui_referee import makes_five, replay

def fail(msg):
    print(f"gui-game: FAIL: qpiskvork: {msg}")
    sys.exit(1)
# qpiskvork's debug log: each command it writes, then each line it reads. The moves are
# the lines it read that are points, in order (MESSAGE lines aside).
log = open(sys.argv[1], errors="replace").read().split("\n")
if "END" not in log:
    fail("no END sent: the game did not end")
# After the five, qpiskvork sends the loser the winning move and END at once; a brain
# still searching then answers its cut-short move, which qpiskvork reads (and logs) but
# no longer plays: only the lines before END are the game's.
end = log.index("END")
late = [l for l in log[end:] if re.fullmatch(r"\d+,\d+", l)]
moves = []
for l in log[:end]:
    if re.fullmatch(r"\d+,\d+", l):
        moves.append(tuple(map(int, l.split(","))))
    elif l.startswith(("ERROR", "UNKNOWN")):
        fail(f"a brain answered {l!r}")
    elif "timeout" in l.lower() and "INFO" not in l:
        fail(f"{l!r}")
board, why = replay(moves, 15, 15)
if why:
    fail(why)
if not moves or not makes_five(board, *moves[-1]):
    fail("the last move makes no five")
side = "black" if len(moves) % 2 == 1 else "white"
print(f"gui-game: qpiskvork: {side} won with a five in {len(moves)} moves "
      f"(its log: every answer a legal move, no ERROR, no time-out; "
      f"{len(late)} move line(s) after END, not played)")
EOF
    kill "$qp" 2>/dev/null || true
}

case $which in
    piskvork) piskvork ;;
    qpiskvork) qpiskvork ;;
    all) piskvork; qpiskvork ;;
    *) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
