/**
 * Relevance Vector Machines as Spark ML stages: {@link io.github.sparkrvm.RvmEstimator} fits,
 * {@link io.github.sparkrvm.RvmModel} predicts; {@link io.github.sparkrvm.RvmSelector} selects features by their
 * relevance under a linear-kernel RVM. The stages only orchestrate: the mathematics lives in
 * {@code core}, the basis functions in {@code basis}, the cluster side in {@code distributed}.
 *
 * @serial exclude
 */
package io.github.sparkrvm;
