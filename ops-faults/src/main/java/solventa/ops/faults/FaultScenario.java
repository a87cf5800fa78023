package solventa.ops.faults;

import java.util.List;

/** A group of the fault matrix's rows that share a set-up (one node, a cluster, the edge). */
public interface FaultScenario {
  /** The group's name, as {@code bin/lab faults --only} takes it. */
  String name();

  /** Runs every row of the group on the context's lab and returns them, in order. */
  List<FaultRow> run(FaultContext ctx) throws Exception;
}
