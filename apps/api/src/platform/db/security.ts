/**
 * Database-side tenancy and privileges, applied after every migration run (idempotent).
 *
 * - `arena_app` is the role the application works as: not the owner of any table, no
 *   BYPASSRLS, so row-level security applies to every statement it runs.
 * - Every table in `public` with an `organisation_id` column, except the platform tables
 *   below, gets RLS enabled and forced with one policy: rows are visible and writable only
 *   when `organisation_id` equals the transaction's `app.organisation_id`. A new module's
 *   tables are covered as soon as their migration adds the column — no per-table step to forget.
 * - The audit log is append-only for the application.
 */
export const APP_ROLE = 'arena_app';

/**
 * The login role the pool connects as: a member of `arena_app` and nothing else, so an
 * application session can never become the owner or a superuser (`SET ROLE postgres` fails).
 */
export const LOGIN_ROLE = 'arena_login';

/** Creates a role unless it exists (roles belong to the cluster; two databases may race to create one). */
function createRole(name: string, attributes: string): string {
  return `DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${name}') THEN
         CREATE ROLE ${name} ${attributes} NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
       END IF;
     EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
     END $$`;
}

/** Platform tables keyed by organisation that are filtered in code, not by RLS. */
export const PLATFORM_TABLES = [
  'organisation',
  'app_user',
  'auth_token',
  'one_time_key',
  'throttle_event',
  'subscription_plan',
  'addon',
  'payment_order',
  'payment_event',
];

/** Tables the application may insert into and read but never update or delete. */
export const APPEND_ONLY_TABLES = ['audit_log'];

const TENANT_PREDICATE = `organisation_id = nullif(current_setting('app.organisation_id', true), '')::bigint`;

export function securityStatements(): string[] {
  const platform = PLATFORM_TABLES.map((t) => `'${t}'`).join(', ');
  return [
    createRole(APP_ROLE, 'NOLOGIN'),
    `DO $$ BEGIN
       IF NOT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') THEN
         EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
       END IF;
     EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
     END $$`,
    `GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`,
    ...APPEND_ONLY_TABLES.map((t) => `REVOKE UPDATE, DELETE, TRUNCATE ON TABLE ${t} FROM ${APP_ROLE}`),
    `DO $$ DECLARE t record; BEGIN
       FOR t IN
         SELECT c.relname FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'organisation_id' AND NOT a.attisdropped
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname NOT IN (${platform})
       LOOP
         EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
         EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.relname);
         IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.relname AND policyname = 'tenant_isolation') THEN
           EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (${TENANT_PREDICATE.replace(/'/g, "''")}) WITH CHECK (${TENANT_PREDICATE.replace(/'/g, "''")})', t.relname);
         END IF;
       END LOOP;
     END $$`,
  ];
}

/** The login role with its password (derived by the caller), granted the application role only. */
export function loginRoleStatements(password: string): string[] {
  return [
    createRole(LOGIN_ROLE, 'LOGIN'),
    `ALTER ROLE ${LOGIN_ROLE} WITH LOGIN PASSWORD '${password}'`,
    `GRANT ${APP_ROLE} TO ${LOGIN_ROLE}`,
  ];
}

/** The job queue's schema (graphile-worker, migrated by its library) opened to the application role. */
export function jobQueueGrants(): string[] {
  return [
    `GRANT USAGE ON SCHEMA graphile_worker TO ${APP_ROLE}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA graphile_worker TO ${APP_ROLE}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA graphile_worker TO ${APP_ROLE}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA graphile_worker TO ${APP_ROLE}`,
    // graphile-worker enables RLS on its private tables (only their owner may touch them); the
    // application role works the queue, so it gets a policy of its own on each.
    `DO $$ DECLARE t record; BEGIN
       FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'graphile_worker' AND c.relkind = 'r' AND c.relrowsecurity
       LOOP
         IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'graphile_worker' AND tablename = t.relname AND policyname = 'arena_app_queue') THEN
           EXECUTE format('CREATE POLICY arena_app_queue ON graphile_worker.%I FOR ALL TO ${APP_ROLE} USING (true) WITH CHECK (true)', t.relname);
         END IF;
       END LOOP;
     END $$`,
  ];
}
