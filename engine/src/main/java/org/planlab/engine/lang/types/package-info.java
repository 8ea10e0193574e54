/** Data types, value types and inferred expression types (with sizes where known) of DML. */
package org.planlab.engine.lang.types;
