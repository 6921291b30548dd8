import { describe, expect, it } from 'vitest';
import type { TransactionRow } from '../transactions/transaction-row.ts';
import { mergeRows, type DayRow } from './day-answer-cache.ts';

/** A cached row whose day key is `key` (the merge looks only at ids, keys and identity). */
const row = (id: string, key = id): DayRow => ({ row: { id } as TransactionRow, key, cumVes: '0', cumUsd: '0', json: `{"id":"${id}"}` });

describe('mergeRows: the cached rows with the rows written since, in the day order', () => {
  const a = row('a');
  const c = row('c');
  const e = row('e');
  const cached = [a, c, e];
  const ids = (rows: DayRow[]) => rows.map((r) => r.row.id).join('');

  it.each([
    // [case, fetched, count in the snapshot, rows after, first index to redo]
    ['nothing written, same count: all kept', [], 3, 'ace', 3],
    ['an append: one new row at the end', [row('f')], 4, 'acef', 3],
    ['two appends at the end (the count grew by both)', [row('f'), row('g')], 5, 'acefg', 3],
    ['two new rows, one of them before the end', [row('b'), row('f')], 5, 'abcef', 1],
    ['an insert in the middle: redo from its place', [row('b')], 4, 'abce', 1],
    ['an insert before everything', [row('0')], 4, '0ace', 0],
    ['an edit in place: the fetched version replaces the cached one', [row('c')], 3, 'ace', 1],
    ['an edit that moves a row later in the day', [row('a', 'd')], 3, 'cae', 0],
    ['two appends and an edit', [row('c'), row('g'), row('h')], 5, 'acegh', 1],
  ] as const)('%s', (_, fetched, count, expected, from) => {
    const merged = mergeRows(cached, [...fetched], count);
    expect(merged).not.toBeNull();
    expect(ids(merged!.rows)).toBe(expected);
    expect(merged!.from).toBe(from);
    // Rows before `from` are the cached objects themselves (their running profit and JSON stay).
    merged!.rows.slice(0, from).forEach((r, i) => expect(r).toBe(cached[i]));
  });

  it.each([
    // A cached row left the day (delete, move, reset): the count is smaller than what is kept.
    ['a delete', [], 2],
    ['a delete and an insert (same count)', [row('f')], 3],
    ['a row moved out and another one edited', [row('c')], 2],
    // A row written since but not fetched (the count is larger than what the merge has).
    ['an insert the read did not see', [], 4],
  ] as const)('%s: not the day, read it whole', (_, fetched, count) => {
    expect(mergeRows(cached, [...fetched], count)).toBeNull();
  });

  it('does not change the cached list (a concurrent read may still use it)', () => {
    const before = [...cached];
    mergeRows(cached, [row('b'), row('c')], 4);
    expect(cached).toEqual(before);
  });
});
