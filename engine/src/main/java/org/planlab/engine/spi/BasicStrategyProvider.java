package org.planlab.engine.spi;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A {@link StrategyProvider} from its parts: kind, name, one line of documentation, the options
 * and the factory. Providers extend it with a public no-argument constructor, as
 * {@link java.util.ServiceLoader} needs.
 */
public abstract class BasicStrategyProvider<T> implements StrategyProvider<T> {
  private final StrategyKind<T> kind;
  private final String name;
  private final String description;
  private final List<PluginOption> options;
  private final Function<PluginOptions, T> factory;

  protected BasicStrategyProvider(StrategyKind<T> kind, String name, String description,
      List<PluginOption> options, Function<PluginOptions, T> factory) {
    this.kind = Objects.requireNonNull(kind, "kind is null");
    this.name = Objects.requireNonNull(name, "name is null");
    this.description = Objects.requireNonNull(description, "description is null");
    this.options = List.copyOf(options);
    this.factory = Objects.requireNonNull(factory, "factory is null");
  }

  @Override
  public StrategyKind<T> kind() {
    return kind;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public List<PluginOption> options() {
    return options;
  }

  @Override
  public T create(PluginOptions options) {
    return factory.apply(options);
  }
}
