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

"""mypy over the README's Python quickstart: it type-checks, and mypy infers the stages' and results' own types
(the package is typed, py.typed), not Any."""
import re
import subprocess
import sys

from test_install import readme_quickstart

REVEALED = {
    "rvm": "spark_rvm._stages.RvmEstimator",
    "rvm.setGamma(2.0)": "spark_rvm._stages.RvmEstimator",
    "rvm.fit(train)": "spark_rvm._stages.RvmModel",
    "fitted": "spark_rvm._stages.RvmModel",
    "fitted.summary": "spark_rvm._stages.RvmTrainingSummary",
    "fitted.getThreshold()": "float",
    "RvmModel.load('target/ripley-pipeline')": "spark_rvm._stages.RvmModel",
}


def test_mypy_infers_the_stages_types_in_the_readme_quickstart(tmp_path):
    source = readme_quickstart() + "".join("reveal_type(%s)\n" % e for e in REVEALED)
    path = tmp_path / "quickstart.py"
    path.write_text(source, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"),
                          "--python-version", "%d.%d" % sys.version_info[:2], str(path)],
                         capture_output=True, text=True, timeout=900)
    revealed = re.findall(r'quickstart\.py:\d+: note: Revealed type is "([^"]+)"', run.stdout)
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert not errors, run.stdout
    assert revealed == list(REVEALED.values()), run.stdout
    assert run.returncode == 0, run.stdout + run.stderr
