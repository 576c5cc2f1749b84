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

"""A first tour of spark-rvm from Python, with pictures: fit Ripley's two-class data, look at the relevance vectors
and the decision boundary, fit a noisy sinc and draw its predictive band from the variance column, then log the
classifier to MLflow and score it back through MLflow's generic loader.

    python python/examples/rvm_tour.py [OUTPUT_FOLDER]      # from the repository root; default target/rvm-tour

Writes ripley_boundary.png, sinc_band.png and an MLflow tracking folder (mlruns) into the output folder, and prints
what it measured as one JSON line. Needs spark-rvm (with its jar), matplotlib and mlflow (or mlflow-skinny); run
by python/tests/test_example.py.
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")  # files, no display
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from pyspark.ml import Pipeline  # noqa: E402
from pyspark.ml.feature import VectorAssembler  # noqa: E402
from pyspark.ml.linalg import Vectors  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402

import spark_rvm  # noqa: E402
from spark_rvm import RvmEstimator, RvmModel  # noqa: E402

RIPLEY = os.path.join("data", "ripley_synth")


def ripley_boundary(spark, out):
    """Fits Ripley's 250 training points, draws the points, the relevance vectors and the p = 0.5 boundary."""
    train = spark.read.csv(os.path.join(RIPLEY, "synth.tr.csv"), header=True, inferSchema=True)
    test = spark.read.csv(os.path.join(RIPLEY, "synth.te.csv"), header=True, inferSchema=True)
    assembler = VectorAssembler(inputCols=["xs", "ys"], outputCol="features")
    pipeline = Pipeline(stages=[assembler, RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0,
                                                        standardization=False, logEvery=10)])
    model = pipeline.fit(train)
    rvm = model.stages[-1]
    assert isinstance(rvm, RvmModel)
    metrics = rvm.evaluate(assembler.transform(test))

    # P(class 1) over a grid covering the data, scored by the model
    xs, ys = np.linspace(-1.3, 1.0, 90), np.linspace(-0.3, 1.1, 70)
    grid = spark.createDataFrame([(Vectors.dense([x, y]),) for y in ys for x in xs], ["features"])
    p = np.array([r.probability[1] for r in rvm.transform(grid).select("probability").collect()])
    points = train.toPandas()
    vectors = rvm.relevanceVectors.toArray()

    fig, ax = plt.subplots(figsize=(6.4, 4.8))
    for label, colour in ((0, "tab:blue"), (1, "tab:orange")):
        chosen = points[points["yc"] == label]
        ax.scatter(chosen["xs"], chosen["ys"], s=12, c=colour, label="class %d" % label)
    ax.contour(xs, ys, p.reshape(len(ys), len(xs)), levels=[0.25, 0.5, 0.75], colors=["grey", "black", "grey"],
               linestyles=["dashed", "solid", "dashed"])
    ax.scatter(vectors[:, 0], vectors[:, 1], s=140, facecolors="none", edgecolors="black",
               label="%d relevance vectors" % len(vectors))
    ax.set_title("RVM on Ripley's data: test error %.1f%%" % (100 * metrics.error))
    ax.legend(loc="upper left", fontsize=8)
    fig.savefig(os.path.join(out, "ripley_boundary.png"), dpi=100)
    plt.close(fig)
    return model, test, {"relevanceVectors": len(vectors), "testError": metrics.error, "auc": metrics.auc,
                         "iterations": rvm.summary.iterations}


def sinc_band(spark, out):
    """Fits 100 noisy points of sin(x)/x and draws the predictive mean with ± 2 standard deviations."""
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-10, 10, 100))
    t = np.sinc(x / np.pi) + rng.normal(0, 0.1, x.size)
    train = spark.createDataFrame([(Vectors.dense([float(a)]), float(b)) for a, b in zip(x, t)],
                                  ["features", "label"])
    model = RvmEstimator(gamma=0.1, standardization=False).fit(train)
    grid_x = np.linspace(-10, 10, 200)
    grid = spark.createDataFrame([(Vectors.dense([float(a)]),) for a in grid_x], ["features"])
    rows = model.transform(grid).select("prediction", "variance").collect()
    mean = np.array([r.prediction for r in rows])
    sd = np.sqrt(np.array([r.variance for r in rows]))
    centres = model.relevanceVectors.toArray()[:, 0]

    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    ax.fill_between(grid_x, mean - 2 * sd, mean + 2 * sd, color="tab:blue", alpha=0.2, label="mean ± 2 sd")
    ax.plot(grid_x, np.sinc(grid_x / np.pi), color="grey", linestyle="dashed", label="sin(x)/x")
    ax.plot(grid_x, mean, color="tab:blue", label="predictive mean")
    ax.scatter(x, t, s=8, color="black", label="training points")
    on = np.isin(x, centres)
    ax.scatter(x[on], t[on], s=120, facecolors="none", edgecolors="tab:red",
               label="%d relevance vectors" % int(on.sum()))
    ax.set_title("RVM regression: noise sd %.3f (true 0.1)" % (1 / np.sqrt(model.fittedNoisePrecision)))
    ax.legend(loc="lower center", fontsize=8, ncol=2)
    fig.savefig(os.path.join(out, "sinc_band.png"), dpi=100)
    plt.close(fig)
    truth_rmse = float(np.sqrt(np.mean((mean - np.sinc(grid_x / np.pi)) ** 2)))
    return {"relevanceVectors": len(centres), "rmseAgainstSinc": truth_rmse,
            "noiseSd": float(1 / np.sqrt(model.fittedNoisePrecision))}


def through_mlflow(model, test, out):
    """Logs the Ripley pipeline to MLflow and scores the test set back through mlflow.pyfunc."""
    import mlflow
    import mlflow.pyfunc

    import spark_rvm.mlflow

    os.environ.setdefault("MLFLOW_ALLOW_FILE_STORE", "true")  # a tracking folder, no server
    mlflow.set_tracking_uri("file://" + os.path.abspath(os.path.join(out, "mlruns")))
    with mlflow.start_run():
        info = spark_rvm.mlflow.log_model(model, name="ripley-rvm")
    loaded = mlflow.pyfunc.load_model(info.model_uri)
    predictions = [float(v) for v in loaded.predict(test.toPandas())]
    direct = [r.prediction for r in model.transform(test).select("prediction").collect()]
    return {"modelUri": info.model_uri, "samePredictions": predictions == direct}


def main(out):
    os.makedirs(out, exist_ok=True)
    spark = (SparkSession.builder.master("local[2]").appName("spark-rvm: a tour")
             .config("spark.jars", spark_rvm.jar_path()).config("spark.ui.enabled", "false").getOrCreate())
    try:
        model, test, ripley = ripley_boundary(spark, out)
        sinc = sinc_band(spark, out)
        logged = through_mlflow(model, test, out)
    finally:
        spark.stop()
    print(json.dumps({"ripley": ripley, "sinc": sinc, "mlflow": logged}))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join("target", "rvm-tour"))
