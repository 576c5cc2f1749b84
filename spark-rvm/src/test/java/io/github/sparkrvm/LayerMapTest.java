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
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * DESIGN.md's layer table (its "Map") is true: each package imports from exactly the packages its row lists, and every
 * import points to a lower layer.
 */
class LayerMapTest {

  private static final Pattern ROW =
      Pattern.compile("^\\s+(\\d+)\\s+(.+?)\\s{2,}(──► (.+)|\\(nothing of the library\\))$");
  private static final Pattern IMPORT = Pattern.compile("^import io\\.github\\.sparkrvm\\.([a-z]+\\.)?[A-Z]",
      Pattern.MULTILINE);

  private static Path repo() {
    return Files.exists(Path.of("..", "DESIGN.md")) ? Path.of("..") : Path.of(".");
  }

  /** {@return per package of spark-rvm/src/main ("top" for io.github.sparkrvm), the packages it imports from} */
  private static Map<String, Set<String>> imports() throws IOException {
    Path root = repo().resolve("spark-rvm/src/main/java/io/github/sparkrvm");
    Map<String, Set<String>> out = new TreeMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Path dir = root.relativize(f.getParent());
        String pkg = dir.toString().isEmpty() ? "top" : dir.toString();
        Set<String> to = out.computeIfAbsent(pkg, k -> new TreeSet<>());
        Matcher m = IMPORT.matcher(Files.readString(f));
        while (m.find()) {
          String target = m.group(1) == null ? "top" : m.group(1).substring(0, m.group(1).length() - 1);
          if (!target.equals(pkg)) {
            to.add(target);
          }
        }
      }
    }
    return out;
  }

  @Test
  void theLayerTableListsEveryImportAndEveryArrowPointsDown() throws IOException {
    String design = Files.readString(repo().resolve("DESIGN.md"));
    Map<String, Integer> layer = new TreeMap<>();
    Map<String, Set<String>> listed = new TreeMap<>();
    for (String line : design.lines().toList()) {
      Matcher m = ROW.matcher(line);
      if (!m.matches()) {
        continue;
      }
      int level = Integer.parseInt(m.group(1));
      Set<String> to = m.group(4) == null ? Set.of() : Arrays.stream(m.group(4).split(",\\s*"))
          .collect(Collectors.toCollection(TreeSet::new));
      for (String name : m.group(2).split(",\\s*")) {
        String pkg = name.startsWith("top") ? "top" : name.trim();
        layer.put(pkg, level);
        listed.put(pkg, to);
      }
    }
    Map<String, Set<String>> actual = imports();
    assertEquals(actual.keySet(), layer.keySet(), "DESIGN.md's layer table has one row per package");
    for (Map.Entry<String, Set<String>> e : actual.entrySet()) {
      String pkg = e.getKey();
      for (String to : e.getValue()) {
        assertTrue(layer.get(to) < layer.get(pkg), pkg + " (layer " + layer.get(pkg) + ") imports " + to + " (layer "
            + layer.get(to) + ")");
      }
      if (!listed.get(pkg).equals(Set.of("every package below"))) {
        assertEquals(listed.get(pkg), e.getValue(), "the packages " + pkg + " imports from");
      }
    }
  }
}
