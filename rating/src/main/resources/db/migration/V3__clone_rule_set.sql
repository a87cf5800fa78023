-- clone_rule_set(source, target, effective_from, description): copies every rule of a version
-- into a new one with a later effective date; the actuary then edits the copy. This is how a
-- second version is prepared (and how the version-takeover test builds one).
create function clone_rule_set(source text, target text, effective timestamptz, descr text)
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
end;
$$;
