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

"""A fitted RVM's own state read from its saved form, for a Spark Connect session, where the server lets a client
call only the methods of Spark's own models: the RvmModel's accessors (relevance vectors, weights, α, Σ, ...) are
not served there, but a saved model's data/ (one Parquet row) is readable by any session. read_model_data gives what
the accessors give a classic session, the same values (tests/test_connect.py compares them)."""
from dataclasses import dataclass
from typing import List, Optional

from pyspark.ml.linalg import DenseMatrix, DenseVector
from pyspark.sql import SparkSession

from spark_rvm._stages import GammaChoice, RvmTrainingSummary, StandardizationChoice


@dataclass(frozen=True)
class RvmModelData:
    """What a saved RvmModel holds (its data/ row), with the RvmModel accessors' names and meanings. A multinomial
    model's per-class parts are not read here: numClasses says whether a model has them, and the single-model
    fields (weights, alphas, intercept, interceptAlpha, covariance) raise for one."""

    family: str
    kernel: str
    gamma: float
    degree: int
    coef0: float
    numFeatures: int
    numClasses: int
    hasIntercept: bool
    relevanceVectors: DenseMatrix
    relevantFeatures: List[int]
    fittedNoisePrecision: float
    varianceScale: float
    summary: RvmTrainingSummary
    _weights: List[float]
    _alpha: List[float]
    _covariance: List[float]

    @property
    def numRelevanceVectors(self) -> int:
        """The number of relevance vectors (or relevant features), the bias not counted."""
        if not self._multinomial():
            return len(self._weights) - (1 if self.hasIntercept else 0)
        return len(self.relevantFeatures) if self.kernel == "linear" else self.relevanceVectors.numRows

    def _multinomial(self) -> bool:
        return self.family == "multinomial"

    def _single(self, name: str) -> None:
        if self._multinomial():
            raise ValueError("a multinomial model has %s per class, which read_model_data does not read: load the "
                             "model in a classic session and use class%s(k)" % (name, name[0].upper() + name[1:]))

    def _non_bias(self, values: List[float]) -> DenseVector:
        return DenseVector(values[1:] if self.hasIntercept else values)

    @property
    def weights(self) -> DenseVector:
        """The weights of the relevance vectors (or relevant features), in their order."""
        self._single("weights")
        return self._non_bias(self._weights)

    @property
    def alphas(self) -> DenseVector:
        """The prior precisions α of the relevance vectors (or relevant features)."""
        self._single("alphas")
        return self._non_bias(self._alpha)

    @property
    def intercept(self) -> float:
        """The bias weight (0 when it was pruned)."""
        self._single("intercept")
        return self._weights[0] if self.hasIntercept else 0.0

    @property
    def interceptAlpha(self) -> float:
        """The α of the bias (NaN when it was pruned)."""
        self._single("interceptAlpha")
        return self._alpha[0] if self.hasIntercept else float("nan")

    @property
    def covariance(self) -> DenseMatrix:
        """The posterior covariance Σ of the weights: the bias first (when kept), then the relevance vectors."""
        self._single("covariance")
        k = len(self._weights)
        return DenseMatrix(k, k, self._covariance)


def _gamma_choice(fields) -> Optional[GammaChoice]:
    """The search for γ saved with the model (from model format 5; its held-out scores from format 6, NaN before), or
    None: gamma was set, or the model was saved before format 5."""
    tried = [float(v) for v in fields.get("gammaTried") or []]
    if not tried:
        return None
    return GammaChoice(tried=tried, logMarginalLikelihood=[float(v) for v in fields["gammaEvidence"]],
                       kept=[int(v) for v in fields["gammaKept"]],
                       criterion=[float(v) for v in fields["gammaCriterion"]],
                       heldOut=[float(v) for v in fields.get("gammaHeldOut") or [float("nan")] * len(tried)],
                       chosen=float(fields["gammaChosen"]), rows=int(fields["gammaRows"]))


def _standardization_choice(fields) -> Optional[StandardizationChoice]:
    """The choice of standardization by the evidence saved with the model (model format 5), or None."""
    evidence = [float(v) for v in fields.get("scalingEvidence") or []]
    if not evidence:
        return None
    return StandardizationChoice(standardizedLogMarginalLikelihood=evidence[0], rawLogMarginalLikelihood=evidence[1],
                                 standardization=bool(fields["scalingStandardized"]))


def read_model_data(spark: SparkSession, path: str) -> RvmModelData:
    """Reads the fitted state of the RvmModel saved at ``path`` (``model.write().save(path)``, or the stage's folder
    inside a saved PipelineModel, ``path/stages/1_rvm_...``) through ``spark``, a classic or a Connect session."""
    row = spark.read.parquet(path.rstrip("/") + "/data").head()
    if row is None:
        raise ValueError("%s/data holds no row: not a saved spark-rvm RvmModel" % path)
    fields = row.asDict()
    d = int(fields["numFeatures"])
    centres = [float(v) for v in fields["centres"]]
    kernel = fields["kernel"]
    summary = RvmTrainingSummary(
        numRows=int(fields["numRows"]), iterations=int(fields["iterations"]), converged=bool(fields["converged"]),
        logMarginalLikelihood=[float(v) for v in fields["logMarginalLikelihood"]],
        activeBasis=[int(v) for v in fields["activeBasis"]], dataPasses=int(fields["dataPasses"]),
        fitSeconds=float(fields["fitSeconds"]), warnings=[str(w) for w in fields.get("warnings") or []],
        warmStartBasis=int(fields.get("warmStartBasis", -1)), gammaChoice=_gamma_choice(fields),
        standardizationChoice=_standardization_choice(fields))
    return RvmModelData(
        family=fields["family"], kernel=kernel, gamma=float(fields["gamma"]), degree=int(fields["degree"]),
        coef0=float(fields["coef0"]), numFeatures=d, numClasses=int(fields.get("numClasses") or 0),
        hasIntercept=bool(fields["biasKept"]),
        relevanceVectors=DenseMatrix(len(centres) // max(d, 1), d, centres, isTransposed=True),
        relevantFeatures=[] if kernel != "linear" else [int(v) for v in fields["features"]],
        fittedNoisePrecision=float(fields["noisePrecision"]),
        varianceScale=float(fields.get("varianceScale") or 1.0), summary=summary,
        _weights=[float(v) for v in fields["weights"]], _alpha=[float(v) for v in fields["alpha"]],
        _covariance=[float(v) for v in fields["covariance"]])
