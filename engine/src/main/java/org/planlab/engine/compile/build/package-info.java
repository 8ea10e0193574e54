/**
 * HOP construction (optimizer paper, sec. 2, "construct"): {@link
 * org.planlab.engine.compile.build.HopBuilder#build} turns a validated program into an {@link
 * org.planlab.engine.ir.Program} of program blocks with one HOP DAG per basic block, predicate
 * and loop bound. Builtin calls become their {@link org.planlab.engine.ir.OpCode} with every
 * input in the documented positional order and defaults filled as literals; calls of
 * user-defined functions get basic blocks of their own, with arguments bound at the call site.
 *
 * <p>DAG contract: a READ_VAR leaf is the variable's value at block entry (one per variable);
 * WRITE_VAR roots (one per variable assigned in the block, its last value) follow the
 * side-effect roots, which keep statement order. A runtime must bind all READ_VARs before it
 * performs the block's writes.
 */
package org.planlab.engine.compile.build;
