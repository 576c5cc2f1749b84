package io.github.sparkrvm;

/**
 * The setter of the output column an {@link RvmSelectorModel} writes, written once for the model and for
 * {@link RvmSelector}; {@code T} is the stage, so that calls chain.
 *
 * @param <T> the stage class
 */
public interface RvmSelectorModelSetters<T extends RvmSelectorModelSetters<T>>
    extends RvmSelectorParams, FeaturesColSetter<T> {

  /**
   * Sets {@link #outputCol()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setOutputCol(String v) { set(outputCol(), v); return self(); }

  /** {@return this stage, as its own type} */
  @SuppressWarnings("unchecked")
  private T self() {
    return (T) this;
  }
}
