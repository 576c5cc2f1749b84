/**
 * The Spark side of a fit: reading and validating the input rows, the summary pass, row blocks, and the statistics
 * seam over {@code treeReduce}.
 *
 * @serial exclude
 */
package io.github.sparkrvm.distributed;
