/**
 * The Spark-free mathematics of sparse Bayesian learning: the statistics seam ({@link
 * io.github.sparkrvm.core.DesignStatistics}) with its in-memory reference, the accumulators the cluster runs, the
 * Gaussian, Bernoulli and multinomial (Laplace; softmax or one-vs-rest) outer loops, the posterior mode, the
 * multi-class predictive, and Cholesky solves.
 *
 * @serial exclude
 */
package io.github.sparkrvm.core;
