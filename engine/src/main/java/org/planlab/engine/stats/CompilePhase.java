package org.planlab.engine.stats;

/** The compiler phases whose time {@link Statistics} records. */
public enum CompilePhase { PARSE, VALIDATE, BUILD, REWRITES, SIZES, LOWERING }
