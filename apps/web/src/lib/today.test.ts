import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../state/auth';
import { todayIso } from './today';

describe('todayIso', () => {
  afterEach(() => authStore.set({ organisation: null }));

  it("gives the organisation's date, not UTC's, just after midnight in India", () => {
    const at = new Date('2026-11-22T19:00:00Z'); // 00:30 IST on the 23rd
    expect(todayIso(at, 'Asia/Kolkata')).toBe('2026-11-23');
    expect(todayIso(at, 'UTC')).toBe('2026-11-22');
  });

  it("reads the signed-in organisation's zone, and falls back to India for a missing or unknown one", () => {
    const at = new Date('2026-11-22T19:00:00Z');
    authStore.set({ organisation: { id: 1, display_name: 'X', display_picture: null, subdomain: 'x', time_zone: 'America/New_York' } });
    expect(todayIso(at)).toBe('2026-11-22');
    expect(todayIso(at, 'Not/AZone')).toBe('2026-11-23');
    authStore.set({ organisation: null });
    expect(todayIso(at)).toBe('2026-11-23');
  });
});
