/*
 * Copyright 2026 The spark-rvm authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

/**
 * Dense numerics under everything else, Spark-free: Cholesky factors and solves, small dense-matrix helpers
 * (column-major {@code double[]}), the logistic and softmax functions in their stable forms, the special functions
 * (log Γ, digamma) and the class-major layout of multi-class weight vectors. Depends on no other package.
 *
 * <p>Internal: not part of the public API (left out of the published Javadoc); it may change in any release.
 *
 * @serial exclude
 */
package io.github.sparkrvm.linalg;
