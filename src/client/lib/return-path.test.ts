import { describe, expect, it } from 'vitest';
import { authPagePath, returnPathFrom, safeReturnPath } from './return-path';

describe('the path a customer returns to after logging in', () => {
  it('is a page of this site with its query and anchor', () => {
    expect(safeReturnPath('/service?service=abc123#book')).toBe('/service?service=abc123#book');
    expect(safeReturnPath('/my-appointments')).toBe('/my-appointments');
  });

  it('never leads to another site, however the address is dressed up', () => {
    for (const hostile of [
      'https://evil.example/',
      '//evil.example/service',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'evil.example/service',
      ' /service',
    ]) {
      expect(safeReturnPath(hostile), hostile).toBe('/');
    }
  });

  it('falls back to the home page for nothing, too long a path, or a login page itself', () => {
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath('')).toBe('/');
    expect(safeReturnPath(`/service?x=${'a'.repeat(1100)}`)).toBe('/');
    expect(safeReturnPath('/login?next=/service')).toBe('/');
    expect(safeReturnPath('/service/../signup')).toBe('/');
    expect(safeReturnPath('//evil.example', '/service')).toBe('/service');
  });
});

describe('the login link of a page', () => {
  it('names the page to come back to, and nothing for the home page', () => {
    expect(authPagePath('/login', returnPathFrom({ pathname: '/service', search: '?service=s1', hash: '#book' }))).toBe(
      '/login?next=%2Fservice%3Fservice%3Ds1%23book',
    );
    expect(authPagePath('/login', returnPathFrom({ pathname: '/', search: '', hash: '' }))).toBe('/login');
  });

  it('keeps the way back through the sign-up page and back to the login page', () => {
    const onLogin = { pathname: '/login', search: '?next=%2Fmy-appointments', hash: '' };
    expect(authPagePath('/signup', returnPathFrom(onLogin))).toBe('/signup?next=%2Fmy-appointments');
    const hostile = { pathname: '/login', search: '?next=https%3A%2F%2Fevil.example', hash: '' };
    expect(authPagePath('/signup', returnPathFrom(hostile))).toBe('/signup');
  });
});
