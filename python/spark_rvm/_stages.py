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

"""The pyspark.ml wrappers of the JVM stages. Their params are built from spark_rvm/_params.py, which is generated
from the JVM stages (python/dev/generate_params.py), so names, docs, defaults and types cannot drift."""

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from pyspark.ml.param import Param, Params, TypeConverters
from pyspark.ml.util import JavaMLReadable, JavaMLWritable
from pyspark.ml.wrapper import JavaEstimator, JavaModel

from spark_rvm import _params
from spark_rvm._jvm import UID_MARK

# PySpark maps a JVM stage to a Python class by its class name (JavaParams._from_java, DefaultParamsReader, the
# Connect reader) and a Python class to its JVM class by __module__ (JavaMLReader, the Connect reader): so these
# classes carry the JVM package as their module, which _spark_rvm_jvm_package.py makes importable.
JVM_PACKAGE = "io.github.sparkrvm"

_CONVERTERS = {
    "string": TypeConverters.toString,
    "float": TypeConverters.toFloat,
    "int": TypeConverters.toInt,
    "long": TypeConverters.toInt,
    "boolean": TypeConverters.toBoolean,
    "list_int": TypeConverters.toListInt,
    "list_float": TypeConverters.toListFloat,
    "list_string": TypeConverters.toListString,
}


def _with_params(specs, setters):
    """A class decorator: adds a class-level Param, a getter and (where the JVM stage has one) a setter per spec."""

    def decorate(cls):
        cls._param_specs = tuple(specs)
        for name, kind, doc, _default in specs:
            setattr(cls, name, Param(Params._dummy(), name, doc, typeConverter=_CONVERTERS[kind]))
            cap = name[0].upper() + name[1:]

            def getter(self, _name=name):
                return self.getOrDefault(_name)

            getter.__name__ = "get" + cap
            getter.__doc__ = "Gets the value of %s or its default. %s" % (name, doc)
            setattr(cls, "get" + cap, getter)
            if "set" + cap in setters:
                def setter(self, value, _name=name):
                    return self._set(**{_name: value})

                setter.__name__ = "set" + cap
                setter.__doc__ = "Sets the value of %s: %s" % (name, doc)
                setattr(cls, "set" + cap, setter)
        return cls

    return decorate


class _SpecParams:
    """Defaults (from the JVM spec) and keyword set-up shared by the four stages."""

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

    def setParams(self, **kwargs):
        """Sets params by name, e.g. ``setParams(family="bernoulli", gamma=4.0)``."""
        for name in kwargs:
            if not self.hasParam(name):
                raise ValueError("%s has no param %r; its params: %s"
                                 % (type(self).__name__, name, ", ".join(p.name for p in self.params)))
        return self._set(**kwargs)


@dataclass(frozen=True)
class RvmTrainingSummary:
    """How a fit went (the JVM's RvmTrainingSummary): rows read, re-estimation steps, whether tol was met, the log
    marginal likelihood and the number of basis functions at the start and after each step, passes over the data
    and wall-clock seconds; for a warm start (:meth:`RvmEstimator.setInitialModel`), the number of basis functions
    it started from (-1: a cold start)."""

    numRows: int
    iterations: int
    converged: bool
    logMarginalLikelihood: List[float]
    activeBasis: List[int]
    dataPasses: int
    fitSeconds: float
    warmStartBasis: int = -1

    @staticmethod
    def _from_java(java_summary) -> "RvmTrainingSummary":
        return RvmTrainingSummary(
            numRows=int(java_summary.numRows()),
            iterations=int(java_summary.iterations()),
            converged=bool(java_summary.converged()),
            logMarginalLikelihood=[float(v) for v in java_summary.logMarginalLikelihood()],
            activeBasis=[int(v) for v in java_summary.activeBasis()],
            dataPasses=int(java_summary.dataPasses()),
            fitSeconds=float(java_summary.fitSeconds()),
            warmStartBasis=int(java_summary.warmStartBasis()),
        )


@_with_params(_params.RVM_PARAMS, _params.RVM_ESTIMATOR_SETTERS)
class RvmEstimator(_SpecParams, JavaEstimator, JavaMLReadable, JavaMLWritable):
    """The Relevance Vector Machine (sparse Bayesian learning) as a Spark ML estimator: regression (family
    gaussian), count regression (poisson), binary (bernoulli) or multi-class (multinomial) classification. A wrapper of the JVM stage
    io.github.sparkrvm.RvmEstimator; ``fit`` returns an :class:`RvmModel`.

    >>> rvm = RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0, standardization=False)
    """

    def __init__(self, **kwargs: Any):
        super().__init__()
        self._java_obj = self._new_java_obj(JVM_PACKAGE + ".RvmEstimator", self.uid)
        self._set_spec_defaults()
        self.setParams(**kwargs)

    def _create_model(self, java_model) -> "RvmModel":
        return RvmModel(java_model)

    def setInitialModel(self, model: Optional["RvmModel"]) -> "RvmEstimator":
        """Starts the fits that follow from ``model`` (a warm start: its basis functions, alphas, weights and, for
        gaussian, noise precision), as the JVM's ``RvmEstimator.setInitialModel``; ``None`` for a cold start. Not a
        param: it is not saved with the estimator. Needs a classic (Py4J) session."""
        self._java_obj.setInitialModel(None if model is None else model._java_obj)
        return self

    def getInitialModel(self) -> Optional["RvmModel"]:
        """The model the fits start from (:meth:`setInitialModel`), or ``None``."""
        java_model = self._java_obj.getInitialModel()
        return None if java_model is None else RvmModel(java_model)


