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

"""Wide sparse features from Python (issue 44): a SparseVector column as Spark's feature transformers make it
(HashingTF over tokens) fits with kernel linear and solver fast, the rows staying sparse, and predicts."""
import random

from pyspark.ml import Pipeline
from pyspark.ml.feature import HashingTF
from pyspark.ml.linalg import SparseVector

from spark_rvm import RvmClassifier

FEATURES = 1 << 14


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
    hashing = HashingTF(inputCol="tokens", outputCol="features", numFeatures=FEATURES)
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
