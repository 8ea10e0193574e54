package org.planlab.engine.data;

/**
 * A live DML value: a matrix (held locally or by a backend, {@link MatrixData}), a scalar or a
 * list ({@link ListValue}).
 * Shared by the compiler (literals, constant folding) and the runtime (the symbol table).
 */
public sealed interface Data permits MatrixData, ScalarValue, ListValue {
}
