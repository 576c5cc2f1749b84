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

"""The pyspark.ml wrappers of the JVM stages. Their params, getters, setters and keyword constructors are the
mixins of spark_rvm/_params.py, which is generated from the JVM stages (python/dev/generate_params.py), so names,
docs, defaults and types cannot drift."""

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

from pyspark.ml.util import JavaMLReadable, JavaMLWritable
from pyspark.ml.classification import (BinaryLogisticRegressionTrainingSummary, LogisticRegressionTrainingSummary,
                                       _JavaProbabilisticClassificationModel, _JavaProbabilisticClassifier)
from pyspark.ml.linalg import Vector
from pyspark.ml.regression import _JavaRegressionModel, _JavaRegressor
from pyspark.ml.util import HasTrainingSummary
from pyspark.ml.wrapper import JavaEstimator, JavaModel
from pyspark.sql import DataFrame
from pyspark.sql.utils import is_remote

from spark_rvm import _params
from spark_rvm._jvm import UID_MARK

# PySpark maps a JVM stage to a Python class by its class name (JavaParams._from_java, DefaultParamsReader, the
# Connect reader) and a Python class to its JVM class by __module__ (JavaMLReader, the Connect reader): so these
# classes carry the JVM package as their module, which _spark_rvm_jvm_package.py makes importable.
JVM_PACKAGE = "io.github.sparkrvm"

def _require_classic(what: str) -> None:
    """Raises, over Spark Connect, the error that says why ``what`` is not served and what to use instead."""
    if is_remote():
        raise NotImplementedError(
            "%s is not available over Spark Connect: a Connect server lets a client call only the methods of "
            "Spark's own models. Instead, save the model (model.write().save(path)) and read its fitted state with "
            "spark_rvm.read_model_data(spark, path) (relevance vectors, weights, alphas, covariance, intercept, "
            "kernel, gamma, summary), score with transform, measure with Spark's evaluators; or use a classic "
            "session." % what)


class _SpecParams:
    """The defaults of the JVM spec, shared by the four stages."""

    _param_specs: Tuple[Tuple[str, str, str, Any], ...] = ()

    def _set_spec_defaults(self):
        defaults = {}
        for name, _kind, _doc, default in self._param_specs:
            if default is None:
                continue
            if isinstance(default, str):
                default = default.replace(UID_MARK, self.uid)
            defaults[name] = default
        self._setDefault(**defaults)

    def _set_given(self, kwargs: Dict[str, Any]) -> Any:
        """Sets the params given by keyword; clears those given as None (here and on the JVM object) rather than
        sending a null, which the JVM would read as 0 (gamma=None lets the fit choose γ)."""
        for name, value in kwargs.items():
            if value is None:
                self.clear(getattr(self, name))  # type: ignore
                java_obj = getattr(self, "_java_obj", None)
                if java_obj is not None and java_obj.hasParam(name):
                    java_obj.clear(java_obj.getParam(name))
        return self._set(**{name: value for name, value in kwargs.items() if value is not None})  # type: ignore


@dataclass(frozen=True)
class GammaChoice:
    """The search for the kernel's γ (the JVM's RvmTrainingSummary.GammaChoice): the γ tried in the order tried, the
    log marginal likelihood of the fit at each, the α each fit kept (basis functions, or (class, basis function)
    pairs), the criterion the search maximised at each (bernoulli and multinomial: the log marginal likelihood less
    one per α kept; gaussian: the leave-one-out log density of the training rows less two per α kept), the held-out
    log density of the γ a gaussian search scored on seeded folds (its three of the highest criterion and the steps
    of its walk from them; NaN for the others, every one of a classifier's search, and before model format 6), the
    one chosen (gaussian: the best held-out score; the others: the highest criterion; the model's gamma) and the rows
    each fit of the search was on."""

    tried: List[float]
    logMarginalLikelihood: List[float]
    kept: List[int]
    criterion: List[float]
    heldOut: List[float]
    chosen: float
    rows: int


@dataclass(frozen=True)
class StandardizationChoice:
    """The choice between standardised features and the features as given by the evidence (the JVM's
    RvmTrainingSummary.StandardizationChoice), when standardization and gamma were both unset: the log marginal
    likelihood of the fit on each and whether the kept one (the higher; the model's standardization) is the
    standardised one."""

    standardizedLogMarginalLikelihood: float
    rawLogMarginalLikelihood: float
    standardization: bool


