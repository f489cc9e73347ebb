import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { optionalPhoneField, PHONE_TEXTS, whatsappNumber, whatsappReplyLink } from './phone.ts';

describe('whatsappNumber', () => {
  it.each([
    ['11-4444-0000', '5491144440000'],
    ['011 15-4444-0000', '5491144440000'],
    ['+54 9 11 4444-0000', '5491144440000'],
    ['+54 11 4444-0000', '5491144440000'],
    ['5491144440000', '5491144440000'],
    ['0054 9 11 4444 0000', '5491144440000'],
    ['(0351) 155-123456', '5493515123456'],
    ['0221 15 555 1234', '5492215551234'],
    ['02944 15 12 3456', '5492944123456'],
    ['+1 (555) 123-4567', '15551234567'],
  ])('%s → %s', (typed, digits) => {
    expect(whatsappNumber(typed)).toBe(digits);
  });

  it.each(['', 'sin teléfono', '4444-0000', '123'])('finds no number in %j', (typed) => {
    expect(whatsappNumber(typed)).toBeNull();
  });

  it('builds the reply link with the text encoded, or none without a number', () => {
    expect(whatsappReplyLink('11 4444 0000', 'Hola Ana, ¿cómo está?')).toBe(
      'https://wa.me/5491144440000?text=Hola%20Ana%2C%20%C2%BFc%C3%B3mo%20est%C3%A1%3F',
    );
    expect(whatsappReplyLink(null, 'Hola')).toBeNull();
  });
});

describe('optionalPhoneField', () => {
  it.each(['011 15-4444-0000', '+54 9 341 456 7890', '4444-0000', '0341 456-7890 int. 23', ''])('takes %j', (typed) => {
    expect(z.safeParse(optionalPhoneField, typed).success).toBe(true);
  });

  it.each(['no tengo', 'abc', '12345', '1'.repeat(21)])('refuses %j, saying why', (typed) => {
    const result = z.safeParse(optionalPhoneField, typed);
    expect(result.error?.issues[0]?.message).toBe(PHONE_TEXTS.invalid);
  });

  it('trims what it takes', () => {
    expect(z.parse(optionalPhoneField, '  11 4444-0000 ')).toBe('11 4444-0000');
  });
});
