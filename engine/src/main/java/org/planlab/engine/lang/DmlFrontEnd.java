package org.planlab.engine.lang;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.lang.validate.DmlValidator;
import org.planlab.engine.lang.validate.ValidatedProgram;

/**
 * The language front end in one call: parse ({@link DmlParser}), then validate ({@link
 * DmlValidator}). What the IR builder starts from.
 *
 * @throws DmlSyntaxException from the parse methods when the program cannot be read
 * @throws DmlValidationException from the parse methods when it is not valid DML
 */
public final class DmlFrontEnd {
  private final DmlParser parser;
  private final DmlValidator validator;

  public DmlFrontEnd(DmlParser parser, DmlValidator validator) {
    this.parser = Objects.requireNonNull(parser, "parser is null");
    this.validator = Objects.requireNonNull(validator, "validator is null");
  }

  /** A front end with the given command-line arguments and builtin-library roots. */
  public static DmlFrontEnd of(Map<String, String> arguments, List<Path> libraryRoots) {
    return new DmlFrontEnd(new DmlParser(arguments, libraryRoots), new DmlValidator());
  }

  /** Parses and validates the script in {@code file}. */
  public ValidatedProgram load(Path file) {
    return validator.validate(parser.parse(file));
  }

  /** Parses and validates {@code text}, named {@code fileName} in positions. */
  public ValidatedProgram load(String text, String fileName) {
    return validator.validate(parser.parse(text, fileName));
  }
}
