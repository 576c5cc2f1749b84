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

"""The Python stages' params are the JVM stages' params (names, kinds, docs, defaults, setters), every param
round-trips through the JVM and through save/load, and a bad value raises an exception naming the param."""
import inspect
from typing import List, Optional, get_type_hints

import pytest
from py4j.protocol import Py4JJavaError
from pyspark.errors import IllegalArgumentException

from spark_rvm import (RvmClassificationModel, RvmClassifier, RvmEstimator, RvmModel, RvmRegressionModel,
                       RvmRegressor, RvmSelector, RvmSelectorModel, _params)
from spark_rvm._jvm import describe, setters

REGENERATE = "out of date with the JVM stage: run target/python-venv/bin/python python/dev/generate_params.py"

# Valid non-default values of the string params with a fixed set of values (the JVM validates them).
STRING_VALUES = {
    "family": ["bernoulli", "multinomial"],
    "kernel": ["linear", "poly"],
    "probabilityMethod": ["map", "moderated"],
    "multiClassStrategy": ["ovr", "softmax"],
    "solver": ["em", "variational", "fast"],
    "prior": ["grid-product", "grid-sum", "ard"],
    "variationalForm": ["primal", "dual", "auto"],
    "selectionMode": ["threshold", "numTopFeatures"],
}


def python_spec(stage):
    return [(p.name, kind, p.doc, stage._defaultParamMap.get(p))
            for p, kind in ((stage.getParam(name), kind) for name, kind, _doc, _default in stage._param_specs)]


def normalised(spec, uid):
    return [(n, k, d, v.replace("{uid}", uid) if isinstance(v, str) else v) for n, k, d, v in spec]


@pytest.fixture(scope="module")
def fitted(spark, ripley):
    train, _ = ripley
    model = RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0, standardization=False).fit(train)
    selector = RvmSelector(family="bernoulli", labelCol="yc", selectionMode="numTopFeatures",
                           selectionThreshold=1.0).fit(train)
    return model, selector


def test_python_params_are_the_jvm_params(jvm, fitted):
    model, selector_model = fitted
    for stage in (RvmEstimator(), model, RvmSelector(), selector_model):
        java = stage._java_obj if isinstance(stage, (RvmModel, RvmSelectorModel)) else stage._to_java()
        jvm_spec = normalised(describe(java), java.uid())
        assert python_spec(stage) == sorted(jvm_spec), "%s: %s" % (type(stage).__name__, REGENERATE)
        assert [p.name for p in stage.params] == [s[0] for s in jvm_spec]
    pkg = jvm.io.github.sparkrvm
    rvm_names = [s[0] for s in _params.RVM_PARAMS]
    rvm_model_names = [s[0] for s in RvmModel._param_specs]
    selector_names = [s[0] for s in _params.SELECTOR_PARAMS]
    for cls, names, expected in ((pkg.RvmEstimator, rvm_names, _params.RVM_ESTIMATOR_SETTERS),
                                 (pkg.RvmModel, rvm_model_names, _params.RVM_MODEL_SETTERS),
                                 (pkg.RvmSelector, selector_names, _params.SELECTOR_SETTERS),
                                 (pkg.RvmSelectorModel, selector_names, _params.SELECTOR_MODEL_SETTERS)):
        assert setters(cls._java_lang_class, names) == expected, REGENERATE
    for cls, expected in ((RvmEstimator, _params.RVM_ESTIMATOR_SETTERS), (RvmModel, _params.RVM_MODEL_SETTERS),
                          (RvmSelector, _params.SELECTOR_SETTERS),
                          (RvmSelectorModel, _params.SELECTOR_MODEL_SETTERS)):
        assert sorted(n for n in dir(cls) if n in {"set" + s[0][0].upper() + s[0][1:] for s in cls._param_specs}) \
            == expected
        for name, *_ in cls._param_specs:
            assert callable(getattr(cls, "get" + name[0].upper() + name[1:]))


def candidate_values(name, kind, default):
    if kind == "string":
        if name in STRING_VALUES:
            return STRING_VALUES[name]
        if name.endswith("Col"):
            return ["custom_" + name]
        return []
    if kind == "boolean":
        return [not default]
    if kind in ("int", "long"):
        base = default if default is not None else 1
        return [base + 1, base * 2 + 3, 7]
    if kind == "float":
        base = default if default is not None else 1.0
        return [base * 0.5 if base else 0.25, base * 2 + 1.5, 0.75, 2.5]
    if kind == "list_int":
        return [[2, 3], [1, 1]]
    if kind == "list_float":
        return [[0.4, 0.6], [1.0, 2.0]]
    return []


def jvm_accepts(java_param, value):
    """Whether the JVM param's validator accepts the value (a ParamPair validates its value when made)."""
    try:
        java_param.w(value)
        return True
    except IllegalArgumentException:  # pyspark's conversion of the JVM's exception
        return False
    except Py4JJavaError as e:
        if "IllegalArgumentException" in str(e.java_exception.getClass().getName()):
            return False
        raise


