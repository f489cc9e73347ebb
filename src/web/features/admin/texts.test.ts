import { describe, expect, it } from 'vitest';
import { isHttpUrlOrEmpty, parseDiscount } from './texts.ts';

describe('parseDiscount', () => {
  it('reads numbers with a comma or a dot (the range is the contract’s discountProblem)', () => {
    expect(parseDiscount('0')).toBe(0);
    expect(parseDiscount('100')).toBe(100);
    expect(parseDiscount('150')).toBe(150);
    expect(parseDiscount(' 12,5 ')).toBe(12.5);
  });
  it('refuses empty, negative and non-numbers', () => {
    for (const bad of ['', '-1', 'abc', '1e2']) expect(parseDiscount(bad)).toBeNull();
  });
});

describe('isHttpUrlOrEmpty', () => {
  it('accepts http(s) and empty only', () => {
    expect(isHttpUrlOrEmpty('')).toBe(true);
    expect(isHttpUrlOrEmpty('https://example.com/a.pdf')).toBe(true);
    expect(isHttpUrlOrEmpty('HTTP://example.com')).toBe(true);
    expect(isHttpUrlOrEmpty('javascript:alert(1)')).toBe(false);
    expect(isHttpUrlOrEmpty('ftp://example.com')).toBe(false);
    expect(isHttpUrlOrEmpty('https://exa mple.com')).toBe(false);
  });
});
