package solventa.ops.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SortedSet;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.gatling.KeyFeeder;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.PricePairs;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.Http;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.BreakerSetting;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.results.StepRecording;
import solventa.signals.Origin;
import solventa.vocabulary.ProviderState;

/**
 * The price probe, after the protocol: the customers who got a DEFAULT answer in a step's window
 * and were never priced on their own profile in the run (mostly never-seen customers, whom no other
 * step quotes) are quoted once each on arm A's node, which waits for the provider, with the
 * provider healthy. Their answers, in {@code price-probe/requests.csv}, give the premium each one's
 * own profile gives, so that the report can set every DEFAULT quote against it ({@link
 * PricePairs}). At most {@link PricePairs#PROBE_MAX} customers, a draw with the run's seed when
 * there are more; {@value #IN_FLIGHT} quotes in flight at a time; a customer not priced is quoted
 * once more; the probe stops after {@value #MAX_MS} ms whatever is left.
 */
public final class PriceProbe {
  private static final Logger log = LoggerFactory.getLogger(PriceProbe.class);

  static final int IN_FLIGHT = 8;
  static final long MAX_MS = 120_000;

  private PriceProbe() {}

  /**
   * What the probe did.
   *
   * @param unpaired the customers it was for
   * @param quoted those it quoted
   * @param priced those it priced on their own profile
   * @param stopped why it stopped before quoting every one it drew, or null
   */
  public record Outcome(int unpaired, int quoted, int priced, String stopped) {
    /** One console line. */
    public String describe() {
      return "price probe: "
          + priced
          + " of "
          + quoted
          + " customers quoted priced on their own profile ("
          + unpaired
          + " with a DEFAULT answer and no own premium)"
          + (stopped == null ? "" : "; " + stopped);
    }
  }

  /**
   * Runs the probe for the steps of {@code steps}, whose request logs are in {@code out}; writes
   * {@code out/price-probe/requests.csv} (with the header alone when there is no customer to
   * quote). Stops the running node first.
   */
  public static Outcome run(
      EmbeddedLab lab, ExperimentProfile profile, Path out, long seed, List<StepResult> steps)
      throws IOException {
    SortedSet<String> unpaired = PricePairs.unpaired(steps, s -> StepRecording.requestLog(out, s));
    List<String> drawn = draw(unpaired, seed, PricePairs.PROBE_MAX);
    Path file = out.resolve(StepRecording.PRICE_PROBE).resolve(StepRecording.REQUESTS);
    List<RequestRecord> records = new ArrayList<>();
    String stopped = null;
    if (!drawn.isEmpty()) {
      log.info("price probe: quoting {} of {} customers on arm A", drawn.size(), unpaired.size());
      NodeGroup node = lab.node(BenchArm.A, BreakerSetting.COUNT, profile);
      lab.control().apply(ProviderState.HEALTHY);
      long deadline = System.currentTimeMillis() + MAX_MS;
      List<String> left = quote(node, drawn, deadline, records);
      left = quote(node, left, deadline, records); // once more for any not priced
      if (System.currentTimeMillis() >= deadline) {
        stopped = "stopped at its " + MAX_MS / 1000 + " s bound";
      }
    }
    StepRecording.writeLog(file, records);
    int priced =
        (int)
            records.stream()
                .filter(PriceProbe::ownProfile)
                .map(RequestRecord::customerId)
                .distinct()
                .count();
    int quoted = (int) records.stream().map(RequestRecord::customerId).distinct().count();
    return new Outcome(unpaired.size(), quoted, priced, stopped);
  }

  /** An answer priced on the customer's own profile, with its premium (as the index reads it). */
  static boolean ownProfile(RequestRecord r) {
    return r.ok() && r.premium() != null && r.origin() != null && !r.is(Origin.DEFAULT);
  }

  /**
   * All of {@code unpaired} when they are at most {@code max}, otherwise {@code max} of them drawn
   * with {@code seed}; sorted either way.
   */
  static List<String> draw(SortedSet<String> unpaired, long seed, int max) {
    List<String> all = new ArrayList<>(unpaired);
    if (all.size() > max) {
      Collections.shuffle(all, new Random(seed));
      all = new ArrayList<>(all.subList(0, max));
      Collections.sort(all);
    }
    return all;
  }

  /**
   * Quotes {@code customers} once each, {@value #IN_FLIGHT} at a time round the node's members,
   * until {@code deadline}; adds each answer to {@code records} and returns the customers not
   * priced on their own profile.
   */
  private static List<String> quote(
      NodeGroup node, List<String> customers, long deadline, List<RequestRecord> records)
      throws IOException {
    List<String> left = new ArrayList<>();
    for (int from = 0;
        from < customers.size() && System.currentTimeMillis() < deadline;
        from += IN_FLIGHT) {
      List<String> batch = customers.subList(from, Math.min(customers.size(), from + IN_FLIGHT));
      List<CompletableFuture<Http.Reply>> calls = new ArrayList<>();
      List<Long> sends = new ArrayList<>();
      for (int i = 0; i < batch.size(); i++) {
        NodeProcess m = node.members().get(i % node.size());
        sends.add(System.currentTimeMillis());
        calls.add(m.quoteAsync(batch.get(i), KeyFeeder.lineOf(batch.get(i))));
      }
      for (int i = 0; i < batch.size(); i++) {
        RequestRecord r =
            QuoteReplies.record(
                calls.get(i).join(),
                sends.get(i),
                batch.get(i),
                NodeReadings.authority(node.members().get(i % node.size())),
                "known");
        records.add(r);
        if (!ownProfile(r)) {
          left.add(batch.get(i));
        }
      }
    }
    return left;
  }
}
