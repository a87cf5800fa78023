package solventa.ops.faults;

import java.util.ArrayList;
import java.util.List;

/**
 * Abuse and overload: the management and admin APIs called without the right credentials (one node
 * of arm C', {@link AbuseRow}), and one node of arm A driven at 3x and 5x its measured sustainable
 * rate ({@link OverloadRows}).
 */
final class AbuseFaults implements FaultScenario {
  @Override
  public String name() {
    return "abuse";
  }

  @Override
  public List<FaultRow> run(FaultContext ctx) {
    List<FaultRow> rows = new ArrayList<>();
    rows.add(AbuseRow.run(ctx));
    rows.addAll(OverloadRows.run(ctx));
    return rows;
  }
}
