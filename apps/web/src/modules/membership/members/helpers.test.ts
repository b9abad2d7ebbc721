import { describe, expect, it } from 'vitest';
import { cameraErrorMessage, fitWithin, photoError } from '../../../lib/camera';
import { initialsOf } from './MemberAvatar';
import { memberPath, tabOfPath } from './paths';
import { formatTime } from './time';

describe('member paths', () => {
  it("builds a member's page and tab paths, and reads the tab back", () => {
    expect(memberPath(42)).toBe('/membership/members/42');
    expect(memberPath(42, 'payment-history')).toBe('/membership/members/42/payment-history');
    expect(tabOfPath('/membership/members/42')).toBe('');
    expect(tabOfPath('/membership/members/42/attendence')).toBe('attendence');
    expect(tabOfPath('/membership/members/42/perfomence?x=1')).toBe('perfomence');
    expect(tabOfPath('/membership/members/42/nonsense')).toBe('');
  });
});

describe('photo and camera', () => {
  it('accepts images up to 2 MB only', () => {
    expect(photoError({ type: 'image/jpeg', size: 500_000 })).toBeNull();
    expect(photoError({ type: 'application/pdf', size: 1 })).toMatch(/PNG, JPEG/);
    expect(photoError({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toMatch(/2 MB/);
    expect(photoError(null)).toBeNull();
  });

  it('says why the camera cannot be used', () => {
    expect(cameraErrorMessage({ name: 'NotAllowedError' })).toMatch(/not allowed/);
    expect(cameraErrorMessage({ name: 'NotFoundError' })).toMatch(/No camera/);
    expect(cameraErrorMessage({ name: 'NotReadableError' })).toMatch(/in use/);
    expect(cameraErrorMessage(new Error('x'))).toMatch(/could not be started/);
  });

  it('scales a frame down to fit, never up', () => {
    expect(fitWithin(1280, 720)).toEqual({ width: 720, height: 405 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(0, 0)).toEqual({ width: 0, height: 0 });
  });
});

describe('formatting', () => {
  it("shows a check-in as a 24-hour time in the organisation's zone", () => {
    expect(formatTime('2026-11-23T12:42:00Z', 'Asia/Kolkata')).toBe('18:12');
    expect(formatTime('2026-11-23T00:05:00+05:30', 'Asia/Kolkata')).toBe('00:05');
    expect(formatTime(null)).toBe('');
  });
  it('makes initials of a name', () => {
    expect(initialsOf('Asha Rao')).toBe('AR');
    expect(initialsOf('  vikram  ')).toBe('V');
    expect(initialsOf('')).toBe('?');
  });
});
