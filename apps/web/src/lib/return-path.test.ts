import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, returnPathIn, sameOriginPath } from './return-path';

describe('sameOriginPath', () => {
  it.each(['/checkout/q3Xb_9-kLm2PzT8rVw0aYc4dEf6gHi1J', '/campaigns?tab=archived&page=2', '/receipts/12', '/'])(
    'keeps the portal path %s',
    (path) => expect(sameOriginPath(path)).toBe(path),
  );

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['an absolute address', 'https://evil.example/checkout/x'],
    ['an address without a scheme', '//evil.example/checkout'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['backslashes further on', '/\\/evil.example'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'checkout/x'],
    ['a tab that parsers drop', '/\t/evil.example'],
    ['a line break', '/\n/evil.example'],
    ['a NUL', '/checkout\u0000'],
    ['a C1 control character', '/\u0085/evil.example'],
    ['a scheme after spaces', ' https://evil.example'],
  ])('refuses %s', (_, value) => expect(sameOriginPath(value)).toBeNull());
});

describe('returnPathIn', () => {
  it('reads a safe ?redirect= and ignores a hostile one', () => {
    expect(returnPathIn('?redirect=%2Fcheckout%2Fabc%3Fx%3D1')).toBe('/checkout/abc?x=1');
    expect(returnPathIn('?redirect=%2F%2Fevil.example')).toBeNull();
    expect(returnPathIn('?redirect=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathIn('?redirect=%2F%5Cevil.example')).toBeNull();
    expect(returnPathIn('')).toBeNull();
  });
});

describe('loginPathReturningTo', () => {
  it('names the page and its query in ?redirect=', () => {
    expect(loginPathReturningTo('/', { pathname: '/checkout/abc', search: '?x=1&y=2' })).toBe(
      '/?redirect=%2Fcheckout%2Fabc%3Fx%3D1%26y%3D2',
    );
    expect(returnPathIn(loginPathReturningTo('/', { pathname: '/balance', search: '' }).slice(1))).toBe('/balance');
  });

  it('leaves out a location that is not a plain path of the portal', () => {
    expect(loginPathReturningTo('/', { pathname: '//evil.example', search: '' })).toBe('/');
  });
});
