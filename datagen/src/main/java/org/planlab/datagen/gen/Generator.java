package org.planlab.datagen.gen;

import org.planlab.engine.io.RowBlocks;
import org.planlab.engine.random.BlockRandom;

/**
 * A seeded synthetic matrix produced as independent row blocks of {@link
 * BlockRandom#ROWS_PER_BLOCK} rows: block {@code i} depends only on the parameters and {@code
 * i}, never on which thread makes it or when, so a file written with any number of threads is
 * the same. A generator never holds the whole matrix; implementations are immutable.
 *
 * <p>The parameters are the generator's own typed record (the generator itself when it needs
 * nothing precomputed, else its {@code Params}); {@link Generators} creates generators by name
 * from generic arguments.
 */
public interface Generator extends RowBlocks {

  /** The generator's name in the registry and on the command line. */
  String name();
}
