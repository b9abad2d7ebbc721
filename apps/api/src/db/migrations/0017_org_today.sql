-- The organisation's today, in its own time zone, for the organisation of the transaction
-- (`app.organisation_id`); null outside one. Lists order by it without a date literal in their SQL
-- (the booking list: the date nearest today first), so their statements stay the same all day.
CREATE OR REPLACE FUNCTION arena_org_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE time_zone)::date FROM organisation
  WHERE id = nullif(current_setting('app.organisation_id', true), '')::bigint
$$;
