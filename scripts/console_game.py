#!/usr/bin/env python3
"""Plays a game at the machack console and writes the transcript (docs/console.md).

The person's side (White) is played by `machack search --profile 1967` (the paper's normal
settings) on the console's FEN, typed in descriptive notation; machack answers with its
console default, 1967-tournament, under the 1967 clocks `level 50 120 0`. A draw the
console says may be claimed is claimed; after MAX_PLIES plies White resigns. At the end the
debugging aids `record` and `stats` are shown and the game is saved as PGN beside the
transcript. Lines typed are marked '> '.

Usage: python3 scripts/console_game.py [MACHACK] [TRANSCRIPT] [MAX_PLIES]
       (defaults: target/release/machack, transcript.txt, 240)
"""
import argparse
import json
import os
import subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("machack", nargs="?", default="target/release/machack", help="the binary")
    ap.add_argument("transcript", nargs="?", default="transcript.txt",
                    help="the transcript to write; the game goes beside it as .pgn")
    ap.add_argument("max_plies", nargs="?", type=int, default=240,
                    help="White resigns after this many plies (240)")
    args = ap.parse_args()
    machack, out, max_plies = args.machack, args.transcript, args.max_plies
    pgn = os.path.splitext(out)[0] + ".pgn"
    console = subprocess.Popen([machack, "--ascii"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True, bufsize=1)
    with open(out, "w", encoding="utf-8") as log:
        def send(line):
            log.write("> " + line + "\n")
            console.stdin.write(line + "\n")
            console.stdin.flush()

        def read_until(done):
            lines = []
            for line in console.stdout:
                line = line.rstrip("\n")
                log.write(line + "\n")
                lines.append(line)
                if done(line):
                    break
            return lines

        def turn_over(line):
            return line.startswith("White to move (you)") or line.startswith("Game over:")

        def white_move(fen):
            found = subprocess.run([machack, "search", "--profile", "1967", "--json", "--fen", fen],
                                   capture_output=True, text=True, check=True)
            uci = json.loads(found.stdout)["bestmove"]
            written = subprocess.run([machack, "convert", "--to", "descriptive", "--fen", fen],
                                     input=uci, capture_output=True, text=True, check=True)
            return written.stdout.strip().splitlines()[-1]

        send("level 50 120 0")
        lines = read_until(turn_over)
        plies = 0
        while lines and not lines[-1].startswith("Game over:"):
            if any("You may claim a draw" in line for line in lines):
                send("draw?")
            elif plies >= max_plies:
                send("resign")
                read_until(lambda line: "resigns" in line)
                break
            else:
                send("fen")
                fen = read_until(lambda line: "/" in line)[-1]
                send(white_move(fen))
                plies += 2
            lines = read_until(turn_over)
        for command in ["record", "stats", f"save {pgn}", "quit"]:
            send(command)
        console.stdin.close()
        for line in console.stdout:
            log.write(line)
    console.wait()
    print(f"transcript {out}, game {pgn}")


if __name__ == "__main__":
    main()
