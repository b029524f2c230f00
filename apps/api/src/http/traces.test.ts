import { describe, expect, it } from 'vitest';
import { describeStatement } from './traces.js';

/** The names of statement spans (test/ops/traces.test.ts sends them to a receiver). */
describe('describeStatement', () => {
  it.each([
    ['insert into "purchases" ("id", "number") values ($1, $2)', 'INSERT', 'purchases'],
    ['update "products" set available = "products"."available" - $1', 'UPDATE', 'products'],
    ['delete from "sessions" where "token" = $1', 'DELETE', 'sessions'],
    ['select "id", "name" from "products" where "id" = $1', 'SELECT', 'products'],
    // The outer FROM, not a subquery's or a function's.
    [
      'select (select count(*) from "orders" o where o.purchase_id = p.id), extract(year from now()) from "purchases" p',
      'SELECT',
      'purchases',
    ],
    ['  SELECT count(*)::int as n from jobs where state <> $1', 'SELECT', 'jobs'],
  ])('%s: %s %s', (text, operation, collection) => {
    expect(describeStatement(text)).toEqual({ operation, collection });
  });

  it.each([
    ['begin', 'BEGIN'],
    ['select extract(epoch from now()) * 1000 as ms', 'SELECT'],
    ['with t as (select 1) select * from t', 'WITH'],
  ])('%s: %s alone', (text, operation) => {
    expect(describeStatement(text)).toEqual({ operation });
  });

  it('names nothing when the text starts with no word', () => {
    expect(describeStatement('/* comment */ select 1')).toEqual({});
  });
});
