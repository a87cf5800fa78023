-- Default profiles per risk segment: an alternative to the line's one default_profile for a
-- quote whose provider gave nothing (origin DEFAULT), used when rating.default-profile = segment.
-- The segments are the bands and categories the rule book already rates the insured object by
-- (object_band_factor, object_category_factor); a segment is keyed exactly as the engine labels
-- it: a band as '[lower,upper)' with '(-inf' and '+inf)' for an open end, e.g. '[2010,2018)', a
-- category by its value, e.g. 'masonry'. The loader checks, in the segment mode only, that the
-- rows match the object rule's segments one for one and cover every rated signal.
create table segment_default_profile (
  version text not null,
  line    text not null,
  segment text not null,
  signal  text not null,
  value   numeric(16,2) not null,
  primary key (version, line, segment, signal),
  foreign key (version, line) references base_rate on delete cascade
);

-- Seed for 2026.1: the actuary calibrated each segment's default on the segment's median
-- customer. It is the line's default profile (V2: the median Open Finance customer) with the
-- segment's median monthly income, 4500 x the segment's income multiple: older cars, wooden
-- houses and the youngest insured earn less than the line's median; new cars, masonry houses and
-- insured in their fifties earn more.
with segment (line, segment, income) as (values
  ('auto', '(-inf,2010)',  2475.00),   -- x 0.55
  ('auto', '[2010,2018)',  3600.00),   -- x 0.80
  ('auto', '[2018,2024)',  5400.00),   -- x 1.20
  ('auto', '[2024,+inf)', 10800.00),   -- x 2.40
  ('home', 'masonry',      5850.00),   -- x 1.30
  ('home', 'mixed',        3600.00),   -- x 0.80
  ('home', 'wood',         2250.00),   -- x 0.50
  ('life', '(-inf,30)',    2700.00),   -- x 0.60
  ('life', '[30,40)',      4050.00),   -- x 0.90
  ('life', '[40,50)',      5400.00),   -- x 1.20
  ('life', '[50,60)',      6750.00),   -- x 1.50
  ('life', '[60,70)',      5850.00),   -- x 1.30
  ('life', '[70,+inf)',    4500.00)),  -- x 1.00
median (signal, value) as (values
  ('PATRIMONY',           150000.00),
  ('RELATIONSHIP_MONTHS',     36.00),
  ('PRODUCTS_HELD',            2.00),
  ('AVAILABLE_BALANCE',     2500.00),
  ('BLOCKED_BALANCE',          0.00),
  ('INVESTED_BALANCE',      5000.00))
insert into segment_default_profile (version, line, segment, signal, value)
select '2026.1', s.line, s.segment, 'MONTHLY_INCOME', s.income from segment s
union all
select '2026.1', s.line, s.segment, m.signal, m.value from segment s cross join median m;

-- clone_rule_set (V3) now copies the segment defaults too, so a version prepared by cloning
-- still starts in the segment mode.
create or replace function clone_rule_set(source text, target text, effective timestamptz, descr text)
returns void
language plpgsql
set search_path from current
as $$
begin
  insert into rule_set (version, effective_from, max_uncertainty, description)
    select target, effective, max_uncertainty, descr from rule_set where version = source;
  if not found then
    raise exception 'clone_rule_set: no rule set %', source;
  end if;
  insert into base_rate (version, line, exposure_rate, minimum_premium)
    select target, line, exposure_rate, minimum_premium from base_rate where version = source;
  insert into object_band_factor (version, line, field, lower_bound, upper_bound, factor)
    select target, line, field, lower_bound, upper_bound, factor
    from object_band_factor where version = source;
  insert into object_category_factor (version, line, field, category, factor)
    select target, line, field, category, factor
    from object_category_factor where version = source;
  insert into signal_band_factor (version, line, signal, lower_bound, upper_bound, factor)
    select target, line, signal, lower_bound, upper_bound, factor
    from signal_band_factor where version = source;
  insert into missing_signal_loading (version, line, signal, loading, range_weight)
    select target, line, signal, loading, range_weight
    from missing_signal_loading where version = source;
  insert into origin_range_weight (version, origin, range_weight)
    select target, origin, range_weight from origin_range_weight where version = source;
  insert into default_profile (version, line, signal, value)
    select target, line, signal, value from default_profile where version = source;
  insert into segment_default_profile (version, line, segment, signal, value)
    select target, line, segment, signal, value
    from segment_default_profile where version = source;
end;
$$;
