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

package io.github.sparkrvm;

/**
 * Hands a stage's uid to a Java subclass of one of Spark's Scala stages before the superclass constructor needs it.
 * Spark's shared params ({@code featuresCol}, {@code predictionCol}, …) are created in the constructors of its
 * traits, each naming its parent by {@code uid()}; a Scala stage has its uid as a constructor field before those
 * run, but a Java constructor can assign no field before {@code super()}. So the stage's constructor passes the uid
 * here ({@link #pass}, evaluated as an argument of {@code this(…)}, before {@code super()}), and its {@code uid()}
 * claims it on the first call ({@link #claim}), which the first param's constructor makes, on the same thread.
 */
final class StageUid {

  private static final ThreadLocal<String> PENDING = new ThreadLocal<>();

  /** What {@link #pass} returns: a marker for the private constructor that takes the uid this way. */
  static final class Passed {
    private Passed() {}
  }

  private static final Passed PASSED = new Passed();

  private StageUid() {}

  /**
   * Holds {@code uid} for the next {@link #claim} on this thread.
   *
   * @param uid the stage's uid
   * @return the marker to pass on to the constructor
   */
  static Passed pass(String uid) {
    if (uid == null) {
      throw new IllegalArgumentException("a stage's uid must not be null");
    }
    PENDING.set(uid);
    return PASSED;
  }

  /**
   * {@return the uid passed on this thread, and forgets it}
   *
   * @throws IllegalStateException if none was passed (a constructor that did not go through {@link #pass})
   */
  static String claim() {
    String uid = PENDING.get();
    if (uid == null) {
      throw new IllegalStateException("no uid was passed to this stage's constructor");
    }
    PENDING.remove();
    return uid;
  }
}
