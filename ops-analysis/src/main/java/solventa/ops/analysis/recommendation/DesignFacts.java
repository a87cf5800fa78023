package solventa.ops.analysis.recommendation;

import java.util.List;
import java.util.Objects;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.ClauseB;
import solventa.ops.analysis.hypotheses.Fact;

/**
 * What a design's evidence rests on, as data ({@link Recommendation}): the kinds of its own, beside
 * the ones it shares with the hypotheses (a step that cannot decide, a step against the thresholds,
 * no walk). The judgement never words them: the report does ({@code
 * solventa.ops.report.DesignWords}).
 */
public final class DesignFacts {
  private DesignFacts() {}

  /** A required step whose latency cannot be shown to meet: too close to call, or not measured. */
  public record LatencyNotShown(String stepId) implements Fact {
    public LatencyNotShown {
      Objects.requireNonNull(stepId, "stepId");
    }
  }

  /**
   * A failing state's fallback share through the outage judged as HD-01's clause (b) judges C's:
   * above the ceiling, too close to call, or not decidable.
   */
  public record Fallback(ClauseB share) implements Fact {
    public Fallback {
      Objects.requireNonNull(share, "share");
    }
  }

  /** A design's fallback share left unjudged where its latency was not shown to meet. */
  public record FallbackNotJudged(String arm) implements Fact {
    public FallbackNotJudged {
      Objects.requireNonNull(arm, "arm");
    }
  }

  /** What a recovery step showed, read again from its seconds after the provider's return. */
  public enum RecoveryReading {
    /** Its seconds after the provider's return were not read: it cannot be judged. */
    UNREAD,
    /** A stampede saturated the pool once the provider was healthy again. */
    STAMPEDE,
    /** The recovery's seconds once the provider was healthy again, as the stampede rule reads. */
    HEALTHY_PHASE,
    /** The recovery backlog filled the pool while the provider was still degraded. */
    BACKLOG,
    /** The backlog's seconds, as HD-01.8 reads them. */
    BACKLOG_PHASE
  }

  /**
   * A recovery step's reading.
   *
   * @param windowSec the profile's recovery window: the step's seconds after it are the ones with
   *     the provider healthy again
   */
  public record Recovery(String stepId, int windowSec, RecoveryReading reading) implements Fact {
    public Recovery {
      Objects.requireNonNull(stepId, "stepId");
      Objects.requireNonNull(reading, "reading");
    }
  }

  /** The design meets every clause in every run, judged with {@code inputs}. */
  public record Qualifies(List<String> runs, Actuarial inputs) implements Fact {
    public Qualifies {
      runs = List.copyOf(runs);
      Objects.requireNonNull(inputs, "inputs");
    }
  }
}
