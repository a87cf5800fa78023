package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Validates {@code docker/compose.yml} without a Docker engine (none runs on the lab machines) and
 * without a network: against the Compose Specification's JSON schema, vendored in {@code
 * docker/compose-spec/} (its README says which commit), and with the project's own checks on the
 * parsed file: every published port is bound to 127.0.0.1 on the host, the three quote nodes form
 * one cluster around one seed node and are alike but for their names and host ports, every service
 * has a memory and a CPU limit, and what the schema cannot see resolves (the services named in
 * {@code depends_on}, the files mounted and built). Variables are not substituted (their defaults
 * are checked where they matter: the arm). Where {@code docker compose} or {@code docker-compose}
 * works, its {@code config -q} runs too; elsewhere that one test is skipped.
 *
 * <p>Each check returns what it finds wrong, so that the tests at the end can break the real file
 * in memory and see the check say so.
 */
class ComposeFileTest {
  private static final String COMPOSE_FILE = "docker/compose.yml";
  private static final String SCHEMA_FILE = "docker/compose-spec/compose-spec.json";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Schema schema;

  @Test
  void composeFileMatchesTheComposeSpecificationSchema() throws Exception {
    assertThat(schemaErrors(composeFile()))
        .as("%s against the Compose Specification schema (%s)", COMPOSE_FILE, SCHEMA_FILE)
        .isEmpty();
  }

  @Test
  void everyPublishedPortIsBoundToLoopback() throws Exception {
    Map<String, Object> services = services(composeFile());
    assertThat(portProblems(services)).isEmpty();
    assertThat(services.values().stream().flatMap(s -> list(map(s).get("ports")).stream()))
        .as("the deployment publishes the quote API to the host")
        .isNotEmpty();
  }

  @Test
  void noServiceBindsAWildcardAddress() throws Exception {
    assertThat(bindProblems(services(composeFile()))).isEmpty();
  }

  @Test
  void threeQuoteNodesShareOneSeedNode() throws Exception {
    Map<String, Object> services = services(composeFile());
    assertThat(quoteNodes(services).keySet()).containsExactly("quote-1", "quote-2", "quote-3");
    assertThat(seedProblems(services)).isEmpty();
  }

  @Test
  void quoteNodesAreAlikeButForTheirNamesAndHostPorts() throws Exception {
    assertThat(quoteNodeProblems(services(composeFile()))).isEmpty();
  }

  @Test
  void everyServiceHasMemoryAndCpuLimits() throws Exception {
    Map<String, Object> services = services(composeFile());
    assertThat(services.keySet())
        .contains("redis", "postgres", "provider-double", "toxiproxy", "prometheus", "grafana");
    assertThat(limitProblems(services)).isEmpty();
  }

  @Test
  void everyReferenceResolves() throws Exception {
    assertThat(referenceProblems(services(composeFile()))).isEmpty();
  }

  @Test
  void theArmComesFromTheArmVariable() throws Exception {
    Map<String, Object> nodes = quoteNodes(services(composeFile()));
    assertThat(nodes).isNotEmpty();
    nodes.forEach(
        (node, service) -> {
          String arm = environment(service).get("QUOTE_ARM");
          assertThat(interpolate(arm, Map.of())).as("%s defaults to arm C", node).isEqualTo("C");
          assertThat(interpolate(arm, Map.of("ARM", "B")))
              .as("%s follows ARM=B", node)
              .isEqualTo("B");
        });
  }

  @Test
  void everySecretComesFromARequiredVariable() throws Exception {
    assertThat(secretProblems(services(composeFile()))).isEmpty();
  }

  /** The header's command starts no node until the trace key is set (docker/.env or the shell). */
  @Test
  void aQuoteNodeStartsOnlyWithItsSecretsSet() throws Exception {
    Map<String, String> env = environment(services(composeFile()).get("quote-1"));
    Map<String, String> none = Map.of();
    assertThatThrownBy(() -> interpolate(env.get("QUOTE_TRACE_SALT"), none))
        .hasMessageStartingWith("QUOTE_TRACE_SALT: set QUOTE_TRACE_SALT");
    assertThatThrownBy(
            () -> interpolate(env.get("QUOTE_TRACE_SALT"), Map.of("QUOTE_TRACE_SALT", "")))
        .as("empty is refused as unset")
        .hasMessageStartingWith("QUOTE_TRACE_SALT");
    Map<String, String> set =
        Map.of(
            "QUOTE_TRACE_SALT", "0123456789abcdef0",
            "LAB_ADMIN_TOKEN", "fedcba98765432100",
            "RATING_DB_PASSWORD", "pw");
    env.forEach((k, v) -> assertThat(interpolate(v, set)).as(k).doesNotContain("${"));
    assertThat(Files.readString(labRoot().resolve("docker/.env.example")))
        .contains(
            "QUOTE_TRACE_SALT=",
            "LAB_ADMIN_TOKEN=",
            "RATING_DB_PASSWORD=",
            "GRAFANA_ADMIN_PASSWORD=");
  }

