-- The rule book of :MotorRating. Read once at start-up into memory; never on the quote path.
-- Keys and references are enforced here; the rating semantics (signs, band coverage, default
-- profiles) are validated by the loader in one place so a broken rule set is refused with a
-- message that names the rule (docs/rating.md).

create table line_of_business (
  code     text primary key,        -- 'auto', 'home', 'life': the quote API's lineOfBusiness
  name     text not null,
  currency char(3) not null         -- ISO 4217; every premium of the line is in it
);

-- A version of the whole rule set. The version in force at instant t is the one with the
-- latest effective_from <= t, so a new version takes over by itself when its date comes.
create table rule_set (
  version         text primary key,           -- '2026.1'; appears in every priced result
  effective_from  timestamptz not null unique,
  max_uncertainty numeric(6,4) not null,      -- cap on the range half-width, fraction of premium
  description     text not null
);

-- premium before factors = insured amount (the line's exposure field) x exposure_rate
create table base_rate (
  version         text not null references rule_set on delete cascade,
  line            text not null references line_of_business,
  exposure_rate   numeric(12,8) not null,     -- per unit of insured amount, per year
  minimum_premium numeric(12,2) not null,
  primary key (version, line)
);

-- Bands over the line's numeric rated field (auto: vehicleYear, life: age): [lower, upper),
-- null = unbounded. The bands of one (version, line, field) must tile the number line.
create table object_band_factor (
  id          bigint generated always as identity primary key,
  version     text not null,
  line        text not null,
  field       text not null,
  lower_bound numeric,
  upper_bound numeric,
  factor      numeric(8,4) not null,
  foreign key (version, line) references base_rate on delete cascade
);

-- A factor per value of the line's categorical rated field (home: constructionType).
create table object_category_factor (
  version  text not null,
  line     text not null,
  field    text not null,
  category text not null,
  factor   numeric(8,4) not null,
  primary key (version, line, field, category),
  foreign key (version, line) references base_rate on delete cascade
);

-- Factors by band of a canonical signal (solventa.signals.Signal). A signal with bands in a
-- line is "rated" there: it then needs a missing-signal loading and a default-profile value.
create table signal_band_factor (
  id          bigint generated always as identity primary key,
  version     text not null,
  line        text not null,
  signal      text not null,
  lower_bound numeric,
  upper_bound numeric,
  factor      numeric(8,4) not null,
  foreign key (version, line) references base_rate on delete cascade
);

-- What a missing rated signal costs: premium x (1 + loading), range half-width + range_weight.
create table missing_signal_loading (
  version      text not null,
  line         text not null,
  signal       text not null,
  loading      numeric(6,4) not null,
  range_weight numeric(6,4) not null,
  primary key (version, line, signal),
  foreign key (version, line) references base_rate on delete cascade
);

-- Range half-width added by the origin of the profile (STALE and DEFAULT are required).
create table origin_range_weight (
  version      text not null references rule_set on delete cascade,
  origin       text not null,
  range_weight numeric(6,4) not null,
  primary key (version, origin)
);

-- The line's fallback profile: what the quote prices on when no customer profile is known.
create table default_profile (
  version text not null,
  line    text not null,
  signal  text not null,
  value   numeric(16,2) not null,
  primary key (version, line, signal),
  foreign key (version, line) references base_rate on delete cascade
);
