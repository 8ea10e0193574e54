package org.planlab.engine.spi;

/**
 * Creates the strategies of one kind and name from the options of a spec, e.g. the
 * {@code mpskip} provider makes an MPSkipEnum selector for {@code mpskip:approximate=false}.
 * Implementations are registered in
 * {@code META-INF/services/org.planlab.engine.spi.StrategyProvider} and found with
 * {@link java.util.ServiceLoader}, so a jar on the class path adds strategies without changes
 * to planlab. Each call of {@link #create} returns a new instance: an engine owns
 * its strategies and their caches.
 */
public interface StrategyProvider<T> extends PluginProvider {

  /** Which strategy interface the created objects implement. */
  StrategyKind<T> kind();

  /**
   * A new strategy configured by {@code options} (already checked against {@link #options()}).
   *
   * @throws IllegalArgumentException for values outside an option's range, naming the option
   */
  T create(PluginOptions options);

  /**
   * Checks {@code options} as {@link #create} would, without keeping a strategy: by default by
   * creating one (strategies are cheap until they run).
   *
   * @throws IllegalArgumentException for values outside an option's range or in conflict
   */
  default void check(PluginOptions options) {
    create(options);
  }
}
