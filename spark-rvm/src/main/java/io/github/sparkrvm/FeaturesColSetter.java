package io.github.sparkrvm;

/**
 * The setter of {@code featuresCol}, which every stage has, written once; {@code T} is the stage, so that calls chain.
 *
 * @param <T> the stage class
 */
public interface FeaturesColSetter<T extends FeaturesColSetter<T>> extends SparseBayesParams {

  /**
   * Sets {@link #featuresCol()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setFeaturesCol(String v) { set(featuresCol(), v); return self(); }

  /** {@return this stage, as its own type} */
  @SuppressWarnings("unchecked")
  private T self() {
    return (T) this;
  }
}
