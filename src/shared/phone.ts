/**
 * Phone numbers as customers type them, for a WhatsApp reply (issue 21 item 8; docs/product.md §10.5).
 * Argentine numbers are written many ways (`011 15-4444-0000`, `+54 9 11 4444-0000`, `(0351) 155-123456`);
 * WhatsApp wants the international mobile form `549` + area code + number, without the trunk `0`
 * and without the `15` mobile prefix.
 */
import * as z from 'zod/mini';

/** Digits of a national Argentine number (area code + subscriber). */
const AR_NATIONAL_DIGITS = 10;

/**
 * The `wa.me` digits of a typed phone: an Argentine number (no country code, or `54`) becomes
 * `549…`; a number typed with another country code (`+` or `00`) is kept as typed.
 * @returns null when the text holds no usable number (too few or too many digits).
 */
export function whatsappNumber(phone: string): string | null {
  const typed = phone.trim();
  let digits = typed.replace(/\D/g, '');
  const international = typed.startsWith('+') || digits.startsWith('00');
  digits = digits.replace(/^00/, '');
  if (international && !digits.startsWith('54')) return digits.length >= 8 && digits.length <= 15 ? digits : null;
  if (international || (digits.startsWith('54') && digits.length >= 12)) digits = digits.slice(2);
  digits = digits.replace(/^0/, '');
  if (digits.length === AR_NATIONAL_DIGITS + 1 && digits.startsWith('9')) digits = digits.slice(1);
  if (digits.length === AR_NATIONAL_DIGITS + 2) {
    // The "15" after an area code of 2, 3 or 4 digits.
    const at = [2, 3, 4].find((length) => digits.slice(length, length + 2) === '15');
    if (at !== undefined) digits = digits.slice(0, at) + digits.slice(at + 2);
  }
  return digits.length === AR_NATIONAL_DIGITS ? `549${digits}` : null;
}

/** `https://wa.me/<digits>?text=…` to answer a customer, or null when {@link whatsappNumber} finds no number. */
export function whatsappReplyLink(phone: string | null | undefined, text: string): string | null {
  const number = phone ? whatsappNumber(phone) : null;
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}

/** Fewest digits of a phone staff can call back: a local number without its area code has 6 to 8. */
const MIN_PHONE_DIGITS = 6;
/** Most digits: an international number has at most 15 (E.164); a few more leave room for an extension. */
const MAX_PHONE_DIGITS = 20;

/** Messages of {@link optionalPhoneField}. */
export const PHONE_TEXTS = {
  tooLong: 'El teléfono admite hasta 40 caracteres',
  invalid: 'Ingrese un teléfono válido, con su característica (por ejemplo 0341 456-7890)',
} as const;

/**
 * An optional phone as a customer types it (registration §7.2, a guest's pedido §16.3): trimmed, at
 * most 40 characters, and, when given, holding 6 to 20 digits whatever else it holds (`011 15-4444-0000`,
 * `+54 9 341 456 7890`, `4444-0000 int. 23`), so that staff can call back; a text without a number
 * ("no tengo", "abc") is refused with {@link PHONE_TEXTS.invalid}. An empty text is no phone.
 */
export const optionalPhoneField = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(40, { error: PHONE_TEXTS.tooLong }),
    z.refine(
      (phone) => {
        if (phone === '') return true;
        const digits = phone.replace(/\D/g, '').length;
        return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
      },
      { error: PHONE_TEXTS.invalid },
    ),
  ),
);
