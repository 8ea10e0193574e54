/**
 * DML's operators as values: the element-wise binary and unary operators, the aggregates and
 * their directions, each with its scalar semantics, and {@link org.planlab.engine.ops.ScalarOps},
 * DML's arithmetic on scalar values. HOP parameters name these operators, the kernels and the
 * generated fused operators implement them over blocks, and constant folding evaluates them at
 * compile time, all from this one definition.
 */
package org.planlab.engine.ops;
