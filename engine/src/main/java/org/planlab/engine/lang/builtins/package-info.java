/**
 * The builtin functions of DML: {@link org.planlab.engine.lang.builtins.BuiltinCatalogue} holds one
 * {@link org.planlab.engine.lang.builtins.BuiltinFunction} record per builtin, with its parameters
 * (positional order, optional with defaults, named-only, variadic), its output-type rule and its
 * effect.
 */
package org.planlab.engine.lang.builtins;
