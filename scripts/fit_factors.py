"""Fit one multiplier per plausibility factor to a suite's solutions, to see how far
reweighting the present factors could move the ranks (docs/performance.md).

    cargo run --release --example wac_rank -- --dump > wac.tsv
    python3 scripts/fit_factors.py wac.tsv:even wac.tsv:odd [more.tsv ...]

The first argument is the training set (several joined by '+'; ':even' / ':odd' take one
half of a file's positions), the rest are reported before and after. The model scores a
move as the sum of its factors, each times its multiplier (bounded to 0..4), and
maximises the listwise softmax likelihood of the solution, minus LAM * sum (a - 1)^2.
Environment: LAM (default 3), FIXED=name,... (held at 1), FLOOR=name:min,...
Needs numpy and scipy.
"""
import os
import sys
from collections import defaultdict

import numpy as np
from scipy.optimize import minimize

TEMPERATURE = 100.0


def load(spec):
    path, _, half = spec.partition(":")
    positions, order = defaultdict(list), []
    with open(path) as f:
        for line in f:
            pid, _move, best, factors = line.rstrip("\n").split("\t")
            if pid not in positions:
                order.append(pid)
            values = defaultdict(float)
            for kv in filter(None, factors.split(",")):
                name, value = kv.rsplit("=", 1)
                values[name] += float(value)
            positions[pid].append((int(best), values))
    if half == "even":
        order = order[0::2]
    elif half == "odd":
        order = order[1::2]
    return [positions[p] for p in order if any(b for b, _ in positions[p])]


def matrices(data, index):
    out = []
    for moves in data:
        x = np.zeros((len(moves), len(index)))
        for j, (_, values) in enumerate(moves):
            for name, v in values.items():
                if name in index:
                    x[j, index[name]] = v
        out.append((x, np.array([b for b, _ in moves], bool)))
    return out


def ranks(mats, a):
    out = []
    for x, y in mats:
        order = np.argsort(-(x @ a), kind="stable")
        out.append(1 + next(i for i, j in enumerate(order) if y[j]))
    return np.array(out)


def report(name, r):
    print(f"{name:<28} first {100 * (r <= 1).mean():5.1f}  top6 {100 * (r <= 6).mean():5.1f}"
          f"  top15 {100 * (r <= 15).mean():5.1f}  (n={len(r)})")


def main():
    train = [p for spec in sys.argv[1].split("+") for p in load(spec)]
    names = sorted({k for moves in train for _, values in moves for k in values})
    index = {n: i for i, n in enumerate(names)}
    lam = float(os.environ.get("LAM", "3"))
    fixed = set(os.environ.get("FIXED", "").split(","))
    floor = dict((k, float(v)) for k, v in
                 (x.split(":") for x in os.environ.get("FLOOR", "").split(",") if x))
    mats = matrices(train, index)

    def loss(a):
        total, grad = 0.0, np.zeros_like(a)
        for x, y in mats:
            s = x @ a / TEMPERATURE
            p = np.exp(s - s.max())
            p /= p.sum()
            pb = p[y].sum()
            total -= np.log(pb + 1e-300)
            grad += (p @ x - (p[y] @ x[y]) / pb) / TEMPERATURE
        return total + lam * ((a - 1) ** 2).sum(), grad + 2 * lam * (a - 1)

    bounds = [(1, 1) if n in fixed else (floor.get(n, 0), 4) for n in names]
    ones = np.ones(len(names))
    fitted = minimize(loss, ones, jac=True, method="L-BFGS-B", bounds=bounds).x
    for spec, data in [("train", train)] + [(s, load(s)) for s in sys.argv[2:]]:
        m = matrices(data, index)
        report(spec + " before", ranks(m, ones))
        report(spec + " after", ranks(m, fitted))
    for name, a in sorted(zip(names, fitted), key=lambda t: -abs(t[1] - 1))[:30]:
        print(f"  {name:<30} {a:5.2f}")


if __name__ == "__main__":
    main()
