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

package io.github.sparkrvm.cli;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The options of one command: {@code --name value}, {@code --name=value}, or a bare {@code --flag}. Names are
 * kebab case; each may be given once.
 */
final class Options {

  private final String command;
  private final Map<String, String> values;

  private Options(String command, Map<String, String> values) {
    this.command = command;
    this.values = values;
  }

  /** Parses {@code args[1..]} of {@code command}; {@code flags} are the options that take no value. */
  static Options parse(String command, String[] args, Set<String> flags) {
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 1; i < args.length; i++) {
      String token = args[i];
      if (!token.startsWith("--") || token.length() == 2) {
        throw new BadInputException("unexpected argument '" + token + "' for " + command
            + ": options are written --name value");
      }
      String name = token.substring(2);
      String value;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
        if (flags.contains(name)) {
          throw new BadInputException("option --" + name + " takes no value (given '" + value + "')");
        }
      } else if (flags.contains(name)) {
        value = "true";
      } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
        value = args[++i];
      } else {
        throw new BadInputException("option --" + name + " of " + command + " needs a value");
      }
      if (values.put(name, value) != null) {
        throw new BadInputException("option --" + name + " is given more than once");
      }
    }
    return new Options(command, values);
  }

  String command() {
    return command;
  }

  /** {@return the option names given, in order} */
  Set<String> names() {
    return values.keySet();
  }

  boolean has(String name) {
    return values.containsKey(name);
  }

  String get(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  String required(String name) {
    String value = values.get(name);
    if (value == null) {
      throw new BadInputException(command + " needs --" + name + " (run with --help for the usage)");
    }
    if (value.isEmpty()) {
      throw new BadInputException("option --" + name + " of " + command + " is empty");
    }
    return value;
  }

  boolean flag(String name) {
    return values.containsKey(name);
  }

  /** maxBasis → max-basis; a run of capitals is one word: maxBlockSizeInMB → max-block-size-in-mb. */
  static String kebab(String camel) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < camel.length(); i++) {
      char c = camel.charAt(i);
      if (Character.isUpperCase(c)) {
        if (i > 0 && !Character.isUpperCase(camel.charAt(i - 1))) {
          out.append('-');
        }
        out.append(Character.toLowerCase(c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** {@return the known name closest to a mistyped one, as " (did you mean --x?)", or ""} */
  static String suggestion(String name, Collection<String> known) {
    String plain = name.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String k : known) {
      int d = distance(plain, k.replace("-", "").toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    return best != null && bestDistance <= Math.max(1, Math.min(3, plain.length() / 3))
        ? " (did you mean --" + best + "?)" : "";
  }

  /** Levenshtein distance. */
  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] t = previous;
      previous = current;
      current = t;
    }
    return previous[b.length()];
  }
}
