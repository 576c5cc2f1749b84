/**
 * The Spark-free mathematics of sparse Bayesian learning: the statistics seam ({@link
 * io.github.sparkrvm.core.DesignStatistics}) with its in-memory reference, the accumulators the cluster runs, the
 * Gaussian, Bernoulli and multinomial (Laplace; softmax or one-vs-rest) outer loops, the fast sequential solvers
 * (Tipping &amp; Faul) for Gaussian and Bernoulli likelihoods, the posterior mode, the
 * multi-class predictive, and Cholesky solves.
 *
 * @serial exclude
 */
package io.github.sparkrvm.core;