def pick_values(stage):
    """A valid non-default value for every param, checked by the JVM param's own validator."""
    java = stage._to_java()
    values, missing = {}, []
    for name, kind, _doc, default in stage._param_specs:
        java_param = java.getParam(name)
        for value in candidate_values(name, kind, default):
            if value != default and jvm_accepts(java_param, value):
                values[name] = value
                break
        else:
            missing.append(name)
    assert not missing, ("no valid non-default test value for %s: add one to STRING_VALUES or candidate_values in "
                         "python/tests/test_params.py" % missing)
    return values


@pytest.mark.parametrize("cls", [RvmEstimator, RvmSelector], ids=lambda c: c.__name__)
def test_every_param_round_trips(spark, jvm, tmp_path, cls):
    values = pick_values(cls())
    stage = cls(**values)
    assert {p.name: stage.getOrDefault(p) for p in stage.params if stage.isSet(p)} == values

    # Python -> JVM: the JVM stage holds every value.
    java = stage._to_java()
    for name, value in values.items():
        java_value = java.getOrDefault(java.getParam(name))
        if isinstance(value, list):
            java_value = list(java_value)
        assert java_value == value, name

    # Python -> disk -> Python, and disk -> Java.
    path = str(tmp_path / cls.__name__)
    stage.save(path)
    loaded = cls.load(path)
    assert type(loaded) is cls and loaded.uid == stage.uid
    assert {p.name: loaded.getOrDefault(p) for p in loaded.params if loaded.isSet(p)} == values
    java_loaded = getattr(jvm.io.github.sparkrvm, cls.__name__).load(path)
    for name, value in values.items():
        java_value = java_loaded.getOrDefault(java_loaded.getParam(name))
        assert (list(java_value) if isinstance(value, list) else java_value) == value, name

    # Setters and getters by name.
    fresh = cls()
    for name, value in values.items():
        cap = name[0].upper() + name[1:]
        assert getattr(fresh, "set" + cap)(value) is fresh
        assert getattr(fresh, "get" + cap)() == value


def test_model_setters_round_trip(fitted):
    model, _ = fitted
    model.setThreshold(0.25).setProbabilityMethod("map").setPredictionCol("p")
    java = model._to_java()

    def jvm_value(name):
        return java.getOrDefault(java.getParam(name))

    assert jvm_value("threshold") == 0.25 and jvm_value("probabilityMethod") == "map"
    assert jvm_value("predictionCol") == "p"
    model.setThreshold(0.5).setProbabilityMethod("moderated").setPredictionCol("prediction")


def test_a_bad_value_raises_an_exception_naming_the_param(ripley):
    train, _ = ripley
    with pytest.raises(TypeError, match="maxIter"):
        RvmEstimator().setMaxIter("many")
    with pytest.raises(TypeError, match="standardization"):
        RvmEstimator(standardization="sometimes")
    with pytest.raises(TypeError, match="noSuchParam"):
        RvmEstimator(noSuchParam=1)  # type: ignore[call-arg]
    # Values of the right type outside the param's domain: the JVM's validator names the param.
    with pytest.raises(IllegalArgumentException, match="family"):
        RvmEstimator(family="tweedie", labelCol="yc").fit(train)
    with pytest.raises(IllegalArgumentException, match="maxIter"):
        RvmEstimator(maxIter=0, labelCol="yc").fit(train)
    with pytest.raises(IllegalArgumentException, match="selectionMode"):
        RvmSelector(selectionMode="best", labelCol="yc").fit(train)


PYTHON_TYPES = {"string": str, "float": float, "int": int, "long": int, "boolean": bool, "list_int": List[int],
                "list_float": List[float], "list_string": List[str]}


@pytest.mark.parametrize("cls", [RvmEstimator, RvmSelector, RvmClassifier, RvmRegressor], ids=lambda c: c.__name__)
def test_constructors_and_setparams_list_every_param_by_keyword(cls):
    specs = cls._param_specs
    for method in (cls, cls.setParams):
        parameters = [p for p in inspect.signature(method).parameters.values() if p.name != "self"]
        assert [p.name for p in parameters] == [s[0] for s in specs]
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in parameters)
        for p, (name, kind, _doc, default) in zip(parameters, specs):
            plain = default is not None and not (isinstance(default, str) and "{uid}" in default)
            assert p.default == (default if plain else None), name
            assert p.annotation == (PYTHON_TYPES[kind] if plain else Optional[PYTHON_TYPES[kind]]), name


def test_getters_and_setters_are_typed():
    for cls in (RvmEstimator, RvmModel, RvmSelector, RvmSelectorModel, RvmClassifier, RvmClassificationModel,
                RvmRegressor, RvmRegressionModel):
        for name, kind, _doc, _default in cls._param_specs:
            cap = name[0].upper() + name[1:]
            assert get_type_hints(getattr(cls, "get" + cap))["return"] == PYTHON_TYPES[kind], name
            if hasattr(cls, "set" + cap):
                assert get_type_hints(getattr(cls, "set" + cap))["value"] == PYTHON_TYPES[kind], name
