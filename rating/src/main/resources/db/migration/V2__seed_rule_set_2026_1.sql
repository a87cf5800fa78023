-- Seed rule set 2026.1: a realistic, documented tariff for the testbed (rationale in
-- docs/rating.md). Amounts in BRL; premiums are annual.

insert into line_of_business (code, name, currency) values
  ('auto', 'Auto (vehicle, comprehensive)', 'BRL'),
  ('home', 'Home (residential, building)',  'BRL'),
  ('life', 'Life (term, individual)',       'BRL');

insert into rule_set (version, effective_from, max_uncertainty, description) values
  ('2026.1', '2026-01-01T00:00:00Z', 0.4000,
   'Seed tariff for HA-01: auto 4.5% of vehicle value, home 0.11% of property value, life 0.18% of insured amount');

insert into base_rate (version, line, exposure_rate, minimum_premium) values
  ('2026.1', 'auto', 0.04500000, 650.00),   -- comprehensive cover ~4.5% of FIPE value a year
  ('2026.1', 'home', 0.00110000, 180.00),   -- building cover ~0.11% of value a year
  ('2026.1', 'life', 0.00180000, 120.00);   -- term life ~1.8 per mille at the reference age

-- auto: older vehicles theft/breakdown risk, newest ones expensive parts
insert into object_band_factor (version, line, field, lower_bound, upper_bound, factor) values
  ('2026.1', 'auto', 'vehicleYear', null, 2010, 1.2500),
  ('2026.1', 'auto', 'vehicleYear', 2010, 2018, 1.1000),
  ('2026.1', 'auto', 'vehicleYear', 2018, 2024, 1.0000),
  ('2026.1', 'auto', 'vehicleYear', 2024, null, 1.0500);

-- life: mortality grows roughly exponentially with age
insert into object_band_factor (version, line, field, lower_bound, upper_bound, factor) values
  ('2026.1', 'life', 'age', null, 30, 0.6000),
  ('2026.1', 'life', 'age',   30, 40, 0.8500),
  ('2026.1', 'life', 'age',   40, 50, 1.3000),
  ('2026.1', 'life', 'age',   50, 60, 2.2000),
  ('2026.1', 'life', 'age',   60, 70, 3.8000),
  ('2026.1', 'life', 'age',   70, null, 6.5000);

-- home: fire and storm exposure by construction
insert into object_category_factor (version, line, field, category, factor) values
  ('2026.1', 'home', 'constructionType', 'masonry', 1.0000),
  ('2026.1', 'home', 'constructionType', 'mixed',   1.1500),
  ('2026.1', 'home', 'constructionType', 'wood',    1.4000);