@_with_params(sorted(_params.RVM_PARAMS + _params.RVM_MODEL_OWN_PARAMS), _params.RVM_MODEL_SETTERS)
class RvmModel(_SpecParams, JavaModel, JavaMLReadable, JavaMLWritable):
    """A fitted RVM (the JVM's io.github.sparkrvm.RvmModel): ``transform`` adds the prediction (and for
    classification the raw scores and class probabilities, for regression the predictive variance).

    The accessors read the JVM model through Py4J, so they work in a classic session; over Spark Connect the server
    allows only Spark's own model attributes, and a Connect model offers fit, transform, save and load.
    """

    def __init__(self, java_model=None):
        super().__init__(java_model)
        self._set_spec_defaults()

    # ---- the fit ----
    @property
    def numFeatures(self) -> int:
        """The number of input features."""
        return self._call_java("numFeatures")

    @property
    def numClasses(self) -> int:
        """The number of classes (2 for bernoulli, K for multinomial, 0 for gaussian)."""
        return self._call_java("numClasses")

    @property
    def numRelevanceVectors(self) -> int:
        """The number of relevance vectors (or relevant features, for the linear kernel)."""
        return self._call_java("numRelevanceVectors")

    @property
    def relevanceVectors(self):
        """The relevance vectors, one per row, on the original feature scale (a DenseMatrix)."""
        return self._call_java("relevanceVectors")

    @property
    def relevantFeatures(self) -> List[int]:
        """The input features the linear-kernel RVM kept (empty for other kernels)."""
        return list(self._call_java("relevantFeatures"))

    @property
    def hasIntercept(self) -> bool:
        """Whether the model kept the bias basis function."""
        return self._call_java("hasIntercept")

    @property
    def intercept(self) -> float:
        """The bias weight (0 when the bias was pruned)."""
        return self._call_java("intercept")

    @property
    def weights(self):
        """The weights of the relevance vectors (or relevant features), in their order (a DenseVector)."""
        return self._call_java("weights")

    @property
    def alphas(self):
        """The prior precisions α of the relevance vectors (or relevant features) (a DenseVector)."""
        return self._call_java("alphas")

    @property
    def interceptAlpha(self) -> float:
        """The α of the bias (NaN when it was pruned)."""
        return self._call_java("interceptAlpha")

    @property
    def covariance(self):
        """The posterior covariance of the weights: the bias first (when kept), then the relevance vectors."""
        return self._call_java("covariance")

    @property
    def fittedNoisePrecision(self) -> float:
        """The noise precision β of a gaussian model: the fitted one, or the value the noisePrecision param held."""
        return self._call_java("fittedNoisePrecision")

    @property
    def featureRelevance(self):
        """The relevance of each input feature (linear kernel): 1/α, 0 where the feature was pruned."""
        return self._call_java("featureRelevance")

    @property
    def summary(self) -> RvmTrainingSummary:
        """How the fit went (see :class:`RvmTrainingSummary`)."""
        return RvmTrainingSummary._from_java(self._java_obj.summary())

    # ---- per class (multinomial) ----
    def classRelevanceVectors(self, k: int):
        """The relevance vectors class k uses, one per row."""
        return self._call_java("classRelevanceVectors", int(k))

    def classWeights(self, k: int):
        """Class k's weights on its relevance vectors (or relevant features)."""
        return self._call_java("classWeights", int(k))

    def classAlphas(self, k: int):
        """Class k's prior precisions α on its relevance vectors (or relevant features)."""
        return self._call_java("classAlphas", int(k))

    def classIntercept(self, k: int) -> float:
        """Class k's bias weight (0 when it pruned the bias)."""
        return self._call_java("classIntercept", int(k))

    # ---- one row ----
    def predict(self, features) -> float:
        """The prediction for one feature vector (the predictive mean, or the class)."""
        return self._call_java("predict", features)

    def predictProbabilities(self, features):
        """The class probabilities for one feature vector."""
        return self._call_java("predictProbabilities", features)

    def predictVariance(self, features) -> float:
        """The predictive variance for one feature vector (gaussian; poisson: the count's variance)."""
        return self._call_java("predictVariance", features)


@_with_params(_params.SELECTOR_PARAMS, _params.SELECTOR_SETTERS)
class RvmSelector(_SpecParams, JavaEstimator, JavaMLReadable, JavaMLWritable):
    """RVM feature selection (the JVM's io.github.sparkrvm.RvmSelector): fits a linear-kernel RVM and keeps the
    features it finds relevant, by number (selectionMode numTopFeatures) or by relevance (threshold)."""

    def __init__(self, **kwargs: Any):
        super().__init__()
        self._java_obj = self._new_java_obj(JVM_PACKAGE + ".RvmSelector", self.uid)
        self._set_spec_defaults()
        self.setParams(**kwargs)

    def _create_model(self, java_model) -> "RvmSelectorModel":
        return RvmSelectorModel(java_model)


@_with_params(_params.SELECTOR_PARAMS, _params.SELECTOR_MODEL_SETTERS)
class RvmSelectorModel(_SpecParams, JavaModel, JavaMLReadable, JavaMLWritable):
    """The features an :class:`RvmSelector` kept (the JVM's io.github.sparkrvm.RvmSelectorModel)."""

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


for _cls in (RvmEstimator, RvmModel, RvmSelector, RvmSelectorModel):
    _cls.__module__ = JVM_PACKAGE
