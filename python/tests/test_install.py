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

"""The wheel alone: a new venv with nothing but `pip install <the wheel>` (its dependencies from PyPI, through pip's
cache) runs the README's Python quickstart verbatim, from the repository root."""
import os
import re
import subprocess
import sys

from conftest import ROOT


def readme_quickstart():
    """The first python block of the README's "Python quickstart" section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("\n## Python quickstart\n"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def the_wheel():
    wheels = sorted((ROOT / "target" / "python-dist").glob("spark_rvm-*.whl"))
    assert len(wheels) == 1, "expected one wheel in target/python-dist (python/dev/setup-venv.sh builds it): %s" % wheels
    return wheels[0]


def test_the_wheel_alone_runs_the_readme_quickstart(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    install = subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", str(the_wheel())],
                             capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stderr[-4000:]
    run = subprocess.run([python, "-c", readme_quickstart()], cwd=str(ROOT), capture_output=True, text=True,
                         timeout=900, env=dict(os.environ, SPARK_LOCAL_IP="127.0.0.1"))
    assert run.returncode == 0, run.stderr[-6000:]
