package org.planlab.engine.data;

/**
 * A live DML value: a matrix or a scalar. Shared by the compiler (literals, constant folding)
 * and the runtime (the symbol table). Backend handles (RDDs, device pointers, spilled files)
 * will join {@link MatrixValue} when the distributed and GPU backends arrive.
 */
public sealed interface Data permits MatrixValue, ScalarValue {
}
