import { describe, expect, it } from 'vitest';
import { breadcrumbOf } from './Breadcrumb';

const labels = (path: string, names: Record<string, string> = {}) => breadcrumbOf(path, names).map((c) => c.label);

describe('breadcrumbOf', () => {
  it('names a member by the name their page gives, and the tab by the menu, never by id or path spelling', () => {
    expect(labels('/membership/members/122/perfomence', { '/membership/members/122': 'Tanvi Deshmukh (MEM-00122)' })).toEqual([
      'Home',
      'Membership',
      'Members',
      'Tanvi Deshmukh (MEM-00122)',
      'Performance',
    ]);
    // Until the page names it, the member's step reads as its segment; the tab always by the menu.
    expect(labels('/membership/members/122/attendence')).toEqual(['Home', 'Membership', 'Members', '122', 'Attendance']);
  });

  it('labels a parameter by its segment until the page names it', () => {
    expect(labels('/accounts/41')).toEqual(['Home', 'Accounts', '41']);
    expect(labels('/accounts/41', { '/accounts/41': 'Tax invoice IN/26-27/00012' }).at(-1)).toBe('Tax invoice IN/26-27/00012');
  });
});

describe('breadcrumb links', () => {
  it('links a step that has a page, and names without linking one that has none (a batch on the way to its roll call)', () => {
    const crumbs = breadcrumbOf('/membership/batch/7/roll-call', { '/membership/batch/7': 'Morning Yoga' });
    expect(crumbs.map((c) => [c.label, c.page])).toEqual([
      ['Home', true],
      ['Membership', true],
      ['Batch', true],
      ['Morning Yoga', false],
      ['Roll Call', true],
    ]);
  });
});
