/**
 * Implementations of the engine's strategy interfaces, found by {@link java.util.ServiceLoader}:
 * fusion plan selectors (FA, FNR, MPSkipEnum, the exhaustive oracle), reuse-cache eviction
 * policies and operator orderings. The interfaces themselves live in the engine's {@code spi}
 * package.
 */
package org.planlab.optimizers;