def _take_fitted_gamma(model: Any, java_model: Any) -> None:
    """A fit with gamma unset chose it (by the evidence, or 1 / number of features) and set it on the JVM model: the
    Python model's gamma is that one (the estimator's, copied after, has none to give); likewise standardization when
    the evidence chose it. Classic sessions only: over Spark Connect the model is a remote reference
    (RemoteModelRef), whose params the server keeps."""
    if java_model is not None and hasattr(java_model, "getParam"):
        java_gamma = java_model.getParam("gamma")
        if java_model.isDefined(java_gamma):
            model._set(gamma=java_model.getOrDefault(java_gamma))
        java_standardization = java_model.getParam("standardization")
        if java_model.isSet(java_standardization):
            model._set(standardization=bool(java_model.getOrDefault(java_standardization)))

@dataclass(frozen=True)
class RvmTrainingSummary:
    """How a fit went (the JVM's RvmTrainingSummary): rows read, re-estimation steps, whether tol was met, the log
    marginal likelihood and the number of basis functions at the start and after each step, passes over the data
    and wall-clock seconds; for a warm start (:meth:`RvmEstimator.setInitialModel`), the number of basis functions
    it started from (-1: a cold start); when ``gamma`` was unset (``gamma=None``: the fit chooses it by the evidence),
    :attr:`gammaChoice`, every γ tried with its log marginal likelihood, the one chosen and the rows the search fitted
    on (None when gamma was set; saved with the model from model format 5, so read_model_data gives it too); when
    standardization was unset too, :attr:`standardizationChoice` (None otherwise; saved with the model too; the
    model's standardization holds the choice)."""

    numRows: int
    iterations: int
    converged: bool
    logMarginalLikelihood: List[float]
    activeBasis: List[int]
    dataPasses: int
    fitSeconds: float
    warmStartBasis: int = -1
    warnings: List[str] = field(default_factory=list)
    gammaChoice: Optional["GammaChoice"] = None
    standardizationChoice: Optional["StandardizationChoice"] = None

    @staticmethod
    def _from_java(java_summary) -> "RvmTrainingSummary":
        choice = java_summary.gammaChoice()
        scaling = java_summary.standardizationChoice()
        return RvmTrainingSummary(
            numRows=int(java_summary.numRows()),
            iterations=int(java_summary.iterations()),
            converged=bool(java_summary.converged()),
            logMarginalLikelihood=[float(v) for v in java_summary.logMarginalLikelihood()],
            activeBasis=[int(v) for v in java_summary.activeBasis()],
            dataPasses=int(java_summary.dataPasses()),
            fitSeconds=float(java_summary.fitSeconds()),
            warmStartBasis=int(java_summary.warmStartBasis()),
            warnings=[str(w) for w in java_summary.warnings()],
            gammaChoice=None if choice is None else GammaChoice(
                tried=[float(v) for v in choice.tried()],
                logMarginalLikelihood=[float(v) for v in choice.logMarginalLikelihood()],
                kept=[int(v) for v in choice.kept()], criterion=[float(v) for v in choice.criterion()],
                heldOut=[float(v) for v in choice.heldOut()], chosen=float(choice.chosen()),
                rows=int(choice.rows())),
            standardizationChoice=None if scaling is None else StandardizationChoice(
                standardizedLogMarginalLikelihood=float(scaling.standardizedLogMarginalLikelihood()),
                rawLogMarginalLikelihood=float(scaling.rawLogMarginalLikelihood()),
                standardization=bool(scaling.standardization())),
        )


@dataclass(frozen=True)
class RvmRegressionMetrics:
    """:meth:`RvmModel.evaluate` of a gaussian model: root mean squared error, mean squared error, mean absolute
    error and R² over the rows evaluated (the JVM's RvmMetrics.Regression)."""

    rows: int
    rmse: float
    mse: float
    mae: float
    r2: float


