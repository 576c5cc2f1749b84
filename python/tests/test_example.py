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

"""The Python example python/examples/rvm_tour.py runs from the repository root: its pictures are written, and what
it measured is what the RVM is known for (Tipping 2001: Ripley's test error near 9% with a handful of relevance
vectors; the noisy sinc followed closely by a few of them, the noise level recovered), and the pipeline logged to
MLflow predicts as the fitted one."""
import json
import os
import subprocess
import sys

from conftest import ROOT

PNG = b"\x89PNG\r\n\x1a\n"


def test_the_tour_draws_its_pictures_and_measures_what_the_rvm_is_known_for(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "python" / "examples" / "rvm_tour.py"), str(tmp_path)],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900,
                         env=dict(os.environ, SPARK_LOCAL_IP="127.0.0.1"))
    assert run.returncode == 0, run.stderr[-6000:]
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    for picture in ("ripley_boundary.png", "sinc_band.png"):
        data = (tmp_path / picture).read_bytes()
        assert data.startswith(PNG) and len(data) > 10_000, picture
    ripley, sinc = seen["ripley"], seen["sinc"]
    assert 0.07 <= ripley["testError"] <= 0.11 and ripley["relevanceVectors"] <= 10, ripley
    assert sinc["relevanceVectors"] <= 15 and sinc["rmseAgainstSinc"] < 0.1, sinc
    assert 0.07 <= sinc["noiseSd"] <= 0.13, sinc
    assert seen["mlflow"]["samePredictions"], seen["mlflow"]
    # logEvery=10: the Ripley fit's progress lines on stderr
    assert " iteration 0 of 1000: " in run.stderr and " iteration 10 of 1000: " in run.stderr
