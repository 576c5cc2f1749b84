/**
 * The {@code spark-submit} job: {@link io.github.sparkrvm.cli.RvmJob} trains, applies and evaluates RVM models on
 * CSV, LibSVM or Parquet data on any Hadoop file system. The only package of the project that prints.
 *
 * @serial exclude
 */
package io.github.sparkrvm.cli;
