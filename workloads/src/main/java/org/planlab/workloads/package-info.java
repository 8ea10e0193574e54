/**
 * The algorithm library as DML scripts (L2SVM, MLogreg, ALS-CG, PNMF, AutoEncoder, KMeans,
 * linear regression, grid search) and the Java catalogue that describes each workload's
 * parameters and generated inputs. The scripts arrive with the DML compiler (issue 3).
 */
package org.planlab.workloads;
