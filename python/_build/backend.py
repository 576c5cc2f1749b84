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

"""The build backend of spark_rvm: setuptools', after staging the spark-rvm jar and the licence into the package.

In the repository (python/ beside spark-rvm/), every build (wheel, sdist, editable) copies the jar the Maven build
left in spark-rvm/target into spark_rvm/jars, replacing any staged before, and the repository's LICENSE and NOTICE
into spark_rvm; with no jar there it stops and says to build it. Outside the repository (a build from the sdist,
which carries the staged jar) it checks that the jar is there.
"""
import glob
import os
import shutil

from setuptools import build_meta as _setuptools

PROJECT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
REPOSITORY = os.path.dirname(PROJECT)
PACKAGE = os.path.join(PROJECT, "spark_rvm")
STAGED = os.path.join(PACKAGE, "jars")
BUILD_THE_JAR = "mvn -B -DskipTests package"


class JarMissing(RuntimeError):
    pass


def _library_jars(folder):
    return sorted(j for j in glob.glob(os.path.join(folder, "spark-rvm_2.13-*.jar"))
                  if not j.endswith(("-sources.jar", "-javadoc.jar", "-tests.jar")))


def stage():
    """Stages the jar and the licence; returns the staged jar's path."""
    in_repository = os.path.isfile(os.path.join(REPOSITORY, "spark-rvm", "pom.xml"))
    if in_repository:
        target = os.path.join(REPOSITORY, "spark-rvm", "target")
        jars = _library_jars(target)
        if not jars:
            raise JarMissing(
                "spark_rvm: no spark-rvm jar in %s, and the Python package carries it. Build it first, from the "
                "repository root: %s (then build or install python/ again)" % (target, BUILD_THE_JAR))
        if len(jars) > 1:
            raise JarMissing("spark_rvm: more than one spark-rvm jar in %s (%s): remove the stale ones, or run "
                             "mvn -B clean package" % (target, ", ".join(os.path.basename(j) for j in jars)))
        shutil.rmtree(STAGED, ignore_errors=True)
        os.makedirs(STAGED)
        shutil.copy2(jars[0], STAGED)
        for name in ("LICENSE", "NOTICE"):
            shutil.copy2(os.path.join(REPOSITORY, name), PACKAGE)
    staged = _library_jars(STAGED)
    if len(staged) != 1:
        raise JarMissing("spark_rvm: expected one spark-rvm jar in %s, found %d: build from the repository (after "
                         "%s) or from an sdist made there" % (STAGED, len(staged), BUILD_THE_JAR))
    return staged[0]


def _staged(hook):
    # Every hook stages first: setuptools reads the package folders (spark_rvm/jars among them) in each.
    def staged(*args, **kwargs):
        stage()
        return hook(*args, **kwargs)

    staged.__name__ = hook.__name__
    return staged


get_requires_for_build_wheel = _staged(_setuptools.get_requires_for_build_wheel)
get_requires_for_build_sdist = _staged(_setuptools.get_requires_for_build_sdist)
get_requires_for_build_editable = _staged(_setuptools.get_requires_for_build_editable)
prepare_metadata_for_build_wheel = _staged(_setuptools.prepare_metadata_for_build_wheel)
prepare_metadata_for_build_editable = _staged(_setuptools.prepare_metadata_for_build_editable)
build_wheel = _staged(_setuptools.build_wheel)
build_sdist = _staged(_setuptools.build_sdist)
build_editable = _staged(_setuptools.build_editable)
