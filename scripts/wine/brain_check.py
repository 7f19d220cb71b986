#!/usr/bin/env python3
"""Drive a Gomocup brain the way a manager does and check every reply.

Written for the Windows build under wine (scripts/ci-windows.sh), but it takes any
command, so it runs just as well against the Linux binary:

    brain_check.py session -- /usr/lib/wine/wine64 pbrain-wuzi64.exe
    brain_check.py game [--size 15] [--turn-ms 200] -- target/release/pbrain-wuzi

Every command goes out with CR LF, as Piskvork and GomocupJudge send it. A reply is the
first line that is not `MESSAGE <text>`; any other extra line fails the check, as it would
lose the game under Piskvork. The brain's output must use bare LF, and its stderr must stay
empty (Piskvork reads stderr as replies). `session` runs a scripted session with exact
replies; `game` plays two copies of the brain against each other under a referee:
freestyle, first five (or more) in a row wins, every move checked legal and in time.
Prints a transcript; exits 1 on the first failed check.
"""

import argparse
import os
import queue
import re
import subprocess
import sys
import threading
import time

# What managers allow on top of the turn time (GomocupJudge and Piskvork: 1000 ms).
TOLERANCE_MS = 1000
# How long END may take to end the process (Piskvork kills after 700 ms; wine adds its
# own process teardown, hence the margin).
END_GRACE_S = 3.0
MOVE_RE = re.compile(r"^(\d+),(\d+)$")


class Failure(Exception):
    pass


