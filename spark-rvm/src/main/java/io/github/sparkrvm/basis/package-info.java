/**
 * Kernels and the expansion of a block of rows into basis-function values with one matrix product.
 *
 * @serial exclude
 */
package io.github.sparkrvm.basis;