-- Open Finance signals: financial stability correlates with lower claim frequency and lapse.
insert into signal_band_factor (version, line, signal, lower_bound, upper_bound, factor) values
  ('2026.1', 'auto', 'MONTHLY_INCOME',      null,  3000, 1.0600),
  ('2026.1', 'auto', 'MONTHLY_INCOME',      3000, 10000, 1.0000),
  ('2026.1', 'auto', 'MONTHLY_INCOME',     10000,  null, 0.9600),
  ('2026.1', 'auto', 'RELATIONSHIP_MONTHS', null,    12, 1.0500),
  ('2026.1', 'auto', 'RELATIONSHIP_MONTHS',   12,    60, 1.0000),
  ('2026.1', 'auto', 'RELATIONSHIP_MONTHS',   60,  null, 0.9500),
  ('2026.1', 'auto', 'PRODUCTS_HELD',       null,     2, 1.0300),
  ('2026.1', 'auto', 'PRODUCTS_HELD',          2,     4, 1.0000),
  ('2026.1', 'auto', 'PRODUCTS_HELD',          4,  null, 0.9700),
  ('2026.1', 'auto', 'BLOCKED_BALANCE',     null,  0.01, 1.0000),
  ('2026.1', 'auto', 'BLOCKED_BALANCE',     0.01,  null, 1.0800),

  ('2026.1', 'home', 'PATRIMONY',           null,  100000, 1.0500),
  ('2026.1', 'home', 'PATRIMONY',         100000, 1000000, 1.0000),
  ('2026.1', 'home', 'PATRIMONY',        1000000,    null, 0.9700),
  ('2026.1', 'home', 'MONTHLY_INCOME',      null,    3000, 1.0400),
  ('2026.1', 'home', 'MONTHLY_INCOME',      3000,   10000, 1.0000),
  ('2026.1', 'home', 'MONTHLY_INCOME',     10000,    null, 0.9800),
  ('2026.1', 'home', 'AVAILABLE_BALANCE',   null,       0, 1.0600),
  ('2026.1', 'home', 'AVAILABLE_BALANCE',      0,    5000, 1.0200),
  ('2026.1', 'home', 'AVAILABLE_BALANCE',   5000,    null, 1.0000),
  ('2026.1', 'home', 'RELATIONSHIP_MONTHS', null,      24, 1.0300),
  ('2026.1', 'home', 'RELATIONSHIP_MONTHS',   24,    null, 0.9800),

  ('2026.1', 'life', 'MONTHLY_INCOME',      null,   3000, 1.0800),
  ('2026.1', 'life', 'MONTHLY_INCOME',      3000,  10000, 1.0000),
  ('2026.1', 'life', 'MONTHLY_INCOME',     10000,   null, 0.9400),
  ('2026.1', 'life', 'PATRIMONY',           null, 100000, 1.0300),
  ('2026.1', 'life', 'PATRIMONY',         100000,   null, 0.9800),
  ('2026.1', 'life', 'INVESTED_BALANCE',    null,   1000, 1.0200),
  ('2026.1', 'life', 'INVESTED_BALANCE',    1000,   null, 0.9700),
  ('2026.1', 'life', 'PRODUCTS_HELD',       null,      2, 1.0400),
  ('2026.1', 'life', 'PRODUCTS_HELD',          2,   null, 1.0000),
  ('2026.1', 'life', 'RELATIONSHIP_MONTHS', null,     24, 1.0300),
  ('2026.1', 'life', 'RELATIONSHIP_MONTHS',   24,   null, 0.9800);

-- A missing signal is priced prudently (loading ~ the worst band's excess) and widens the range
-- by how much that signal moves the premium.
insert into missing_signal_loading (version, line, signal, loading, range_weight) values
  ('2026.1', 'auto', 'MONTHLY_INCOME',      0.0400, 0.0600),
  ('2026.1', 'auto', 'RELATIONSHIP_MONTHS', 0.0200, 0.0300),
  ('2026.1', 'auto', 'PRODUCTS_HELD',       0.0100, 0.0200),
  ('2026.1', 'auto', 'BLOCKED_BALANCE',     0.0300, 0.0400),
  ('2026.1', 'home', 'PATRIMONY',           0.0300, 0.0500),
  ('2026.1', 'home', 'MONTHLY_INCOME',      0.0200, 0.0300),
  ('2026.1', 'home', 'AVAILABLE_BALANCE',   0.0200, 0.0200),
  ('2026.1', 'home', 'RELATIONSHIP_MONTHS', 0.0100, 0.0200),
  ('2026.1', 'life', 'MONTHLY_INCOME',      0.0500, 0.0800),
  ('2026.1', 'life', 'PATRIMONY',           0.0200, 0.0300),
  ('2026.1', 'life', 'INVESTED_BALANCE',    0.0200, 0.0300),
  ('2026.1', 'life', 'PRODUCTS_HELD',       0.0100, 0.0200),
  ('2026.1', 'life', 'RELATIONSHIP_MONTHS', 0.0100, 0.0200);

-- Fresh and cached profiles are the customer's own: no widening. A stale one may have moved
-- since it was fetched; a default one says nothing about the customer.
insert into origin_range_weight (version, origin, range_weight) values
  ('2026.1', 'FRESH',   0.0000),
  ('2026.1', 'CACHED',  0.0000),
  ('2026.1', 'STALE',   0.0500),
  ('2026.1', 'DEFAULT', 0.1500);

-- The default profile per line (card: "el valor de respaldo se modela como constante por ramo"):
-- a median Open Finance customer, so a default quote is neither a discount nor a penalty.
insert into default_profile (version, line, signal, value)
select '2026.1', l.code, d.signal, d.value
from line_of_business l
cross join (values
  ('MONTHLY_INCOME',        4500.00),
  ('PATRIMONY',           150000.00),
  ('RELATIONSHIP_MONTHS',     36.00),
  ('PRODUCTS_HELD',            2.00),
  ('AVAILABLE_BALANCE',     2500.00),
  ('BLOCKED_BALANCE',          0.00),
  ('INVESTED_BALANCE',      5000.00)) as d(signal, value);
