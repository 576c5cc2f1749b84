/*
 * Copyright 2026 The spark-rvm authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.sparkrvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.spark.ml.param.Param;
import org.junit.jupiter.api.Test;

/**
 * The params reference (docs/params.md) and the README's params table agree with the estimator's params: the
 * reference has one section per param, each holding what {@code explainParams} prints for it (its doc, verbatim),
 * and the README's table one row per param, each cell at most 300 characters.
 */
class ParamsReferenceTest {

  private static final Pattern SECTION = Pattern.compile("^### `([A-Za-z0-9]+)`$", Pattern.MULTILINE);

  private static Path repoFile(String name) {
    Path fromModule = Path.of("..", name);
    return Files.exists(fromModule) ? fromModule : Path.of(name);
  }

  private static String read(String name) throws IOException {
    return Files.readString(repoFile(name));
  }

  @Test
  void theReferenceHoldsWhatExplainParamsPrintsForEveryParam() throws IOException {
    RvmEstimator estimator = new RvmEstimator();
    String reference = read("docs/params.md");
    Set<String> names = Arrays.stream(estimator.params()).map(Param::name)
        .collect(Collectors.toCollection(TreeSet::new));
    Set<String> sections = new TreeSet<>();
    Matcher m = SECTION.matcher(reference);
    while (m.find()) {
      sections.add(m.group(1));
    }
    assertEquals(names, sections, "docs/params.md has one section per param of RvmEstimator");
    List<String> differ = new ArrayList<>();
    for (Param<?> p : estimator.params()) {
      String section = section(reference, p.name());
      // explainParams prints "name: doc (default: ...)"; the reference quotes the doc in one line
      if (!section.contains("\n> " + p.doc() + "\n")) {
        differ.add(p.name());
      }
      assertTrue(estimator.explainParams().contains(p.name() + ": " + p.doc()), p.name());
    }
    assertEquals(List.of(), differ, "params whose doc in docs/params.md is not what explainParams prints");
  }

  @Test
  void theReadmeTableHasOneShortRowPerParam() throws IOException {
    String readme = read("README.md");
    int at = readme.indexOf("## Params");
    List<String> rows = readme.substring(at).lines().skip(1).dropWhile(l -> !l.startsWith("|")).takeWhile(
        l -> l.startsWith("|")).skip(2).toList();
    Set<String> names = Arrays.stream(new RvmEstimator().params()).map(Param::name)
        .collect(Collectors.toCollection(TreeSet::new));
    Set<String> listed = new TreeSet<>();
    for (String row : rows) {
      String[] cells = row.split("\\|");
      for (String cell : cells) {
        assertTrue(cell.length() <= 300, "a cell of " + cell.length() + " characters: " + row);
      }
      String name = cells[1].trim();
      assertTrue(name.matches("`[A-Za-z0-9]+`"), "one param per row: " + row);
      listed.add(name.substring(1, name.length() - 1));
    }
    assertEquals(names, listed, "the README's params table lists every param of RvmEstimator once");
  }

  private static String section(String reference, String name) {
    int start = reference.indexOf("### `" + name + "`\n");
    int end = reference.indexOf("\n### ", start + 1);
    return reference.substring(start, end < 0 ? reference.length() : end + 1);
  }
}
