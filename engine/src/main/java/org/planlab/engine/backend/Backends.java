package org.planlab.engine.backend;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.runtime.DataMover;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.spi.PluginOptions;
import org.planlab.engine.spi.PluginSpec;

/**
 * The backends of one engine, one per execution type it uses: always CP, plus the distributed
 * backend in the {@code hybrid} and {@code spark} modes and the device backend in the {@code gpu}
 * mode, each created from the configuration's spec for that execution type by a
 * {@link BackendProvider} found with {@link ServiceLoader}. Moves matrices between them
 * ({@link DataMover}) and closes them with the engine.
 */
public final class Backends implements DataMover, AutoCloseable {
  private final Map<ExecType, Backend> byType;
  private final Map<String, Backend> byName;

  private Backends(List<Backend> backends) {
    this.byType = new EnumMap<>(ExecType.class);
    this.byName = new LinkedHashMap<>();
    for (Backend b : backends) {
      if (byType.put(b.execType(), b) != null) {
        throw new IllegalArgumentException("two backends for " + b.execType() + " operations");
      }
      byName.put(b.name(), b);
    }
    if (!(byType.get(ExecType.CP) instanceof CpBackend)) {
      throw new IllegalArgumentException("the CP backend is missing");
    }
  }

  /** CP and the given remote backends (tests build engines' backends by hand with this). */
  public static Backends of(Backend... remote) {
    List<Backend> all = new ArrayList<>();
    all.add(new CpBackend());
    all.addAll(List.of(remote));
    return new Backends(all);
  }

  /**
   * The backends {@code config.exec()} needs, created from {@code config.backends()}.
   *
   * @throws IllegalArgumentException when the mode needs a backend no provider on the class
   *     path offers (the message lists the ones that exist), or for bad backend options
   * @throws IllegalStateException when a backend cannot start here
   */
  public static Backends create(EngineConfig config, KernelPool pool) {
    List<Backend> all = new ArrayList<>();
    all.add(new CpBackend());
    BackendContext context = new BackendContext(config, pool);
    try {
      for (ExecType t : required(config.exec())) {
        all.add(create(t, config.backend(t), context));
      }
      return new Backends(all);
    } catch (RuntimeException e) {
      all.forEach(Backend::close);
      throw e;
    }
  }

  /** The remote execution types a mode places operations on. */
  public static List<ExecType> required(ExecMode mode) {
    return switch (mode) {
      case SINGLENODE -> List.of();
      case HYBRID, SPARK -> List.of(ExecType.SPARK);
      case GPU -> List.of(ExecType.GPU);
    };
  }

  /** The backend providers on the class path of this class's loader, in class-path order. */
  public static List<BackendProvider> providers() {
    Map<String, BackendProvider> byName = new LinkedHashMap<>();
    for (BackendProvider p : ServiceLoader.load(BackendProvider.class,
        Backends.class.getClassLoader())) {
      BackendProvider before = byName.putIfAbsent(p.name(), p);
      if (before != null) {
        throw new IllegalStateException("two backends are named '" + p.name() + "': "
            + before.getClass().getName() + " and " + p.getClass().getName());
      }
    }
    return List.copyOf(byName.values());
  }

  /**
   * Checks a backend spec for {@code execType}: a provider of that name exists, runs that
   * execution type, and the options are declared and parse.
   *
   * @throws IllegalArgumentException naming the backends of that execution type on the class
   *     path, or the option problem
   */
  public static PluginSpec check(ExecType execType, String spec) {
    PluginSpec parsed = parse(spec);
    options(parsed, provider(execType, parsed.name()));
    return parsed;
  }

  private static Backend create(ExecType execType, String spec, BackendContext context) {
    PluginSpec parsed = parse(spec);
    BackendProvider p = provider(execType, parsed.name());
    PluginOptions options = options(parsed, p);
    Backend b;
    try {
      b = Objects.requireNonNull(p.create(options, context), p.name() + " created null");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("backend '" + parsed + "': " + e.getMessage(), e);
    }
    if (b.execType() != execType) {
      b.close();
      throw new IllegalStateException("backend '" + p.name() + "' created a " + b.execType()
          + " backend for " + execType + " operations");
    }
    return b;
  }

  private static BackendProvider provider(ExecType execType, String name) {
    List<String> known = new ArrayList<>();
    BackendProvider found = null;
    for (BackendProvider p : providers()) {
      if (p.execType() == execType) {
        known.add(p.name());
      }
      if (p.name().equals(name)) {
        found = p;
      }
    }
    if (found == null || found.execType() != execType) {
      throw new IllegalArgumentException((found == null ? "no backend '" + name
          + "' on the class path" : "backend '" + name + "' runs " + found.execType()
          + " operations, not " + execType) + "; " + execType + " backends on the class path: "
          + (known.isEmpty() ? "none" : String.join(", ", known)));
    }
    return found;
  }

  private static PluginSpec parse(String spec) {
    try {
      return PluginSpec.parse(spec);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("bad backend " + e.getMessage(), e);
    }
  }

  private static PluginOptions options(PluginSpec spec, BackendProvider p) {
    try {
      return PluginOptions.of(spec, p.options());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("backend '" + spec + "': " + e.getMessage(), e);
    }
  }

  /** The CP backend. */
  public Backend cp() {
    return byType.get(ExecType.CP);
  }

  /** The backend running {@code type}, or null when this engine has none. */
  public Backend get(ExecType type) {
    return byType.get(type);
  }

  /** The backends, CP first. */
  public List<Backend> all() {
    return List.copyOf(byName.values());
  }

  @Override
  public MatrixData move(MatrixData m, ExecType target, ExecutionContext ctx) {
    Backend to = byType.get(target);
    if (to == null) {
      throw new IllegalStateException("no backend runs " + target + " operations in this engine");
    }
    if (to.holds(m)) {
      return m;
    }
    MatrixBlock local;
    if (m.isLocal()) {
      local = m.acquireLocal();
    } else {
      Backend from = byName.get(m.location());
      MatrixValue v = from != null ? from.toLocal(m) : new MatrixValue(m.acquireLocal());
      ctx.statistics().recordTransfer(m.location(), MatrixData.LOCAL, m.localBytes());
      if (target == ExecType.CP) {
        return v;
      }
      local = v.block();
    }
    MatrixData moved = to.fromLocal(local, ctx);
    ctx.statistics().recordTransfer(MatrixData.LOCAL, to.name(), moved.localBytes());
    return moved;
  }

  /** Asks every backend to free {@code fraction} of its unused memory. */
  @Override
  public long evict(double fraction) {
    long freed = 0;
    for (Backend b : byName.values()) {
      freed += b.evict(fraction);
    }
    return freed;
  }

  /** Closes the remote backends, the last created first. */
  @Override
  public void close() {
    List<Backend> all = new ArrayList<>(byName.values());
    RuntimeException failure = null;
    for (int i = all.size() - 1; i >= 0; i--) {
      try {
        all.get(i).close();
      } catch (RuntimeException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
