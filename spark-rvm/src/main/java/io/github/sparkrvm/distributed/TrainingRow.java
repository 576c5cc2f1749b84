package io.github.sparkrvm.distributed;

import java.io.Serializable;

/** One training row as read from the input columns: features, label and weight (1 without a weight column). */
public record TrainingRow(double[] features, double label, double weight) implements Serializable {}