  @Test
  void everyImageTagIsPinned() throws Exception {
    assertThat(imageProblems(services(composeFile()))).isEmpty();
  }

  /** Quote nodes report ready through GET /ready, and Prometheus waits for them to be healthy. */
  @Test
  void quoteNodesHaveAReadinessHealthcheck() throws Exception {
    Map<String, Object> services = services(composeFile());
    quoteNodes(services)
        .forEach(
            (node, service) ->
                assertThat(String.valueOf(map(service).get("healthcheck")))
                    .as(node)
                    .contains("/ready")
                    .contains(" 200 "));
    Map<String, Object> waits = map(map(services.get("prometheus")).get("depends_on"));
    for (String node : quoteNodes(services).keySet()) {
      assertThat(map(waits.get(node)).get("condition")).as(node).isEqualTo("service_healthy");
    }
  }

  /** The dashboard marks each change of the double's latency profile on every panel. */
  @Test
  void theDashboardAnnotatesTheProviderState() throws Exception {
    com.fasterxml.jackson.databind.JsonNode d =
        JSON.readTree(labRoot().resolve("docker/grafana/dashboards/ha01.json").toFile());
    assertThat(d.path("annotations").path("list").toString())
        .contains("provider_double_latency_median_seconds")
        .contains("{{profile}}")
        .contains("ha01-prometheus");
  }

  /** The last known values survive a Redis restart: append-only file on a named volume. */
  @Test
  void redisPersistsToANamedVolume() throws Exception {
    Map<String, Object> compose = composeFile();
    Map<String, Object> redis = map(services(compose).get("redis"));
    assertThat(list(redis.get("command"))).containsSequence("--appendonly", "yes");
    assertThat(list(redis.get("volumes"))).contains("redis-data:/data");
    assertThat(map(compose.get("volumes"))).containsKey("redis-data");
  }

  @Test
  void secretCheckNamesAPlainPasswordAndAnOptionalVariable() throws Exception {
    Map<String, Object> services = services(composeFile());
    map(map(services.get("postgres")).get("environment")).put("POSTGRES_PASSWORD", "rating");
    map(map(services.get("grafana")).get("environment"))
        .put("GF_SECURITY_ADMIN_PASSWORD", "${GRAFANA_ADMIN_PASSWORD}");
    assertThat(secretProblems(services))
        .containsExactly(
            "postgres: POSTGRES_PASSWORD is not read from a required variable (${VAR:?message})",
            "grafana: GF_SECURITY_ADMIN_PASSWORD is not read from a required variable"
                + " (${VAR:?message})");
  }

  @Test
  void imageCheckNamesAFloatingTag() throws Exception {
    Map<String, Object> services = services(composeFile());
    map(services.get("redis")).put("image", "redis:7");
    map(services.get("postgres")).put("image", "postgres");
    assertThat(imageProblems(services))
        .containsExactly(
            "redis: image redis:7 floats (pin major.minor at least)",
            "postgres: image postgres floats (pin major.minor at least)");
  }

  /** Docker's own reading of the file, where Docker's Compose is installed and works. */
  @Test
  void dockerComposeConfigAcceptsTheFile() throws Exception {
    List<String> compose = workingCompose();
    Assumptions.assumeTrue(
        compose != null,
        "neither `docker compose` nor `docker-compose` works on this machine: their `config -q`"
            + " is skipped; the file is still checked against the vendored Compose schema"
            + " (composeFileMatchesTheComposeSpecificationSchema)");
    List<String> cmd = new ArrayList<>(compose);
    cmd.addAll(List.of("-f", COMPOSE_FILE, "config", "-q"));
    Result r = run(cmd, 120);
    assertThat(r.exit).as("%s failed:%n%s", String.join(" ", cmd), r.output).isZero();
  }

  // --- the checks can fail: the real file, broken in memory ---------------------------------

  @Test
  void schemaNamesAnUnknownServiceKey() throws Exception {
    Map<String, Object> file = composeFile();
    map(services(file).get("redis")).put("imagee", "x");
    assertThat(schemaErrors(file))
        .hasSize(1)
        .first()
        .asString()
        .contains("/services/redis")
        .contains("imagee");
  }

  @Test
  void schemaNamesAValueOfTheWrongType() throws Exception {
    Map<String, Object> file = composeFile();
    map(services(file).get("postgres")).put("ports", "127.0.0.1:5432:5432");
    assertThat(schemaErrors(file))
        .hasSize(1)
        .first()
        .asString()
        .contains("/services/postgres/ports")
        .contains("array expected");
  }