@dataclass(frozen=True)
class RvmCountMetrics(RvmRegressionMetrics):
    """:meth:`RvmModel.evaluate` of a poisson model: the regression metrics of the predicted mean counts and the
    mean Poisson deviance (the JVM's RvmMetrics.Counts)."""

    meanPoissonDeviance: float


@dataclass(frozen=True)
class RvmClassificationMetrics:
    """:meth:`RvmModel.evaluate` of a bernoulli or multinomial model (the JVM's RvmMetrics.Classification):
    accuracy, error, log-loss, weighted F1, the area under the ROC curve (bernoulli; NaN for multinomial) and the
    confusion matrix, rows the true class and columns the predicted one."""

    rows: int
    numClasses: int
    accuracy: float
    error: float
    logLoss: float
    auc: float
    weightedF1: float
    confusionMatrix: List[List[int]]


RvmMetrics = Union[RvmRegressionMetrics, RvmCountMetrics, RvmClassificationMetrics]


def _metrics_from_java(java_metrics) -> RvmMetrics:
    kind = java_metrics.getClass().getSimpleName()
    if kind == "Classification":
        return RvmClassificationMetrics(
            rows=int(java_metrics.rows()), numClasses=int(java_metrics.numClasses()),
            accuracy=float(java_metrics.accuracy()), error=float(java_metrics.error()),
            logLoss=float(java_metrics.logLoss()), auc=float(java_metrics.auc()),
            weightedF1=float(java_metrics.weightedF1()),
            confusionMatrix=[[int(c) for c in row] for row in java_metrics.confusionMatrix()])
    regression = dict(rows=int(java_metrics.rows()), rmse=float(java_metrics.rmse()), mse=float(java_metrics.mse()),
                      mae=float(java_metrics.mae()), r2=float(java_metrics.r2()))
    if kind == "Counts":
        return RvmCountMetrics(meanPoissonDeviance=float(java_metrics.meanPoissonDeviance()), **regression)
    if kind == "Regression":
        return RvmRegressionMetrics(**regression)
    raise TypeError("spark_rvm does not know the JVM's RvmMetrics.%s: upgrade spark_rvm with the jar" % kind)


class RvmEstimator(_params._RvmEstimatorKeywords, _params._RvmEstimatorSetters, _params._RvmParams, _SpecParams,
                   JavaEstimator["RvmModel"], JavaMLReadable["RvmEstimator"], JavaMLWritable):
    """The Relevance Vector Machine (sparse Bayesian learning) as a Spark ML estimator: regression (family
    gaussian), count regression (poisson), binary (bernoulli) or multi-class (multinomial) classification. A wrapper of the JVM stage
    io.github.sparkrvm.RvmEstimator; ``fit`` returns an :class:`RvmModel`.

    >>> rvm = RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0, standardization=False)
    """

    _param_specs = tuple(_params.RVM_PARAMS)

    def _create_model(self, java_model) -> "RvmModel":
        return RvmModel(java_model)

    def setInitialModel(self, model: Optional["RvmModel"]) -> "RvmEstimator":
        """Starts the fits that follow from ``model`` (a warm start: its basis functions, alphas, weights and, for
        gaussian, noise precision), as the JVM's ``RvmEstimator.setInitialModel``; ``None`` for a cold start. Not a
        param: it is not saved with the estimator. Needs a classic (Py4J) session."""
        _require_classic("RvmEstimator.setInitialModel")
        self._java_obj.setInitialModel(None if model is None else model._java_obj)
        return self

    def getInitialModel(self) -> Optional["RvmModel"]:
        """The model the fits start from (:meth:`setInitialModel`), or ``None``."""
        _require_classic("RvmEstimator.getInitialModel")
        java_model = self._java_obj.getInitialModel()
        return None if java_model is None else RvmModel(java_model)


