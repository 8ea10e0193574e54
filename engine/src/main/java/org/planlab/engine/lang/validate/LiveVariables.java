package org.planlab.engine.lang.validate;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.planlab.engine.lang.ast.Assignment;
import org.planlab.engine.lang.ast.AstWalker;
import org.planlab.engine.lang.ast.CallStatement;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.ForStatement;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.Identifier;
import org.planlab.engine.lang.ast.IfStatement;
import org.planlab.engine.lang.ast.IndexedAssignment;
import org.planlab.engine.lang.ast.LoopRange;
import org.planlab.engine.lang.ast.MultiAssignment;
import org.planlab.engine.lang.ast.ParForStatement;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.ast.Statement;
import org.planlab.engine.lang.ast.WhileStatement;

/**
 * Classic live-variable analysis (a backward data-flow pass, iterated to a fixpoint for loops), as
 * sec. 2 of the optimizer paper uses it: for every statement the variables live before it (read
 * later without an intervening assignment) and after it. Nothing is live after the main script; a
 * function's results are live at its end. A basic block of the IR (a maximal run of straight-line
 * statements) has the live-in set of its first statement and the live-out set of its last.
 *
 * <p>Left indexing {@code X[i, j] = v} reads {@code X} (the other cells survive). A for/parfor loop
 * defines its variable before every iteration.
 */
public final class LiveVariables {
  /** Variables live before and after one statement (sorted, unmodifiable). */
  public record Sets(Set<String> liveIn, Set<String> liveOut) {
    public Sets {
      liveIn = Collections.unmodifiableSet(new TreeSet<>(liveIn));
      liveOut = Collections.unmodifiableSet(new TreeSet<>(liveOut));
    }
  }

  private final Map<Statement, Sets> sets = new IdentityHashMap<>();

  private LiveVariables() {}

  /** Runs the analysis over the main script and every function of {@code program}. */
  public static LiveVariables of(DmlProgram program) {
    LiveVariables lv = new LiveVariables();
    lv.block(program.statements(), Set.of());
    for (FunctionDefinition f : program.functions().values()) {
      Set<String> results = new TreeSet<>();
      f.results().stream().map(Parameter::name).forEach(results::add);
      lv.block(f.body(), results);
    }
    return lv;
  }

  /** The sets of {@code s}, which must be a statement of the analysed program. */
  public Sets of(Statement s) {
    Sets result = sets.get(s);
    if (result == null) {
      throw new IllegalArgumentException("not a statement of this program: " + s);
    }
    return result;
  }

  /** Live-in of a statement list given what is live after it; records every statement. */
  private Set<String> block(List<Statement> statements, Set<String> liveOut) {
    Set<String> live = new TreeSet<>(liveOut);
    for (int i = statements.size() - 1; i >= 0; i--) {
      Statement s = statements.get(i);
      Set<String> in = statement(s, live);
      sets.put(s, new Sets(in, live));
      live = in;
    }
    return live;
  }

  private Set<String> statement(Statement s, Set<String> out) {
    Set<String> in = new TreeSet<>(out);
    if (s instanceof Assignment a) {
      in.remove(a.target().name());
      in.addAll(reads(s));
    } else if (s instanceof IndexedAssignment || s instanceof CallStatement) {
      in.addAll(reads(s));
    } else if (s instanceof MultiAssignment m) {
      m.targets().forEach(t -> in.remove(t.name()));
      in.addAll(reads(s));
    } else if (s instanceof IfStatement i) {
      in.clear();
      in.addAll(block(i.thenBody(), out));
      in.addAll(block(i.elseBody(), out));
      in.addAll(reads(s));
    } else if (s instanceof WhileStatement w) {
      Set<String> predicate = reads(s);
      Set<String> head = union(out, predicate);
      while (true) {
        Set<String> next = union(head, block(w.body(), head));
        if (next.equals(head)) {
          break;
        }
        head = next;
      }
      return head;
    } else if (s instanceof ForStatement f) {
      return loop(f.variable(), f.range(), f.body(), out, reads(s));
    } else if (s instanceof ParForStatement p) {
      return loop(p.variable(), p.range(), p.body(), out, reads(s));
    }
    return in;
  }

  /** Head of a counted loop: live on exit, or needed by the body except the loop variable. */
  private Set<String> loop(
      Identifier variable,
      LoopRange range,
      List<Statement> body,
      Set<String> out,
      Set<String> boundReads) {
    Set<String> head = new TreeSet<>(out);
    while (true) {
      Set<String> bodyIn = new TreeSet<>(block(body, head));
      bodyIn.remove(variable.name());
      Set<String> next = union(head, bodyIn);
      if (next.equals(head)) {
        break;
      }
      head = next;
    }
    return union(head, boundReads);
  }

  /** The variables a statement itself reads (not those of nested bodies). */
  private static Set<String> reads(Statement s) {
    Set<String> names = new TreeSet<>();
    AstWalker.forEachOwnExpression(s, e -> addName(e, names));
    return names;
  }

  private static void addName(Expression e, Set<String> names) {
    if (e instanceof Identifier id) {
      names.add(id.name());
    }
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> u = new TreeSet<>(a);
    u.addAll(b);
    return u;
  }
}
