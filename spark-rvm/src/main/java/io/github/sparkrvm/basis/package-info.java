/** Kernels and the expansion of a block of rows into basis-function values with one matrix product. */
package io.github.sparkrvm.basis;
