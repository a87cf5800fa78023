package solventa.providerdouble;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The documented contract (docs/provider-contract.md) as assertions: field names, formats and enums
 * of the profile bundle and of the Open Finance error shape.
 */
final class Contract {
  static final Pattern AMOUNT = Pattern.compile("^-?\\d{1,15}\\.\\d{2,4}$");
  static final Pattern UNSIGNED_AMOUNT = Pattern.compile("^\\d{1,15}\\.\\d{2,4}$");
  static final Pattern DATE_TIME =
      Pattern.compile(
          "^(\\d{4})-(1[0-2]|0?[1-9])-(3[01]|[12][0-9]|0?[1-9])T(?:[01]\\d|2[0123]):(?:[012345]\\d):(?:[012345]\\d)Z$");
  static final Pattern DATE =
      Pattern.compile("^(\\d{4})-(1[0-2]|0[1-9])-(3[01]|[12][0-9]|0[1-9])$");
  static final Set<String> FREQUENCIES =
      Set.of(
          "DIARIA",
          "SEMANAL",
          "QUINZENAL",
          "MENSAL",
          "BIMESTRAL",
          "TRIMESTRAL",
          "SEMESTRAL",
          "ANUAL",
          "OUTROS");
  static final Set<String> PRODUCTS =
      Set.of(
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
          "CREDENCIAMENTO",
          "OUTROS");
  static final Set<String> ACCOUNT_TYPES =
      Set.of("CONTA_DEPOSITO_A_VISTA", "CONTA_POUPANCA", "CONTA_PAGAMENTO_PRE_PAGA");

  private Contract() {}

  /** Asserts a 200 body; sections and fields named by the customer's gaps must be absent. */
  static void assertBundle(JsonNode body, Customer customer, String selfPrefix) {
    assertThat(body.fieldNames()).toIterable().containsExactly("data", "links", "meta");
    assertThat(body.at("/links/self").asText()).isEqualTo(selfPrefix + customer.id());
    assertThat(body.at("/meta/requestDateTime").asText()).matches(DATE_TIME);
    JsonNode data = body.get("data");

    JsonNode id = data.get("identification");
    assertThat(id).as("identification is always present").isNotNull();
    assertThat(id.get("updateDateTime").asText()).matches(DATE_TIME);
    assertThat(id.get("personalId").asText()).isNotBlank();
    assertThat(id.get("brandName").asText()).isNotBlank();
    assertThat(id.get("civilName").asText()).isNotBlank();
    assertThat(id.get("birthDate").asText()).matches(DATE);
    assertThat(id.at("/documents/cpfNumber").asText()).matches("\\d{11}");

    JsonNode q = data.get("qualification");
    assertThat(q == null).isEqualTo(customer.gaps().contains(Gap.NO_QUALIFICATION));
    if (q != null) {
      assertThat(q.get("updateDateTime").asText()).matches(DATE_TIME);
      JsonNode income = q.get("informedIncome");
      assertThat(income == null).isEqualTo(customer.gaps().contains(Gap.NO_INFORMED_INCOME));
      if (income != null) {
        assertThat(income.get("frequency").asText()).isIn(FREQUENCIES);
        assertAmount(income.get("amount"), AMOUNT);
        assertThat(income.get("date").asText()).matches(DATE);
      }
      JsonNode patrimony = q.get("informedPatrimony");
      assertThat(patrimony == null).isEqualTo(customer.gaps().contains(Gap.NO_INFORMED_PATRIMONY));
      if (patrimony != null) {
        assertAmount(patrimony.get("amount"), AMOUNT);
        assertThat(patrimony.get("year").isInt()).isTrue();
      }
    }

    JsonNode f = data.get("financialRelation");
    assertThat(f == null).isEqualTo(customer.gaps().contains(Gap.NO_FINANCIAL_RELATION));
    if (f != null) {
      assertThat(f.get("updateDateTime").asText()).matches(DATE_TIME);
      assertThat(f.has("startDate")).isEqualTo(!customer.gaps().contains(Gap.NO_START_DATE));
      if (f.has("startDate")) {
        assertThat(f.get("startDate").asText()).matches(DATE_TIME);
      }
      assertThat(f.get("productsServicesType").size()).isBetween(1, 12);
      f.get("productsServicesType").forEach(p -> assertThat(p.asText()).isIn(PRODUCTS));
      assertThat(f.get("accounts").isArray()).isTrue();
      for (JsonNode a : f.get("accounts")) {
        assertThat(a.get("compeCode").asText()).matches("\\d{3}");
        assertThat(a.get("branchCode").asText()).matches("\\d{4}");
        assertThat(a.get("number").asText()).matches("\\d{8,20}");
        assertThat(a.get("checkDigit").asText()).matches("\\w");
        assertThat(a.get("type").asText()).isIn(ACCOUNT_TYPES);
        assertThat(a.get("subtype").asText())
            .isIn("INDIVIDUAL", "CONJUNTA_SIMPLES", "CONJUNTA_SOLIDARIA");
      }
    }

    JsonNode balances = data.get("balances");
    assertThat(balances == null).isEqualTo(customer.gaps().contains(Gap.NO_BALANCES));
    if (balances != null) {
      assertThat(balances.size()).isPositive();
      for (JsonNode b : balances) {
        assertThat(b.get("accountId").asText()).startsWith("acc-" + customer.id());
        assertThat(b.has("availableAmount"))
            .isEqualTo(!customer.gaps().contains(Gap.NO_AVAILABLE_AMOUNT));
        if (b.has("availableAmount")) {
          assertAmount(b.get("availableAmount"), AMOUNT);
        }
        assertAmount(b.get("blockedAmount"), UNSIGNED_AMOUNT);
        assertAmount(b.get("automaticallyInvestedAmount"), AMOUNT);
        assertThat(b.get("updateDateTime").asText()).matches(DATE_TIME);
      }
    }
  }

  static void assertAmount(JsonNode amount, Pattern pattern) {
    assertThat(amount.fieldNames()).toIterable().containsExactly("amount", "currency");
    assertThat(amount.get("amount").isTextual()).as("amounts are strings").isTrue();
    assertThat(amount.get("amount").asText()).matches(pattern);
    assertThat(amount.get("currency").asText()).isEqualTo("BRL");
  }

  /** Asserts the Open Finance error shape with one error of {@code code}. */
  static void assertOpenFinanceError(JsonNode body, String code) {
    assertThat(body.fieldNames()).toIterable().containsExactly("errors", "meta");
    assertThat(body.get("errors").size()).isEqualTo(1);
    JsonNode e = body.get("errors").get(0);
    assertThat(e.get("code").asText()).isEqualTo(code);
    assertThat(e.get("title").asText()).isNotBlank();
    assertThat(e.get("detail").asText()).isNotBlank();
    assertThat(body.at("/meta/requestDateTime").asText()).matches(DATE_TIME);
  }
}
