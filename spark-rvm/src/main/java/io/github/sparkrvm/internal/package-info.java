/** The one place that uses Spark's non-API ({@code private[ml]}) helpers. */
package io.github.sparkrvm.internal;