  @Test
  void limitCheckNamesARemovedLimit() throws Exception {
    Map<String, Object> services = services(composeFile());
    map(services.get("postgres")).remove("mem_limit");
    map(services.get("quote-2")).remove("cpus");
    assertThat(limitProblems(services))
        .containsExactly("postgres has no memory limit", "quote-2 has no CPU limit");

    // the deploy form counts as well
    map(services.get("postgres"))
        .put(
            "deploy",
            Map.of("resources", Map.of("limits", Map.of("memory", "512m", "cpus", "1.0"))));
    assertThat(limitProblems(services)).containsExactly("quote-2 has no CPU limit");
  }

  @Test
  void referenceCheckNamesAMissingServiceAndFile() throws Exception {
    Map<String, Object> services = services(composeFile());
    Map<String, Object> dependsOn = map(map(services.get("toxiproxy")).get("depends_on"));
    dependsOn.put("provider-doubel", dependsOn.remove("provider-double"));
    map(services.get("prometheus")).put("depends_on", List.of("quote-1", "quote-4"));
    map(services.get("grafana")).put("volumes", List.of("./grafana/provisionning:/etc/grafana:ro"));
    map(map(services.get("quote-2")).get("build")).put("dockerfile", "docker/jvm.dockerfile");
    assertThat(referenceProblems(services))
        .containsExactly(
            "toxiproxy depends on provider-doubel, which is no service",
            "quote-2 builds with docker/jvm.dockerfile, which is no file",
            "prometheus depends on quote-4, which is no service",
            "grafana mounts ./grafana/provisionning, which does not exist");
  }

  @Test
  void portCheckNamesAnExposedPort() throws Exception {
    Map<String, Object> services = services(composeFile());
    List<Object> ports = new ArrayList<>(list(map(services.get("grafana")).get("ports")));
    ports.add("0.0.0.0:8001:8001");
    ports.add("8002:8002");
    ports.add(8003);
    ports.add(longPort(8004, null));
    ports.add(longPort(8005, "127.0.0.1"));
    ports.add("127.0.0.1:8080:3000");
    map(services.get("grafana")).put("ports", ports);
    map(services.get("redis")).put("network_mode", "host");
    assertThat(portProblems(services))
        .containsExactly(
            "redis uses the host's network stack (network_mode: host)",
            "grafana publishes 0.0.0.0:8001:8001: bind it to the host's loopback"
                + " (127.0.0.1:HOST:CONTAINER)",
            "grafana publishes 8002:8002: bind it to the host's loopback (127.0.0.1:HOST:CONTAINER)",
            "grafana publishes 8003: bind it to the host's loopback (127.0.0.1:HOST:CONTAINER)",
            "grafana publishes {target=8004, published=8004}: bind it to the host's loopback"
                + " (127.0.0.1:HOST:CONTAINER)",
            "grafana publishes host port 8080, as quote-1 does");
  }

  @Test
  void bindCheckNamesAWildcardAndANodeThatDoesNotBindItsName() throws Exception {
    Map<String, Object> services = services(composeFile());
    map(services.get("toxiproxy"))
        .put("command", List.of("-host=0.0.0.0", "-port=8474", "-config=/config/toxiproxy.json"));
    map(services.get("redis")).put("command", "redis-server --bind :: --port 6379");
    map(services.get("grafana")).put("entrypoint", List.of("run", "--listen", "[::]:3000"));
    Map<String, Object> env = map(map(services.get("quote-2")).get("environment"));
    env.put(
        "JAVA_TOOL_OPTIONS",
        ((String) env.get("JAVA_TOOL_OPTIONS"))
            .replace(
                "-Dpekko.management.http.bind-hostname=quote-2",
                "-Dpekko.management.http.bind-hostname=0.0.0.0")
            .replace("-Dquote.http.host=quote-2 ", ""));
    map(map(services.get("quote-3")).get("environment")).remove("QUOTE_BIND_ALLOW_NON_LOOPBACK");
    assertThat(bindProblems(services))
        .containsExactly(
            "redis binds a wildcard address (::) in its command: bind its service name on the"
                + " compose network",
            "toxiproxy binds a wildcard address (0.0.0.0) in its command: bind its service name"
                + " on the compose network",
            "quote-2 binds a wildcard address (0.0.0.0) in its environment JAVA_TOOL_OPTIONS: bind"
                + " its service name on the compose network",
            "grafana binds a wildcard address ([::]) in its entrypoint: bind its service name on"
                + " the compose network",
            "quote-2 sets quote.http.host to [], not its service name [quote-2]",
            "quote-2 sets pekko.management.http.bind-hostname to [0.0.0.0], not its service name"
                + " [quote-2]",
            "quote-3 does not set QUOTE_BIND_ALLOW_NON_LOOPBACK=true: its service-name binds"
                + " would refuse to start");
  }

