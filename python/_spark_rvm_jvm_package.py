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

"""Makes the JVM package name io.github.sparkrvm importable, so that PySpark finds the Python class of a saved
spark-rvm stage without `import spark_rvm` first.

PySpark maps a JVM stage to its Python class by the JVM class name (JavaParams._from_java, DefaultParamsReader, the
Connect reader): `__import__("io.github.sparkrvm", fromlist=["RvmModel"])`. The standard library's io is a plain
module, not a package, and Python stops at that (ModuleNotFoundError: 'io' is not a package) before it asks any
finder on sys.meta_path, so an import hook cannot answer the name: only an entry of sys.modules under the full name
can. install() puts one there, a lazy module whose attributes import spark_rvm on first use; it adds nothing to the
io module and no io.github module. The wheel's spark_rvm.pth runs it when Python starts (this file imports nothing
else, so that costs nothing), and importing spark_rvm runs it too.
"""
import sys
import types

JVM_PACKAGE = "io.github.sparkrvm"


def _stage(name):
    # Only the classes spark_rvm publishes under the JVM package name (their __module__).
    import spark_rvm

    value = getattr(spark_rvm, name, None)
    if not isinstance(value, type) or value.__module__ != JVM_PACKAGE:
        raise AttributeError("module %r has no attribute %r (spark_rvm has no stage of that name)"
                             % (JVM_PACKAGE, name))
    return value


def install():
    """Registers the lazy io.github.sparkrvm module, unless a module of that name is there already."""
    if JVM_PACKAGE in sys.modules:
        return sys.modules[JVM_PACKAGE]
    module = types.ModuleType(JVM_PACKAGE, "The spark_rvm stages under their JVM package name (see spark_rvm).")
    module.__getattr__ = _stage  # PEP 562: asked only for names the module does not have yet
    sys.modules[JVM_PACKAGE] = module
    return module
