import type { Part } from '../../../shared/api.ts';
import { DEFAULT_SALES_UNIT } from '../../components/product/product-card.tsx';

/**
 * The message a WhatsApp link from a part carries (issue 19 §6): code, description, sales unit and
 * the quantity chosen on screen, so Ventas knows at once what is asked.
 * @param quantity units chosen (integer ≥ 1).
 */
export function partWhatsappMessage(part: Pick<Part, 'partNumber' | 'description' | 'salesUnit'>, quantity: number): string {
  return [
    'Hola, quisiera consultar por este repuesto:',
    `Código: ${part.partNumber}`,
    `Descripción: ${part.description}`,
    `Unidad de venta: ${part.salesUnit.trim() || DEFAULT_SALES_UNIT}`,
    `Cantidad: ${quantity}`,
  ].join('\n');
}