class _RvmAccessors:
    """The RVM's own attributes, shared by RvmModel, RvmClassificationModel and RvmRegressionModel (the JVM's
    HasRelevanceVectors): read through Py4J in a classic session; over Spark Connect they raise the error that names
    :func:`spark_rvm.read_model_data`."""

    _java_obj: Any
    _call_java: Any

    def _rvm(self, name: str, *args: Any) -> Any:
        """Calls the JVM model's method ``name``; over Spark Connect, raises the error that names what to use."""
        _require_classic(type(self).__name__ + "." + name)
        return self._call_java(name, *args)

    @property
    def numRelevanceVectors(self) -> int:
        """The number of relevance vectors (or relevant features, for the linear kernel)."""
        return self._rvm("numRelevanceVectors")

    @property
    def relevanceVectors(self):
        """The relevance vectors, one per row, on the original feature scale (a DenseMatrix)."""
        return self._rvm("relevanceVectors")

    @property
    def relevantFeatures(self) -> List[int]:
        """The input features the linear-kernel RVM kept (empty for other kernels)."""
        return list(self._rvm("relevantFeatures"))

    @property
    def hasIntercept(self) -> bool:
        """Whether the model kept the bias basis function."""
        return self._rvm("hasIntercept")

    @property
    def intercept(self) -> float:
        """The bias weight (0 when the bias was pruned)."""
        return self._rvm("intercept")

    @property
    def weights(self):
        """The weights of the relevance vectors (or relevant features), in their order (a DenseVector)."""
        return self._rvm("weights")

    @property
    def alphas(self):
        """The prior precisions α of the relevance vectors (or relevant features) (a DenseVector)."""
        return self._rvm("alphas")

    @property
    def interceptAlpha(self) -> float:
        """The α of the bias (NaN when it was pruned)."""
        return self._rvm("interceptAlpha")

    @property
    def covariance(self):
        """The posterior covariance of the weights: the bias first (when kept), then the relevance vectors."""
        return self._rvm("covariance")

    @property
    def fittedNoisePrecision(self) -> float:
        """The noise precision β of a gaussian model: the fitted one, or the value the noisePrecision param held."""
        return self._rvm("fittedNoisePrecision")

    @property
    def varianceScale(self) -> float:
        """The factor of a gaussian model's predictive variance (param calibrateVariance): its predicted variance is
        this times 1/β + φᵀΣφ; 1 when it was not calibrated, and for other families."""
        return self._rvm("varianceScale")

    @property
    def featureRelevance(self):
        """The relevance of each input feature (linear kernel): 1/α, 0 where the feature was pruned."""
        return self._rvm("featureRelevance")

    # ---- per class (multinomial) ----
    def classRelevanceVectors(self, k: int):
        """The relevance vectors class k uses, one per row."""
        return self._rvm("classRelevanceVectors", int(k))

    def classWeights(self, k: int):
        """Class k's weights on its relevance vectors (or relevant features)."""
        return self._rvm("classWeights", int(k))

    def classAlphas(self, k: int):
        """Class k's prior precisions α on its relevance vectors (or relevant features)."""
        return self._rvm("classAlphas", int(k))

    def classIntercept(self, k: int) -> float:
        """Class k's bias weight (0 when it pruned the bias)."""
        return self._rvm("classIntercept", int(k))



