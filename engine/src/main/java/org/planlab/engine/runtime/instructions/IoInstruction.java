package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.isMatrix;
import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.scalar;
import static org.planlab.engine.runtime.instructions.Operands.str;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.io.FileErrors;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.MatrixFormatException;
import org.planlab.engine.io.ReadOptions;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * Persistent reads and writes through {@link MatrixFiles} with their {@code .mtd}: READ_FILE
 * inputs (path, format, rows, cols, sep, header), WRITE_FILE inputs (value, path, format, sep,
 * header). An empty format string means "from the .mtd or detected"; rows/cols -1 mean
 * unknown, otherwise they are checked against the data. Paths are relative to the working
 * directory. Scalars are written as one line of text, and read back from it when the READ_FILE
 * HOP is a scalar ({@code data_type="scalar"}).
 */
public final class IoInstruction extends Instruction {

  public IoInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    return switch (hop().op()) {
      case READ_FILE -> {
        Path file = ctx.resolve(str(in[0], "read path"));
        try {
          yield read(file, in);
        } catch (NoSuchFileException e) {
          throw new IllegalArgumentException("file not found: " + e.getFile());
        } catch (MatrixFormatException e) {
          throw new UncheckedIOException(e.getMessage(), e);
        } catch (IOException e) {
          // a directory, no permission, ...: the reason, not "file not found"
          throw new IllegalArgumentException(FileErrors.cannotRead(file, e), e);
        }
      }
      case WRITE_FILE -> {
        Path file = ctx.resolve(str(in[1], "write path"));
        try {
          yield write(file, in);
        } catch (NoSuchFileException e) {
          // the missing file is the output folder, not the file being written
          throw new IllegalArgumentException("cannot write, " + (e.getReason() == null
              ? "no such folder" : e.getReason()) + ": " + e.getFile());
        } catch (IOException e) {
          throw new IllegalArgumentException(FileErrors.cannotWrite(file, e), e);
        }
      }
      default -> throw new IllegalStateException("not an I/O opcode: " + hop().op());
    };
  }

  private Data read(Path file, Data[] in) throws IOException {
    if (!hop().isMatrix()) {
      // read(path, data_type="scalar", value_type=...): the one value write() put there
      ScalarValue text = ScalarValue.of(Files.readString(file, StandardCharsets.UTF_8).strip());
      return switch (hop().valueType()) {
        case DOUBLE -> ScalarValue.of(text.asDouble());
        case INTEGER -> ScalarValue.of(text.asLong());
        case BOOLEAN -> ScalarValue.of(text.asBoolean());
        default -> text;
      };
    }
    ReadOptions o = ReadOptions.defaults();
    String format = str(in[1], "format");
    if (!format.isEmpty()) {
      o = o.withFormat(MatrixFormat.byName(format));
    }
    String sep = str(in[4], "sep");
    if (!sep.isEmpty()) {
      o = o.withSep(sep);
    }
    o = o.withHeader(Operands.bool(in[5], "header"));
    MatrixBlock m = MatrixFiles.read(file, o);
    long rows = Operands.lng(in[2], "rows");
    long cols = Operands.lng(in[3], "cols");
    if ((rows >= 0 && rows != m.rows()) || (cols >= 0 && cols != m.cols())) {
      throw new IllegalArgumentException("read " + file + ": the file holds a " + m.shape()
          + " matrix, but rows=" + rows + ", cols=" + cols + " were given");
    }
    return new MatrixValue(m);
  }

  private static Data write(Path file, Data[] in) throws IOException {
    if (!isMatrix(in[0])) {
      ScalarValue s = scalar(in[0], "write");
      Files.writeString(file, s.asString() + "\n", StandardCharsets.UTF_8);
      return null;
    }
    String format = str(in[2], "format");
    MatrixFormat f = format.isEmpty() ? MatrixFormat.TEXT : MatrixFormat.byName(format);
    WriteOptions o = WriteOptions.defaults().withHeader(Operands.bool(in[4], "header"));
    String sep = str(in[3], "sep");
    if (!sep.isEmpty()) {
      o = o.withSep(sep);
    }
    MatrixFiles.write(matrix(in[0]), file, f, o);
    return null;
  }
}