class Brain:
    """One brain process with stdout and stderr read on their own threads."""

    def __init__(self, cmd, name, log):
        self.name = name  # prefix of the transcript lines
        self.who = name or "brain"  # in failure messages
        self.log = log
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0
        )
        self.lines = queue.Queue()
        self.stdout_cr = 0
        self.stderr = bytearray()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self.err_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self.err_thread.start()

    def _read_stdout(self):
        pending = b""
        while True:
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                break
            self.stdout_cr += chunk.count(b"\r")
            pending += chunk
            *whole, pending = pending.split(b"\n")
            for line in whole:
                self.lines.put((time.monotonic(), line.decode("ascii", "replace")))
        if pending:
            self.lines.put((time.monotonic(), pending.decode("ascii", "replace")))
        self.lines.put((time.monotonic(), None))

    def _read_stderr(self):
        while True:
            chunk = os.read(self.proc.stderr.fileno(), 65536)
            if not chunk:
                break
            self.stderr += chunk

    def ms(self):
        return int((time.monotonic() - self.t0) * 1000)

    def send(self, line, quiet=False):
        if not quiet:
            self.log(f"{self.ms():7d} {self.name}M> {line}")
        try:
            self.proc.stdin.write(line.encode("ascii") + b"\r\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise Failure(f"{self.who}: the brain closed its input before '{line}'")

    def reply(self, timeout_s, quiet=False):
        """The next line that is not a MESSAGE, and how many MESSAGE lines came first."""
        deadline = time.monotonic() + timeout_s
        messages = 0
        while True:
            try:
                _, line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise Failure(f"{self.who}: no reply within {timeout_s:.1f} s")
            if line is None:
                raise Failure(f"{self.who}: the brain exited (code {self.proc.wait()})")
            if line.upper().startswith("MESSAGE "):
                if not line[8:].strip():
                    raise Failure(f"{self.who}: empty MESSAGE line")
                messages += 1
                if not quiet:
                    self.log(f"{self.ms():7d} {self.name}B> {line}")
                continue
            if not quiet:
                self.log(f"{self.ms():7d} {self.name}B> {line}")
            return line, messages

    def end(self):
        """Sends END; returns (seconds to exit, exit code). Output after END fails."""
        self.send("END")
        t = time.monotonic()
        try:
            code = self.proc.wait(timeout=END_GRACE_S)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise Failure(f"{self.who}: still running {END_GRACE_S} s after END")
        took = time.monotonic() - t
        # stderr closes when the process and anything that inherited the pipe are gone.
        self.err_thread.join(timeout=5)
        extra = []
        while True:
            try:
                _, line = self.lines.get(timeout=5)
            except queue.Empty:
                raise Failure(f"{self.who}: stdout still open 5 s after the brain exited")
            if line is None:
                break
            extra.append(line)
        if extra:
            raise Failure(f"{self.who}: output after END: {extra!r}")
        return took, code

    def check_clean(self):
        if self.stdout_cr:
            raise Failure(f"{self.who}: {self.stdout_cr} CR bytes on stdout (lines must end in LF)")
        if self.stderr:
            raise Failure(f"{self.who}: stderr is not empty: {bytes(self.stderr)!r}")

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def expect(cond, what):
    if not cond:
        raise Failure(what)


def parse_move(line, w, h, stones, who):
    m = MOVE_RE.match(line)
    expect(m, f"{who}: expected a move 'x,y', got '{line}'")
    x, y = int(m.group(1)), int(m.group(2))
    expect(x < w and y < h, f"{who}: move {x},{y} is off the {w}x{h} board")
    expect((x, y) not in stones, f"{who}: move {x},{y} is on an occupied point")
    return x, y


def timed_move(brain, request, w, h, stones, turn_ms):
    """Sends the request lines, reads a legal move; returns (move, ms, MESSAGE count)."""
    for line in request[:-1]:
        brain.send(line)
    t = time.monotonic()
    brain.send(request[-1])
    line, messages = brain.reply(turn_ms / 1000 + TOLERANCE_MS / 1000 + 5)
    ms = int((time.monotonic() - t) * 1000)
    move = parse_move(line, w, h, stones, brain.who)
    expect(ms <= turn_ms + TOLERANCE_MS, f"{brain.who}: {ms} ms for a {turn_ms} ms turn")
    return move, ms, messages


def session(cmd):
    """A scripted Piskvork/GomocupJudge-style session with exact replies."""
    b = Brain(cmd, "", print)
    try:
        turn = 300
        # The first line read is taken as ABOUT's reply (c-gomoku-cli, liskvork): this also
        # checks that nothing was printed at start-up. Wine start-up can take seconds.
        b.send("ABOUT")
        about, _ = b.reply(30)
        expect(
            re.fullmatch(
                r'name="Wuzi", version="[^",="]+", author="Wuzi team", country="International"',
                about,
            ),
            f"ABOUT reply: {about!r}",
        )
        b.send("START 15")
        expect(b.reply(5)[0] == "OK", "START 15 must answer OK")
        for info in [
            f"INFO timeout_turn {turn}",
            "INFO timeout_match 100000",
            "INFO time_left 100000",
            "INFO max_memory 367001600",
            "INFO game_type 1",
            "INFO rule 0",
            r"INFO folder C:\Gomocup data\folder",
        ]:
            b.send(info)  # never answered: the next reply must be BEGIN's move
        stones = set()
        m1, _, _ = timed_move(b, ["BEGIN"], 15, 15, stones, turn)
        stones.add(m1)
        t1 = next((x, y) for x, y in [(m1[0] + 1, m1[1] + 1), (m1[0] - 1, m1[1] - 1)]
                  if 0 <= x < 15 and 0 <= y < 15)
        stones.add(t1)
        m2, _, _ = timed_move(b, [f"TURN {t1[0]},{t1[1]}"], 15, 15, stones, turn)
        b.send(f"TAKEBACK {m2[0]},{m2[1]}")
        expect(b.reply(5)[0] == "OK", "TAKEBACK of the brain's move must answer OK")
        b.send(f"TAKEBACK {t1[0]},{t1[1]}")
        expect(b.reply(5)[0] == "OK", "TAKEBACK of our move must answer OK")
        stones = {m1}
        b.send(f"TURN {m1[0]},{m1[1]}")
        expect(b.reply(5)[0].startswith("ERROR "), "TURN on an occupied point must answer ERROR")
        # The takebacks took effect: t1 is free again and the brain answers it.
        stones.add(t1)
        timed_move(b, [f"TURN {t1[0]},{t1[1]}"], 15, 15, stones, turn)
        board = {(7, 7): 2, (8, 8): 1, (7, 8): 2}
        lines = ["BOARD"] + [f"{x},{y},{f}" for (x, y), f in board.items()] + ["DONE"]
        timed_move(b, lines, 15, 15, set(board), turn)
        b.send("YXNOSUCHCOMMAND 1")
        expect(b.reply(5)[0].startswith("UNKNOWN "), "an unknown command must answer UNKNOWN")
        b.send("RESTART")
        expect(b.reply(5)[0] == "OK", "RESTART must answer OK")
        timed_move(b, ["BEGIN"], 15, 15, set(), turn)
        b.send("START 40")
        expect(b.reply(5)[0].startswith("ERROR "), "START 40 must answer ERROR")
        b.send("RECTSTART 20,15")
        expect(b.reply(5)[0] == "OK", "RECTSTART 20,15 must answer OK")
        timed_move(b, ["BEGIN"], 20, 15, set(), turn)
        b.send("START 20")
        expect(b.reply(5)[0] == "OK", "START 20 must answer OK")
        m, _, _ = timed_move(b, ["BEGIN"], 20, 20, set(), turn)
        timed_move(b, ["INFO time_left 99000", f"TURN {(m[0] + 1) % 20},{m[1]}"], 20, 20,
                   {m, ((m[0] + 1) % 20, m[1])}, turn)
        took, code = b.end()
        print(f"{b.ms():7d} END: exited in {int(took * 1000)} ms, exit code {code}")
        expect(code == 0, f"exit code {code} after END")
        b.check_clean()
        print(f"session OK: stdout uses LF only, stderr bytes = {len(b.stderr)}")
    finally:
        b.kill()


def five(stones, who, m, size):
    x, y = m
    for dx, dy in [(1, 0), (0, 1), (1, 1), (1, -1)]:
        n = 1
        for s in (1, -1):
            cx, cy = x + s * dx, y + s * dy
            while 0 <= cx < size and 0 <= cy < size and stones.get((cx, cy)) == who:
                n += 1
                cx, cy = cx + s * dx, cy + s * dy
        if n >= 5:
            return True
    return False


def game(cmd, size, turn_ms, match_ms):
    """Two copies of the brain, freestyle: the first five or more in a row wins."""
    brains = [Brain(cmd, "A", print), Brain(cmd, "B", print)]
    try:
        for b in brains:
            b.send("START %d" % size)
            expect(b.reply(30)[0] == "OK", f"{b.who}: START must answer OK")
            for info in [f"INFO timeout_turn {turn_ms}", f"INFO timeout_match {match_ms}",
                         "INFO max_memory 367001600", "INFO game_type 1", "INFO rule 0"]:
                b.send(info, quiet=True)
        print(f"  A and B: START {size} -> OK; INFO timeout_turn {turn_ms}, timeout_match "
              f"{match_ms}, max_memory 367001600, game_type 1, rule 0")
        stones = {}
        used = [0, 0]
        times = []
        last = None
        result = "draw (board full)"
        for ply in range(size * size):
            side = ply % 2
            b = brains[side]
            request = ["BEGIN"] if last is None else [f"TURN {last[0]},{last[1]}"]
            b.send(f"INFO time_left {match_ms - used[side]}", quiet=True)
            for line in request[:-1]:
                b.send(line, quiet=True)
            t = time.monotonic()
            b.send(request[-1], quiet=True)
            line, messages = b.reply(turn_ms / 1000 + TOLERANCE_MS / 1000 + 5, quiet=True)
            ms = int((time.monotonic() - t) * 1000)
            m = parse_move(line, size, size, stones, b.who)
            expect(ms <= turn_ms + TOLERANCE_MS, f"{b.who}: {ms} ms for a {turn_ms} ms turn")
            used[side] += ms
            times.append(ms)
            stones[m] = side
            print(f"  {ply + 1:3d}. {b.name}M> {request[-1]:<10} {b.name}B> {m[0]},{m[1]:<3} "
                  f"{ms:4d} ms ({messages} MESSAGE)")
            if five(stones, side, m, size):
                result = f"{b.name} wins with five ({'black' if side == 0 else 'white'})"
                break
            last = m
        stderr = 0
        for b in brains:
            took, code = b.end()
            print(f"  {b.name}: END -> exited in {int(took * 1000)} ms, exit code {code}")
            expect(code == 0, f"{b.who}: exit code {code} after END")
            b.check_clean()
            stderr += len(b.stderr)
        print(f"game OK: {len(times)} moves, result: {result}; think time max {max(times)} ms, "
              f"mean {sum(times) // len(times)} ms (limit {turn_ms} ms + {TOLERANCE_MS} ms "
              f"tolerance); stderr bytes = {stderr}; stdout LF only")
    finally:
        for b in brains:
            b.kill()


def main():
    ap = argparse.ArgumentParser(
        usage="%(prog)s {session,game} [--size N] [--turn-ms MS] [--match-ms MS] -- CMD...",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("mode", choices=["session", "game"])
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--turn-ms", type=int, default=200)
    ap.add_argument("--match-ms", type=int, default=180000)
    argv = sys.argv[1:]
    if "--" not in argv or argv.index("--") == len(argv) - 1:
        ap.error("missing the brain's command after --")
    a = ap.parse_args(argv[: argv.index("--")])
    cmd = argv[argv.index("--") + 1 :]
    t = time.monotonic()
    try:
        if a.mode == "session":
            session(cmd)
        else:
            game(cmd, a.size, a.turn_ms, a.match_ms)
    except Failure as e:
        print(f"FAIL: {e}", file=sys.stderr)
        return 1
    print(f"{a.mode} took {time.monotonic() - t:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
