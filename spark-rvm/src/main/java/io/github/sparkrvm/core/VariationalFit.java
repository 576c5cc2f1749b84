package io.github.sparkrvm.core;

/**
 * A variational fit: the Gaussian q(w) over every basis function (in {@link RelevanceFit}, whose {@code alpha} holds
 * E[precision] of each weight, {@code noisePrecision} E[γ] for regression, and {@code logMarginalLikelihoods} the
 * lower bound after each step), with E[α_i] per table row and E[β_j] per table column.
 */
public record VariationalFit(RelevanceFit posterior, double[] rowRelevance, double[] columnRelevance) {}
