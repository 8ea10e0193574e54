package org.planlab.engine.spi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * The strategy providers of a class path, found with {@link ServiceLoader}, and the creation of
 * strategies from spec strings ({@link PluginSpec}). Immutable once loaded; an engine loads one
 * and creates its own strategy instances from it.
 */
public final class Plugins {
  private final Map<StrategyKind<?>, Map<String, StrategyProvider<?>>> strategies;

  private Plugins(Map<StrategyKind<?>, Map<String, StrategyProvider<?>>> strategies) {
    this.strategies = strategies;
  }

  /**
   * The providers on the class path of this class's loader.
   *
   * @throws IllegalStateException when two providers of one kind share a name
   */
  public static Plugins load() {
    return load(Plugins.class.getClassLoader());
  }

  /** The providers visible to {@code loader}. */
  public static Plugins load(ClassLoader loader) {
    Map<StrategyKind<?>, Map<String, StrategyProvider<?>>> byKind = new LinkedHashMap<>();
    StrategyKind.all().forEach(k -> byKind.put(k, new LinkedHashMap<>()));
    for (StrategyProvider<?> p : ServiceLoader.load(StrategyProvider.class, loader)) {
      Map<String, StrategyProvider<?>> named =
          byKind.computeIfAbsent(p.kind(), k -> new LinkedHashMap<>());
      StrategyProvider<?> before = named.putIfAbsent(p.name(), p);
      if (before != null) {
        throw new IllegalStateException("two " + p.kind().label() + "s are named '" + p.name()
            + "': " + before.getClass().getName() + " and " + p.getClass().getName());
      }
    }
    return new Plugins(byKind);
  }

  /** The providers of {@code kind}, in class-path order. */
  @SuppressWarnings("unchecked")
  public <T> List<StrategyProvider<T>> providers(StrategyKind<T> kind) {
    List<StrategyProvider<T>> out = new ArrayList<>();
    strategies.getOrDefault(kind, Map.of()).values().forEach(p -> out.add((StrategyProvider<T>) p));
    return out;
  }

  /** The names of the providers of {@code kind}. */
  public List<String> names(StrategyKind<?> kind) {
    return List.copyOf(strategies.getOrDefault(kind, Map.of()).keySet());
  }

  /**
   * The provider of {@code kind} called {@code name}.
   *
   * @throws IllegalArgumentException naming the known providers of that kind
   */
  @SuppressWarnings("unchecked")
  public <T> StrategyProvider<T> provider(StrategyKind<T> kind, String name) {
    StrategyProvider<?> p = strategies.getOrDefault(kind, Map.of()).get(name);
    if (p == null) {
      throw new IllegalArgumentException("unknown " + kind.label() + " '" + name + "'; known: "
          + String.join(", ", names(kind)));
    }
    return (StrategyProvider<T>) p;
  }

  /**
   * Checks {@code spec} for {@code kind}: the name is known, the keys are declared, the values
   * parse and the provider accepts them (its {@link StrategyProvider#check}).
   *
   * @return the parsed spec
   * @throws IllegalArgumentException saying what is wrong, with the known names or keys
   */
  public PluginSpec check(StrategyKind<?> kind, String spec) {
    PluginSpec parsed = parse(kind, spec);
    StrategyProvider<?> p = provider(kind, parsed.name());
    PluginOptions options = options(kind, parsed, p);
    try {
      p.check(options);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(kind.label() + " '" + parsed + "': " + e.getMessage(), e);
    }
    return parsed;
  }

  /**
   * A new strategy of {@code kind} as {@code spec} describes it.
   *
   * @throws IllegalArgumentException for an unknown name, key or a bad value (the message lists
   *     the known names or keys)
   */
  public <T> T create(StrategyKind<T> kind, String spec) {
    PluginSpec parsed = parse(kind, spec);
    StrategyProvider<T> p = provider(kind, parsed.name());
    PluginOptions options = options(kind, parsed, p);
    try {
      return Objects.requireNonNull(p.create(options), p.name() + " created null");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(kind.label() + " '" + parsed + "': " + e.getMessage(), e);
    }
  }

  private static PluginSpec parse(StrategyKind<?> kind, String spec) {
    try {
      return PluginSpec.parse(spec);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("bad " + kind.label() + " " + e.getMessage(), e);
    }
  }

  private static PluginOptions options(StrategyKind<?> kind, PluginSpec spec,
      PluginProvider p) {
    try {
      return PluginOptions.of(spec, p.options());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(kind.label() + " '" + spec + "': " + e.getMessage(), e);
    }
  }
}
