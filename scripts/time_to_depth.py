#!/usr/bin/env python3
"""Measures the modern search's time to a fixed depth with 1 and 2 threads (Lazy SMP).

  Each of six bench positions is searched to --depth over UCI (`setoption name Threads`,
  `go depth`) by a fresh engine, --runs times per thread count; prints the median wall time per position, the total,
  the nodes both thread counts needed, and how many cores the runs got (CPU time over
  wall time): on a loaded machine the second thread may get no core of its own, and
  then the wall-clock figure says nothing about the search.

Usage: scripts/time_to_depth.py [--engine target/release/machack] [--depth 18] [--runs 3]
"""

import argparse
import resource
import statistics
import subprocess
import time

FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "rnbqk2r/ppp1ppbp/3p1np1/8/2PPP3/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "5rk1/pp4p1/2n1p2p/2Npq3/2p5/6P1/P3P1BP/R4Q1K w - - 0 1",
]


def cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def search(engine, fen, depth, threads):
    """One search by a fresh engine: wall seconds, CPU seconds and nodes (the last `info`
    line's count before `bestmove`)."""
    commands = (f"uci\nsetoption name Threads value {threads}\nsetoption name OwnBook value false\n"
                f"position fen {fen}\ngo depth {depth}\n")
    t, c = time.perf_counter(), cpu_seconds()
    p = subprocess.Popen([engine, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(commands)
    p.stdin.flush()
    nodes = None
    for line in p.stdout:
        words = line.split()
        if "nodes" in words[:-1]:
            nodes = int(words[words.index("nodes") + 1])
        if words[:1] == ["bestmove"]:
            break
    p.stdin.write("quit\n")
    p.stdin.close()
    p.wait()
    if nodes is None:
        raise RuntimeError(f"no `info ... nodes` line from {engine} on {fen}")
    return time.perf_counter() - t, cpu_seconds() - c, nodes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/machack")
    ap.add_argument("--depth", type=int, default=18)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    total = {1: 0.0, 2: 0.0}
    wall = {1: 0.0, 2: 0.0}
    cpu = {1: 0.0, 2: 0.0}
    nodes = {1: 0, 2: 0}
    for i, fen in enumerate(FENS, 1):
        medians = {}
        for t in (1, 2):
            runs = [search(args.engine, fen, args.depth, t) for _ in range(args.runs)]
            medians[t] = statistics.median(r[0] for r in runs)
            total[t] += medians[t]
            wall[t] += sum(r[0] for r in runs)
            cpu[t] += sum(r[1] for r in runs)
            nodes[t] += sum(r[2] for r in runs)
        print(f"position {i}: 1 thread {medians[1]:.2f} s, 2 threads {medians[2]:.2f} s", flush=True)
    print(f"total of medians: 1 thread {total[1]:.2f} s, 2 threads {total[2]:.2f} s, "
          f"speedup {total[1] / total[2]:.2f}")
    print(f"nodes: 2 threads need {nodes[2] / nodes[1]:.2f}x one thread's "
          f"(with two free cores: speedup about {2 * nodes[1] / nodes[2]:.2f})")
    print(f"cores used: 1 thread {cpu[1] / wall[1]:.2f}, 2 threads {cpu[2] / wall[2]:.2f}")


if __name__ == "__main__":
    main()
