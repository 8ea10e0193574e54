package org.planlab.engine.data;

/**
 * A live DML value: a matrix (held locally or by a backend, {@link MatrixData}) or a scalar.
 * Shared by the compiler (literals, constant folding) and the runtime (the symbol table).
 */
public sealed interface Data permits MatrixData, ScalarValue {
}
