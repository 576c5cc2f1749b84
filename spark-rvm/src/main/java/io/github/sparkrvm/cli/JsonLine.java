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

/** One JSON object on one line, built field by field (non-finite numbers become null). */
final class JsonLine {

  private final StringBuilder text = new StringBuilder("{");

  JsonLine put(String name, long value) {
    return raw(name, Long.toString(value));
  }

  JsonLine put(String name, boolean value) {
    return raw(name, Boolean.toString(value));
  }

  JsonLine put(String name, double value) {
    return raw(name, Double.isFinite(value) ? Double.toString(value) : "null");
  }

  JsonLine put(String name, String value) {
    return raw(name, value == null ? "null" : quote(value));
  }

  /** Puts a {@code Long}, {@code Integer}, {@code Double}, {@code Boolean}, {@code String} or {@code long[][]}. */
  JsonLine putValue(String name, Object value) {
    if (value instanceof Long || value instanceof Integer) {
      return put(name, ((Number) value).longValue());
    }
    if (value instanceof Number n) {
      return put(name, n.doubleValue());
    }
    if (value instanceof Boolean b) {
      return put(name, b.booleanValue());
    }
    if (value instanceof long[][] matrix) {
      StringBuilder json = new StringBuilder("[");
      for (int i = 0; i < matrix.length; i++) {
        json.append(i == 0 ? "[" : ",[");
        for (int j = 0; j < matrix[i].length; j++) {
          json.append(j == 0 ? "" : ",").append(matrix[i][j]);
        }
        json.append(']');
      }
      return raw(name, json.append(']').toString());
    }
    return put(name, value == null ? null : String.valueOf(value));
  }

  private JsonLine raw(String name, String json) {
    if (text.length() > 1) {
      text.append(',');
    }
    text.append(quote(name)).append(':').append(json);
    return this;
  }

  @Override
  public String toString() {
    return text + "}";
  }

  static String quote(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
