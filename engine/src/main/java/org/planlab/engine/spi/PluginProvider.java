package org.planlab.engine.spi;

import java.util.List;

/**
 * What every provider of a strategy or backend tells about itself: the name a spec selects it
 * by, one line of documentation and the options it accepts ({@code planlab list} prints all
 * three). Providers are found with {@link java.util.ServiceLoader}; see {@link Plugins}.
 */
public interface PluginProvider {

  /** The name a spec selects this provider by ({@code mpskip}). */
  String name();

  /** One line: what the strategy or backend does, with the paper section it follows. */
  String description();

  /** The options a spec may give, with their defaults (none by default). */
  default List<PluginOption> options() {
    return List.of();
  }
}
