package solventa.providerdouble;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.regex.Pattern;
import solventa.vocabulary.InsuredObjects;

/**
 * The double's customers and their data, a pure function of (seed, customer index): the same
 * customer always gets the same bundle, byte for byte (only {@code meta.requestDateTime} and {@code
 * links.self} vary per call). Dates are relative to the fixed {@link #REFERENCE_TIME}, never to the
 * wall clock, for the same reason.
 *
 * <p>Each customer draws from its own {@code SplittableRandom(mix(seed, index))}: first a uniform
 * that decides whether it is incomplete ({@code < incompleteShare}); then, if so, one or two {@link
 * Gap}s; then its data. Its monthly income is log-normal around its risk segment's median ({@link
 * #medianIncome}), the one field that depends on what the quote request shows.
 */
public final class CustomerUniverse {

  /** {@code c} followed by exactly 8 digits. */
  public static final Pattern ID = Pattern.compile("c\\d{8}");

  /** Every generated date-time lies before this instant. */
  public static final Instant REFERENCE_TIME = Instant.parse("2026-11-30T10:00:00Z");

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Gap[] GAPS = Gap.values();
  private static final String[] FIRST =
      "Ana,Bruno,Carla,Daniel,Eduarda,Felipe,Gabriela,Henrique,Isabela,João,Larissa,Marcos,Natália,Otávio,Paula,Rafael,Sofia,Tiago,Vitória,Wagner"
          .split(",");
  private static final String[] LAST =
      "Silva,Santos,Oliveira,Souza,Rodrigues,Ferreira,Alves,Pereira,Lima,Gomes,Costa,Ribeiro,Martins,Carvalho,Almeida,Lopes"
          .split(",");
  private static final String[] BRANDS = {
    "Organização A", "Organização B", "Banco Cooperativo C", "Instituição de Pagamento D"
  };
  private static final String[] FREQUENCIES = {
    "DIARIA",
    "SEMANAL",
    "QUINZENAL",
    "MENSAL",
    "BIMESTRAL",
    "TRIMESTRAL",
    "SEMESTRAL",
    "ANUAL",
    "OUTROS"
  };
  private static final String[] PRODUCTS = {
    "CONTA_DEPOSITO_A_VISTA",
    "CONTA_POUPANCA",
    "CONTA_PAGAMENTO_PRE_PAGA",
    "CARTAO_CREDITO",
    "OPERACAO_CREDITO",
    "SEGURO",
    "PREVIDENCIA",
    "INVESTIMENTO",
    "OPERACOES_CAMBIO",
    "CONTA_SALARIO",
    "CREDENCIAMENTO"
  };
  private static final String[] ACCOUNT_TYPES = {
    "CONTA_DEPOSITO_A_VISTA", "CONTA_POUPANCA", "CONTA_PAGAMENTO_PRE_PAGA"
  };
  private static final String[] SUBTYPES = {"INDIVIDUAL", "CONJUNTA_SIMPLES", "CONJUNTA_SOLIDARIA"};
  private static final String[] STATES = {"SP", "RJ", "MG", "RS", "PR", "BA", "PE", "DF"};
  private static final String[] TOWNS = {
    "São Paulo",
    "Rio de Janeiro",
    "Belo Horizonte",
    "Porto Alegre",
    "Curitiba",
    "Salvador",
    "Recife",
    "Brasília"
  };

  private final long seed;
  private final int size;
  private final double incompleteShare;

  public CustomerUniverse(long seed, int size, double incompleteShare) {
    this.seed = seed;
    this.size = size;
    this.incompleteShare = incompleteShare;
  }

  public int size() {
    return size;
  }

  /** The id of the customer at {@code index}. */
  public static String idOf(int index) {
    return String.format("c%08d", index);
  }

  /** Whether {@code id} has the documented format (says nothing about the universe's size). */
  public static boolean wellFormed(String id) {
    return id != null && ID.matcher(id).matches();
  }

  /** The customer with this id, empty if the id is malformed or outside the universe. */
  public Optional<Customer> find(String id) {
    if (!wellFormed(id)) {
      return Optional.empty();
    }
    int index = Integer.parseInt(id.substring(1));
    return index < size ? Optional.of(customer(index)) : Optional.empty();
  }

  /** The customer at {@code index}, {@code 0 <= index < size()}. */
  public Customer customer(int index) {
    if (index < 0 || index >= size) {
      throw new IllegalArgumentException("index " + index + " outside 0.." + (size - 1));
    }
    return new Customer(idOf(index), index, gaps(randomFor(index)));
  }

  /** The bundle's {@code data} section for {@code customer}. */
  public ObjectNode data(Customer customer) {
    SplittableRandom r = randomFor(customer.index());
    EnumSet<Gap> gaps = gaps(r); // consumes the same draws as customer(), keeping data stable
    ObjectNode data = JSON.objectNode();
    data.set("identification", identification(r, customer));
    ObjectNode qualification = qualification(r, gaps, customer.index());
    if (!gaps.contains(Gap.NO_QUALIFICATION)) {
      data.set("qualification", qualification);
    }
    int accountCount = 1 + r.nextInt(4);
    ObjectNode relation = financialRelation(r, gaps, accountCount);
    if (!gaps.contains(Gap.NO_FINANCIAL_RELATION)) {
      data.set("financialRelation", relation);
    }
    ArrayNode balances = balances(r, gaps, customer, accountCount);
    if (!gaps.contains(Gap.NO_BALANCES)) {
      data.set("balances", balances);
    }
    return data;
  }

