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
 * The Spark side of a fit: reading and validating the input rows, the summary pass, row blocks, and the statistics
 * seam over a tree merge in partition order ({@code PartitionOrder}).
 *
 * <p>Internal: not part of the public API (left out of the published Javadoc); it may change in any release.
 *
 * @serial exclude
 */
package io.github.sparkrvm.distributed;
