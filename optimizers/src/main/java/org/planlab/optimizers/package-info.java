/**
 * Implementations of the engine's strategy interfaces, found by {@link java.util.ServiceLoader}:
 * fusion plan selectors (FA, FNR, MPSkipEnum, the exhaustive oracle), reuse-cache eviction
 * policies and operator orderings. The interfaces themselves live in the engine's {@code spi}
 * package; they arrive with the compiler (issues 3-5).
 */
package org.planlab.optimizers;