  private SplittableRandom randomFor(int index) {
    return new SplittableRandom(mix64(seed ^ mix64(index + 0x5DEECE66DL)));
  }

  private EnumSet<Gap> gaps(SplittableRandom r) {
    boolean incomplete = r.nextDouble() < incompleteShare;
    int first = r.nextInt(GAPS.length);
    boolean two = r.nextBoolean();
    int second = r.nextInt(GAPS.length);
    EnumSet<Gap> gaps = EnumSet.noneOf(Gap.class);
    if (incomplete) {
      gaps.add(GAPS[first]);
      if (two) {
        gaps.add(GAPS[second]);
      }
    }
    return gaps;
  }

  private ObjectNode identification(SplittableRandom r, Customer customer) {
    String first = pick(r, FIRST);
    String last = pick(r, LAST);
    String last2 = pick(r, LAST);
    ObjectNode id = JSON.objectNode();
    id.put("updateDateTime", dateTime(r, 365));
    id.put("personalId", new UUID(r.nextLong(), r.nextLong()).toString());
    id.put("brandName", pick(r, BRANDS));
    id.put("civilName", first + " " + last + " " + last2);
    id.put("socialName", "");
    id.put(
        "birthDate",
        LocalDate.of(1950 + r.nextInt(56), 1 + r.nextInt(12), 1 + r.nextInt(28)).toString());
    id.put(
        "maritalStatusCode",
        pick(r, new String[] {"SOLTEIRO", "CASADO", "DIVORCIADO", "VIUVO", "UNIAO_ESTAVEL"}));
    id.put("sex", r.nextBoolean() ? "FEMININO" : "MASCULINO");
    id.put("hasBrazilianNationality", true);
    ObjectNode documents = id.putObject("documents");
    documents.put("cpfNumber", cpf(r));
    ArrayNode cnpjs = id.putArray("companiesCnpj");
    cnpjs.add(digits(r, 14));
    ObjectNode contacts = id.putObject("contacts");
    ObjectNode address = contacts.putArray("postalAddresses").addObject();
    int town = r.nextInt(TOWNS.length);
    address.put("isMain", true);
    address.put("address", "Rua " + pick(r, LAST) + ", " + (1 + r.nextInt(3000)));
    address.put("districtName", "Centro");
    address.put("townName", TOWNS[town]);
    address.put("countrySubDivision", STATES[town]);
    address.put("postCode", digits(r, 8));
    address.put("country", "Brasil");
    ObjectNode phone = contacts.putArray("phones").addObject();
    phone.put("isMain", true);
    phone.put("type", "MOVEL");
    phone.put("countryCallingCode", "55");
    phone.put("areaCode", String.valueOf(11 + r.nextInt(89)));
    phone.put("number", "9" + digits(r, 8));
    ObjectNode email = contacts.putArray("emails").addObject();
    email.put("isMain", true);
    email.put(
        "email",
        stripAccents(first + "." + last).toLowerCase(java.util.Locale.ROOT)
            + customer.index()
            + "@example.com");
    return id;
  }

  private ObjectNode qualification(SplittableRandom r, EnumSet<Gap> gaps, int index) {
    ObjectNode q = JSON.objectNode();
    q.put("updateDateTime", dateTime(r, 365));
    q.put("companyCnpj", digits(r, 14));
    q.put("occupationCode", "RECEITA_FEDERAL");
    q.put("occupationDescription", digits(r, 4));
    long incomeCents =
        Math.round(Math.exp(Math.log(medianIncome(index)) + 0.7 * gaussian(r)) * 100);
    ObjectNode income = JSON.objectNode();
    income.put("frequency", r.nextInt(4) == 0 ? pick(r, FREQUENCIES) : "MENSAL");
    income.set("amount", amount(Math.max(100_00, incomeCents)));
    income.put(
        "date", LocalDate.of(2025 + r.nextInt(2), 1 + r.nextInt(12), 1 + r.nextInt(28)).toString());
    if (!gaps.contains(Gap.NO_INFORMED_INCOME)) {
      q.set("informedIncome", income);
    }
    ObjectNode patrimony = JSON.objectNode();
    patrimony.set("amount", amount(r.nextLong(2_000_000_00L)));
    patrimony.put("year", 2020 + r.nextInt(6));
    if (!gaps.contains(Gap.NO_INFORMED_PATRIMONY)) {
      q.set("informedPatrimony", patrimony);
    }
    return q;
  }

