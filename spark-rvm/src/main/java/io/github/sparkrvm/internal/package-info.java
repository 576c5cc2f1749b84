/**
 * The one place that uses Spark's non-API ({@code private[ml]}) helpers.
 *
 * @serial exclude
 */
package io.github.sparkrvm.internal;
