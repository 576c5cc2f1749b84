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

"""Reads the params of a JVM stage through Py4J: the source of truth the Python classes are generated from
(python/dev/generate_params.py) and checked against (tests/test_params.py)."""

# The Python kind of each Spark param class; a plain Param must hold strings (the only kind spark-rvm uses).
KINDS = {
    "Param": "string",
    "DoubleParam": "float",
    "IntParam": "int",
    "LongParam": "long",
    "BooleanParam": "boolean",
    "IntArrayParam": "list_int",
    "DoubleArrayParam": "list_float",
    "StringArrayParam": "list_string",
}

UID_MARK = "{uid}"


def describe(java_stage):
    """Returns the stage's params as (name, kind, doc, default) tuples in Spark's order (by name); default is None
    when the param has none, and a default that contains the stage's uid has it replaced by "{uid}"."""
    uid = java_stage.uid()
    out = []
    for p in java_stage.params():
        cls = p.getClass().getSimpleName()
        if cls not in KINDS:
            raise ValueError("param %s of %s is a %s, which spark_rvm does not map to Python"
                             % (p.name(), java_stage.getClass().getName(), cls))
        kind = KINDS[cls]
        default = None
        if java_stage.hasDefault(p):
            value = java_stage.getDefault(p).get()
            if kind.startswith("list_"):
                value = list(value)
            elif kind == "string" and not isinstance(value, str):
                raise ValueError("param %s of %s is a Param whose default %r is not a string"
                                 % (p.name(), java_stage.getClass().getName(), value))
            elif kind == "float":
                value = float(value)
            if isinstance(value, str) and uid in value:
                value = value.replace(uid, UID_MARK)
            default = value
        out.append((p.name(), kind, p.doc(), default))
    return out


def setters(java_class, param_names):
    """Returns the names of the public one-argument set<Param> methods of a JVM stage class, one per param it can
    set (of param_names), sorted."""
    wanted = {"set" + n[0].upper() + n[1:] for n in param_names}
    return sorted({m.getName() for m in java_class.getMethods()
                   if m.getName() in wanted and len(m.getParameterTypes()) == 1})
