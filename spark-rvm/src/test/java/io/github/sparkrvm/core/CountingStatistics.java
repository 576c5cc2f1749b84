package io.github.sparkrvm.core;

/**
 * A {@link DesignStatistics} that counts the calls of each kind it forwards: the passes over the active basis
 * ({@code bernoulli}, {@code multinomial}) and the passes over every candidate ({@code bernoulliCandidates},
 * {@code multinomialCandidates}), which on large data cost far more; and the active sets of the latter, in order.
 */
final class CountingStatistics implements DesignStatistics {

  private final DesignStatistics inner;
  int activePasses;
  int candidatePasses;
  final java.util.List<int[]> candidateActiveSets = new java.util.ArrayList<>();

  CountingStatistics(DesignStatistics inner) {
    this.inner = inner;
  }

  @Override
  public int numCandidates() {
    return inner.numCandidates();
  }

  @Override
  public GaussianStatistics gaussian() {
    return inner.gaussian();
  }

  @Override
  public LikelihoodTerms bernoulli(int[] active, double[] weights) {
    activePasses++;
    return inner.bernoulli(active, weights);
  }

  @Override
  public CandidateTerms bernoulliCandidates(int[] active, double[] weights) {
    candidatePasses++;
    candidateActiveSets.add(active.clone());
    return inner.bernoulliCandidates(active, weights);
  }

  @Override
  public JaakkolaJordanTerms jaakkolaJordan(int[] active, double[] secondMoment) {
    return inner.jaakkolaJordan(active, secondMoment);
  }

  @Override
  public LikelihoodTerms multinomial(int[][] active, double[][] weights) {
    activePasses++;
    return inner.multinomial(active, weights);
  }

  @Override
  public CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights) {
    candidatePasses++;
    return inner.multinomialCandidates(numClasses, flatActive, weights);
  }

  @Override
  public DesignStatistics oneVsRest(int positiveClass) {
    throw new UnsupportedOperationException("not counted");
  }
}
