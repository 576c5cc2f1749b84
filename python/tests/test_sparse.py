# Copyright 2026 The spark-rvm authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

"""Wide sparse features from PySpark (issue 44): a SparseVector column as Spark's HashingTF makes it, 2^18 wide, fits
the linear RVM on the sparse layout and scores it; the known answer is the same fit on the compact 180-column form of
the same rows (UCI dna splice junctions, data/mlbench/dna.csv.gz: 180 binary indicators), which runs on the dense
path. Hashing the 180 indicator names into 2^18 slots is a relabelling of the columns (checked collision-free below),
and all-zero columns are never added, so both fits keep the same features with the same probabilities. And hashed
tokens, a planted one among noise: the support prior keeps the planted one only."""
import pathlib
import random

from pyspark.ml import Pipeline
from pyspark.ml.feature import HashingTF, VectorAssembler
from pyspark.ml.linalg import SparseVector
from pyspark.sql import functions as F

from spark_rvm import RvmClassifier

DNA = pathlib.Path(__file__).resolve().parents[2] / "data" / "mlbench" / "dna.csv.gz"
WIDTH = 1 << 18
HASHED = 1 << 14
COLUMNS = ["V%d" % i for i in range(1, 181)]


def test_a_hashed_sparse_column_fits_the_linear_rvm_as_its_compact_form(spark):
    dna = spark.read.csv(str(DNA), header=True, inferSchema=True).limit(600) \
        .withColumn("y", (F.col("label") == 2).cast("double"))
    tokens = F.filter(F.array(*[F.when(F.col(c) == 1, F.lit(c)) for c in COLUMNS]), lambda t: t.isNotNull())
    rows = dna.withColumn("tokens", tokens).coalesce(1).cache()
    hashing = HashingTF(inputCol="tokens", outputCol="features", numFeatures=WIDTH)
    wide = hashing.transform(rows)
    compact = VectorAssembler(inputCols=COLUMNS, outputCol="features").transform(rows)
    slot = {c: hashing.indexOf(c) for c in COLUMNS}
    assert len(set(slot.values())) == len(COLUMNS), "the 180 names hash to distinct slots"

    first = wide.select("features").head().features
    assert isinstance(first, SparseVector) and first.size == WIDTH

    def fit(data):
        # one add per step: the same single path on both layouts (the dense path's automatic two paths are its own)
        return RvmClassifier(labelCol="y", kernel="linear", solver="fast", maxAddsPerStep=1,
                             standardization=False).fit(data)

    # 2^18 candidates: the dense path's M x M matrices (2^36 doubles) could not exist, so this fit took the sparse rows
    wide_model, compact_model = fit(wide), fit(compact)
    assert wide_model.numFeatures == WIDTH and compact_model.numFeatures == len(COLUMNS)
    kept = compact_model.relevantFeatures
    assert 5 <= len(kept) < 60, kept  # a sparse model over the indicators near the splice junction
    assert sorted(wide_model.relevantFeatures) == sorted(slot[COLUMNS[i]] for i in kept)

    def probabilities(model, data):
        return [r.probability[1] for r in model.transform(data).select("probability").collect()]

    wide_p, compact_p = probabilities(wide_model, wide), probabilities(compact_model, compact)
    assert len(wide_p) == 600
    assert max(abs(a - b) for a, b in zip(wide_p, compact_p)) < 1e-6
    # and it is a classifier worth having: the training rows are mostly right
    labels = [r.y for r in rows.select("y").collect()]
    assert sum((p > 0.5) == (y == 1.0) for p, y in zip(wide_p, labels)) / 600 > 0.9


def test_a_hashed_sparse_column_fits_and_predicts(spark):
    # the label is 1 on rows with the token "good" (85% of them) and 0 on the others (85%); every row has 8 to 12
    # noise tokens from a vocabulary of 2000
    rng = random.Random(44)
    rows = []
    for i in range(400):
        good = i % 2 == 0
        tokens = ["w%d" % rng.randrange(2000) for _ in range(rng.randint(8, 12))]
        if good:
            tokens.append("good")
        label = float(good) if rng.random() < 0.85 else float(not good)
        rows.append((tokens, label))
    df = spark.createDataFrame(rows, ["tokens", "label"])
    hashing = HashingTF(inputCol="tokens", outputCol="features", numFeatures=HASHED)
    hashed = hashing.transform(df)
    assert isinstance(hashed.first()["features"], SparseVector)

    model = Pipeline(stages=[hashing, RvmClassifier(kernel="linear", solver="fast")]).fit(df)
    rvm = model.stages[-1]
    good = hashing.indexOf("good")
    # the support prior keeps the planted token and no noise token (16,384 candidates: an add must gain log M nats)
    assert rvm.relevantFeatures == [good], rvm.relevantFeatures
    predicted = model.transform(df).select("label", "prediction").collect()
    accuracy = sum(r["label"] == r["prediction"] for r in predicted) / len(predicted)
    # the Bayes rule (predict "good") is right on 85% of the rows in expectation
    assert accuracy > 0.8, accuracy
