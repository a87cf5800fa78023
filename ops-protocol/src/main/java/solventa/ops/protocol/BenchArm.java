package solventa.ops.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import solventa.vocabulary.Arm;
import solventa.vocabulary.ArmTraits;

/**
 * The arms as the experiment runs them: the card's {@link Arm} with the traits the bench runs it
 * with (its {@code quote.arm} plus overrides), and the names the card and the results give it. The
 * card's four arms run as the card defines them; a variant is a card arm plus trait overrides or
 * node settings, run by the same node and the same simulation: {@link #B_CB} is B with the breaker
 * (the card puts the breaker in C's connector only), reported beside B; {@link #C_B80} and {@link
 * #C_B160} are C with another budget, {@link #C_RA}, {@link #C_CR} and {@link #C_SD} C with the
 * card's other mitigations (refresh-ahead, careful recovery, a default per risk segment).
 *
 * <p>The declaration order is the simplest design first (what a team would build first): the
 * recommendation reads it in that order. Code asks an arm for its traits ({@link #caches}, {@link
 * #fallsBack}, {@link #coalesces}, {@link #breaker}, {@link #isVariant}); the lists below derive
 * from them.
 *
 * <p>The protocol's arms are the constants below, each one declaration: {@link #values} lists them
 * in that order, and results name them by their constant's name. An arm outside the protocol (a
 * test's own traits) is made with {@link #of}: it runs through the same runner, node and
 * simulation, and is in none of the protocol's lists.
 */
public final class BenchArm {
  private static final List<BenchArm> DECLARED = new ArrayList<>();

  public static final BenchArm A = declare("A", Arm.A, "A", "A");
  public static final BenchArm B = declare("B", Arm.B, "B", "B");
  public static final BenchArm B_CB =
      declare("B_CB", Arm.B.withTraits(Arm.B.traits().withBreaker(true)), "B+CB", "BCB");
  public static final BenchArm C = declare("C", Arm.C, "C", "C");

  /**
   * C with an 80 ms budget (the card's mitigation 2, tuning the budget): more answers fall back,
   * the critical path gains margin.
   */
  public static final BenchArm C_B80 =
      declare("C_B80", Arm.C, "C@80ms", "CB80", Map.of("quote.budget", "80ms"));

  /** C with a 160 ms budget: fewer answers fall back, at the cost of a longer cold path. */
  public static final BenchArm C_B160 =
      declare("C_B160", Arm.C, "C@160ms", "CB160", Map.of("quote.budget", "160ms"));

  public static final BenchArm C_PRIME = declare("C_PRIME", Arm.C_PRIME, "C'", "Cp");

  /**
   * C with refresh-ahead (the card's mitigation 1, proactive preload): a CACHED answer also starts
   * an early refresh with XFetch's probability at its standard beta of 1, so that fewer values have
   * expired when an outage starts.
   */
  public static final BenchArm C_RA =
      declare("C_RA", Arm.C, "C+RA", "CRA", Map.of("quote.refresh-ahead.beta", "1"));

  /**
   * C with careful recovery: the half-open breaker lets 5 probes through and closes only when all 5
   * succeed, and background refreshes are admitted at 20 a second per node with up to 1 s of
   * jitter, the rest served STALE. 20/s is the adapter's pool over twice its hard timeout (32 ÷ 1.4
   * s, rounded down): calls that each hold a connection for up to 700 ms then fill at most about
   * half the pool, whatever the recovering provider's latency.
   */
  public static final BenchArm C_CR =
      declare(
          "C_CR",
          Arm.C,
          "C+CR",
          "CCR",
          Map.of(
              "quote.refresh-admission.rate", "20",
              "quote.refresh-admission.jitter", "1s",
              "of-adapter.providers.ofb.breaker.half-open-probes", "5"));

  /**
   * C with a default per risk segment (the card's mitigation 3): a DEFAULT answer is priced on the
   * default profile of the insured object's segment (the band or category the rule book rates the
   * object by) instead of the line's one default. Latency is C's; only the price of a DEFAULT quote
   * changes, so it is walked where DEFAULT answers are many, for its price error.
   */
  public static final BenchArm C_SD =
      declare("C_SD", Arm.C, "C+SD", "CSD", Map.of("rating.default-profile", "segment"));

