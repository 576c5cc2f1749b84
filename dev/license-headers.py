#!/usr/bin/env python3
"""Adds the short Apache License 2.0 header to every source file of the repository that lacks it.

Source files: Java, C++, Python, shell scripts (by extension or by a shell shebang), TOML, properties, pom.xml and the
META-INF/services registrations, among the files git tracks or would track (untracked files not ignored). Data,
results, fixtures and generated output are not source files here; the build's license check (apache-rat-plugin,
in `mvn verify`) skips the same ones.

    dev/license-headers.py          # adds the missing headers, prints the files it changed
    dev/license-headers.py --check  # changes nothing; lists the files without a header, exit status 1 if any
"""
import os
import re
import subprocess
import sys

MARK = "Licensed under the Apache License, Version 2.0"
LINES = [
    "Copyright 2026 The spark-rvm authors",
    "",
    'Licensed under the Apache License, Version 2.0 (the "License");',
    "you may not use this file except in compliance with the License.",
    "You may obtain a copy of the License at",
    "",
    "    http://www.apache.org/licenses/LICENSE-2.0",
    "",
    "Unless required by applicable law or agreed to in writing, software",
    'distributed under the License is distributed on an "AS IS" BASIS,',
    "WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.",
    "See the License for the specific language governing permissions and",
    "limitations under the License.",
]
SKIP = re.compile(r"^(data/|benchmarks/results/|.*/src/test/resources/models/|.*/target/|target/)")


def style(path, text):
    name = os.path.basename(path)
    if path.endswith((".java", ".cpp", ".hpp", ".c", ".h")):
        return "java"
    if name == "pom.xml":
        return "xml"
    if path.endswith((".py", ".sh", ".toml", ".properties")) or "/META-INF/services/" in path:
        return "hash"
    if name == "requirements-test.txt":
        return "hash"
    if re.match(r"#!\s*/\S*(env\s+)?(ba)?sh\b", text) or re.match(r"#!.*python", text):
        return "hash"
    return None


def header(kind):
    if kind == "java":
        return "/*\n" + "".join((" * " + l).rstrip() + "\n" for l in LINES) + " */\n\n"
    if kind == "xml":
        return "<!--\n" + "".join(("  " + l).rstrip() + "\n" for l in LINES) + "-->\n"
    return "".join(("# " + l).rstrip() + "\n" for l in LINES) + "\n"


def with_header(text, kind):
    head = header(kind)
    if kind == "xml" and text.startswith("<?xml"):
        end = text.index("\n") + 1
        return text[:end] + head + text[end:]
    if kind == "hash" and text.startswith("#!"):
        end = text.index("\n") + 1
        return text[:end] + head + text[end:]
    return head + text


def sources(root):
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=root,
                         check=True, capture_output=True).stdout.decode()
    for path in sorted(set(p for p in out.split("\0") if p)):
        full = os.path.join(root, path)
        if SKIP.match(path) or not os.path.isfile(full):
            continue
        try:
            with open(full, encoding="utf-8") as f:
                text = f.read()
        except UnicodeDecodeError:
            continue
        kind = style(path, text)
        if kind:
            yield path, full, text, kind


def main():
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], check=True, capture_output=True,
                          cwd=os.path.dirname(os.path.abspath(__file__))).stdout.decode().strip()
    check = "--check" in sys.argv[1:]
    missing = []
    for path, full, text, kind in sources(root):
        if MARK in text[:2000]:
            continue
        missing.append(path)
        if not check:
            mode = os.stat(full).st_mode
            with open(full, "w", encoding="utf-8") as f:
                f.write(with_header(text, kind))
            os.chmod(full, mode)
    for path in missing:
        print(("no licence header: " if check else "header added: ") + path)
    return 1 if check and missing else 0


if __name__ == "__main__":
    sys.exit(main())