  /**
   * The median monthly income, R$, of the customer at {@code index}: its risk segment's ({@link
   * InsuredObjects#medianMonthlyIncome}), the segment of the insured object the load sends for it.
   * That is the world's declared correlation between what a quote request shows and the profile the
   * provider knows; around the median the income stays log-normal with σ = 0.7.
   */
  static double medianIncome(int index) {
    return InsuredObjects.medianMonthlyIncome(InsuredObjects.segmentOf(index));
  }

  private ObjectNode financialRelation(SplittableRandom r, EnumSet<Gap> gaps, int accountCount) {
    ObjectNode f = JSON.objectNode();
    f.put("updateDateTime", dateTime(r, 365));
    String start = dateTime(r, 365 * 20);
    if (!gaps.contains(Gap.NO_START_DATE)) {
      f.put("startDate", start);
    }
    ArrayNode products = f.putArray("productsServicesType");
    products.add("CONTA_DEPOSITO_A_VISTA");
    int extra = r.nextInt(4);
    for (int i = 0; i < extra; i++) {
      String p = PRODUCTS[1 + r.nextInt(PRODUCTS.length - 1)];
      if (!contains(products, p)) {
        products.add(p);
      }
    }
    f.putArray("procurators");
    ArrayNode accounts = f.putArray("accounts");
    for (int i = 0; i < accountCount; i++) {
      ObjectNode a = accounts.addObject();
      a.put("compeCode", String.format("%03d", 1 + r.nextInt(999)));
      a.put("branchCode", digits(r, 4));
      a.put("number", digits(r, 8));
      a.put("checkDigit", String.valueOf(r.nextInt(10)));
      a.put("type", i == 0 ? ACCOUNT_TYPES[0] : pick(r, ACCOUNT_TYPES));
      a.put("subtype", r.nextInt(5) == 0 ? pick(r, SUBTYPES) : "INDIVIDUAL");
    }
    return f;
  }

  private ArrayNode balances(
      SplittableRandom r, EnumSet<Gap> gaps, Customer customer, int accountCount) {
    ArrayNode balances = JSON.arrayNode();
    for (int i = 0; i < accountCount; i++) {
      ObjectNode b = balances.addObject();
      b.put("accountId", "acc-" + customer.id() + "-" + i);
      long available = Math.round(Math.exp(Math.log(3000) + 1.2 * gaussian(r)) * 100);
      if (r.nextInt(20) == 0) {
        available = -available / 10; // an overdrawn account now and then
      }
      ObjectNode availableAmount = amount(available);
      if (!gaps.contains(Gap.NO_AVAILABLE_AMOUNT)) {
        b.set("availableAmount", availableAmount);
      }
      b.set("blockedAmount", amount(r.nextInt(10) == 0 ? r.nextLong(50_000_00L) : 0));
      b.set("automaticallyInvestedAmount", amount(r.nextBoolean() ? r.nextLong(100_000_00L) : 0));
      b.put("updateDateTime", dateTime(r, 2));
    }
    return balances;
  }

  /** {@code {amount: "1234.5600", currency: "BRL"}}: 4 decimals, as the spec's pattern allows. */
  private static ObjectNode amount(long cents) {
    ObjectNode a = JSON.objectNode();
    a.put("amount", BigDecimal.valueOf(cents, 2).setScale(4).toPlainString());
    a.put("currency", "BRL");
    return a;
  }

  private static String dateTime(SplittableRandom r, int maxDaysBack) {
    long seconds = r.nextLong(maxDaysBack * 86_400L);
    return REFERENCE_TIME.minusSeconds(seconds).truncatedTo(ChronoUnit.SECONDS).toString();
  }

  private static String pick(SplittableRandom r, String[] values) {
    return values[r.nextInt(values.length)];
  }

  private static String digits(SplittableRandom r, int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
    return sb.toString();
  }

  /** A CPF with valid check digits. */
  private static String cpf(SplittableRandom r) {
    int[] d = new int[11];
    for (int i = 0; i < 9; i++) {
      d[i] = r.nextInt(10);
    }
    d[9] = cpfDigit(d, 9);
    d[10] = cpfDigit(d, 10);
    StringBuilder sb = new StringBuilder(11);
    for (int x : d) {
      sb.append(x);
    }
    return sb.toString();
  }

  private static int cpfDigit(int[] d, int n) {
    int sum = 0;
    for (int i = 0; i < n; i++) {
      sum += d[i] * (n + 1 - i);
    }
    int rest = (sum * 10) % 11;
    return rest == 10 ? 0 : rest;
  }

  private static double gaussian(SplittableRandom r) {
    return Math.sqrt(-2.0 * Math.log(1.0 - r.nextDouble()))
        * Math.cos(2.0 * Math.PI * r.nextDouble());
  }

  private static boolean contains(ArrayNode array, String value) {
    for (var node : array) {
      if (node.asText().equals(value)) {
        return true;
      }
    }
    return false;
  }

  private static String stripAccents(String s) {
    return java.text.Normalizer.normalize(s, java.text.Normalizer.Form.NFD)
        .replaceAll("\\p{M}", "");
  }

  /** Stafford's mix13 (as in SplittableRandom): decorrelates nearby seeds and indices. */
  private static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
