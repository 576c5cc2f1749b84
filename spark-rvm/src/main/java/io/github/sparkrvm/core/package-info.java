/**
 * The Spark-free mathematics of sparse Bayesian learning: the statistics seam ({@link
 * io.github.sparkrvm.core.DesignStatistics}) with its in-memory reference, the accumulators the cluster runs, the
 * Gaussian and Bernoulli (Laplace) outer loops, the posterior mode, and Cholesky solves.
 */
package io.github.sparkrvm.core;
