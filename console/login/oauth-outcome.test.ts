import { describe, expect, it } from 'vitest';
import { oauthOutcome } from './oauth-outcome.ts';

const outcome = (query: string) => oauthOutcome(new URLSearchParams(query));

describe('third-party sign-in landing', () => {
  it('names the four failures', () => {
    expect(outcome('error=bind_user')).toBe('bind');
    expect(outcome('error=invalid_app')).toBe('invalidApp');
    expect(outcome('error=invalid_user')).toBe('invalidUser');
    expect(outcome('error=access_denied')).toBe('failed');
  });

  it('waits when a token came back, and calls an empty answer a failure', () => {
    expect(outcome('token=abc')).toBe('pending');
    expect(outcome('')).toBe('failed');
    expect(outcome('token=abc&error=invalid_app')).toBe('invalidApp');
  });
});