class RvmModel(_RvmAccessors, _params._RvmModelSetters, _params._RvmModelParams, _SpecParams, JavaModel,
               JavaMLReadable["RvmModel"], JavaMLWritable):
    """A fitted RVM (the JVM's io.github.sparkrvm.RvmModel): ``transform`` adds the prediction (and for
    classification the raw scores and class probabilities, for regression the predictive variance).

    The accessors read the JVM model through Py4J, so they work in a classic session; over Spark Connect the server
    allows only Spark's own model attributes: there a model offers fit, transform, save and load, and
    :func:`spark_rvm.read_model_data` reads a saved model's attributes.
    """

    _param_specs = tuple(sorted(_params.RVM_PARAMS + _params.RVM_MODEL_OWN_PARAMS))

    def __init__(self, java_model=None):
        super().__init__(java_model)
        self._set_spec_defaults()
        _take_fitted_gamma(self, java_model)

    # ---- the fit ----
    @property
    def numFeatures(self) -> int:
        """The number of input features."""
        return self._rvm("numFeatures")

    @property
    def numClasses(self) -> int:
        """The number of classes (2 for bernoulli, K for multinomial, 0 for gaussian)."""
        return self._rvm("numClasses")

    @property
    def hasSummary(self) -> bool:
        """Whether the model has a training summary: a fitted model has, and so has a saved and loaded one (without
        the fit's warnings and warm start, which are not saved)."""
        _require_classic("RvmModel.hasSummary")
        return self._java_obj.summary() is not None

    @property
    def summary(self) -> RvmTrainingSummary:
        """How the fit went (see :class:`RvmTrainingSummary`)."""
        if not self.hasSummary:
            raise RuntimeError("no training summary for this model (hasSummary is False)")
        return RvmTrainingSummary._from_java(self._java_obj.summary())

    def evaluate(self, dataset: DataFrame, labelCol: Optional[str] = None) -> RvmMetrics:
        """Scores a labelled data set (its featuresCol, and labelCol or the column named here) and measures the
        predictions, as the JVM's ``RvmModel.evaluate``: :class:`RvmRegressionMetrics` (gaussian),
        :class:`RvmCountMetrics` (poisson) or :class:`RvmClassificationMetrics` (bernoulli, multinomial)."""
        _require_classic("RvmModel.evaluate")
        java_df = dataset._jdf
        java_metrics = (self._java_obj.evaluate(java_df) if labelCol is None
                        else self._java_obj.evaluate(java_df, labelCol))
        return _metrics_from_java(java_metrics)

    # ---- one row ----
    def predict(self, features) -> float:
        """The prediction for one feature vector (the predictive mean, or the class)."""
        return self._rvm("predict", features)

    def predictProbabilities(self, features):
        """The class probabilities for one feature vector."""
        return self._rvm("predictProbabilities", features)

    def predictVariance(self, features) -> float:
        """The predictive variance for one feature vector (gaussian; poisson: the count's variance)."""
        return self._rvm("predictVariance", features)


class RvmClassifier(_params._RvmClassifierKeywords, _params._RvmClassifierSetters, _params._RvmClassifierParams,
                    _SpecParams, _JavaProbabilisticClassifier["RvmClassificationModel"],
                    JavaMLReadable["RvmClassifier"], JavaMLWritable):
    """The RVM as a PySpark classifier (the JVM's io.github.sparkrvm.RvmClassifier, a ProbabilisticClassifier as
    LogisticRegression): family auto (bernoulli for 2 classes, multinomial for more), bernoulli or multinomial;
    ``fit`` returns an :class:`RvmClassificationModel`, whose numClasses, predict, predictProbability, predictRaw
    and summary are PySpark's own, also over Spark Connect.

    >>> rvm = RvmClassifier(labelCol="yc", gamma=4.0, standardization=False)
    """

    _param_specs = tuple(_params.RVM_CLASSIFIER_PARAMS)

    def _create_model(self, java_model) -> "RvmClassificationModel":
        return RvmClassificationModel(java_model)


class RvmClassificationModel(_RvmAccessors, _params._RvmClassificationModelSetters,
                             _params._RvmClassificationModelParams, _SpecParams,
                             _JavaProbabilisticClassificationModel[Vector],
                             HasTrainingSummary["LogisticRegressionTrainingSummary"],
                             JavaMLReadable["RvmClassificationModel"], JavaMLWritable):
    """A fitted :class:`RvmClassifier`. Spark's part (numClasses, numFeatures, predict, predictRaw,
    predictProbability, hasSummary and summary: a BinaryLogisticRegressionTrainingSummary for two classes, else a
    LogisticRegressionTrainingSummary, whose objectiveHistory is the log marginal likelihood per step) works
    in a classic and a Connect session; the RVM's own attributes (relevanceVectors, weights, ..., rvmSummary) in a
    classic one (over Connect: :func:`spark_rvm.read_model_data`)."""

    _param_specs = tuple(sorted(_params.RVM_CLASSIFIER_PARAMS + _params.RVM_CLASSIFICATION_MODEL_OWN_PARAMS))

    def __init__(self, java_model=None):
        super().__init__(java_model)
        self._set_spec_defaults()
        _take_fitted_gamma(self, java_model)

    @property
    def _summaryCls(self) -> type:
        if self.numClasses <= 2:
            return BinaryLogisticRegressionTrainingSummary
        return LogisticRegressionTrainingSummary

    def _summary_dataset(self, train_dataset: DataFrame) -> DataFrame:
        return train_dataset

    @property
    def rvmSummary(self) -> RvmTrainingSummary:
        """The RVM's own account of the fit (see :class:`RvmTrainingSummary`)."""
        _require_classic("RvmClassificationModel.rvmSummary")
        return RvmTrainingSummary._from_java(self._java_obj.rvmSummary())


