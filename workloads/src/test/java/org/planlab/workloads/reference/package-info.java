/**
 * Plain-Java reference implementations of the builtin scripts, one class per algorithm, each
 * mirroring its script statement by statement (same parameter names in a {@code Params} record
 * with the script's defaults, same initialisation, update order and stopping rules), so that a
 * DML run can be compared with them cell by cell (relative error 1e-8). Each class also computes
 * the objective its workload driver prints.
 *
 * <p>Comparing a driver run with a reference: generate the catalogue inputs, read them as
 * {@code double[][]} ({@link org.planlab.workloads.reference.Dense#of}), map the driver's
 * arguments to the builtin's (e.g. l2svm's {@code lambda} is {@code reg}, {@code tol} is
 * {@code epsilon}, {@code icpt > 0} is {@code intercept}; see each driver's call) and pass the
 * random-initialisation inputs to {@code fit}. Where an algorithm chooses among candidates by
 * comparing floating-point values (kmeans ties, gridSearchLM's best lambda), rounding can make
 * engine and reference choose differently only between near-equal candidates.
 */
package org.planlab.workloads.reference;
