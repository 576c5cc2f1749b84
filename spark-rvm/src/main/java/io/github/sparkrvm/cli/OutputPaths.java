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
import org.apache.hadoop.fs.FileStatus;
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

  private static final String TEMPORARY = ".spark-rvm-";
  /** This process in a temporary sibling's name: host and process id, so that a later write can tell it is gone. */
  private static final String OWNER = host() + "@" + ProcessHandle.current().pid();
  /** A temporary sibling of another host is taken for abandoned after this long without a change. */
  private static final long FOREIGN_AGE_MILLIS = 24L * 3600 * 1000;

  private OutputPaths() {}

  private static String host() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName().replaceAll("[^A-Za-z0-9.-]", "_");
    } catch (IOException e) {
      return "unknown";
    }
  }

  /**
   * Removes the temporary siblings of earlier writes to the same target that can no longer finish: those of a
   * process of this host that is gone (killed during its write), and those of another host untouched for a day.
   * A write still running keeps its own.
   */
  private static void removeStale(FileSystem fs, Path parent, String prefix) {
    try {
      FileStatus[] siblings =
          fs.listStatus(parent, p -> p.getName().startsWith(prefix) && p.getName().endsWith(".tmp"));
      String here = host() + "@";
      for (FileStatus sibling : siblings) {
        String owner = sibling.getPath().getName().substring(prefix.length());
        boolean stale;
        if (owner.startsWith(here)) {
          String pid = owner.substring(here.length()).replaceFirst("-.*", "");
          stale = !pid.matches("[0-9]+") || ProcessHandle.of(Long.parseLong(pid)).map(h -> !h.isAlive()).orElse(true);
        } else {
          stale = System.currentTimeMillis() - sibling.getModificationTime() > FOREIGN_AGE_MILLIS;
        }
        if (stale) {
          fs.delete(sibling.getPath(), true);
        }
      }
    } catch (IOException | RuntimeException e) {
      // a stale sibling left is harmless: hidden from readers, and removed by a later write
    }
  }

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
   * {@return the format of the data files already at {@code target} (csv, parquet, orc or json, from their names, as
   * Spark writes them), or null when it does not exist or holds no data file}
   *
   * @throws BadInputException when it holds files of several formats, or of none Spark writes
   */
  static String existingFormat(SparkSession spark, String target) {
    Path t = qualify(spark, target);
    try {
      FileSystem fs = t.getFileSystem(spark.sparkContext().hadoopConfiguration());
      if (!fs.exists(t)) {
        return null;
      }
      java.util.TreeSet<String> formats = new java.util.TreeSet<>();
      org.apache.hadoop.fs.RemoteIterator<org.apache.hadoop.fs.LocatedFileStatus> files = fs.listFiles(t, true);
      while (files.hasNext()) {
        Path f = files.next().getPath();
        if (hidden(t, f)) {
          continue;
        }
        String name = f.getName();
        String format = name.contains(".parquet") ? "parquet" : name.contains(".orc") ? "orc"
            : name.contains(".csv") ? "csv" : name.contains(".json") ? "json" : null;
        if (format == null) {
          throw new BadInputException("--output '" + target + "' holds '" + name + "', not a CSV, Parquet, ORC or "
              + "JSON part file: --mode append adds only to an output of one of these formats");
        }
        formats.add(format);
      }
      if (formats.size() > 1) {
        throw new BadInputException("--output '" + target + "' already mixes formats (" + String.join(", ", formats)
            + "): --mode append cannot tell which to add; write to another --output");
      }
      return formats.isEmpty() ? null : formats.first();
    } catch (IOException e) {
      throw new BadInputException("cannot access '" + target + "': " + RvmJob.oneLine(e));
    }
  }

  /** Whether a file below {@code root} is hidden from Spark's readers (a name, or a folder's, from . or _). */
  private static boolean hidden(Path root, Path file) {
    for (Path p = file; p != null && !p.equals(root); p = p.getParent()) {
      if (p.getName().startsWith(".") || p.getName().startsWith("_")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Refuses to append rows whose columns differ from those already at {@code target} (read back as
   * {@code format}): the names in order (JSON: as a set, its reader sorts them), and their types for Parquet and
   * ORC.
   *
   * @param partitions the --partition-by columns (folder names, so their types are not compared)
   */
  static void requireSameColumns(SparkSession spark, String target, String format,
      org.apache.spark.sql.types.StructType appended, List<String> partitions) {
    org.apache.spark.sql.types.StructType old;
    try {
      old = spark.read().format(format).option("header", "true").load(target).schema();
    } catch (Exception e) {
      throw new BadInputException("cannot read the existing --output '" + target + "' as " + format + " to append to "
          + "it: " + RvmJob.oneLine(e), e);
    }
    List<String> oldNames = java.util.Arrays.asList(old.fieldNames());
    List<String> newNames = new java.util.ArrayList<>();
    for (String n : appended.fieldNames()) {
      if (!partitions.contains(n)) {
        newNames.add(n);
      }
    }
    newNames.addAll(partitions);
    String differs = null;
    boolean typed = format.equals("parquet") || format.equals("orc"); // JSON is read back with its fields sorted
    boolean same = typed || format.equals("csv") ? oldNames.equals(newNames)
        : new java.util.TreeSet<>(oldNames).equals(new java.util.TreeSet<>(newNames));
    if (!same) {
      differs = "its columns are " + DataInput.list(oldNames) + ", the new rows' " + DataInput.list(newNames);
    } else if (typed) {
      for (String n : newNames) {
        if (!partitions.contains(n) && !old.apply(n).dataType().sameType(appended.apply(n).dataType())) {
          differs = "its column '" + n + "' is " + old.apply(n).dataType().simpleString() + ", the new rows' "
              + appended.apply(n).dataType().simpleString();
          break;
        }
      }
    }
    if (differs != null) {
      throw new BadInputException("--output '" + target + "' holds other columns than this model writes (" + differs
          + "): --mode append adds rows of the same columns only; write to another --output");
    }
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
    Path temporary = new Path(parent, "." + t.getName() + TEMPORARY + OWNER + "-" + UUID.randomUUID() + ".tmp");
    FileSystem fs;
    try {
      fs = t.getFileSystem(spark.sparkContext().hadoopConfiguration());
    } catch (IOException e) {
      throw new BadInputException("cannot access '" + target + "': " + RvmJob.oneLine(e));
    }
    removeStale(fs, parent, "." + t.getName() + TEMPORARY);
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