class RvmRegressor(_params._RvmRegressorKeywords, _params._RvmRegressorSetters, _params._RvmRegressorParams,
                   _SpecParams, _JavaRegressor["RvmRegressionModel"], JavaMLReadable["RvmRegressor"],
                   JavaMLWritable):
    """The RVM as a PySpark regressor (the JVM's io.github.sparkrvm.RvmRegressor, a Regressor as
    LinearRegression): family gaussian or poisson; ``fit`` returns an :class:`RvmRegressionModel`, which adds the
    predictive variance (varianceCol)."""

    _param_specs = tuple(_params.RVM_REGRESSOR_PARAMS)

    def _create_model(self, java_model) -> "RvmRegressionModel":
        return RvmRegressionModel(java_model)


class RvmRegressionModel(_RvmAccessors, _params._RvmRegressionModelSetters, _params._RvmRegressionModelParams,
                         _SpecParams, _JavaRegressionModel[Vector], JavaMLReadable["RvmRegressionModel"],
                         JavaMLWritable):
    """A fitted :class:`RvmRegressor`: numFeatures and predict are PySpark's own (also over Spark Connect); the RVM's
    attributes, :meth:`predictVariance` and the summary need a classic session."""

    _param_specs = tuple(sorted(_params.RVM_REGRESSOR_PARAMS + _params.RVM_REGRESSION_MODEL_OWN_PARAMS))

    def __init__(self, java_model=None):
        super().__init__(java_model)
        self._set_spec_defaults()
        _take_fitted_gamma(self, java_model)

    @property
    def hasSummary(self) -> bool:
        """Whether the model has a training summary (a fitted or loaded model has)."""
        return bool(self._rvm("hasSummary"))

    @property
    def summary(self) -> RvmTrainingSummary:
        """How the fit went (see :class:`RvmTrainingSummary`)."""
        _require_classic("RvmRegressionModel.summary")
        return RvmTrainingSummary._from_java(self._java_obj.summary())

    def predictVariance(self, features: Vector) -> float:
        """The predictive variance for one feature vector."""
        return self._rvm("predictVariance", features)


class RvmSelector(_params._RvmSelectorKeywords, _params._RvmSelectorSetters, _params._RvmSelectorParams, _SpecParams,
                  JavaEstimator["RvmSelectorModel"], JavaMLReadable["RvmSelector"], JavaMLWritable):
    """RVM feature selection (the JVM's io.github.sparkrvm.RvmSelector): fits a linear-kernel RVM and keeps the
    features it finds relevant, by number (selectionMode numTopFeatures) or by relevance (threshold)."""

    _param_specs = tuple(_params.SELECTOR_PARAMS)

    def _create_model(self, java_model) -> "RvmSelectorModel":
        return RvmSelectorModel(java_model)


class RvmSelectorModel(_params._RvmSelectorModelSetters, _params._RvmSelectorParams, _SpecParams, JavaModel,
                       JavaMLReadable["RvmSelectorModel"], JavaMLWritable):
    """The features an :class:`RvmSelector` kept (the JVM's io.github.sparkrvm.RvmSelectorModel)."""

    _param_specs = tuple(_params.SELECTOR_PARAMS)

    def __init__(self, java_model=None):
        super().__init__(java_model)
        self._set_spec_defaults()

    @property
    def selectedFeatures(self) -> List[int]:
        """The indices of the kept features, ascending."""
        return list(self._call_java("selectedFeatures"))

    @property
    def featureRelevance(self):
        """The relevance of every input feature (1/α, 0 where it was pruned)."""
        return self._call_java("featureRelevance")

    @property
    def numFeatures(self) -> int:
        """The number of input features."""
        return self._call_java("numFeatures")


for _cls in (RvmEstimator, RvmModel, RvmSelector, RvmSelectorModel, RvmClassifier, RvmClassificationModel,
             RvmRegressor, RvmRegressionModel):
    _cls.__module__ = JVM_PACKAGE