  @Test
  void seedCheckNamesAForeignSeed() throws Exception {
    Map<String, Object> services = services(composeFile());
    Map<String, Object> env = map(map(services.get("quote-3")).get("environment"));
    env.put(
        "JAVA_TOOL_OPTIONS",
        ((String) env.get("JAVA_TOOL_OPTIONS"))
            .replace(
                "seed-nodes.0=pekko://quote@quote-1:7355",
                "seed-nodes.0=pekko://quote@quote-3:7355"));
    assertThat(seedProblems(services))
        .containsExactly(
            "the quote nodes set different seed-node lists: {quote-1=[pekko://quote@quote-1:7355],"
                + " quote-2=[pekko://quote@quote-1:7355], quote-3=[pekko://quote@quote-3:7355]}");
  }

  @Test
  void quoteNodeCheckNamesWhatDiffers() throws Exception {
    Map<String, Object> services = services(composeFile());
    map(services.get("quote-3")).put("image", "solventa/ha01-quote-node:other");
    Map<String, Object> healthcheck = new LinkedHashMap<>();
    healthcheck.put("test", List.of("CMD", "true"));
    healthcheck.put("interval", "2s");
    map(services.get("quote-2")).put("healthcheck", healthcheck);
    List<Object> ports = new ArrayList<>(list(map(services.get("quote-2")).get("ports")));
    ports.set(2, "127.0.0.1:9096:9096");
    map(services.get("quote-2")).put("ports", ports);
    assertThat(quoteNodeProblems(services))
        .containsExactly(
            "quote-2's healthcheck differs from quote-1's: {test=[CMD, true], interval=2s} vs "
                + map(services.get("quote-1")).get("healthcheck"),
            "quote-2's ports differs from quote-1's: [127.0.0.1:<host>:8080, 127.0.0.1:<host>:8558,"
                + " 127.0.0.1:<host>:9096] vs [127.0.0.1:<host>:8080, 127.0.0.1:<host>:8558,"
                + " 127.0.0.1:<host>:9095]",
            "quote-2 publishes container ports [8080, 8558, 9096], not its HTTP, management and"
                + " metrics ports [8080, 8558, 9095]",
            "quote-3's image differs from quote-1's: solventa/ha01-quote-node:other vs"
                + " solventa/ha01-quote-node:dev");
  }