  private final String name;
  private final Arm nodeArm;
  private final String label;
  private final String tag;
  private final Map<String, String> settings;

  private BenchArm(
      String name, Arm nodeArm, String label, String tag, Map<String, String> settings) {
    this.name = Objects.requireNonNull(name, "name");
    this.nodeArm = Objects.requireNonNull(nodeArm, "nodeArm");
    this.label = Objects.requireNonNull(label, "label");
    this.tag = Objects.requireNonNull(tag, "tag");
    this.settings = new java.util.TreeMap<>(settings);
    if (Arm.parse(nodeArm.label()).isEmpty()) {
      throw new IllegalArgumentException(
          "an arm runs as one of the card's arms plus overrides; " + nodeArm.label() + " is none");
    }
  }

  private static BenchArm declare(String name, Arm nodeArm, String label, String tag) {
    return declare(name, nodeArm, label, tag, Map.of());
  }

  private static BenchArm declare(
      String name, Arm nodeArm, String label, String tag, Map<String, String> settings) {
    BenchArm a = new BenchArm(name, nodeArm, label, tag, settings);
    DECLARED.add(a);
    return a;
  }

  /**
   * An arm outside the protocol: {@code nodeArm}'s card arm with its traits and {@code settings}
   * added, labelled {@code label} and tagged {@code tag} in step ids and file names. It runs as any
   * arm does and is in none of the protocol's lists ({@link #values}).
   *
   * @throws IllegalArgumentException when the tag or the label is a protocol arm's (the tag is also
   *     the name results write, so it may not be a protocol arm's name either), or the node arm is
   *     not one of the card's arms plus overrides
   */
  public static BenchArm of(String label, String tag, Arm nodeArm, Map<String, String> settings) {
    for (BenchArm a : DECLARED) {
      if (a.label.equals(label) || a.tag.equals(tag) || a.name.equals(tag)) {
        throw new IllegalArgumentException(
            "arm " + label + " (" + tag + ") would take the name of the protocol's arm " + a.label);
      }
    }
    return new BenchArm(tag, nodeArm, label, tag, settings);
  }

  /** The protocol's arms in declaration order (simplest design first). */
  public static BenchArm[] values() {
    return DECLARED.toArray(new BenchArm[0]);
  }

  /** The name results write for this arm: its constant's name ("C_PRIME"), a test arm's tag. */
  @JsonValue
  public String name() {
    return name;
  }

  /**
   * The protocol's arm named {@code name} as results write it ({@link #name}).
   *
   * @throws IllegalArgumentException naming it when no protocol arm has that name
   */
  @JsonCreator
  public static BenchArm valueOf(String name) {
    for (BenchArm a : DECLARED) {
      if (a.name.equals(name)) {
        return a;
      }
    }
    throw new IllegalArgumentException("no arm is named " + name);
  }

  /** The constant's name, as an enum's would be: what a message or a map key shows. */
  @Override
  public String toString() {
    return name;
  }

  /** The arm as the card and the report write it: the node's label, "B+CB" for {@link #B_CB}. */
  public String label() {
    return label;
  }

  /** The node's arm: its label ({@code quote.arm}) and the traits this bench arm runs it with. */
  public Arm nodeArm() {
    return nodeArm;
  }

  /** The card's arm this one is, or is a variant of (the same label, the card's traits). */
  public Arm cardArm() {
    return Arm.parse(nodeArm.label()).orElseThrow();
  }

  /** The bench arm of {@link #cardArm}: itself, or the arm this variant is a variant of (B). */
  public BenchArm base() {
    return with(a -> !a.isVariant() && a.nodeArm.equals(cardArm())).get(0);
  }

  /** The node settings this arm adds to its card arm's (empty for the card's arms and B+CB). */
  public Map<String, String> settings() {
    return java.util.Collections.unmodifiableMap(settings);
  }

