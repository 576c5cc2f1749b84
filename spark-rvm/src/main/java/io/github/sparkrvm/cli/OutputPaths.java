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

import java.io.IOException;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;

/**
 * Where the job writes: a path that is not, does not contain and does not lie inside anything the command reads
 * (compared as fully qualified Hadoop paths, so on any file system), written first to a hidden sibling and then
 * renamed into place, so that an interrupted or failed write never leaves a half model or half output where one is
 * expected, and an existing one is replaced only once the new one is complete.
 */
final class OutputPaths {

  private OutputPaths() {}

  /**
   * Refuses a target that is one of the paths read, an ancestor of one, or inside one.
   *
   * @param option the target's option, e.g. "--model"
   * @param target the path to write
   * @param read what the command reads: each a path (or a file URI) and the option that names it
   */
  static void requireApart(SparkSession spark, String option, String target, List<String[]> read) {
    Path t = qualify(spark, target);
    for (String[] other : read) {
      Path o;
      try {
        o = qualify(spark, other[0]);
      } catch (BadInputException e) {
        continue;
      }
      String relation = t.equals(o) ? "is" : ancestor(t, o) ? "contains" : ancestor(o, t) ? "lies inside" : null;
      if (relation != null) {
        throw new BadInputException(option + " '" + target + "' " + relation + " " + other[1] + " '" + other[0]
            + "': writing it would delete or mix with what the command reads; choose a path apart from it");
      }
    }
  }

  /** {@return the path with its file system's scheme and authority, relative paths resolved} */
  static Path qualify(SparkSession spark, String p) {
    try {
      Path path = new Path(p);
      return path.getFileSystem(spark.sparkContext().hadoopConfiguration()).makeQualified(path);
    } catch (IOException | IllegalArgumentException e) {
      throw new BadInputException("cannot access '" + p + "': " + RvmJob.oneLine(e));
    }
  }

  private static boolean ancestor(Path a, Path b) {
    for (Path p = b.getParent(); p != null; p = p.getParent()) {
      if (p.equals(a)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Writes through {@code writer} to a hidden sibling of {@code target}, then replaces {@code target} with it. On
   * failure the sibling is deleted and {@code target} is left as it was.
   *
   * @param overwrite whether an existing {@code target} may be replaced (checked again here, after the write)
   */
  static void replace(SparkSession spark, String option, String target, boolean overwrite, Consumer<String> writer) {
    Path t = qualify(spark, target);
    Path parent = t.getParent();
    if (parent == null) {
      throw new BadInputException(option + " '" + target + "' is a root: give a path below it");
    }
    Path temporary = new Path(parent, "." + t.getName() + ".spark-rvm-" + UUID.randomUUID() + ".tmp");
    FileSystem fs;
    try {
      fs = t.getFileSystem(spark.sparkContext().hadoopConfiguration());
    } catch (IOException e) {
      throw new BadInputException("cannot access '" + target + "': " + RvmJob.oneLine(e));
    }
    boolean done = false;
    try {
      writer.accept(temporary.toString());
      if (fs.exists(t)) {
        if (!overwrite) {
          throw new BadInputException(option + " '" + target + "' appeared while the job ran: give --overwrite to "
              + "replace it");
        }
        if (!fs.delete(t, true)) {
          throw new IllegalStateException("cannot delete the old " + option + " '" + target + "'");
        }
      }
      if (!fs.rename(temporary, t)) {
        throw new IllegalStateException("cannot rename '" + temporary + "' to " + option + " '" + target + "'");
      }
      done = true;
    } catch (IOException e) {
      throw new IllegalStateException("cannot replace " + option + " '" + target + "': " + RvmJob.oneLine(e), e);
    } finally {
      if (!done) {
        try {
          fs.delete(temporary, true);
        } catch (IOException | RuntimeException e) {
          // the failure being reported matters more
        }
      }
    }
  }
}