  private static Map<String, Object> longPort(int port, String hostIp) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("target", port);
    m.put("published", port);
    if (hostIp != null) {
      m.put("host_ip", hostIp);
    }
    return m;
  }

  // --- the project's checks, on the parsed file ---------------------------------------------

  /** The schema's findings, one line each ("/services/redis: property 'imagee' is not …"). */
  static List<String> schemaErrors(Map<String, Object> file) throws IOException {
    return schema().validate(JSON.valueToTree(file)).stream().map(Object::toString).toList();
  }

  /** Host exposure is loopback only; no service shares the host's network; no host port twice. */
  static List<String> portProblems(Map<String, Object> services) {
    List<String> problems = new ArrayList<>();
    Map<String, String> hostPorts = new LinkedHashMap<>();
    services.forEach(
        (name, service) -> {
          if ("host".equals(map(service).get("network_mode"))) {
            problems.add(name + " uses the host's network stack (network_mode: host)");
          }
        });
    services.forEach(
        (name, service) -> {
          for (Object port : list(map(service).get("ports"))) {
            if (!isLoopbackPort(port)) {
              problems.add(
                  name
                      + " publishes "
                      + port
                      + ": bind it to the host's loopback (127.0.0.1:HOST:CONTAINER)");
              continue;
            }
            String host = hostPort(port);
            String other = hostPorts.putIfAbsent(host, name);
            if (other != null) {
              problems.add(name + " publishes host port " + host + ", as " + other + " does");
            }
          }
        });
    return problems;
  }

  /** A wildcard bind address as a command, an option or a config file spells it. */
  private static final Pattern WILDCARD =
      Pattern.compile("0\\.0\\.0\\.0|\\[::]|(?<=^|[=\\s\"'])::(?=$|[\\s\"':])");

  /** The keys by which a quote node binds its servers: each one must be the node's service name. */
  private static final List<String> NODE_BIND_KEYS =
      List.of(
          "quote.http.host",
          "pekko.remote.artery.canonical.hostname",
          "pekko.remote.artery.bind.hostname",
          "pekko.management.http.hostname",
          "pekko.management.http.bind-hostname",
          "kamon.prometheus.embedded-server.hostname");

  /**
   * Every server binds 127.0.0.1 or the compose network (issue 29): no service's command,
   * entrypoint, environment or mounted config file names a wildcard address ({@code 0.0.0.0},
   * {@code ::}); each quote node binds every server by its service name, with {@code
   * QUOTE_BIND_ALLOW_NON_LOOPBACK=true} (without it the node refuses a non-loopback address).
   */
  static List<String> bindProblems(Map<String, Object> services) throws IOException {
    Path dir = labRoot().resolve(COMPOSE_FILE).getParent();
    List<String> problems = new ArrayList<>();
    for (var e : services.entrySet()) {
      String name = e.getKey();
      Map<String, Object> service = map(e.getValue());
      Map<String, String> where = new LinkedHashMap<>();
      for (String key : List.of("command", "entrypoint")) {
        Object v = service.get(key);
        if (v != null) {
          where.put(
              key,
              v instanceof List<?> l
                  ? String.join(" ", l.stream().map(String::valueOf).toList())
                  : String.valueOf(v));
        }
      }
      environment(service).forEach((k, v) -> where.put("environment " + k, v == null ? "" : v));
      for (Object volume : list(service.get("volumes"))) {
        String source =
            volume instanceof Map<?, ?> v
                ? String.valueOf(v.get("source"))
                : String.valueOf(volume).split(":")[0];
        Path file = dir.resolve(source).normalize();
        if (source.startsWith("./") && Files.isRegularFile(file)) {
          where.put("mounted " + source, Files.readString(file, StandardCharsets.UTF_8));
        }
      }
      where.forEach(
          (place, text) -> {
            Matcher m = WILDCARD.matcher(text);
            if (m.find()) {
              problems.add(
                  name
                      + " binds a wildcard address ("
                      + m.group()
                      + ") in its "
                      + place
                      + ": bind its service name on the compose network");
            }
          });
    }
    quoteNodes(services)
        .forEach(
            (node, service) -> {
              String opts = javaToolOptions(service);
              for (String key : NODE_BIND_KEYS) {
                List<String> values = systemProperties(opts, Pattern.quote(key));
                if (!values.equals(List.of(node))) {
                  problems.add(
                      node
                          + " sets "
                          + key
                          + " to "
                          + values
                          + ", not its service name ["
                          + node
                          + "]");
                }
              }
              if (!"true".equals(environment(service).get("QUOTE_BIND_ALLOW_NON_LOOPBACK"))) {
                problems.add(
                    node
                        + " does not set QUOTE_BIND_ALLOW_NON_LOOPBACK=true: its service-name binds"
                        + " would refuse to start");
              }
            });
    return problems;
  }

  /**
   * What the schema cannot see: every {@code depends_on} names a service, every bind mount's source
   * ({@code ./…}, relative to the compose file) and every build's context and Dockerfile exist.
   */
  static List<String> referenceProblems(Map<String, Object> services) throws IOException {
    Path dir = labRoot().resolve(COMPOSE_FILE).getParent();
    List<String> problems = new ArrayList<>();
    for (var e : services.entrySet()) {
      String name = e.getKey();
      Map<String, Object> service = map(e.getValue());
      Object dependsOn = service.get("depends_on");
      Iterable<?> targets = dependsOn instanceof Map<?, ?> m ? m.keySet() : list(dependsOn);
      for (Object target : targets) {
        if (!services.containsKey(String.valueOf(target))) {
          problems.add(name + " depends on " + target + ", which is no service");
        }
      }
      Object build = service.get("build");
      if (build != null) {
        String context =
            build instanceof Map<?, ?> b ? String.valueOf(b.get("context")) : "" + build;
        Path contextDir = dir.resolve(context).normalize();
        Object dockerfile = map(build).getOrDefault("dockerfile", "Dockerfile");
        if (!Files.isDirectory(contextDir)) {
          problems.add(name + " builds in " + context + ", which is no directory");
        } else if (!Files.isRegularFile(contextDir.resolve(String.valueOf(dockerfile)))) {
          problems.add(name + " builds with " + dockerfile + ", which is no file");
        }
      }
      for (Object volume : list(service.get("volumes"))) {
        String source =
            volume instanceof Map<?, ?> v
                ? String.valueOf(v.get("source"))
                : String.valueOf(volume).split(":")[0];
        if ((source.startsWith("./") || source.startsWith("../"))
            && !Files.exists(dir.resolve(source))) {
          problems.add(name + " mounts " + source + ", which does not exist");
        }
      }
    }
    return problems;
  }

  /** Every service has a memory and a CPU limit (top-level keys or deploy.resources.limits). */
  /** Keys of environment variables that hold a secret. */
  private static final Pattern SECRET_VARIABLE =
      Pattern.compile(".*(PASSWORD|TOKEN|SALT|SECRET).*");

  /** A value read from a variable compose refuses to start without. */
  private static final Pattern REQUIRED_VARIABLE = Pattern.compile("\\$\\{[A-Z_]+:\\?[^}]+}");

  /** Every secret in a service's environment is {@code ${VAR:?message}}, never a literal. */
  static List<String> secretProblems(Map<String, Object> services) {
    List<String> problems = new ArrayList<>();
    services.forEach(
        (name, service) ->
            environment(service)
                .forEach(
                    (k, v) -> {
                      if (SECRET_VARIABLE.matcher(k).matches()
                          && (v == null || !REQUIRED_VARIABLE.matcher(v).matches())) {
                        problems.add(
                            name
                                + ": "
                                + k
                                + " is not read from a required variable (${VAR:?message})");
                      }
                    }));
    return problems;
  }

  /** A pinned tag: at least major.minor, optionally a v prefix and a patch. */
  private static final Pattern PINNED = Pattern.compile(".+:v?\\d+\\.\\d+(\\.\\d+)?");

  /**
   * Every pulled image names its version down to major.minor at least; an image this file builds
   * itself ({@code build:}) is exempt.
   */
  static List<String> imageProblems(Map<String, Object> services) {
    List<String> problems = new ArrayList<>();
    services.forEach(
        (name, s) -> {
          Map<String, Object> service = map(s);
          String image = String.valueOf(service.get("image"));
          if (service.get("build") == null && !PINNED.matcher(image).matches()) {
            problems.add(name + ": image " + image + " floats (pin major.minor at least)");
          }
        });
    return problems;
  }

  static List<String> limitProblems(Map<String, Object> services) {
    List<String> problems = new ArrayList<>();
    services.forEach(
        (name, s) -> {
          Map<String, Object> service = map(s);
          Map<String, Object> limits =
              map(map(map(service.get("deploy")).get("resources")).get("limits"));
          if (service.get("mem_limit") == null && limits.get("memory") == null) {
            problems.add(name + " has no memory limit");
          }
          if (service.get("cpus") == null && limits.get("cpus") == null) {
            problems.add(name + " has no CPU limit");
          }
        });
    return problems;
  }

  /**
   * The quote nodes form one cluster: each one's canonical hostname is its service name, and all
   * set the same single seed node, quote-1 at its canonical address.
   */
  static List<String> seedProblems(Map<String, Object> services) {
    List<String> problems = new ArrayList<>();
    Map<String, List<String>> seedLists = new TreeMap<>();
    Map<String, String> canonical = new LinkedHashMap<>();
    quoteNodes(services)
        .forEach(
            (node, service) -> {
              String opts = javaToolOptions(service);
              List<String> seeds = systemProperties(opts, "pekko\\.cluster\\.seed-nodes\\.\\d+");
              List<String> host =
                  systemProperties(opts, "pekko\\.remote\\.artery\\.canonical\\.hostname");
              List<String> port =
                  systemProperties(opts, "pekko\\.remote\\.artery\\.canonical\\.port");
              if (seeds.isEmpty()) {
                problems.add(node + " sets no pekko.cluster.seed-nodes");
              }
              seedLists.put(node, seeds);
              if (!host.equals(List.of(node))) {
                problems.add(node + "'s canonical hostname is " + host + ", not its service name");
              }
              if (port.size() != 1) {
                problems.add(node + " sets its canonical port " + port.size() + " times");
              } else {
                canonical.put(node, "pekko://quote@" + node + ":" + port.get(0));
              }
            });
    if (new LinkedHashSet<>(seedLists.values()).size() > 1) {
      problems.add("the quote nodes set different seed-node lists: " + seedLists);
    } else if (!seedLists.isEmpty()) {
      List<String> seeds = seedLists.values().iterator().next();
      if (seeds.size() > 1) {
        problems.add("the quote nodes set " + seeds.size() + " seed nodes, not one: " + seeds);
      } else if (!seeds.isEmpty() && !seeds.get(0).equals(canonical.get("quote-1"))) {
        problems.add("the seed " + seeds.get(0) + " is not quote-1 at " + canonical.get("quote-1"));
      }
    }
    return problems;
  }

  /**
   * The quote nodes differ only where the file makes them: their hostname, their name in the {@code
   * -D} properties (not the seed, checked above) and their host ports. Image, build, command,
   * limits, dependencies, health checks (none today: if one gets one, all must), the environment
   * and the container ports are the same, and the container ports published are the node's HTTP,
   * management and metrics ports.
   */
  static List<String> quoteNodeProblems(Map<String, Object> services) {
    List<String> problems = new ArrayList<>();
    Map<String, Object> nodes = quoteNodes(services);
    Map<String, Map<String, Object>> normalized = new TreeMap<>();
    nodes.forEach((node, service) -> normalized.put(node, normalizedNode(node, map(service))));
    if (normalized.isEmpty()) {
      return List.of("no quote-N service");
    }
    String first = normalized.keySet().iterator().next();
    Map<String, Object> reference = normalized.get(first);
    normalized.forEach(
        (node, n) -> {
          Set<String> keys = new TreeSet<>(reference.keySet());
          keys.addAll(n.keySet());
          for (String key : keys) {
            if (!Objects.equals(reference.get(key), n.get(key))) {
              problems.add(
                  node
                      + "'s "
                      + key
                      + " differs from "
                      + first
                      + "'s: "
                      + n.get(key)
                      + " vs "
                      + reference.get(key));
            }
          }
          Map<String, Object> service = map(nodes.get(node));
          if (!node.equals(service.get("hostname"))) {
            problems.add(node + "'s hostname is " + service.get("hostname") + ", not " + node);
          }
          String opts = javaToolOptions(service);
          List<String> listening = new ArrayList<>();
          for (String p :
              List.of(
                  "quote\\.http\\.port",
                  "pekko\\.management\\.http\\.port",
                  "kamon\\.prometheus\\.embedded-server\\.port")) {
            listening.addAll(systemProperties(opts, p));
          }
          List<String> published =
              list(service.get("ports")).stream().map(ComposeFileTest::containerPort).toList();
          if (!published.equals(listening)) {
            problems.add(
                node
                    + " publishes container ports "
                    + published
                    + ", not its HTTP, management and metrics ports "
                    + listening);
          }
        });
    return problems;
  }

  private static Map<String, Object> normalizedNode(String node, Map<String, Object> service) {
    Map<String, Object> n = new TreeMap<>(service);
    n.remove("hostname");
    Map<String, Object> env = new TreeMap<>(environment(service));
    String opts = (String) env.get("JAVA_TOOL_OPTIONS");
    if (opts != null) {
      List<String> tokens = new ArrayList<>();
      for (String token : opts.trim().split("\\s+")) {
        boolean seed = token.startsWith("-Dpekko.cluster.seed-nodes.");
        tokens.add(seed ? token : token.replace(node, "<node>"));
      }
      env.put("JAVA_TOOL_OPTIONS", String.join(" ", tokens));
    }
    n.put("environment", env);
    List<String> ports = new ArrayList<>();
    for (Object port : list(service.get("ports"))) {
      ports.add(port instanceof Map<?, ?> ? port.toString() : withoutHostPort(port.toString()));
    }
    n.put("ports", ports);
    return n;
  }

  // --- reading the file ---------------------------------------------------------------------

  /**
   * The file as YAML's own tree (maps, lists, scalars), anchors and {@code <<} merge keys resolved
   * (as Compose does), duplicate keys refused. Variables are not substituted.
   */
  static Map<String, Object> composeFile() throws IOException {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    String text = Files.readString(labRoot().resolve(COMPOSE_FILE), StandardCharsets.UTF_8);
    Object tree = new Yaml(new SafeConstructor(options)).load(text);
    // a deep copy: aliased nodes are shared objects in SnakeYAML's tree, and the tests mutate it
    return map(copy(tree));
  }

  private static Object copy(Object o) {
    if (o instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), copy(v)));
      return out;
    }
    if (o instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(v -> out.add(copy(v)));
      return out;
    }
    return o;
  }

  private static synchronized Schema schema() throws IOException {
    if (schema == null) {
      Path file = labRoot().resolve(SCHEMA_FILE);
      // the schema's $id is relative ("compose_spec.json"): resolve it against the file's location
      schema =
          SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
              .getSchema(SchemaLocation.of(file.toUri().toString()), JSON.readTree(file.toFile()));
    }
    return schema;
  }

  static Map<String, Object> services(Map<String, Object> file) {
    return map(file.get("services"));
  }

  static Map<String, Object> quoteNodes(Map<String, Object> services) {
    Map<String, Object> nodes = new TreeMap<>();
    services.forEach(
        (name, service) -> {
          if (name.matches("quote-\\d+")) {
            nodes.put(name, service);
          }
        });
    return nodes;
  }

  /** A service's environment as a map, from either the mapping or the list ("K=V") form. */
  static Map<String, String> environment(Object service) {
    Object env = map(service).get("environment");
    Map<String, String> out = new LinkedHashMap<>();
    if (env instanceof Map<?, ?> m) {
      m.forEach((k, v) -> out.put(String.valueOf(k), v == null ? null : String.valueOf(v)));
    } else {
      for (Object item : list(env)) {
        String s = String.valueOf(item);
        int eq = s.indexOf('=');
        out.put(eq < 0 ? s : s.substring(0, eq), eq < 0 ? null : s.substring(eq + 1));
      }
    }
    return out;
  }

  private static String javaToolOptions(Object service) {
    return Objects.requireNonNullElse(environment(service).get("JAVA_TOOL_OPTIONS"), "");
  }

  /** Short syntax {@code 127.0.0.1:HOST:CONTAINER[/proto]}, or long syntax with that host_ip. */
  static boolean isLoopbackPort(Object port) {
    if (port instanceof Map<?, ?> m) {
      return "127.0.0.1".equals(String.valueOf(m.get("host_ip")));
    }
    return String.valueOf(port).matches("127\\.0\\.0\\.1:\\d+(-\\d+)?:\\d+(-\\d+)?(/(tcp|udp))?");
  }

  private static String hostPort(Object port) {
    if (port instanceof Map<?, ?> m) {
      return String.valueOf(m.get("published"));
    }
    return String.valueOf(port).split(":")[1];
  }

  private static String containerPort(Object port) {
    if (port instanceof Map<?, ?> m) {
      return String.valueOf(m.get("target"));
    }
    String s = String.valueOf(port);
    return s.substring(s.lastIndexOf(':') + 1).replaceFirst("/(tcp|udp)$", "");
  }

  private static String withoutHostPort(String port) {
    String[] parts = port.split(":");
    if (parts.length == 3) {
      return parts[0] + ":<host>:" + parts[2];
    }
    return port;
  }

  /** The values of {@code -D<name>=<value>} in JAVA_TOOL_OPTIONS, in order. */
  static List<String> systemProperties(String opts, String nameRegex) {
    Matcher m = Pattern.compile("-D" + nameRegex + "=([^\\s'\"]+)").matcher(opts);
    List<String> values = new ArrayList<>();
    while (m.find()) {
      values.add(m.group(1));
    }
    return values;
  }

  /** Compose's {@code ${VAR}}, {@code ${VAR:-default}} and {@code ${VAR-default}}. */
  /**
   * Compose's interpolation of {@code ${VAR}}, {@code ${VAR-default}}, {@code ${VAR:-default}} and
   * the required forms {@code ${VAR?message}} / {@code ${VAR:?message}}, which refuse (here: throw,
   * naming the variable and the message) when the variable is unset, or also empty for {@code :?}.
   */
  static String interpolate(String value, Map<String, String> env) {
    Matcher m =
        Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?}").matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String v = env.get(m.group(1));
      String op = m.group(2);
      boolean missing = v == null || op != null && op.startsWith(":") && v.isEmpty();
      if (op != null && op.endsWith("?") && missing) {
        throw new IllegalStateException(m.group(1) + ": " + m.group(3));
      }
      if (op != null && op.endsWith("-") && missing) {
        v = m.group(3);
      }
      m.appendReplacement(out, Matcher.quoteReplacement(v == null ? "" : v));
    }
    m.appendTail(out);
    return out.toString();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return o instanceof Map<?, ?> ? (Map<String, Object>) o : new LinkedHashMap<>();
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object o) {
    return o instanceof List<?> ? (List<Object>) o : List.of();
  }

  // --- Docker's Compose, where it works -----------------------------------------------------

  private record Result(int exit, String output) {}

  /** {@code docker compose} or {@code docker-compose}, whichever answers {@code version}. */
  private static List<String> workingCompose() throws Exception {
    for (List<String> candidate :
        List.of(List.of("docker", "compose"), List.of("docker-compose"))) {
      Path exe = findOnPath(candidate.get(0));
      if (exe == null) {
        continue;
      }
      List<String> cmd = new ArrayList<>(candidate);
      cmd.set(0, exe.toString());
      List<String> version = new ArrayList<>(cmd);
      version.add("version");
      if (run(version, 30).exit == 0) {
        return cmd;
      }
    }
    return null;
  }

  private static Result run(List<String> cmd, int timeoutSeconds) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(labRoot().toFile());
    // the file's own defaults, not whatever the caller's shell exports
    pb.environment().remove("ARM");
    pb.environment().remove("QUOTE_JAVA_OPTS");
    pb.environment().remove("COMPOSE_FILE");
    Path out = Files.createTempFile("compose", ".out");
    try {
      pb.redirectErrorStream(true).redirectOutput(out.toFile());
      Process p = pb.start();
      p.getOutputStream().close();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail(String.join(" ", cmd) + " did not finish within " + timeoutSeconds + " s");
      }
      return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
    }
  }

  private static Path labRoot() throws IOException {
    String root = System.getProperty("lab.root");
    Path p = root != null && !root.isBlank() ? Path.of(root) : Path.of("..");
    return p.toRealPath();
  }

  private static Path findOnPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