  /** The traits the node runs with. */
  public ArmTraits traits() {
    return nodeArm.traits();
  }

  /** A card arm with one or more traits overridden or node settings added, e.g. B+CB, C+CR. */
  public boolean isVariant() {
    return !nodeArm.equals(cardArm()) || !settings.isEmpty();
  }

  /** Whether the node's adapter runs with the circuit breaker. */
  public boolean breaker() {
    return nodeArm.breaker();
  }

  /** Arm A has no cache: a key population means nothing to it. */
  public boolean caches() {
    return nodeArm.usesCache();
  }

  /** Whether a miss waits at most the budget, then answers STALE or DEFAULT (C, C'). */
  public boolean fallsBack() {
    return nodeArm.fallsBack();
  }

  /** Whether one provider call in flight per customer serves every miss (C'). */
  public boolean coalesces() {
    return nodeArm.coalesces();
  }

  /**
   * The node's settings for this arm: {@code quote.arm} (the card arm's label), {@code
   * quote.breaker} always stated, a {@code quote.traits.*} override for each other trait that
   * differs from the card arm's, then the variant's own {@link #settings}.
   */
  public Map<String, String> nodeSettings() {
    ArmTraits card = cardArm().traits();
    ArmTraits t = traits();
    var m = new java.util.LinkedHashMap<String, String>();
    m.put("quote.arm", nodeArm.label());
    m.put("quote.breaker", t.breaker() ? "on" : "off");
    if (t.cache() != card.cache()) {
      m.put("quote.traits.cache", onOff(t.cache()));
    }
    if (t.fallsBack() != card.fallsBack()) {
      m.put("quote.traits.falls-back", onOff(t.fallsBack()));
    }
    if (t.coalesces() != card.coalesces()) {
      m.put("quote.traits.coalesces", onOff(t.coalesces()));
    }
    m.putAll(settings);
    return m;
  }

  private static String onOff(boolean on) {
    return on ? "on" : "off";
  }

  /** The arm in step ids and file names: no quote or plus sign ("Cp", "BCB"). */
  public String tag() {
    return tag;
  }

  /** Every bench arm with {@code trait}, in declaration order. */
  public static List<BenchArm> with(Predicate<BenchArm> trait) {
    return DECLARED.stream().filter(trait).toList();
  }

  /** The card's four arms as the card defines them (no variant): A, B, C, C'. */
  public static List<BenchArm> card() {
    return with(a -> !a.isVariant());
  }

  /**
   * The card's arms that fall back after the budget (C, C'): the hypotheses' and the recovery
   * tables' arms; a variant of C is judged by the Recommendation only.
   */
  public static List<BenchArm> fallingBack() {
    return with(a -> a.fallsBack() && !a.isVariant());
  }

  /** Every variant, in declaration order: B+CB, C@80ms, C@160ms, C+RA, C+CR. */
  public static List<BenchArm> allVariants() {
    return with(BenchArm::isVariant);
  }

  /**
   * The variant labelled {@code label}; refused, naming the variants, when it is not one.
   *
   * @throws IllegalArgumentException naming the label and the variants
   */
  public static BenchArm variant(String label) {
    for (BenchArm a : allVariants()) {
      if (a.label().equals(label)) {
        return a;
      }
    }
    throw new IllegalArgumentException(
        "--variant must be one of "
            + String.join(", ", allVariants().stream().map(BenchArm::label).toList())
            + ", was "
            + label);
  }

  /** The variants of this arm's card arm (B+CB for B). */
  public List<BenchArm> variants() {
    return with(a -> a.isVariant() && a.cardArm().equals(cardArm()));
  }

  /** This arm followed by its variants (B, B+CB). */
  public List<BenchArm> andVariants() {
    var all = new java.util.ArrayList<BenchArm>();
    all.add(this);
    all.addAll(variants());
    return List.copyOf(all);
  }

  public static BenchArm ofLabel(String label) {
    for (BenchArm a : values()) {
      if (a.label().equals(label)) {
        return a;
      }
    }
    throw new IllegalArgumentException("unknown arm " + label);
  }
}
